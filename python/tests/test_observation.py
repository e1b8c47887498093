"""The numeric observation (core/observation.h): fixed shape, from the seat's view only."""
import math

import mazeworks
import pytest

from conftest import ALL_GAMES, TENSOR_GAMES, random_positions

SHAPES = {"treasure-hunt": [22, 5, 5], "pathfinder-barriers": [37, 6, 6]}


@pytest.mark.parametrize("game_id", TENSOR_GAMES)
def test_shape_and_range(game_id):
    game = mazeworks.load_game(game_id)
    assert game.has_observation_tensor()
    shape = game.observation_tensor_shape()
    assert shape == SHAPES[game_id]
    distinct = set()
    for state in random_positions(game, 40, seed=31):
        for p in range(game.num_players()):
            t = state.observation_tensor(p)
            assert len(t) == math.prod(shape)
            assert all(0.0 <= x <= 1.0 for x in t)
            distinct.add(tuple(t))
    assert len(distinct) > 20  # it follows the game


@pytest.mark.parametrize("game_id", TENSOR_GAMES)
def test_equal_information_state_equal_tensor(game_id):
    """Over resampled worlds (hidden data redrawn), equal keys give equal tensors."""
    game = mazeworks.load_game(game_id)
    for state in random_positions(game, 40, seed=32):
        for p in range(game.num_players()):
            t = state.observation_tensor(p)
            for seed in range(4):
                world = state.resample(p, seed)
                assert world.information_state_key(p) == state.information_state_key(p)
                assert world.observation_tensor(p) == t


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


@pytest.mark.parametrize("game_id", [g for g in ALL_GAMES if g not in TENSOR_GAMES])
def test_games_without_it_say_so(game_id):
    game = mazeworks.load_game(game_id)
    assert not game.has_observation_tensor()
    with pytest.raises(mazeworks.BadRequestError, match="no numeric observation"):
        game.observation_tensor_shape()
    with pytest.raises(mazeworks.BadRequestError, match="no numeric observation"):
        game.new_initial_state().observation_tensor(0)


def test_observer_must_be_a_seat():
    state = mazeworks.load_game("treasure-hunt").new_initial_state()
    with pytest.raises(mazeworks.BadRequestError, match="per seat"):
        state.observation_tensor(mazeworks.SPECTATOR)
