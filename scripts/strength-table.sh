#!/usr/bin/env bash
# The strength table of docs/ai.md: for every game, each candidate strong agent against `random`
# and against the game's own heuristic agent, in every seat arrangement (mazeworks tournament).
# Usage: scripts/strength-table.sh [games per arrangement] [ISMCTS iterations] [out dir]
# Budgets are in iterations, not milliseconds, so the figures do not depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
iterations=${2:-500}
out=${3:-build/strength}
threads=${THREADS:-1}
mkdir -p "$out"
ismcts="ismcts:iterations=${iterations},depth=12"

# game id, its own heuristic agent, the candidate strong agents
run() {
  local game=$1 heuristic=$2
  shift 2
  local agents="random,${heuristic}"
  for candidate in "$@"; do agents+=",${candidate}"; done
  echo "== ${game}: ${agents}"
  build/mazeworks tournament "$game" --agents "$agents" --games "$games" --seed 1 \
    --threads "$threads" | tee "$out/${game}.txt"
}

run treasure-hunt greedy "$ismcts" "alphabeta:depth=4"
run pathfinder-barriers seeker "$ismcts"  # maker: measured on its own (docs/ai.md)
run jokers-labyrinth heuristic "$ismcts"
run mazemakers heuristic "$ismcts"
# ISMCTS as the Maze Maker is too slow to measure here (random rollouts through the 40-card build).
run pathfinder-cards baseline maker
