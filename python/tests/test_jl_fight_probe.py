"""scripts/jl_fight_probe.py finds a position with a Joker fight and reports each spec's choices."""
import os
import re
import subprocess
import sys

PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                     "jl_fight_probe.py")


def test_the_probe_reports_how_often_each_spec_fights():
    result = subprocess.run([sys.executable, PROBE, "--players", "2", "--iterations", "10",
                             "--positions", "1", "--min-debt", "0", "--searches", "2"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2, result.stdout
    assert re.fullmatch(r"seed \d+ debt \d+ jokers \d hand \[.*\] fights \['.+'\]: "
                        r"depth20 [0-2]/2 depth0 [0-2]/2 heuristic [0-2]/2", lines[0]), lines[0]
    assert re.fullmatch(r"1 positions from \d+ games", lines[1]), lines[1]


def test_the_probe_plays_against_the_opponent_it_is_given():
    result = subprocess.run([sys.executable, PROBE, "--players", "3", "--iterations", "10",
                             "--positions", "1", "--min-debt", "0", "--searches", "1",
                             "--opponent", "heuristic"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "depth20" in result.stdout and "1 positions from" in result.stdout, result.stdout
    bad = subprocess.run([sys.executable, PROBE, "--opponent", "no-such-agent", "--positions",
                          "1"], capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "no-such-agent" in bad.stderr
