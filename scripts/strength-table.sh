#!/usr/bin/env bash
# The strength table of docs/ai.md: each game's strongest agents (guided ISMCTS with the game's
# heuristic as prior, rollout policy and opponent model; the design
# searches of the Pathfinder games) against `random` and against the game's own heuristic agent, seat by seat (one candidate
# seat, every other seat the opponent), with Wilson intervals (scripts/strength_by_seat.py).
# Usage: scripts/strength-table.sh [games per arrangement] [out dir]
# Budgets are in iterations, not milliseconds, so the figures do not depend on the machine's load;
# each is at most what one second a move buys on one core here (docs/ai.md). Hours of CPU at the
# default 10 games; THREADS=2 uses both cores (results are the same).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10}
out=${2:-build/strength}
threads=${THREADS:-1}
mkdir -p "$out"
guided="rollout=heuristic,prior=heuristic"

# name, game, candidate, opponent, seat names, then extra tournament flags
measure() {
  local name=$1 game=$2 candidate=$3 opponent=$4 seats=$5
  shift 5
  echo "== ${name}: ${candidate} against ${opponent}"
  build/mazeworks tournament "$game" --agents "${opponent},${candidate}" --games "$games" \
    --seed 1 --threads "$threads" --json "$@" >"$out/${name}.json"
  scripts/strength_by_seat.py --seat-names "$seats" <"$out/${name}.json" | tee "$out/${name}.txt"
}

th="ismcts:iterations=1000,${guided}"
measure th-greedy treasure-hunt "$th" greedy ""
measure th-random treasure-hunt "$th" random ""

# Joker's Labyrinth with 3 and 4 players searches four times as long
# (src/games/jokers_labyrinth/register.cpp).
for players in 2 3 4; do
  iterations=4000
  if [ "$players" != 2 ]; then iterations=16000; fi
  jl="ismcts:iterations=${iterations},depth=20,opponents=policy,${guided}"
  measure "jl${players}-heuristic" jokers-labyrinth "$jl" heuristic "" --players "$players"
  measure "jl${players}-random" jokers-labyrinth "$jl" random "" --players "$players"
done

# With 3 players MazeMakers' strongest spec also judges each rival (src/games/mazemakers/register.cpp).
mm="ismcts:iterations=1000,depth=20,opponents=policy,${guided}"
for players in 2 3 4; do
  spec="$mm"
  if [ "$players" = 3 ]; then spec="${mm},oeps=classify"; fi
  measure "mm${players}-heuristic" mazemakers "$spec" heuristic "" --players "$players"
  measure "mm${players}-random" mazemakers "$spec" random "" --players "$players"
done

# The design phase is the maker's search; the seeking is the seeker's.
pb="maker:candidates=48,sims=12"
measure pb-seeker pathfinder-barriers "$pb" seeker ""
measure pb-random pathfinder-barriers "$pb" random ""

# Seat 0 makes the maze. One spec plays both roles: as Maker the design search among the hardest
# plans by successive halving, then the baseline's Maker choices; as Runner the baseline's play.
pc="maker:build=baseline:difficulty=4,halving=true,candidates=128,sims=2"
measure pc-baseline pathfinder-cards "$pc" baseline "Maker,Runner" --option roles=seat0Maker
measure pc-random pathfinder-cards "$pc" random "Maker,Runner" --option roles=seat0Maker
