"""scripts/strength_campaign.py: which chunks a row counts, which seat it plays next, what it
reports.

A stand-in for `mazeworks selfplay` writes each chunk, so these run in a moment; only the
catalogue check runs the built mazeworks.
"""
import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "..", "scripts")
sys.path.insert(0, SCRIPTS)
import strength_campaign as campaign  # noqa: E402  (the path above first)

ROW = "jl4-heuristic"


def write_chunk(out, name, seat, seed, wins, agents=None, extra=None):
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    result = {"game": campaign.ROWS[name]["game"], "games": 10, "seed": seed,
              "agents": agents or campaign.seat_agents(name, seat), "wins": wins, **(extra or {})}
    with open(campaign.chunk_path(out, name, seat, seed), "w") as f:
        json.dump(result, f)


def fake_selfplay(tmp_path, candidate_wins):
    """An executable that answers like `selfplay --json`: the candidate wins `candidate_wins`."""
    path = tmp_path / "fake-mazeworks"
    path.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import json, sys
        args = sys.argv[1:]
        agents = []
        for piece in args[args.index("--agents") + 1].split(","):
            if "=" in piece and ":" not in piece:  # a parameter of the spec before it
                agents[-1] += "," + piece
            else:
                agents.append(piece)
        # The candidate's spec has parameters; the opponent is a bare name.
        seat = next(i for i, a in enumerate(agents) if ":" in a)
        wins = [0] * len(agents)
        wins[seat] = {candidate_wins}
        print(json.dumps({{"game": args[1], "games": int(args[args.index("--games") + 1]),
                          "seed": int(args[args.index("--seed") + 1]), "agents": agents,
                          "wins": wins}}))
        """))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def run(out, binary, *rows, max_games=300):
    parser_args = ["run", str(out), *rows, "--binary", binary, "--max", str(max_games)]
    sys.argv = ["strength_campaign.py", *parser_args]
    campaign.main()


def test_a_chunk_of_another_spec_is_never_counted_with_the_rows_games(tmp_path):
    other = campaign.seat_agents(ROW, 0)
    other[0] = other[0].replace("iterations=16000", "iterations=4000")
    write_chunk(tmp_path, ROW, 0, 1001, [3, 3, 3, 1], agents=other)
    with pytest.raises(SystemExit) as refused:
        campaign.seat_results(str(tmp_path), ROW, 0)
    assert "seat0-seed1001.json" in str(refused.value)
    assert "iterations=4000" in str(refused.value)


def test_the_report_names_the_spec_of_chunks_kept_from_another(tmp_path, capsys):
    other = campaign.seat_agents(ROW, 0)
    other[0] = other[0].replace("iterations=16000", "iterations=4000")
    write_chunk(tmp_path, ROW, 0, 1001, [3, 3, 3, 1], agents=other)
    sys.argv = ["strength_campaign.py", "report", str(tmp_path)]
    campaign.main()
    lines = [line for line in capsys.readouterr().out.splitlines() if "seat 0" in line]
    assert lines == [f"| {ROW} (ismcts:iterations=4000,depth=20,opponents=policy,"
                     "rollout=heuristic,prior=heuristic) | seat 0 | 3/10 | 30.0 [10.8, 60.3] "
                     "|  |  | 1001–1001 |"]


def test_a_pooled_row_is_measured_only_once_its_seats_are_even(tmp_path):
    for seed in range(1001, 1031):  # seat 0: 300 games, narrow enough alone
        write_chunk(tmp_path, ROW, 0, seed, [5, 2, 2, 1])
    for seat in (1, 2, 3):
        write_chunk(tmp_path, ROW, seat, 1001, [2, 2, 2, 2])
    assert not campaign.measured(str(tmp_path), ROW)


def test_each_turn_plays_the_seat_with_the_fewest_games_and_a_new_seed(tmp_path):
    write_chunk(tmp_path, ROW, 0, 1001, [5, 2, 2, 1])
    write_chunk(tmp_path, ROW, 0, 1002, [5, 2, 2, 1])
    write_chunk(tmp_path, ROW, 2, 1001, [2, 2, 5, 1])
    run(tmp_path, fake_selfplay(tmp_path, 7), ROW, max_games=20)
    played = sorted(os.listdir(tmp_path / ROW))
    assert played == [f"seat{s}-seed{n}.json" for s in range(4) for n in (1001, 1002)]
    per_seat = [campaign.seat_results(str(tmp_path), ROW, s) for s in range(4)]
    assert [r[:3] for r in per_seat] == [(20, 10, [1001, 1002]), (20, 14, [1001, 1002]),
                                         (20, 12, [1001, 1002]), (20, 14, [1001, 1002])]


def test_wins_shared_with_others_count_as_not_won_and_are_reported_as_a_share(tmp_path, capsys):
    name = "mm3-heuristic"
    for seat in range(3):
        write_chunk(tmp_path, name, seat, 1001, [6, 2, 0], extra={
            "shared_wins": [2, 2, 0], "win_shares": [7.0, 3.0, 0.0]})
    per_seat = [campaign.seat_results(str(tmp_path), name, s) for s in range(3)]
    assert per_seat[0] == (10, 6, [1001], 2, 7.0, 0)
    assert per_seat[2] == (10, 0, [1001], 0, 0.0, 0)
    sys.argv = ["strength_campaign.py", "report", str(tmp_path)]
    campaign.main()
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith(f"| {name}")]
    assert rows[0] == f"| {name} | all | 8/30 | 26.7 [14.2, 44.4] | 4 (33.3%) |  | 1001–1001 |"
    assert rows[3] == f"| {name} | seat 2 | 0/10 | 0.0 [0.0, 27.8] |  |  | 1001–1001 |"


def test_games_without_a_sole_winner_are_reported_beside_the_wins(tmp_path, capsys):
    name = "jl2-heuristic"
    write_chunk(tmp_path, name, 0, 1001, [6, 1], extra={"draws": 3})
    write_chunk(tmp_path, name, 0, 1002, [7, 3], extra={"draws": 0})
    write_chunk(tmp_path, name, 1, 1001, [2, 7], extra={"draws": 1})
    assert campaign.seat_results(str(tmp_path), name, 0) == (20, 13, [1001, 1002], 0, 13.0, 3)
    sys.argv = ["strength_campaign.py", "report", str(tmp_path)]
    campaign.main()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("| row | seat | won / games | % [95% interval] | won with others (win share) "
                      "| no sole winner | seeds |")
    rows = [line for line in out if line.startswith(f"| {name}")]
    assert rows[0] == f"| {name} | all | 20/30 | 66.7 [48.8, 80.8] |  | 4 | 1001–1002 |"
    assert rows[2] == f"| {name} | seat 1 | 7/10 | 70.0 [39.7, 89.2] |  | 1 | 1001–1001 |"


def strongest_by_players(cli):
    """Each game's strongest agent for each player count, from `mazeworks games --json`."""
    games = json.loads(subprocess.run([cli, "games", "--json"], check=True, capture_output=True,
                                      text=True).stdout)
    return {g["id"]: g["strongest_agent_by_players"] for g in games}


def test_every_row_plays_the_catalogues_strongest_agent():
    cli = os.environ.get("MAZEWORKS_CLI")
    if not cli:
        pytest.skip("MAZEWORKS_CLI names the built mazeworks (CTest sets it)")
    strongest = strongest_by_players(cli)
    for name, row in campaign.ROWS.items():
        if row["game"] == "treasure-hunt":
            continue  # its row measures ISMCTS; the catalogue's strongest is alpha-beta
        expected = strongest[row["game"]][str(row["players"])]
        # Without the catalogue's time cap, a chunk's games do not depend on the machine.
        expected = ",".join(p for p in expected.split(",") if not p.startswith("ms="))
        assert row["candidate"] == expected, name
