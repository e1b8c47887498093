"""scripts/jl_fit_estimate.py fits the Joker's Labyrinth estimate's weights to heuristic games."""
import json
import os
import subprocess
import sys

import pytest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                      "jl_fit_estimate.py")


def test_the_fitted_weights_fit_the_games_at_least_as_well_as_the_estimates():
    result = subprocess.run([sys.executable, SCRIPT, "--players", "3", "--games", "12",
                             "--every", "3", "--json"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["positions"] > 100
    assert report["games"] == 12 and 0 <= report["drawn"] < 12
    assert list(report["weights"]) == ["joker", "joker_x_debt_pairs", "best_card", "cards",
                                       "debt_pairs", "skip", "near_joker"]
    # Newton's method minimizes the penalized log-loss: no weights do better on these games.
    objective = report["objective"]
    assert objective["fitted"] <= objective["evaluate_cpp"]
    loss = report["log_loss"]
    assert loss["fitted"] < loss["uniform"]


def test_a_count_that_is_not_positive_is_refused():
    for option in ("--games", "--every"):
        result = subprocess.run([sys.executable, SCRIPT, option, "0"],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, (option, result.stdout)
        assert "0 is not a positive whole number" in result.stderr


def test_the_scripts_model_with_evaluate_cpps_weights_is_the_games_estimate():
    sys.path.insert(0, os.path.dirname(SCRIPT))
    try:
        import jl_fit_estimate as fit
        from agent_games import decisions
    finally:
        sys.path.pop(0)
    import mazeworks
    checked = 0
    for players in (2, 3, 4):
        game = mazeworks.load_game("jokers-labyrinth", {"players": players})
        seats = [mazeworks.agent("heuristic", game=game, seed=i) for i in range(players)]
        for state in decisions(game.new_initial_state(players), seats):
            if state.view(0)["phase"] != "main":
                continue
            model = fit.expected_returns(
                [fit.features(state.view(p), p) for p in range(players)], fit.EVALUATE_CPP)
            assert state.evaluate() == pytest.approx(model, abs=1e-9), state.to_json()
            checked += 1
    assert checked > 100
