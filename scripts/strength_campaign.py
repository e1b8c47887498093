#!/usr/bin/env python3
"""The strength table at +-7 points: its rows played in small chunks until each row is measured.

Each row of docs/ai.md's strength table (scripts/strength-table.sh plays the same rows) puts the
candidate alone in one seat against the opponent in every other seat. This plays it seat by seat
with `mazeworks selfplay`, CHUNK games at a time, each chunk with its own seed and its own JSON file
under OUT/<row>/, the seat with the fewest games first, until the 95% Wilson interval of the row's
wins (pooled over the seats, once each has as many games; for a game of roles, of every role) is
no wider than +-7 points, or the row has MAX games a seat.

A chunk whose file exists is never played again, so a run can be stopped at any moment (a chunk
being written is lost, not counted) and started again; two runs on different rows may share OUT.
The stopping rule looks at the interval's width only, never at the win rate.

  scripts/strength_campaign.py run OUT [ROW ...] [--chunk 10] [--max 300] [--threads 1]
  scripts/strength_campaign.py report OUT      # one Markdown row per table row, with its seeds
  scripts/strength_campaign.py rows [--tsv]    # the row names (--tsv: each row's whole spec)

The rows' specs are the games' strongest agents (`mazeworks games --json`, its
strongest_agent_by_players), but for Treasure Hunt, whose table row measures ISMCTS rather than
the catalogue's alpha-beta, and without the catalogue's time cap on the Pathfinder cards' maker;
tests/scripts/test_strength_campaign.py holds them to the catalogue. scripts/strength-table.sh
plays the same rows.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

from strength_by_seat import wilson  # this folder is on the path when a script in it runs

GUIDED = "rollout=heuristic,prior=heuristic"
# Joker's Labyrinth with 3 and 4 players: four times the budget (about a third of a second a move
# on one core; docs/ai.md, where 4000 iterations fell short against the heuristic).
JL = {2: f"ismcts:iterations=4000,depth=20,opponents=policy,{GUIDED}",
      3: f"ismcts:iterations=16000,depth=20,opponents=policy,{GUIDED}",
      4: f"ismcts:iterations=16000,depth=20,opponents=policy,{GUIDED}"}
MM = f"ismcts:iterations=1000,depth=20,opponents=policy,{GUIDED}"
PB = "maker:candidates=48,sims=12"
PC = "maker:build=baseline:difficulty=4,halving=true,candidates=128,sims=2"


def make_rows():
    rows = [
        ("th-greedy", "treasure-hunt", f"ismcts:iterations=1000,{GUIDED}", "greedy", 2, []),
        ("th-random", "treasure-hunt", f"ismcts:iterations=1000,{GUIDED}", "random", 2, []),
        ("pb-seeker", "pathfinder-barriers", PB, "seeker", 2, []),
        ("pb-random", "pathfinder-barriers", PB, "random", 2, []),
        ("pc-baseline", "pathfinder-cards", PC, "baseline", 2, ["roles=seat0Maker"]),
        ("pc-random", "pathfinder-cards", PC, "random", 2, ["roles=seat0Maker"]),
    ]
    for players in (2, 3, 4):
        mm = MM + (",oeps=classify" if players >= 3 else "")
        for opponent in ("heuristic", "random"):
            rows.append((f"mm{players}-{opponent}", "mazemakers", mm, opponent, players, []))
    for players in (2, 3, 4):
        for opponent in ("heuristic", "random"):
            rows.append((f"jl{players}-{opponent}", "jokers-labyrinth", JL[players], opponent,
                         players, []))
    return {r[0]: {"game": r[1], "candidate": r[2], "opponent": r[3], "players": r[4],
                   "options": r[5], "roles": r[1] == "pathfinder-cards"} for r in rows}


ROWS = make_rows()
GAMES_WITH_A_PLAYER_COUNT = ("mazemakers", "jokers-labyrinth")  # the others refuse --players
HALF_WIDTH = 0.07
FIRST_SEED = 1001


def chunk_path(out, name, seat, seed):
    return os.path.join(out, name, f"seat{seat}-seed{seed}.json")


# Wins are the games the candidate won alone; `shared` those it won with others (MazeMakers: all
# who leave in the last round win), which count as not won, and `share` its wins with each shared
# one split among the winners (the measure whose fair share is 1 / players); `drawn` the games
# without a sole winner (`selfplay`'s draws: nobody won, as at MazeMakers' round limit or Joker's
# Labyrinth's 1200-turn safeguard, or several won together).
SeatResults = collections.namedtuple("SeatResults", "games wins seeds shared share drawn")


def seat_results(out, name, seat, specs=None):
    """SeatResults of the candidate alone in `seat`, over the chunks played.

    Every chunk must have played the row's agents, unless `specs` (a set) is given: then the
    candidate's spec of each chunk is added to it instead (a report of chunks kept from an earlier
    spec)."""
    games = wins = shared = drawn = 0
    share = 0.0
    seeds = []
    folder = os.path.join(out, name)
    if not os.path.isdir(folder):
        return SeatResults(games, wins, seeds, shared, share, drawn)
    for file in sorted(os.listdir(folder)):
        if not (file.startswith(f"seat{seat}-seed") and file.endswith(".json")):
            continue
        with open(os.path.join(folder, file)) as f:
            result = json.load(f)
        if specs is not None:
            specs.add(result["agents"][seat])
        elif result["game"] != ROWS[name]["game"] or result["agents"] != seat_agents(name, seat):
            # A row's games are one spec's: a chunk of another is never counted with them.
            sys.exit(f"{os.path.join(folder, file)} played {','.join(result['agents'])}, not "
                     f"row {name}'s {','.join(seat_agents(name, seat))}")
        games += result["games"]
        wins += result["wins"][seat]
        shared += result.get("shared_wins", [0] * (seat + 1))[seat]
        share += result.get("win_shares", result["wins"])[seat]
        drawn += result.get("draws", 0)
        seeds.append(result["seed"])
    return SeatResults(games, wins, seeds, shared, share, drawn)


def measured(out, name):
    """Whether the row's interval (each role's, for a game of roles) is within +-7 points."""
    row = ROWS[name]
    per_seat = [seat_results(out, name, s) for s in range(row["players"])]
    if not row["roles"] and len({r.games for r in per_seat}) > 1:
        return False  # pooled over the seats only once each seat has as many games
    groups = [[r] for r in per_seat] if row["roles"] else [per_seat]
    for group in groups:
        games = sum(r.games for r in group)
        wins = sum(r.wins for r in group)
        low, high = wilson(wins, games)
        if games == 0 or (high - low) / 2 > HALF_WIDTH:
            return False
    return True


def rows_tsv():
    """One tab-separated line a row, for shell scripts: name, game, candidate, opponent,
    players (for a game with a player count), seat names (for a game of roles), options
    (space-separated). An empty field is "-": a shell's `read` would merge two tabs into one."""
    return ["\t".join([name, row["game"], row["candidate"], row["opponent"],
                       str(row["players"]) if row["game"] in GAMES_WITH_A_PLAYER_COUNT else "-",
                       "Maker,Runner" if row["roles"] else "-", " ".join(row["options"]) or "-"])
            for name, row in ROWS.items()]


