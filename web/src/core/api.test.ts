import { describe, expect, it } from "vitest";
import { ApiClient, ApiError } from "./api";

function replying(status: number, body: string): { client: ApiClient; calls: { url: string; init: RequestInit }[] } {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { client: new ApiClient("", fetchFn), calls };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error("the request did not fail");
}

describe("ApiClient", () => {
  it("returns the parsed reply and sends JSON bodies", async () => {
    const { client, calls } = replying(201, '{"match":"m1","seats":[]}');
    const reply = await client.createMatch({ game: "treasure-hunt", options: {}, seats: ["human"], public: true });
    expect(reply.match).toBe("m1");
    expect(calls[0].url).toBe("/api/matches");
    expect(calls[0].init.method).toBe("POST");
    expect(JSON.parse(String(calls[0].init.body))).toEqual(
      { game: "treasure-hunt", options: {}, seats: ["human"], public: true });
  });

  it("shows the server's own error message and code", async () => {
    const { client } = replying(409, '{"error":{"code":"seat_taken","message":"every seat is taken"}}');
    const err = await failure(client.join("m1"));
    expect(err.message).toBe("every seat is taken");
    expect(err.code).toBe("seat_taken");
    expect(err.status).toBe(409);
  });

  it("describes a status without an error body in words", async () => {
    const { client } = replying(502, "");
    const err = await failure(client.games());
    expect(err.message).toBe("The server answered 502 (a server error).");
  });

  it("says when the reply is not JSON", async () => {
    const { client } = replying(200, "<html>proxy page</html>");
    const err = await failure(client.games());
    expect(err.message).toMatch(/not JSON/);
  });

  it("says when the server cannot be reached", async () => {
    const fetchFn = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const err = await failure(new ApiClient("", fetchFn).games());
    expect(err.message).toBe("Cannot reach the server (Failed to fetch). Is it running?");
    expect(err.code).toBe("network");
  });

  it("sends a seat's token for its replay", async () => {
    const { client, calls } = replying(200, "{}");
    await client.replay("m1", 1, 5, "secret");
    expect(calls[0].url).toBe("/api/matches/m1/replay?seat=1&step=5");
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe("Bearer secret");
  });
});
