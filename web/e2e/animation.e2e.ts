// Computer moves are animated (app/motion.ts, each game's motions): after a computer's move the
// page runs an animation on the piece that moved (a pawn's walk, a swapped card's slide, a card
// turning face up), and none at all once the system asks for reduced motion. Each game is
// played against the computer at the normal pace (app/pacer.ts); the page records every animation
// it runs, frame by frame, and every frame in which the computer's piece stands somewhere else.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { BoardState } from "../src/games/types";
import {
  clickMove, createMatch, joinMatch, LAPTOP, type MoveChooser, newPlayer, openSeat, randomChooser, serverAndBrowser,
  type TestBed, waitForTurnOrEnd,
} from "./harness";
import { SHORT_MATCHES, type ShortMatch } from "./short-matches";

/** What the page saw: an animation started, or the computer's piece found elsewhere. */
interface Seen {
  kind: "animation" | "moved";
  /** The animation's id (app/motion.ts), or a CSS animation's name. */
  name?: string;
  type?: string;
  /** Which of the watched selectors its element matches. */
  matches?: string[];
}

declare global {
  interface Window { __seen?: Seen[] }
}

interface Case {
  match: ShortMatch;
  /** Where the computer's moves show: its piece (a walk moves it) or a count of face-up cards. */
  piece?: string;
  faceUp?: string;
  /** The animations that must be seen: id → the selector its element must match. */
  expected: Record<string, string>;
  /** The human's choices: ones that leave the computer room to move. */
  choose: MoveChooser;
  /** Gets the human past the set-up (its own, not the short match's). */
  setUp?: (page: Page) => Promise<void>;
}

const prefer = (...words: string[]): MoveChooser => (state, clickable) =>
  clickable.find((m) => words.includes(m)) ?? randomChooser(state, clickable);

const match = (game: string) => SHORT_MATCHES.find((m) => m.game === game)!;

/** The Maker lays a generated maze, then the computer Runner explores it. */
async function generatedMaze(page: Page): Promise<void> {
  await page.locator('#board [data-editor-action="generate"]').click();
  await page.locator('#board [data-validity="valid"]').waitFor({ timeout: 30_000 });
  await page.locator('#board [data-editor-action="submit"]').click();
  await page.waitForFunction(() => window.__mazeworks?.state?.view?.phase !== "build", null, { timeout: 30_000 });
}

const CASES: Case[] = [
  { match: { ...match("treasure-hunt"), options: {} }, piece: ".th-svg .th-pawn-1", choose: randomChooser,
    expected: { "mw-walk": ".th-svg .th-pawn-1", "mw-slide": ".th-svg [data-cell]" } },
  { match: { ...match("pathfinder-barriers"), options: { firstPlayer: "north" } },
    piece: '[data-grid="home"] .pfb-pawn-tall', choose: prefer("exit"), setUp: match("pathfinder-barriers").setUp,
    expected: { "mw-walk": '[data-grid="home"] .pfb-pawn-tall' } },
  { match: { ...match("pathfinder-cards"), options: { roles: "seat0Maker", kingStudySeconds: 0 } },
    faceUp: ".pfc-maze-svg [data-cell]:not(.maker-hidden):not(.pfc-slot)", choose: randomChooser, setUp: generatedMaze,
    expected: { "mw-flip": ".pfc-maze-svg [data-cell]" } },
  { match: { ...match("mazemakers"), options: {} }, piece: '.mm-svg [data-pawn="P2"]',
    choose: prefer("stop", "pass", "allow"), expected: { "mw-walk": '.mm-svg [data-pawn="P2"]' } },
  { match: { ...match("jokers-labyrinth"), options: {} }, piece: '.jl-dungeon .jl-jack[data-seat="P2"]',
    faceUp: ".jl-dungeon [data-cell] > .jl-face", choose: prefer("end"),
    expected: { "mw-walk": '.jl-dungeon .jl-jack[data-seat="P2"]', "mw-flip": ".jl-dungeon .jl-face" } },
];