def seat_agents(name, seat):
    """The row's agents with its candidate alone in `seat`."""
    row = ROWS[name]
    agents = [row["opponent"]] * row["players"]
    agents[seat] = row["candidate"]
    return agents


def play_chunk(binary, out, name, seat, seed, chunk, threads):
    row = ROWS[name]
    agents = seat_agents(name, seat)
    command = [binary, "selfplay", row["game"], "--agents", ",".join(agents), "--games",
               str(chunk), "--seed", str(seed), "--threads", str(threads), "--json"]
    if row["game"] in GAMES_WITH_A_PLAYER_COUNT:
        command += ["--players", str(row["players"])]
    for option in row["options"]:
        command += ["--option", option]
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    path = chunk_path(out, name, seat, seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".part", "w") as f:
        f.write(text)
    os.replace(path + ".part", path)  # a chunk counts once it is whole


def run(args):
    names = args.rows or list(ROWS)
    unknown = [n for n in names if n not in ROWS]
    if unknown:
        sys.exit(f"unknown rows: {', '.join(unknown)} (see: strength_campaign.py rows)")
    while True:
        played = False
        for name in names:  # a chunk of every unmeasured row in turn: cheap rows finish first
            if measured(args.out, name):
                continue
            # The seat with the fewest games: the row's seats stay even (a stop in the middle of
            # a chunk loses that chunk, whichever seat it was for), so "all" weighs them alike.
            open_seats = [(seat_results(args.out, name, seat), seat)
                          for seat in range(ROWS[name]["players"])]
            open_seats = [(r, seat) for r, seat in open_seats if r.games < args.max]
            if not open_seats:
                continue
            results, seat = min(open_seats, key=lambda x: (x[0].games, x[1]))
            games, seeds = results.games, results.seeds
            seed = FIRST_SEED
            while seed in seeds:
                seed += 1
            print(f"{name} seat {seat} seed {seed}: {games} games so far", flush=True)
            play_chunk(args.binary, args.out, name, seat, seed, args.chunk, args.threads)
            played = True
        if not played:
            return


