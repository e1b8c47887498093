#!/usr/bin/env python3
"""A random-play loop: the OpenSpiel-style state API, one action at a time.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/random_play.py --game pathfinder-barriers
"""
import argparse
import random

import mazeworks


def play_one(game, rng, seed):
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = rng.choices(actions, weights=probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="treasure-hunt", choices=mazeworks.games())
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = mazeworks.load_game(args.game)
    rng = random.Random(args.seed)
    totals = [0.0] * game.num_players()
    for g in range(args.games):
        final = play_one(game, rng, args.seed + g)
        totals = [t + r for t, r in zip(totals, final.returns())]
    print(f"{args.games} random games of {game.name}")
    print("mean returns per seat:", [round(t / args.games, 3) for t in totals])
    print("the last position:")
    print(final)


if __name__ == "__main__":
    main()
