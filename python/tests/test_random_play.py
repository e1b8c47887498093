"""Random games of every game, driven from Python action by action, and the batched helper."""
import random

import mazeworks
import pytest

from conftest import ALL_GAMES, random_action

GAMES_PER_ID = 3


def check_step_invariants(state):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert sorted(a for a, _ in outcomes) == sorted(state.legal_actions())
    else:
        player = state.current_player()
        assert 0 <= player < state.num_players()
        legal = state.legal_actions()
        assert legal and legal == sorted(legal)
        assert state.legal_actions(player) == legal
        assert state.chance_outcomes() == []


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_random_games_through_python(game_id):
    game = mazeworks.load_game(game_id)
    rng = random.Random(game_id)
    for g in range(GAMES_PER_ID):
        state = game.new_initial_state(g)
        steps = 0
        while not state.is_terminal():
            check_step_invariants(state)
            state.apply_action(random_action(state, rng))
            steps += 1
            assert steps < 100_000, "a random game should end"
        assert state.current_player() == mazeworks.TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert len(returns) == game.num_players()
        assert all(isinstance(r, float) for r in returns)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_play_random_games_batched(game_id):
    game = mazeworks.load_game(game_id)
    result = game.play_random_games(20, seed=11)
    assert result["games"] == 20
    assert len(result["returns"]) == 20 and len(result["lengths"]) == 20
    assert sum(result["lengths"]) == result["actions"]
    assert result["truncated"] == 0
    assert all(len(r) == game.num_players() for r in result["returns"])
    # Deterministic in (n, seed), different across seeds.
    assert game.play_random_games(20, seed=11) == result
    assert mazeworks.play_random_games(game, 20, 11) == result
    assert game.play_random_games(20, seed=12)["lengths"] != result["lengths"]


def test_play_random_games_truncates_at_max_actions():
    game = mazeworks.load_game("treasure-hunt")
    result = game.play_random_games(3, seed=1, max_actions=5)
    assert result["truncated"] == 3
    assert result["lengths"] == [5, 5, 5]
    assert result["returns"] == [[0.0, 0.0]] * 3


def test_play_random_games_rejects_negative_counts():
    with pytest.raises(mazeworks.BadRequestError):
        mazeworks.load_game("treasure-hunt").play_random_games(-1)