/** Starts recording, in the page, the animations and the computer's moves (see Seen). */
async function record(page: Page, c: Case): Promise<void> {
  await page.evaluate(({ piece, faceUp, selectors }) => {
    window.__seen = [];
    const started = new WeakSet<Animation>();
    let lastBox = "";
    let lastUp = -1;
    const frame = () => {
      for (const a of document.getAnimations()) {
        if (started.has(a)) continue;
        started.add(a);
        const target = (a.effect as KeyframeEffect | null)?.target ?? null;
        window.__seen!.push({ kind: "animation", name: a.id || (a as CSSAnimation).animationName || "",
          type: a.constructor.name, matches: selectors.filter((s) => target?.matches(s)) });
      }
      const el = piece ? document.querySelector(piece) : null;
      const r = el?.getBoundingClientRect();
      const box = r ? `${Math.round(r.x)},${Math.round(r.y)}` : "";
      if (box && lastBox && box !== lastBox) window.__seen!.push({ kind: "moved" });
      if (box) lastBox = box;
      const up = faceUp ? document.querySelectorAll(faceUp).length : -1;
      if (lastUp >= 0 && up > lastUp) window.__seen!.push({ kind: "moved" });
      lastUp = up;
      requestAnimationFrame(frame);
    };
    frame();
  }, { piece: c.piece ?? "", faceUp: c.faceUp ?? "", selectors: Object.values(c.expected) });
}

const seen = (page: Page) => page.evaluate(() => window.__seen!);

/** Plays on by clicking until `done` says so (checked at each of the player's turns) or the cap. */
async function playUntil(page: Page, c: Case, done: (s: Seen[]) => boolean, cap: number): Promise<BoardState> {
  let state = await waitForTurnOrEnd(page);
  for (let i = 0; i < cap && state.status !== "finished" && !done(await seen(page)); ++i) {
    const clickable = state.legal.filter((m) => c.match.ui.clicksFor(m, state) !== null);
    await clickMove(page, c.match.ui, state, c.choose(state, clickable));
    state = await waitForTurnOrEnd(page);
  }
  return state;
}

function animated(log: Seen[], id: string, selector: string): boolean {
  return log.some((s) => s.kind === "animation" && s.name === id && s.matches?.includes(selector));
}

/** A match of `c` against the computer, played until `done` (or its end); what the page saw. */
async function playMatch(bed: TestBed, c: Case, reduce: boolean, done: (s: Seen[]) => boolean) {
  const { match: id } = await createMatch(bed.server, c.match.game, ["human", { agent: "random" }], c.match.options, 5);
  const { token } = await joinMatch(bed.server, id, 0);
  const { page, context, errors } = await newPlayer(bed.browser, LAPTOP, { paced: true });
  try {
    if (reduce) await page.emulateMedia({ reducedMotion: "reduce" });
    await openSeat(page, bed.server, id, 0, token);
    await waitForTurnOrEnd(page);
    if (c.setUp) await c.setUp(page);
    await record(page, c);
    await playUntil(page, c, done, 150);
    expect(errors).toEqual([]);
    return await seen(page);
  } finally {
    await context.close();
  }
}

describe("computer moves are animated", () => {
  const bed = serverAndBrowser();

  for (const c of CASES) {
    const kinds = Object.keys(c.expected).join(", ");
    it(`${c.match.game}: ${kinds} after the computer's moves; none under reduced motion`, async () => {
      const all = (log: Seen[]) => Object.entries(c.expected).every(([name, sel]) => animated(log, name, sel));
      const log = await playMatch(bed, c, false, all);
      const started = log.filter((s) => s.kind === "animation").slice(0, 20);
      for (const [name, selector] of Object.entries(c.expected)) {
        expect(animated(log, name, selector), `${name} on ${selector}: ${JSON.stringify(started)}`).toBe(true);
      }
      // The system asks for reduced motion: the computer's pieces still move, nothing animates.
      const reduced = await playMatch(bed, c, true, (s) => s.some((x) => x.kind === "moved"));
      expect(reduced.some((s) => s.kind === "moved"), "the computer moved a piece").toBe(true);
      expect(reduced.filter((s) => s.kind === "animation")).toEqual([]);
    });
  }
});
