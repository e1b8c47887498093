#!/usr/bin/env python3
"""Joker's Labyrinth: fit the position estimate's weights to the heuristic's own games.

    PYTHONPATH=build/python /usr/bin/python3 scripts/jl_fit_estimate.py [--players 3] [--games 4000]

The estimate (src/games/jokers_labyrinth/evaluate.cpp) scores the positions where the JL spec
cuts its rollouts, which every seat plays with the heuristic; so it should predict who wins when
the heuristic plays on. This plays --games heuristic self-play games (seeds 1, 2, ...), keeps
every --every-th decision of the main phase, describes each seat from its own view with the
estimate's features, and labels the position with the game's winner (draws are left out). It
fits the estimate's form, each seat's win chance exp(x_p) / sum_q exp(x_q) with x linear in the
features, by Newton's method on the log-loss (Texel tuning), and prints the log-loss of the
weights evaluate.cpp has now beside the fitted ones.
"""
import argparse
import json
import math

import mazeworks
from agent_games import decisions

# x_p = sum of weight * feature, as evaluate.cpp's strength(): a Joker held, a Joker held times
# the pairs of debt (up to 6), the best value card in hand, the value cards (up to 4), the pairs
# of debt, a turn to skip, and 1 / distance to the nearest face-up Joker in the Dungeon.
FEATURES = ["joker", "joker_x_debt_pairs", "best_card", "cards", "debt_pairs", "skip",
            "near_joker"]
# evaluate.cpp's weights; python/tests/test_jl_fit_estimate.py checks that expected_returns() with
# them gives what the game's State.evaluate() gives.
EVALUATE_CPP = [1.8, -0.25, 0.05, 0.08, -0.35, -0.3, 0.6]
FACE_VALUE = {"Q": 12, "K": 13}
COLUMNS = "zabcdefgh"  # the board's columns, the ring's first


def card_value(card):
    """A card's value in a fight when played from the hand: Equipment and NPCs only."""
    card = card.rstrip("*")
    if card.startswith("JK"):
        return None
    rank, suit = card[:-1], card[-1]
    if rank in FACE_VALUE:
        return FACE_VALUE[rank]
    if rank.isdigit() and suit in "HD":
        return int(rank)
    return None


def features(view, seat):
    me = view["players"][seat]
    pairs = me["debt"] // 2
    values = [v for v in map(card_value, me["hand"]) if v is not None]
    near = 0.0
    if me["cell"]:
        row, col = int(me["cell"][1:]), COLUMNS.index(me["cell"][0])
        distances = [abs(r - row) + abs(c - col)
                     for r, cells in enumerate(view["board"]) for c, card in enumerate(cells)
                     if card.startswith("JK") and 1 <= r <= 7 and 1 <= c <= 7]
        if distances:
            near = 1.0 / max(min(distances), 1)
    jokers = me["jokers"]
    return [jokers, jokers * min(pairs, 6), max(values, default=0), min(len(values), 4), pairs,
            1.0 if me["skip"] else 0.0, near]


def win_chances(seats, weights):
    """Each seat's win chance exp(x_p) / sum_q exp(x_q), x_p = weights . features of seat p."""
    scores = [sum(w * f for w, f in zip(weights, x)) for x in seats]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def expected_returns(seats, weights):
    """The estimate as evaluate.cpp returns it: win chance w -> w - (1 - w) / (n - 1), times 0.95."""
    n = len(seats)
    return [0.95 * (n * w - 1) / (n - 1) for w in win_chances(seats, weights)]


def play(game, seed, every):
    """The sampled positions of one heuristic game and its winner (None for a draw)."""
    n = game.num_players()
    state = game.new_initial_state(seed)
    seats = [mazeworks.agent("heuristic", game=game, seed=seed * 10 + i) for i in range(n)]
    positions = []
    for count, state in enumerate(decisions(state, seats)):
        if count % every == 0 and state.view(0)["phase"] == "main":
            positions.append([features(state.view(p), p) for p in range(n)])
    returns = state.returns()
    best = max(returns)
    return positions, (returns.index(best) if best > 0 else None)


def log_loss(rows, weights, l2=0.0, with_derivatives=False):
    """Mean log-loss (+ l2 * |w|^2); with its gradient and Hessian when asked."""
    k = len(weights)
    loss, grad = 0.0, [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for seats, winner in rows:
        chance = win_chances(seats, weights)
        loss -= math.log(chance[winner])
        if not with_derivatives:
            continue
        mean = [sum(p * x[i] for p, x in zip(chance, seats)) for i in range(k)]
        for i in range(k):
            grad[i] += mean[i] - seats[winner][i]
        for p, x in zip(chance, seats):
            for i in range(k):
                if x[i]:
                    for j in range(k):
                        hess[i][j] += p * x[i] * x[j]
        for i in range(k):
            for j in range(k):
                hess[i][j] -= mean[i] * mean[j]
    n = len(rows)
    value = loss / n + l2 * sum(w * w for w in weights)
    if not with_derivatives:
        return value
    grad = [g / n + 2 * l2 * w for g, w in zip(grad, weights)]
    hess = [[hess[i][j] / n + (2 * l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
    return value, grad, hess


def solve(matrix, vector):
    """matrix^-1 vector by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    m = [row[:] + [v] for row, v in zip(matrix, vector)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                factor = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= factor * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, l2):
    weights = [0.0] * len(FEATURES)
    for _ in range(50):
        _, grad, hess = log_loss(rows, weights, l2, with_derivatives=True)
        step = solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=positive, default=4000)
    parser.add_argument("--every", type=positive, default=7, help="keep every n-th decision")
    parser.add_argument("--l2", type=float, default=1e-3, help="weight of the ridge penalty")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    game = mazeworks.load_game("jokers-labyrinth", {"players": args.players})
    rows, drawn = [], 0
    for seed in range(1, args.games + 1):
        positions, winner = play(game, seed, args.every)
        if winner is None:
            drawn += 1
            continue
        rows.extend((seats, winner) for seats in positions)
    if not rows:
        parser.error("no game had a winner and a sampled position: play more games")
    weights = fit(rows, args.l2)
    report = {
        "players": args.players, "games": args.games, "drawn": drawn, "positions": len(rows),
        "log_loss": {"uniform": math.log(args.players),
                     "evaluate_cpp": log_loss(rows, EVALUATE_CPP),
                     "fitted": log_loss(rows, weights)},
        "objective": {"evaluate_cpp": log_loss(rows, EVALUATE_CPP, args.l2),
                      "fitted": log_loss(rows, weights, args.l2)},
        "weights": {name: {"evaluate_cpp": now, "fitted": round(new, 4)}
                    for name, now, new in zip(FEATURES, EVALUATE_CPP, weights)},
    }
    if args.json:
        print(json.dumps(report))
        return
    loss = report["log_loss"]
    print(f"{args.players} players, {args.games} heuristic games ({drawn} drawn, left out), "
          f"{len(rows)} positions")
    print(f"log-loss: uniform {loss['uniform']:.4f}, evaluate.cpp {loss['evaluate_cpp']:.4f}, "
          f"fitted {loss['fitted']:.4f}")
    for name, w in report["weights"].items():
        print(f"  {name:20s} evaluate.cpp {w['evaluate_cpp']:+.3f}  fitted {w['fitted']:+.3f}")


if __name__ == "__main__":
    main()
