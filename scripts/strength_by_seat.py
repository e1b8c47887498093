#!/usr/bin/env python3
"""One candidate agent against a field of one opponent agent, seat by seat.

Reads `mazeworks tournament --json` on stdin (two agents) and prints, for each agent, the games
where it sat alone against the other agent in every other seat: its wins by seat, with the share a
fair player would get (1 / players). This is the issue's strength question ("wins in every role";
"twice its fair share" with 3-4 players), which the tournament's pooled standings do not answer
when one agent can be outnumbered.

  build/mazeworks tournament jokers-labyrinth --players 3 --agents a,b --games 10 --json \\
      | scripts/strength_by_seat.py [--seat-names Maker,Runner]
"""
import argparse
import json
import math
import sys


def wilson(wins, games, z=1.96):
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denom = 1 + z * z / games
    return (max(0.0, (centre - half) / denom), min(1.0, (centre + half) / denom))


def alone_rows(result, agent):
    """(seat, games, wins, draws) for each arrangement where `agent` holds exactly one seat."""
    rows = []
    for arrangement in result["arrangements"]:
        seats = arrangement["seats"]
        if seats.count(agent) != 1:
            continue
        seat = seats.index(agent)
        rows.append((seat, arrangement["games"], arrangement["wins"][seat], arrangement["draws"]))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seat-names", default="", help="comma-separated names of the seats")
    args = parser.parse_args()
    result = json.load(sys.stdin)
    names = args.seat_names.split(",") if args.seat_names else []
    agents = result["agents"]
    print(f"{result['game']}  options {json.dumps(result['options'], separators=(',', ':'))}")
    for agent in agents:
        others = [a for a in agents if a != agent]
        rows = alone_rows(result, agent)
        if not rows:
            continue
        players = len(result["arrangements"][0]["seats"])
        total_games = sum(r[1] for r in rows)
        total_wins = sum(r[2] for r in rows)
        low, high = wilson(total_wins, total_games)
        print(f"  {agent} alone against {'/'.join(others)} ({players} players, fair share "
              f"{100 / players:.0f}%): {total_wins}/{total_games} = "
              f"{100 * total_wins / total_games:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]")
        for seat, games, wins, draws in sorted(rows):
            label = names[seat] if seat < len(names) else f"seat {seat}"
            low, high = wilson(wins, games)
            print(f"    {label:>8}: {wins}/{games} = {100 * wins / games:.1f}% "
                  f"[{100 * low:.1f}%, {100 * high:.1f}%], draws {draws}")


if __name__ == "__main__":
    main()
