#!/usr/bin/env python3
"""A batch of numeric observations from random games (no training): the data a learner would see.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/observation_batch.py --game mazemakers

Plays random games, takes the tensor of the seat to act every `--every` decisions (its
`observation_tensor_bytes`, float32, no Python float per value), stacks them into a
[batch, *shape] array, and prints how often each plane (or field) is non-zero. Uses numpy when it
is installed (Debian: python3-numpy); without it, the same figures with the standard library.
"""
import argparse
import array
import json
import random
import time

import mazeworks

try:
    import numpy as np
except ImportError:  # the module does not need numpy
    np = None


def collect(game, games, every, seed):
    """Tensors (float32 bytes) of the seat to act, every `every` decisions of random games."""
    rng = random.Random(seed)
    batch = []
    for g in range(games):
        state = game.new_initial_state(seed + g)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            if decisions % every == 0:
                batch.append(state.observation_tensor_bytes(state.current_player()))
            decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return batch


def plane_size(shape):
    """Floats per plane: the trailing dimensions of a spatial tensor, 1 for a flat one."""
    size = 1
    for d in shape[1:]:
        size *= d
    return size


def summarize_numpy(batch, shape):
    x = np.stack([np.frombuffer(b, dtype=np.float32) for b in batch]).reshape(len(batch), *shape)
    per_plane = (x.reshape(len(batch), shape[0], -1) != 0).mean(axis=(0, 2))
    return x.shape, x.nbytes, per_plane.tolist()


def summarize_plain(batch, shape):
    size = plane_size(shape)
    counts = [0] * shape[0]
    for b in batch:
        values = array.array("f")
        values.frombytes(b)
        for i, v in enumerate(values):
            if v != 0.0:
                counts[i // size] += 1
    total = len(batch) * size
    nbytes = sum(len(b) for b in batch)
    return (len(batch), *shape), nbytes, [c / total for c in counts]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mazemakers", choices=mazeworks.games())
    parser.add_argument("--options", default="{}", help='JSON, e.g. \'{"players": 3}\'')
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--every", type=int, default=10, help="one tensor every N decisions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-numpy", action="store_true", help="use the standard library only")
    args = parser.parse_args()

    game = mazeworks.load_game(args.game, json.loads(args.options))
    shape = game.observation_tensor_shape()
    start = time.perf_counter()
    batch = collect(game, args.games, args.every, args.seed)
    seconds = time.perf_counter() - start
    use_numpy = np is not None and not args.no_numpy
    summarize = summarize_numpy if use_numpy else summarize_plain
    batch_shape, nbytes, nonzero = summarize(batch, shape)
    print(f"{game.name} {game.options()}: observation shape {shape}")
    print(f"{len(batch)} tensors from {args.games} random games in {seconds:.2f} s "
          f"(random play included); batch {list(batch_shape)}, {nbytes:,} bytes, "
          f"{'numpy' if use_numpy else 'standard library'}")
    label = "plane" if len(shape) > 1 else "field"
    busy = sorted(range(len(nonzero)), key=lambda i: -nonzero[i])[:8]
    print(f"most often non-zero ({label}: fraction of its values over the batch):")
    for i in busy:
        print(f"  {label} {i:3d}: {nonzero[i]:.3f}")


if __name__ == "__main__":
    main()
