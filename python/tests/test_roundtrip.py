"""Round trips: documents, pickling, clones, and notation."""
import copy
import json
import pickle

import mazeworks
import pytest

from conftest import ALL_GAMES, random_positions


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_json_round_trip(game_id):
    game = mazeworks.load_game(game_id)
    for state in random_positions(game, 25, seed=1):
        text = state.to_json()
        document = json.loads(text)
        assert document["game"] == game_id and document == state.to_dict()
        for source in (text, document, document["state"]):
            back = game.state_from_json(source)
            assert back.to_json() == text
            assert back.legal_actions() == state.legal_actions()
            assert back.current_player() == state.current_player()
        assert mazeworks.state_from_json(text).to_json() == text


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_pickle_round_trip(game_id):
    game = mazeworks.load_game(game_id)
    for state in random_positions(game, 10, seed=2):
        back = pickle.loads(pickle.dumps(state))
        assert back.to_json() == state.to_json()
        assert back.seed == state.seed
        assert back.get_game() == game
    assert pickle.loads(pickle.dumps(game)) == game


def test_pickled_game_keeps_its_options():
    game = mazeworks.load_game("treasure-hunt", {"deck": "specialized"})
    assert pickle.loads(pickle.dumps(game)).options()["deck"] == "specialized"


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_clone_is_independent(game_id):
    game = mazeworks.load_game(game_id)
    state = random_positions(game, 1, seed=3)[0]
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        before = state.to_json()
        if not other.is_terminal():
            other.apply_action(other.legal_actions()[0])
            assert other.to_json() != before
        assert state.to_json() == before


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_action_text_round_trip(game_id):
    game = mazeworks.load_game(game_id)
    for state in random_positions(game, 15, seed=4):
        if state.is_chance_node():
            continue  # chance outcomes are named, not typed
        for action in state.legal_actions()[:40]:
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action, text


def test_state_from_json_refuses_another_games_document():
    th = mazeworks.load_game("treasure-hunt")
    doc = mazeworks.load_game("pathfinder-barriers").new_initial_state().to_json()
    with pytest.raises(mazeworks.BadStateError, match="pathfinder-barriers"):
        th.state_from_json(doc)


def test_state_from_json_refuses_other_options():
    doc = mazeworks.load_game("treasure-hunt", {"deck": "specialized"}).new_initial_state().to_json()
    with pytest.raises(mazeworks.BadStateError, match="options"):
        mazeworks.load_game("treasure-hunt").state_from_json(doc)
    assert mazeworks.state_from_json(doc).get_game().options()["deck"] == "specialized"
