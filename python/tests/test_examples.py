"""Every example runs (with small budgets), so the examples stay true."""
import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")

RUNS = [
    ["random_play.py", "--game", "pathfinder-barriers", "--games", "3"],
    ["random_play.py", "--game", "jokers-labyrinth", "--games", "1"],
    ["ismcts_match.py", "--game", "treasure-hunt", "--games", "1", "--iterations", "30"],
    ["custom_agent.py", "--game", "treasure-hunt", "--opponent", "greedy", "--games", "1",
     "--playouts", "1"],
    ["random_play_rate.py", "--seconds", "0.05", "--games", "treasure-hunt", "mazemakers"],
    ["observation_batch.py", "--game", "mazemakers", "--games", "1", "--every", "40"],
    ["observation_batch.py", "--game", "pathfinder-cards", "--games", "1", "--no-numpy"],
]


@pytest.mark.parametrize("run", RUNS, ids=lambda r: " ".join(r))
def test_example_runs(run):
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, run[0]), *run[1:]],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_rate_example_with_the_native_cli(cli):
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, "random_play_rate.py"),
                             "--seconds", "0.05", "--games", "treasure-hunt", "--cli", cli],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "treasure-hunt" in result.stdout
