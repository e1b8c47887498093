#!/usr/bin/env python3
"""How fast random games run when Python drives every action, next to the batched C++ helper
(Game.play_random_games) and, with --cli, the native `mazeworks selfplay --agents random,random`.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/random_play_rate.py --cli build/mazeworks
"""
import argparse
import json
import random
import subprocess
import time

import mazeworks


def python_loop(game, seconds, seed):
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def batched(game, seconds, seed):
    n, games, actions = 16, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        r = game.play_random_games(n, seed=seed + games)
        games, actions = games + r["games"], actions + r["actions"]
        n = min(n * 2, 4096)
    return games, actions, time.perf_counter() - start


def native(cli, game_id, games, seed):
    start = time.perf_counter()
    out = subprocess.run([cli, "selfplay", game_id, "--agents", "random,random", "--games",
                          str(games), "--seed", str(seed), "--json"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out), time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per game and method")
    parser.add_argument("--cli", help="the mazeworks program, for the native rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=mazeworks.games())
    args = parser.parse_args()

    print("| game | Python loop games/s | actions/s | play_random_games games/s | actions/s "
          "| native selfplay games/s | mean actions/game |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        game = mazeworks.load_game(game_id)
        g1, a1, t1 = python_loop(game, args.seconds, args.seed)
        g2, a2, t2 = batched(game, args.seconds, args.seed)
        native_rate = "—"
        if args.cli:
            n = max(10, int(g2 / t2 * args.seconds))
            report, elapsed = native(args.cli, game_id, n, args.seed)
            native_rate = f"{report.get('games_per_sec', n / elapsed):,.0f}"
        print(f"| {game_id} | {g1 / t1:,.0f} | {a1 / t1:,.0f} | {g2 / t2:,.0f} | {a2 / t2:,.0f} "
              f"| {native_rate} | {a2 / max(g2, 1):,.0f} |")


if __name__ == "__main__":
    main()
