// What this browser remembers between visits (localStorage): the secret token of each seat it
// holds, and the recent matches for the lobby. A token is the only proof of a seat: lose it and
// the seat cannot be played from here.

export interface RecentMatch {
  match: string;
  game: string;
  seats: number[];
  /** When the match was created or joined here (ISO 8601). */
  at: string;
}

const TOKENS_KEY = "mazeworks.tokens";
const RECENT_KEY = "mazeworks.recent";
const MAX_RECENT = 20;

type TokenMap = Record<string, Record<string, string>>;

function read<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const text = storage.getItem(key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback; // a damaged entry is forgotten rather than breaking the app
  }
}

export class TokenStore {
  constructor(private readonly storage: Storage = window.localStorage) {}

  save(match: string, seat: number, token: string): void {
    const all = read<TokenMap>(this.storage, TOKENS_KEY, {});
    all[match] = { ...(all[match] ?? {}), [String(seat)]: token };
    this.storage.setItem(TOKENS_KEY, JSON.stringify(all));
  }

  /** The seats of `match` held here, ascending, with their tokens. */
  seats(match: string): { seat: number; token: string }[] {
    const held = read<TokenMap>(this.storage, TOKENS_KEY, {})[match] ?? {};
    return Object.entries(held)
      .map(([seat, token]) => ({ seat: Number(seat), token }))
      .filter((s) => Number.isInteger(s.seat) && typeof s.token === "string")
      .sort((a, b) => a.seat - b.seat);
  }

  token(match: string, seat: number): string | undefined {
    return this.seats(match).find((s) => s.seat === seat)?.token;
  }

  recent(): RecentMatch[] {
    const list = read<RecentMatch[]>(this.storage, RECENT_KEY, []);
    return Array.isArray(list) ? list : [];
  }

  /** Records (or refreshes) a match at the top of the recent list, merging the seats held. */
  remember(match: string, game: string, seats: number[], at = new Date()): void {
    const list = this.recent();
    const old = list.find((r) => r.match === match);
    const merged = [...new Set([...(old?.seats ?? []), ...seats])].sort((a, b) => a - b);
    const entry: RecentMatch = { match, game, seats: merged, at: at.toISOString() };
    const rest = list.filter((r) => r.match !== match);
    this.storage.setItem(RECENT_KEY, JSON.stringify([entry, ...rest].slice(0, MAX_RECENT)));
  }
}
