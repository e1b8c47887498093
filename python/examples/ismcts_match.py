#!/usr/bin/env python3
"""An ISMCTS match: the engine's information-set search against the random agent.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/ismcts_match.py --game pathfinder-barriers --ms 100

Each agent sees only its own seat's view (and worlds resampled from it); the GIL is released while
it searches.
"""
import argparse

import mazeworks


def play(game, agents, seed):
    state = game.new_initial_state(seed)
    for agent in agents:
        agent.reset()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())  # the state's own seeded chance stream
            continue
        player = state.current_player()
        action = agents[player].step(state, player)
        # What the other seat is told of the move (a secret set-up reads only as its kind).
        told = state.action_to_string(action, observer=(player + 1) % state.num_players())
        if state.action_to_string(action) == told:
            print(f"  seat {player}: {told}")
        state.apply_action(action)
    return state.returns()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="treasure-hunt", choices=mazeworks.games())
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--ms", type=int, default=200, help="ISMCTS thinking time per move")
    parser.add_argument("--iterations", type=int, default=0, help="a fixed budget instead of --ms")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = mazeworks.load_game(args.game)
    budget = f"iterations={args.iterations}" if args.iterations else f"ms={args.ms}"
    ismcts = mazeworks.agent(f"ismcts:{budget}", game=game, seed=args.seed)
    rand = mazeworks.agent("random", game=game, seed=args.seed)
    score = 0.0
    for g in range(args.games):
        seats = [ismcts, rand] if g % 2 == 0 else [rand, ismcts]
        print(f"game {g + 1}: ISMCTS is seat {g % 2}")
        returns = play(game, seats, args.seed + g)
        score += returns[g % 2]
        print(f"  returns {returns}")
    print(f"ISMCTS ({budget}) against random: total return {score:+.1f} over {args.games} games")


if __name__ == "__main__":
    main()
