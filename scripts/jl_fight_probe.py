#!/usr/bin/env python3
"""Joker's Labyrinth: does a search fight a Joker at long odds while in debt?

    PYTHONPATH=build/python /usr/bin/python3 scripts/jl_fight_probe.py [--positions 8] [--min-debt 6]

Plays games with the searcher (the JL spec) in seat 0 against --opponent seats (random unless
told) and keeps, from each game, the first position where seat 0 is to move in the main phase,
owes at least --min-debt and has a move that fights a Joker. Then each spec searches each
position --searches times (agent seeds 1000, 1001, ...) and the line says how many of those
searches chose a Joker fight. The JL
spec's depth-20 search (its rollouts cut and scored by the position estimate) is set beside the
same search with rollouts played to the end (depth 0), which scores by the game's result.
"""
import argparse

import mazeworks
from agent_games import decisions

JL_SPEC = "ismcts:iterations={it},depth=20,opponents=policy,rollout=heuristic,prior=heuristic"


def joker_fights(state):
    """The moves of seat 0 that start a fight against a Joker (the only defender valued 14)."""
    fights = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        combat = after.view(0).get("combat")
        if (combat is not None and combat.get("attacker") == 0 and "defender" not in combat
                and combat.get("defender_value") == 14):
            fights.append(action)
    return fights


def find_position(game, spec, opponent, seed, min_debt):
    """The first position of game `seed` that asks seat 0 whether to fight a Joker in debt."""
    state = game.new_initial_state(seed)
    seats = [mazeworks.agent(spec, game=game, seed=seed)]
    seats += [mazeworks.agent(opponent, game=game, seed=seed * 10 + i)
              for i in range(game.num_players() - 1)]
    for state in decisions(state, seats):
        if state.current_player() == 0:
            view = state.view(0)
            me = view["players"][0]
            if view["phase"] == "main" and me["debt"] >= min_debt:
                fights = joker_fights(state)
                if fights:
                    return state.clone(), fights, me
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--min-debt", type=int, default=6)
    parser.add_argument("--searches", type=int, default=4)
    parser.add_argument("--max-games", type=int, default=400)
    parser.add_argument("--opponent", default="random", help="the other seats' agent spec")
    args = parser.parse_args()

    game = mazeworks.load_game("jokers-labyrinth", {"players": args.players})
    spec = JL_SPEC.format(it=args.iterations)
    specs = {"depth20": spec, "depth0": spec.replace("depth=20", "depth=0"), "heuristic": "heuristic"}
    found = 0
    for seed in range(1, args.max_games + 1):
        position = find_position(game, spec, args.opponent, seed, args.min_debt)
        if position is None:
            continue
        state, fights, me = position
        words = [f"seed {seed} debt {me['debt']} jokers {me['jokers']} hand {me['hand']}",
                 f"fights {[state.action_to_string(a) for a in fights]}:"]
        for name, agent_spec in specs.items():
            chose = 0
            for k in range(args.searches):
                agent = mazeworks.agent(agent_spec, game=game, seed=1000 + k)
                agent.reset()
                chose += agent.step(state, 0) in fights
            words.append(f"{name} {chose}/{args.searches}")
        print(" ".join(words), flush=True)
        found += 1
        if found == args.positions:
            break
    print(f"{found} positions from {seed} games")


if __name__ == "__main__":
    main()
