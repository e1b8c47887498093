"""The numeric observation (core/observation.h): fixed shape, from the seat's view only."""
import array
import math

import mazeworks
import pytest

from conftest import ALL_GAMES, random_positions

CARDS_LENGTH = 15 * 40 * 40 + 132
# (game, options, shape): the shape depends on the options only.
CASES = [
    ("treasure-hunt", {}, [22, 5, 5]),
    ("pathfinder-barriers", {}, [37, 6, 6]),
    ("mazemakers", {}, [53 + 21 * 2, 10, 10]),
    ("mazemakers", {"players": 3}, [53 + 21 * 3, 10, 10]),
    ("mazemakers", {"board": "noPentominos", "players": 4}, [53 + 21 * 4, 18, 18]),
    ("jokers-labyrinth", {}, [(22 + 2 * 2) * 81 + 108 * (8 + 2) + 26 * 2 + 47]),
    ("jokers-labyrinth", {"players": 4}, [(22 + 2 * 4) * 81 + 108 * (8 + 4) + 26 * 4 + 47]),
    ("pathfinder-cards", {}, [CARDS_LENGTH]),
]
IDS = [f"{g}{o or ''}" for g, o, _ in CASES]


def test_every_game_has_it():
    for game_id in ALL_GAMES:
        assert mazeworks.load_game(game_id).has_observation_tensor(), game_id


@pytest.mark.parametrize("game_id,options,shape", CASES, ids=IDS)
def test_shape_and_range(game_id, options, shape):
    game = mazeworks.load_game(game_id, options)
    assert game.has_observation_tensor()
    assert game.observation_tensor_shape() == shape
    distinct = set()
    for state in random_positions(game, 30, seed=31, stride=11):
        assert game.observation_tensor_shape() == shape
        for p in range(game.num_players()):
            packed = state.observation_tensor_bytes(p)  # the same floats (tested below), faster
            t = array.array("f", packed)
            assert len(t) == math.prod(shape)
            assert all(map(math.isfinite, t)) and min(t) >= 0.0 and max(t) <= 1.0
            distinct.add(packed)
    assert len(distinct) > 15  # it follows the game


@pytest.mark.parametrize("game_id,options,shape", CASES, ids=IDS)
def test_equal_information_state_equal_tensor(game_id, options, shape):
    """Over resampled worlds (hidden data redrawn), equal keys give equal tensors."""
    game = mazeworks.load_game(game_id, options)
    redrawn = 0
    # 60: the first positions of a Joker's Labyrinth game may hide nothing at all
    for state in random_positions(game, 60, seed=32, stride=13):
        for p in range(game.num_players()):
            t = state.observation_tensor_bytes(p)
            for seed in range(3):
                world = state.resample(p, seed)
                assert world.information_state_key(p) == state.information_state_key(p)
                assert world.observation_tensor_bytes(p) == t
                redrawn += world.to_json() != state.to_json()
    if not game.info()["perfect_information"]:
        assert redrawn > 0  # hidden data was redrawn, so the test can fail


def test_seats_see_the_board_from_their_own_side():
    game = mazeworks.load_game("treasure-hunt")
    state = next(s for s in random_positions(game, 20, seed=33) if s.current_player() >= 0)
    t0, t1 = state.observation_tensor(0), state.observation_tensor(1)
    cells = 25
    my_pawn, their_pawn = 8, 9
    assert t0[my_pawn * cells:(my_pawn + 1) * cells] == t1[their_pawn * cells:(their_pawn + 1) * cells]


def test_pathfinder_other_grid_is_blank_until_the_end():
    game = mazeworks.load_game("pathfinder-barriers")
    squares = 36
    for state in random_positions(game, 40, seed=34):
        for p in (0, 1):
            their_home = state.observation_tensor(p)[4 * squares:8 * squares]
            if not state.is_terminal():
                assert not any(their_home)


def test_mazemakers_pawn_planes_follow_the_view():
    """Seat block r (from plane 53, 21 planes each) holds seat (me + r)'s pawn in its first plane."""
    game = mazeworks.load_game("mazemakers", {"players": 3})
    cells = 100
    for state in random_positions(game, 20, seed=35, stride=40):
        for me in range(3):
            t = state.observation_tensor(me)
            view = state.view(me)
            for r in range(3):
                pawn = view["players"][(me + r) % 3]["pawn"]
                plane = t[(53 + 21 * r) * cells:(54 + 21 * r) * cells]
                if pawn is None or pawn == "start":
                    assert not any(plane)
                else:
                    col, row = ord(pawn[0]) - ord("a"), int(pawn[1:]) - 1
                    assert plane[row * 10 + col] == 1.0 and sum(plane) == 1.0


def test_cards_runner_board_is_blank_during_the_build():
    game = mazeworks.load_game("pathfinder-cards")
    board = 15 * 40 * 40
    for state in random_positions(game, 30, seed=36):
        for p in (0, 1):
            view = state.view(p)
            roles = view.get("roles")  # option roles: random by default, so either seat may run
            if view["phase"] == "build" and roles and roles["runner"] == view["observer"]:
                assert not any(state.observation_tensor(p)[:board])


def test_observer_must_be_a_seat():
    state = mazeworks.load_game("treasure-hunt").new_initial_state()
    with pytest.raises(mazeworks.BadRequestError, match="per seat"):
        state.observation_tensor(mazeworks.SPECTATOR)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_bytes_form_is_the_same_tensor_as_float32(game_id):
    game = mazeworks.load_game(game_id)
    for state in random_positions(game, 5, seed=37, stride=30):
        for p in range(game.num_players()):
            packed = array.array("f")
            packed.frombytes(state.observation_tensor_bytes(p))
            assert packed == array.array("f", state.observation_tensor(p))
    with pytest.raises(mazeworks.BadRequestError, match="per seat"):
        state.observation_tensor_bytes(mazeworks.OMNISCIENT)
