"""The module's surface: games, load_game, options, catalogue, constants."""
import random

import mazeworks
import pytest

from conftest import ALL_GAMES, play_randomly, random_positions


def test_games_lists_every_game():
    assert set(ALL_GAMES) == {"treasure-hunt", "pathfinder-barriers", "pathfinder-cards",
                              "mazemakers", "jokers-labyrinth"}


def test_catalog_describes_every_game_with_options_and_agents():
    catalog = mazeworks.catalog()
    assert [g["id"] for g in catalog] == ALL_GAMES
    for g in catalog:
        assert "random" in g["agents"]
        assert isinstance(g["options"], list)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_load_game_with_defaults(game_id):
    game = mazeworks.load_game(game_id)
    assert game.id == game_id
    assert game.num_players() >= 2
    info = game.info()
    assert info["id"] == game_id
    # Every declared option has a resolved value.
    assert set(game.options()) == {o["name"] for o in info["options"]}
    assert game == mazeworks.load_game(game_id, game.options())
    assert {a["name"] for a in game.agents()} >= {"random", "ismcts"}


def test_load_game_with_options_dict_and_text():
    game = mazeworks.load_game("treasure-hunt", {"deck": "specialized", "targetScore": 30})
    assert game.options()["deck"] == "specialized"
    assert game.options()["targetScore"] == 30
    assert game == mazeworks.load_game("treasure-hunt", '{"deck": "specialized", "targetScore": 30}')
    assert game != mazeworks.load_game("treasure-hunt")


def test_player_count_option():
    game = mazeworks.load_game("mazemakers", {"players": 4})
    assert game.num_players() == 4
    assert len(game.new_initial_state().returns()) == 4


def test_constants():
    assert (mazeworks.CHANCE, mazeworks.TERMINAL, mazeworks.SPECTATOR, mazeworks.OMNISCIENT) == (
        -1, -2, -3, -4)
    assert mazeworks.__version__.count(".") == 2


def test_state_basics_and_str():
    game = mazeworks.load_game("treasure-hunt")
    state = game.new_initial_state(3)
    assert state.get_game() == game
    assert state.seed == 3
    assert state.is_chance_node() and state.current_player() == mazeworks.CHANCE
    assert state.legal_actions(0) == []
    assert "treasure-hunt" in repr(state)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert "Treasure Hunt" in str(state)
    assert "Green" in state.render(0, color=False)


def test_sample_chance_follows_the_seed():
    game = mazeworks.load_game("treasure-hunt")

    def deal(seed):
        s = game.new_initial_state(seed)
        while s.is_chance_node():
            s.apply_action(s.sample_chance())
        return s.to_json()

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)


def test_selfplay_seed_matches_the_engine_protocol(cli):
    """new_initial_state(seed) + sample_chance() deals what the engine's `new` with that seed deals."""
    import json
    import subprocess
    game = mazeworks.load_game("treasure-hunt")
    s = game.new_initial_state(7)
    while s.is_chance_node():
        s.apply_action(s.sample_chance())
    out = subprocess.run([cli, "engine"], input='{"id":1,"request":"new","game":"treasure-hunt","seed":7}\n',
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out.splitlines()[0])["document"] == s.to_dict()


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_evaluate_estimates_each_seats_return_and_is_exact_at_the_end(game_id):
    game = mazeworks.load_game(game_id)
    n = game.num_players()
    for state in random_positions(game, 60, seed=11):
        before = state.to_json()
        values = state.evaluate()
        assert len(values) == n and all(-1.0 <= v <= 1.0 for v in values), values
        assert state.to_json() == before
    end = game.new_initial_state(5)
    play_randomly(end, random.Random(5))
    assert end.is_terminal() and end.evaluate() == end.returns()