def report(args):
    print("| row | seat | won / games | % [95% interval] | won with others (win share) "
          "| no sole winner | seeds |")
    print("|---|---|---|---|---|---|---|")
    for name, row in ROWS.items():
        specs = set()
        per_seat = [seat_results(args.out, name, s, specs) for s in range(row["players"])]
        if sum(r.games for r in per_seat) == 0:
            continue
        if specs != {row["candidate"]}:  # chunks kept from another spec: say which
            name = f"{name} ({' / '.join(sorted(specs))})"
        groups = [(f"seat {s}", [r]) for s, r in enumerate(per_seat)]
        if not row["roles"]:
            groups.insert(0, ("all", per_seat))
        for label, group in groups:
            games = sum(r.games for r in group)
            wins = sum(r.wins for r in group)
            seeds = sorted({s for r in group for s in r.seeds})
            low, high = wilson(wins, games)
            percent = f"{100 * wins / games:.1f}" if games else "-"
            span = f"{seeds[0]}–{seeds[-1]}" if seeds else ""
            shared = sum(r.shared for r in group)
            share = 100 * sum(r.share for r in group) / games if games else 0
            together = f"{shared} ({share:.1f}%)" if shared else ""
            drawn = sum(r.drawn for r in group) or ""
            print(f"| {name} | {label} | {wins}/{games} | {percent} [{100 * low:.1f}, "
                  f"{100 * high:.1f}] | {together} | {drawn} | {span} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run")
    run_parser.add_argument("out")
    run_parser.add_argument("rows", nargs="*")
    run_parser.add_argument("--chunk", type=int, default=10, help="games a seat per chunk")
    run_parser.add_argument("--max", type=int, default=300, help="games a seat at most")
    run_parser.add_argument("--threads", type=int, default=1)
    run_parser.add_argument("--binary", default="build/mazeworks")
    report_parser = sub.add_parser("report")
    report_parser.add_argument("out")
    rows_parser = sub.add_parser("rows")
    rows_parser.add_argument("--tsv", action="store_true",
                             help="name, game, candidate, opponent, player count, seat names "
                                  "(for a game of roles) and options, tab-separated, an empty "
                                  "field written -")
    args = parser.parse_args()
    if args.command == "run":
        run(args)
    elif args.command == "report":
        report(args)
    elif args.tsv:
        for line in rows_tsv():
            print(line)
    else:
        print("\n".join(ROWS))


if __name__ == "__main__":
    main()
