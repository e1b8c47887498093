// Captures the "How to play" diagrams (src/games/<id>/diagrams/*.json) from real play: a real
// `mazeworks serve` plays seeded matches between the games' own computer players to the end, and
// each diagram is a match's replay (docs/server.md, "Replays") stopped at a chosen event, as one
// observer was told it, turned into the BoardState the replay page draws (app/replay-page.ts).
// Run from web/:  node src/games/capture-diagrams.mjs [path/to/mazeworks] [game ...]
// (the binary defaults to $MAZEWORKS_BIN, else ../build/mazeworks; the games to every game).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.argv[2] ?? process.env.MAZEWORKS_BIN ?? join(here, "../../../build/mazeworks");
const only = new Set(process.argv.slice(3));

const TH = { game: "treasure-hunt", options: { firstPlayer: "green" }, agents: ["greedy", "greedy"] };
const PFB = { game: "pathfinder-barriers", options: { firstPlayer: "north" }, agents: ["seeker", "seeker"], seed: 3 };
const PFC = { game: "pathfinder-cards", options: { roles: "seat0Runner" }, agents: ["baseline", "baseline"], seed: 1 };
const MM = { game: "mazemakers", options: { players: 2 }, agents: ["heuristic", "heuristic"], seed: 1 };
const JL = { game: "jokers-labyrinth", options: { players: 2 }, agents: ["heuristic", "heuristic"], seed: 1 };
const END = (events) => events.length;

/**
 * The diagrams: the match (`game`, `options`, one agent spec per seat in `agents`, `seed`), the
 * file `name`, the observer `seat` (absent: the omniscient view) and `at`, how many events the
 * observer had been told when the position is shown (or a function of its whole log). `check` fails
 * the capture when the position is not the one its caption (diagrams/index.ts) describes.
 */
const DIAGRAMS = [
  { ...TH, seed: 3, name: "goal", seat: 0, at: 39, check: (v) => v.pawns[0] === "b3" && v.scores[0] === 5 && v.treasure === "5D" },
  { ...TH, seed: 3, name: "turn", seat: 0, at: 43, check: (v) => v.pawns[0] === "c5" && v.locked.join() === "2C,9D" },
  { ...TH, options: { deck: "specialized", firstPlayer: "green" }, seed: 5, name: "specialized", seat: 0, at: 61,
    check: (v) => v.deck === "specialized" && v.target_score === 50 },
  { ...PFB, name: "home", seat: 0, at: 29,
    check: (v) => v.phase === "setup" && v.homes[0].pawn === "F-4" && v.homes[0].barriers.length === 27 },
  { ...PFB, name: "turn", seat: 0, at: 33,
    check: (v) => v.last.question === "C-2>C-3" && v.last.answer === "no" && v.tracking[0].trail.join() === "C-1,C-2" },
  { ...PFB, name: "found", at: END, check: (v) => v.winner === 1 && v.last.question === "F-5>F-4" },
  { ...PFC, name: "maze", seat: 1, at: 41, check: (v) => v.observer === "Maker" && v.phase === "play" && v.hand.length === 12 },
  { ...PFC, name: "explore", seat: 0, at: 90, check: (v) => v.pending[0]?.trial === "10D" && v.hand.length === 6 },
  { ...PFC, name: "joker", seat: 0, at: END, check: (v) => v.winner === "Runner" },
  { ...MM, name: "walls", seat: 0, at: 28, check: (v) => v.players.every((p) => p.pawn === "start") && !v.lastCombat },
  { ...MM, name: "artifact", seat: 0, at: 35, check: (v) => v.players[0].pawn === "h6" && v.players[0].artifacts === 1 },
  { ...MM, name: "combat", seat: 0, at: 90,
    check: (v) => v.lastCombat?.winner === "P1" && v.lastCombat.fighter.total === 4 && v.lastCombat.opponent.total === 3 },
  { ...MM, name: "exit", seat: 0, at: END, check: (v) => v.winners?.join() === "P1" && v.players[0].exited },
  { ...JL, name: "dungeon", seat: 0, at: 5, check: (v) => v.players.every((p) => !p.entered) },
  { ...JL, name: "fight", seat: 0, at: 53, check: (v) => v.lastFight?.foe === "8S" && v.lastFight.winner === "attacker" },
  { ...JL, name: "guardian", seat: 1, at: 29, check: (v) => v.lastFight?.consequence === "ace_taken" && v.players[1].hand.join() === "AH" },
  { ...JL, name: "jokers", seat: 0, at: END, check: (v) => v.players[0].jokers === 2 },
];

/** Starts `mazeworks serve` on a free loopback port; resolves with its URL and a stop function. */
async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "mazeworks-diagrams-"));
  const child = spawn(binary, ["serve", "--address", "127.0.0.1", "--port", "0", "--db", join(dir, "d.db"),
    "--allow-client-seeds"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
      const m = out.match(/http:\/\/[\d.]+:\d+\//);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`serve exited (${code})`)));
  });
  return { url, stop: () => { child.kill("SIGTERM"); rmSync(dir, { recursive: true, force: true }); } };
}

async function api(url, path, body) {
  const reply = await fetch(url + path, body ? { method: "POST", body: JSON.stringify(body) } : {});
  const json = await reply.json();
  if (!reply.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json;
}

/** Plays a whole match between `agents` from `seed`; its id and seat count. */
async function playMatch(url, { game, options, agents, seed }) {
  const seats = agents.map((agent) => ({ agent }));
  const { match } = await api(url, "api/matches", { game, options, seats, seed, public: false });
  for (let i = 0; i < 2400; ++i) {
    if ((await api(url, `api/matches/${match}`)).status === "finished") return { match, numSeats: seats.length };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${game} seed ${seed}: the match did not finish`);
}

/** A replay step as the replay page turns it into a BoardState: shown, never played. */
function boardState(step, numSeats) {
  const finished = step.status === "finished";
  return {
    game: step.game, options: step.options, seat: step.seat, numSeats, view: step.view, legal: [],
    toAct: step.to_act ?? (finished ? -4 : -1), status: step.status, version: step.step,
    events: step.events, ...(step.returns ? { returns: step.returns } : {}), interactive: false,
  };
}

const server = await startServer();
try {
  const matches = new Map();
  for (const spec of DIAGRAMS) {
    if (only.size > 0 && !only.has(spec.game)) continue;
    const key = JSON.stringify([spec.game, spec.options, spec.agents, spec.seed]);
    if (!matches.has(key)) matches.set(key, await playMatch(server.url, spec));
    const { match, numSeats } = matches.get(key);
    const observer = spec.seat ?? "omniscient";
    const whole = await api(server.url, `api/matches/${match}/replay?seat=${observer}`);
    const step = typeof spec.at === "function" ? spec.at(whole.events) : spec.at;
    const reply = await api(server.url, `api/matches/${match}/replay?seat=${observer}&step=${step}`);
    const state = boardState(reply, numSeats);
    const where = `${spec.game}/${spec.name} (seed ${spec.seed}, step ${step} of ${whole.steps})`;
    if (!spec.check(state.view)) throw new Error(`${where}: not the position its caption describes`);
    writeFileSync(join(here, spec.game, "diagrams", `${spec.name}.json`), JSON.stringify(state) + "\n");
    console.log(where);
  }
} finally {
  server.stop();
}
