"""Shared helpers for the mazeworks pytest suite (run by CTest: see python/CMakeLists.txt)."""
import os
import random

import pytest

import mazeworks

ALL_GAMES = mazeworks.games()
# Games with the numeric observation (core/observation.h): all of them.
TENSOR_GAMES = ALL_GAMES


def random_action(state, rng):
    """A chance outcome by its probability, or a uniformly random legal decision."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        return rng.choices(actions, weights=probs)[0]
    return rng.choice(state.legal_actions())


def play_randomly(state, rng, max_actions=100_000):
    """Plays random actions in place until the end (or max_actions); returns how many."""
    n = 0
    while not state.is_terminal() and n < max_actions:
        state.apply_action(random_action(state, rng))
        n += 1
    return n


def random_positions(game, count, seed, stride=7):
    """`count` positions from random games of `game`, every `stride` actions or so."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.new_initial_state(rng.randrange(1 << 30))
        while not state.is_terminal() and len(positions) < count:
            for _ in range(rng.randint(1, stride)):
                if state.is_terminal():
                    break
                state.apply_action(random_action(state, rng))
            positions.append(state.clone())
    return positions


def decision_positions(game, count, seed, max_prefix=60):
    """`count` positions where a seat is to act, after up to `max_prefix` random decisions."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.new_initial_state(rng.randrange(1 << 30))
        decisions = rng.randint(0, max_prefix)
        while not state.is_terminal():
            if state.current_player() >= 0:
                if decisions == 0:
                    break
                decisions -= 1
            state.apply_action(random_action(state, rng))
        if not state.is_terminal():
            positions.append(state)
    return positions


@pytest.fixture(scope="session")
def cli():
    """The mazeworks program of this build (CTest sets MAZEWORKS_CLI)."""
    path = os.environ.get("MAZEWORKS_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("MAZEWORKS_CLI is not set to the built mazeworks program")
    return path
