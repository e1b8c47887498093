#!/usr/bin/env bash
# The strength table of docs/ai.md: each game's strongest agents (guided ISMCTS with the game's
# heuristic as prior, rollout policy and opponent model; the design searches of the Pathfinder
# games) against `random` and against the game's own heuristic agent, seat by seat (one candidate
# seat, every other seat the opponent), with Wilson intervals (scripts/strength_by_seat.py).
# Usage: scripts/strength-table.sh [games per arrangement] [out dir]
# The rows and their specs are scripts/strength_campaign.py's (`rows --tsv`), which plays the same
# table in chunks until each row is within +-7 points. Budgets are in iterations, not
# milliseconds, so the figures do not depend on the machine's load; each is at most what one
# second a move buys on one core here (docs/ai.md). Hours of CPU at the default 10 games;
# THREADS=2 uses both cores (results are the same).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10}
out=${2:-build/strength}
threads=${THREADS:-1}
mkdir -p "$out"

python3 scripts/strength_campaign.py rows --tsv >"$out/rows.tsv"
while IFS=$'\t' read -r name game candidate opponent players seats options; do
  [ "$seats" = - ] && seats=""
  flags=()
  [ "$players" != - ] && flags+=(--players "$players")
  if [ "$options" != - ]; then
    for option in $options; do flags+=(--option "$option"); done
  fi
  echo "== ${name}: ${candidate} against ${opponent}"
  build/mazeworks tournament "$game" --agents "${opponent},${candidate}" --games "$games" \
    --seed 1 --threads "$threads" --json "${flags[@]}" >"$out/${name}.json"
  scripts/strength_by_seat.py --seat-names "$seats" <"$out/${name}.json" | tee "$out/${name}.txt"
done <"$out/rows.tsv"
