// End-to-end harness: a real `mazeworks serve` on loopback serving the built app (web/dist), and
// Debian's Chromium driven through playwright-core (../shared/STACK.md, pitfall 7).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, existsSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { BoardState, GameUI, PageHook } from "../src/games/types";
import { MiddleKeeper } from "./mid-game";

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, "..");
export const repoDir = resolve(webDir, "..");
// Screenshots go beside the build, where CI collects its artifacts.
export const artifactsDir = join(repoDir, "build", "e2e-screenshots");

export interface RunningServer {
  url: string;
  port: number;
  /** Stops the server and starts it again on the same port and database (a dropped connection). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function serverBinary(): string {
  const path = process.env.MAZEWORKS_BIN ?? join(repoDir, "build", "mazeworks");
  if (!existsSync(path)) throw new Error(`no server binary at ${path}: build the project first`);
  return path;
}

/** Runs `mazeworks serve` on `port` (0: a free one); resolves with the child and its port. */
async function spawnServer(db: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child: ChildProcess = spawn(
    serverBinary(),
    // The tests choose their deals (--allow-client-seeds): a known seed makes a test repeatable.
    ["serve", "--address", "127.0.0.1", "--port", String(port), "--db", db, "--allow-client-seeds",
      "--web-root", process.env.MAZEWORKS_WEB_DIST ?? join(webDir, "dist")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const bound = await new Promise<number>((resolvePort, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 20_000);
    child.stdout!.on("data", (d) => {
      out += String(d);
      const m = out.match(/http:\/\/[\d.]+:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
  });
  return { child, port: bound };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Starts `mazeworks serve` on a free loopback port with a fresh database. */
export async function startServer(): Promise<RunningServer> {
  const dbDir = mkdtempSync(join(tmpdir(), "mazeworks-e2e-"));
  const db = join(dbDir, "e2e.db");
  let { child, port } = await spawnServer(db, 0);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    async restart() {
      await stopChild(child);
      // the port was just released; a moment's retry covers a slow TIME_WAIT on busy machines
      for (let attempt = 0; ; ++attempt) {
        try {
          ({ child } = await spawnServer(db, port));
          return;
        } catch (err) {
          if (attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    async stop() {
      await stopChild(child);
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}

export function chromiumPath(): string {
  return process.env.CHROMIUM ?? "/usr/bin/chromium";
}

/** Launches headless Chromium with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/** The server and browser that the tests of a file (or describe block) share. */
export interface TestBed {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts a server and a browser before the tests of the calling file (or describe block) and stops
 * both after them: `const bed = serverAndBrowser();` there, then `bed.server` and `bed.browser`
 * inside its tests (filled in before the first one runs).
 */
export function serverAndBrowser(): TestBed {
  const bed = {} as TestBed;
  beforeAll(async () => {
    bed.server = await startServer();
    bed.browser = await launchBrowser();
  });
  afterAll(async () => {
    await bed.browser?.close();
    await bed.server?.stop();
  });
  return bed;
}

/**
 * A fresh context (its own localStorage: a separate player) and a page that records errors.
 * Computer moves are shown at once unless `paced` (players get a pause before each: app/pacer.ts),
 * so tests that play many of them stay fast.
 */
export async function newPlayer(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  { paced = false }: { paced?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  if (!paced) await context.addInitScript(() => window.localStorage.setItem("mazeworks.paceMs", "0"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return { context, page, errors };
}

/** Saves a screenshot as a test artifact (build/e2e-screenshots/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function removeArtifacts(): void {
  rmSync(artifactsDir, { recursive: true, force: true });
}

// ---- matches -------------------------------------------------------------------------------

export type SeatSpec = "human" | { agent: string };

export interface CreatedMatch {
  match: string;
  [key: string]: unknown;
}

async function api<T>(server: RunningServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, server.url), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates a match through the HTTP API (the lobby's own test creates them by clicking). */
export function createMatch(
  server: RunningServer,
  game: string,
  seats: SeatSpec[],
  options: Record<string, unknown> = {},
  seed?: number,
): Promise<CreatedMatch> {
  return api(server, "POST", "/api/matches", { game, options, seats, seed, public: false });
}

export function joinMatch(server: RunningServer, match: string, seat: number): Promise<{ token: string }> {
  return api(server, "POST", `/api/matches/${match}/join`, { seat });
}

/** Opens the match page as `seat` (the token goes into the page's storage through the URL). */
export async function openSeat(page: Page, server: RunningServer, match: string, seat: number,
  token: string): Promise<void> {
  await page.goto(`${server.url}#/match/${match}?seat=${seat}&token=${token}`);
  await page.waitForFunction(() => window.__mazeworks?.state != null, null, { timeout: 20_000 });
}

declare global {
  interface Window { __stateWatchers?: ((hook: PageHook | undefined) => void)[] }
}

/**
 * From now on, each function a test adds to `window.__stateWatchers` (in the page) is called with
 * every state the page publishes on `window.__mazeworks`, as it is published: not at the next
 * animation frame, which a loaded machine delays by 100 ms and more.
 */
export async function watchPublishedStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__stateWatchers) return;
    const watchers: ((hook: PageHook | undefined) => void)[] = [];
    window.__stateWatchers = watchers;
    let current = window.__mazeworks;
    Object.defineProperty(window, "__mazeworks", {
      configurable: true,
      get: () => current,
      set: (value: PageHook | undefined) => {
        current = value;
        for (const watch of watchers) watch(value);
      },
    });
  });
}

export async function pageState(page: Page): Promise<BoardState> {
  return page.evaluate(() => window.__mazeworks!.state!);
}

/** Waits until the page's seat is to act (legal moves offered) or the match is over. */
export async function waitForTurnOrEnd(page: Page, timeout = 60_000): Promise<BoardState> {
  await page.waitForFunction(() => {
    const s = window.__mazeworks?.state;
    return s != null && (s.status === "finished" || (s.interactive && s.legal.length > 0));
  }, null, { timeout });
  return pageState(page);
}

/** Plays one move by clicking what `ui.clicksFor` names inside the board host, then waits for it. */
export async function clickMove(page: Page, ui: GameUI, state: BoardState, move: string): Promise<void> {
  const clicks = ui.clicksFor(move, state);
  if (!clicks) throw new Error(`no click path for ${move}`);
  for (const selector of clicks) await page.locator(`#board ${selector}`).first().click();
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, state.version,
    { timeout: 30_000 });
}

export type MoveChooser = (state: BoardState, clickable: string[]) => string;

export const randomChooser: MoveChooser = (_state, clickable) =>
  clickable[Math.floor(Math.random() * clickable.length)];

/**
 * Plays the page's seat to the end of the match by clicking on the board; returns the final state.
 * Only moves with a click path are chosen; a turn with none fails the test (the board must offer
 * every kind of move by clicking).
 */
export async function playToEnd(page: Page, ui: GameUI, choose: MoveChooser = randomChooser,
  maxMoves = 2000, beforeMove?: (moves: number) => Promise<void>): Promise<BoardState> {
  for (let i = 0; i < maxMoves; ++i) {
    const state = await waitForTurnOrEnd(page);
    if (state.status === "finished") return state;
    if (beforeMove) await beforeMove(i);
    const clickable = state.legal.filter((m) => ui.clicksFor(m, state) !== null);
    if (clickable.length === 0) throw new Error(`no legal move has a click path: ${state.legal.join(", ")}`);
    await clickMove(page, ui, state, choose(state, clickable));
  }
  throw new Error(`not finished after ${maxMoves} moves`);
}

// ---- the app's own pages -----------------------------------------------------------------------

export type SeatChoiceName = "you" | "hotseat" | "friend" | "easy" | "medium" | "strong";

/** Waits until the page has drawn a state (the match or replay page published it). */
export async function waitForState(page: Page, timeout = 30_000): Promise<BoardState> {
  await page.waitForFunction(() => window.__mazeworks?.state != null, null, { timeout });
  return pageState(page);
}

/**
 * Creates a match through the lobby as a player would: choose the game, set options and seats,
 * press "Create". Returns once the lobby has left for the match page or shown the invite.
 */
export async function createInLobby(page: Page, server: RunningServer, game: string,
  seats: SeatChoiceName[], options: Record<string, string | boolean> = {}): Promise<void> {
  await page.goto(server.url);
  await page.locator(`.game-card[data-game="${game}"]`).click();
  await page.locator(`form.new-match[data-game="${game}"]`).waitFor();
  for (const [name, value] of Object.entries(options)) {
    const control = page.locator(`#option-${name}`);
    if (typeof value === "boolean") await control.setChecked(value);
    else if (await control.evaluate((el) => el.tagName === "SELECT")) await control.selectOption(value);
    else {
      await control.fill(value);
      await control.dispatchEvent("change");
    }
  }
  for (const [seat, choice] of seats.entries()) await page.locator(`#seat-${seat}`).selectOption(choice);
  await page.locator("#create-match").click();
}

/** A selector for the match page's legal-move button of `move`. */
export function legalSelector(move: string): string {
  return `[data-legal="${move.replace(/["\\]/g, (c) => "\\" + c)}"]`;
}

/** Plays `move` through the page's own legal-moves list (the keyboard path), then waits for it. */
export async function playFromList(page: Page, state: BoardState, move: string): Promise<void> {
  const list = page.locator("details.legal-list");
  if (!(await list.evaluate((el) => (el as HTMLDetailsElement).open))) await list.locator("summary").click();
  // long lists (a design phase) show a filter: narrow it to the move
  const filter = list.locator(".legal-filter");
  if (await filter.isVisible()) await filter.fill(move);
  await list.locator(legalSelector(move)).first().click();
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, state.version,
    { timeout: 30_000 });
}

/** Plays `move` by typing it into the notation box and pressing Enter, then waits for it. */
export async function playByNotation(page: Page, state: BoardState, move: string): Promise<void> {
  await page.locator("#notation").fill(move);
  await page.locator("#notation").press("Enter");
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, state.version,
    { timeout: 30_000 });
}

/** Fails with the page's console errors, if it had any. */
/**
 * The page without its "How to play" panel: the same text and diagrams for everyone, never
 * the match's, yet full of square names ("enter B-1") that a secret may share.
 */
export async function contentWithoutTheRules(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const rules of copy.querySelectorAll(".how-to-play")) rules.remove();
    return copy.outerHTML;
  });
}

export function expectNoConsoleErrors(errors: string[], who = "the page"): void {
  if (errors.length > 0) throw new Error(`console errors on ${who}:\n${errors.join("\n")}`);
}

/** The screen sizes of the screenshots every game leaves in build/e2e-screenshots/. */
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

export interface MidGameShots {
  /** Call before each move of the clicking seat: `moves` is how many it has played so far. */
  before(moves: number): Promise<void>;
  /** Saves, as `<name>-mid`, the kept position nearest the middle of the moves played; returns its path. */
  save(): Promise<string>;
}

/**
 * The mid-game screenshot, taken at the middle of the match whatever its length: screenshots are
 * kept in memory at positions spaced out as the match goes on (mid-game.ts), and once the match is
 * over the one nearest half the seat's moves is saved (a match over before the seat's first move:
 * its end).
 */
export function midGameShots(page: Page, name: string): MidGameShots {
  const keeper = new MiddleKeeper<Buffer>();
  return {
    before: (moves) => keeper.offer(moves, () => page.screenshot({ fullPage: true })),
    async save() {
      mkdirSync(artifactsDir, { recursive: true });
      const path = join(artifactsDir, `${name}-mid.png`);
      const middle = keeper.middle();
      if (middle) writeFileSync(path, middle.value);
      else await page.screenshot({ path, fullPage: true });
      return path;
    },
  };
}

/** Fails unless `<name>-start`, `-mid` and `-end` were all saved since `since` (ms, Date.now()). */
export function expectMatchScreenshots(name: string, since: number): void {
  for (const part of ["start", "mid", "end"]) {
    const path = join(artifactsDir, `${name}-${part}.png`);
    expect(existsSync(path) && statSync(path).mtimeMs >= since - 1000, `screenshot ${name}-${part}.png saved`).toBe(true);
  }
}

export interface ClickedMatch {
  /** The screenshots' names: `<name>-start`, `<name>-mid` (the middle of the match), `<name>-end`. */
  name: string;
  game: string;
  /** The first "human" seat is the one played by clicks; the others are computers. */
  seats: SeatSpec[];
  options: Record<string, unknown>;
  seed: number;
  ui: GameUI;
  choose: MoveChooser;
  maxMoves: number;
  /** A selector that shows the board has been drawn. */
  boardReady: string;
  /** The event log must hold more entries than this at the end. */
  minEvents: number;
  /** Default: the laptop screen every board must fit (PHONE is the other size the suite shows). */
  viewport?: { width: number; height: number };
  /** Runs after the start screenshot (e.g. a first turn played another way). */
  beforePlay?: (page: Page) => Promise<void>;
  /** The game's own checks of the finished page (before the common ones). */
  atEnd?: (page: Page, final: BoardState) => Promise<void>;
}

/**
 * Creates the match, opens the human seat's page, plays it to the end by clicks, and checks what
 * every finished match shows: finished, phase over, the result banner, the log, no console error,
 * and its three screenshots saved.
 */
export async function playMatchByClicks(server: RunningServer, browser: Browser,
  m: ClickedMatch): Promise<BoardState> {
  const seat = m.seats.indexOf("human");
  const created = await createMatch(server, m.game, m.seats, m.options, m.seed);
  const { token } = await joinMatch(server, created.match, seat);
  const { context, page, errors } = await newPlayer(browser, m.viewport ?? LAPTOP);
  const since = Date.now();
  try {
    await openSeat(page, server, created.match, seat, token);
    await page.waitForSelector(m.boardReady);
    await screenshot(page, `${m.name}-start`);
    if (m.beforePlay) await m.beforePlay(page);
    const mid = midGameShots(page, m.name);
    const final = await playToEnd(page, m.ui, m.choose, m.maxMoves, (moves) => mid.before(moves));
    await page.waitForSelector(".result-banner");
    await mid.save();
    await screenshot(page, `${m.name}-end`);
    expectMatchScreenshots(m.name, since);
    expect(final.status).toBe("finished");
    expect(final.view.phase).toBe("over");
    // The end in the game's own words: who, the score or the reason (never bare returns).
    expect(await page.locator(".result-banner .result-line").innerText()).toMatch(/wins|[Dd]raw/);
    expect(await page.locator(".match-header .turn").innerText()).toMatch(/^The game is over: /);
    if (m.atEnd) await m.atEnd(page, final);
    expect(await page.locator(".event-log li").count()).toBeGreaterThan(m.minEvents);
    expect(errors).toEqual([]);
    return final;
  } finally {
    await context.close();
  }
}
