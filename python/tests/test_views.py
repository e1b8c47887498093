"""Views: the dict Python gets is the engine's view, and a seat's view holds nothing hidden."""
import json
import subprocess

import mazeworks
import pytest

from conftest import ALL_GAMES, random_positions

WORLDS = 3


def observers(state):
    return list(range(state.num_players())) + [mazeworks.SPECTATOR, mazeworks.OMNISCIENT]


def engine_views(cli, positions):
    """Each position's views as the JSON-lines engine (the C++ side, no Python) gives them."""
    names = {mazeworks.SPECTATOR: "spectator", mazeworks.OMNISCIENT: "omniscient"}
    requests, keys = [], []
    for i, state in enumerate(positions):
        requests.append({"id": f"load{i}", "request": "load", "document": state.to_dict(),
                         "auto_chance": False})
        for o in observers(state):
            requests.append({"id": f"{i}/{o}", "request": "view", "player": names.get(o, o)})
            keys.append((i, o))
    text = "".join(json.dumps(r) + "\n" for r in requests)
    out = subprocess.run([cli, "engine"], input=text, capture_output=True, text=True,
                         check=True).stdout
    replies = {r["id"]: r for r in map(json.loads, out.splitlines())}
    views = {}
    for i, o in keys:
        reply = replies[f"{i}/{o}"]
        assert reply["ok"], reply
        views[(i, o)] = reply["view"]
    return views


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_views_equal_the_engine_protocol_views(game_id, cli):
    positions = random_positions(mazeworks.load_game(game_id), 20, seed=21)
    expected = engine_views(cli, positions)
    for i, state in enumerate(positions):
        for o in observers(state):
            assert state.view(o) == expected[(i, o)], (i, o)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_seats_view_is_the_same_in_every_world_it_cannot_tell_apart(game_id):
    """Hidden data differs between resampled worlds; a view or key that showed any would differ."""
    game = mazeworks.load_game(game_id)
    hidden_redrawn = False
    for state in random_positions(game, 60, seed=22, stride=15):
        for p in range(state.num_players()):
            view, key = state.view(p), state.information_state_key(p)
            for seed in range(WORLDS):
                world = state.resample(p, seed)
                assert world.view(p) == view
                assert world.information_state_key(p) == key
                assert world.legal_actions() == state.legal_actions() or world.current_player() != p
                hidden_redrawn |= world.view(mazeworks.OMNISCIENT) != state.view(mazeworks.OMNISCIENT)
    if not game.info()["perfect_information"]:
        assert hidden_redrawn, "resample never changed hidden data: the test above proved nothing"


def test_pathfinder_barriers_hides_the_other_home_grid_until_the_end():
    game = mazeworks.load_game("pathfinder-barriers")
    for state in random_positions(game, 40, seed=23):
        for p in (0, 1):
            homes = state.view(p)["homes"]
            assert homes[p] is not None
            assert (homes[1 - p] is None) != state.is_terminal()
        assert state.view(mazeworks.SPECTATOR)["homes"] == [None, None] or state.is_terminal()


def test_secret_setup_is_told_to_the_other_seat_only_as_its_kind():
    state = mazeworks.load_game("pathfinder-barriers").new_initial_state()
    action = state.legal_actions()[0]  # North places its pawn
    assert state.action_to_string(action) == state.action_to_string(action, observer=0)
    told = state.action_to_string(action, observer=1)
    assert told == ""  # of a set-up step the other seat is told nothing, not even that it happened
    assert state.action_to_string(action, observer=mazeworks.OMNISCIENT) == state.action_to_string(action)
