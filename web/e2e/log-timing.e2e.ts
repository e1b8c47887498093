// A timing report, not a pass/fail threshold: how long the event log takes to show one new event
// when it already holds 100, 500, 1,000 and 2,000, in Chromium. The log is fed the way the match
// page feeds it (log-timing-page.ts) with a real match's state messages: a Joker's Labyrinth game
// between two computers (seed 13 runs past 8,000 events), fetched step by step as seat 0's
// replay, so every update carries that step's view, like a live message. Each size is timed over
// the SAMPLES updates that bring the log up to it. The report goes to build/e2e-log-timing.json
// and to the output; the target is p90 ≤ 50 ms at 2,000 entries.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import type { MatchSummary, ReplayStep } from "../src/core/api";
import type { StateMessage } from "../src/core/protocol";
import type { LogTimingPage, UpdateTiming } from "./log-timing-page";
import { createMatch, expectNoConsoleErrors, newPlayer, repoDir, type RunningServer, screenshot, webDir,
  serverAndBrowser } from "./harness";

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = [100, 500, 1000, 2000];
const SAMPLES = 50;
const SEED = 13;
const REPORT = join(repoDir, "build", "e2e-log-timing.json");

/** The page script and its styles, built by Vite from the app's own sources. */
async function bundlePage(): Promise<{ code: string; css: string }> {
  const result = await build({
    configFile: false, root: webDir, logLevel: "warn",
    build: { write: false, emptyOutDir: false, sourcemap: false,
      lib: { entry: join(here, "log-timing-page.ts"), formats: ["iife"], name: "logTimingPage" } },
  });
  type Output = { output: { type: string; fileName: string; code?: string; source?: unknown }[] };
  const files = (Array.isArray(result) ? result : [result] as unknown as Output[]).flatMap((o) => o.output);
  const code = files.filter((f) => f.type === "chunk").map((f) => f.code).join("\n");
  const css = files.filter((f) => f.fileName.endsWith(".css")).map((f) => String(f.source)).join("\n");
  return { code, css };
}

async function getJson<T>(server: RunningServer, path: string): Promise<T> {
  const res = await fetch(new URL(path, server.url));
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function finishedMatch(server: RunningServer): Promise<MatchSummary> {
  const { match } = await createMatch(server, "jokers-labyrinth", [{ agent: "random" }, { agent: "random" }], {},
    SEED);
  for (let i = 0; i < 100; ++i) {
    const summary = await getJson<MatchSummary>(server, `api/matches/${match}`);
    if (summary.status === "finished") return summary;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the computers did not finish the match in 20 s");
}

/** Seat 0's state message after `step` events, carrying the events from `from` on. */
async function messageAt(server: RunningServer, match: string, step: number, from: number): Promise<StateMessage> {
  const r = await getJson<ReplayStep>(server, `api/matches/${match}/replay?step=${step}&seat=0`);
  const msg: StateMessage = { type: "state", match, game: r.game, version: r.step, seat: r.seat, to_act: r.to_act,
    status: r.status, view: r.view, legal: [], events_from: from, events: r.events.slice(from) };
  if (r.returns) msg.returns = r.returns;
  return msg;
}

/** p50, p90 and the maximum (nearest rank), in ms to a tenth. */
function spread(values: number[]): { p50: number; p90: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
  const tenth = (x: number) => Math.round(x * 10) / 10;
  return { p50: tenth(rank(0.5)), p90: tenth(rank(0.9)), max: tenth(sorted.at(-1)!) };
}

describe("event log timing", () => {
  const bed = serverAndBrowser();

  it("reports how long one new event takes to reach the log at 100 to 2,000 entries", async () => {
    const [{ code, css }, summary] = await Promise.all([bundlePage(), finishedMatch(bed.server)]);
    const { context, page, errors } = await newPlayer(bed.browser);
    try {
      await page.goto(bed.server.url); // the app's own styles, as a match page has them
      await page.addStyleTag({ content: css });
      await page.addScriptTag({ content: code });
      await page.evaluate((s) => window.__logTiming!.mount(s), summary);
      const update = (msg: StateMessage, n: number) =>
        page.evaluate(([m, k]) => window.__logTiming!.update(m as StateMessage, k as number), [msg, n] as const);
      const sizes = [];
      let shown = 0;
      for (const size of SIZES) {
        await update(await messageAt(bed.server, summary.match, size - SAMPLES, shown), size - SAMPLES - 1);
        const timings: UpdateTiming[] = [];
        for (let step = size - SAMPLES + 1; step <= size; ++step) {
          timings.push(await update(await messageAt(bed.server, summary.match, step, step - 1), step - 1));
        }
        shown = size;
        const { lines, turns } = await page.evaluate(() => (window.__logTiming as LogTimingPage).size());
        sizes.push({ entries: size, lines, turns, samples: timings.length,
          inDomMs: spread(timings.map((t) => t.inDom)), nextFrameMs: spread(timings.map((t) => t.nextFrame)) });
      }
      const report = {
        what: "one state message with one new event → the event log shows it (match page's path: mergeEvents, " +
          "toBoardState, eventDescriber, EventLog.show); inDom: until the new line is in the DOM and laid out " +
          "(show reads scrollHeight), nextFrame: until the frame after it",
        command: "cd web && npm run build && npx vitest run --config vitest.e2e.config.ts e2e/log-timing.e2e.ts",
        measured: new Date().toISOString(),
        game: "jokers-labyrinth", seed: SEED, observer: "seat 0", browser: bed.browser.version(),
        target: "p90 of inDom ≤ 50 ms at 2,000 entries", sizes,
      };
      await screenshot(page, "log-timing-2000");
      mkdirSync(dirname(REPORT), { recursive: true });
      writeFileSync(REPORT, JSON.stringify(report, null, 2) + "\n");
      console.log(`event log timing (${REPORT}):\n${JSON.stringify(sizes, null, 2)}`);
      expect(sizes.at(-1)!.lines).toBeGreaterThan(0);
      expectNoConsoleErrors(errors);
    } finally {
      await context.close();
    }
  });
});
