#!/usr/bin/env python3
"""A tiny custom agent in Python playing against a built-in one.

Flat Monte Carlo from the agent's own information: for each legal action, a few random playouts in
worlds resampled from what the seat has seen (state.resample), and the action with the best mean
return. It never looks at hidden data: every playout starts from a resampled world.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/custom_agent.py --opponent greedy
"""
import argparse
import random

import mazeworks


class FlatMonteCarlo:
    def __init__(self, playouts, seed):
        self.playouts = playouts
        self.rng = random.Random(seed)

    def step(self, state, player):
        best, best_value = None, -float("inf")
        for action in state.legal_actions():
            total = 0.0
            for _ in range(self.playouts):
                world = state.resample(player, self.rng.randrange(1 << 62))
                world.apply_action(action)
                total += self.playout(world)[player]
            if total > best_value:
                best, best_value = action, total
        return best

    def playout(self, world):
        # The engine plays the rest of a random game in C++, in one call.
        world.play_random(seed=self.rng.randrange(1 << 62))
        return world.returns()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="treasure-hunt", choices=mazeworks.games())
    parser.add_argument("--opponent", default="random",
                        help="a built-in agent spec, e.g. random, greedy, ismcts:ms=50")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = mazeworks.load_game(args.game)
    mine = FlatMonteCarlo(args.playouts, args.seed)
    theirs = mazeworks.agent(args.opponent, game=game, seed=args.seed)
    score = 0.0
    for g in range(args.games):
        me = g % 2
        state = game.new_initial_state(args.seed + g)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                p = state.current_player()
                agent = mine if p == me else theirs
                state.apply_action(agent.step(state, p))
        score += state.returns()[me]
        print(f"game {g + 1}: flat Monte Carlo as seat {me}, returns {state.returns()}")
    print(f"flat Monte Carlo against {args.opponent}: total return {score:+.1f} over {args.games} games")


if __name__ == "__main__":
    main()
