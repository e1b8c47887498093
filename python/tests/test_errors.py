"""Engine errors arrive as Python exceptions with the engine's message; nothing changes."""
import mazeworks
import pytest

from conftest import ALL_GAMES, decision_positions

ERROR_CLASSES = {
    "bad_request": mazeworks.BadRequestError,
    "parse_error": mazeworks.ParseError,
    "illegal_action": mazeworks.IllegalActionError,
    "unknown_game": mazeworks.UnknownGameError,
    "bad_option": mazeworks.BadOptionError,
    "bad_state": mazeworks.BadStateError,
    "bad_record": mazeworks.BadRecordError,
    "unknown_agent": mazeworks.UnknownAgentError,
    "io_error": mazeworks.EngineIoError,
    "internal": mazeworks.InternalError,
}


def test_hierarchy_and_codes():
    for code, cls in ERROR_CLASSES.items():
        assert issubclass(cls, mazeworks.MazeworksError)
        assert cls.code == code
        assert cls.__module__ == "mazeworks"
    assert issubclass(mazeworks.IllegalActionError, ValueError)
    assert issubclass(mazeworks.MazeworksError, Exception)


def test_unknown_game_lists_the_known_ids():
    with pytest.raises(mazeworks.UnknownGameError, match="treasure-hunt") as err:
        mazeworks.load_game("chess")
    assert err.value.code == "unknown_game"


def test_bad_options():
    with pytest.raises(mazeworks.BadOptionError, match="colour"):
        mazeworks.load_game("treasure-hunt", {"colour": "red"})
    with pytest.raises(mazeworks.BadOptionError):
        mazeworks.load_game("treasure-hunt", {"targetScore": "many"})
    with pytest.raises(mazeworks.BadRequestError, match="JSON"):
        mazeworks.load_game("treasure-hunt", "{not json")
    with pytest.raises(TypeError):
        mazeworks.load_game("treasure-hunt", {"deck": object()})


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_illegal_action_changes_nothing(game_id):
    game = mazeworks.load_game(game_id)
    for state in decision_positions(game, 5, seed=9):
        before = state.to_json()
        legal = set(state.legal_actions())
        bad = next(a for a in range(-3, 100_000) if a not in legal)
        with pytest.raises(mazeworks.IllegalActionError) as err:
            state.apply_action(bad)
        assert str(err.value)  # the engine's reason
        with pytest.raises(mazeworks.IllegalActionError):
            state.action_to_string(bad)
        assert state.to_json() == before


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_parse_errors_say_what_was_expected(game_id):
    state = decision_positions(mazeworks.load_game(game_id), 1, seed=10)[0]
    with pytest.raises(mazeworks.ParseError) as err:
        state.string_to_action("fly to the moon")
    assert len(str(err.value)) > 10


def test_apply_actions_is_all_or_none():
    state = decision_positions(mazeworks.load_game("treasure-hunt"), 1, seed=1)[0]
    before = state.to_json()
    with pytest.raises(mazeworks.IllegalActionError, match="2"):
        state.apply_actions([state.legal_actions()[0], -5])
    assert state.to_json() == before


def test_bad_observers_and_seats():
    state = mazeworks.load_game("pathfinder-barriers").new_initial_state()
    for call in (lambda: state.view(2), lambda: state.view(-1), lambda: state.view(-7),
                 lambda: state.information_state_key(mazeworks.SPECTATOR),
                 lambda: state.information_state_key(5),
                 lambda: state.resample(2, 0),
                 lambda: state.action_to_string(state.legal_actions()[0], observer=9),
                 lambda: state.render(3)):
        with pytest.raises(mazeworks.BadRequestError, match="expected a seat"):
            call()


def test_sample_chance_outside_a_chance_node():
    state = decision_positions(mazeworks.load_game("treasure-hunt"), 1, seed=2)[0]
    with pytest.raises(mazeworks.BadRequestError, match="not a chance node"):
        state.sample_chance()


def test_bad_documents():
    game = mazeworks.load_game("treasure-hunt")
    with pytest.raises(mazeworks.BadStateError):
        game.state_from_json({"phase": "flying"})
    with pytest.raises(mazeworks.BadStateError):
        game.state_from_json('{"game": "treasure-hunt", "state": {"phase": "swap"}}')
    with pytest.raises(mazeworks.BadRequestError):
        game.state_from_json("{")
    with pytest.raises(mazeworks.UnknownGameError):
        mazeworks.state_from_json({"game": "go", "options": {}, "state": {}})


def _nested_list(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def test_deeply_nested_values_are_refused_not_crashing():
    deep = _nested_list(50_000)
    with pytest.raises(mazeworks.BadRequestError, match="deeper than 64"):
        mazeworks.load_game("treasure-hunt", {"deck": deep})
    with pytest.raises(mazeworks.BadRequestError, match="deeper than 64"):
        mazeworks.state_from_json({"game": "treasure-hunt", "state": deep})
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(mazeworks.BadRequestError, match="deeper than 64"):
        mazeworks.state_from_json(text)
    with pytest.raises(mazeworks.BadRequestError, match="deeper than 64"):
        mazeworks.load_game("treasure-hunt", '{"deck": ' + text + "}")
    # A whole barrier grid typed as notation, nested 60,000 deep.
    state = mazeworks.load_game("pathfinder-barriers").new_initial_state()
    grid = '{"pawn": "E-5", "barriers": ' + "[" * 60_000 + "]" * 60_000 + "}"
    with pytest.raises(mazeworks.ParseError, match="deeper than 64"):
        state.string_to_actions(grid)


def test_huge_integers_are_an_option_error_not_a_cast_failure():
    with pytest.raises(mazeworks.BadOptionError):
        mazeworks.load_game("treasure-hunt", {"targetScore": 10**30})
    with pytest.raises(mazeworks.BadOptionError):
        mazeworks.load_game("treasure-hunt", {"targetScore": -(10**30)})


def test_legal_actions_of_a_seat_that_does_not_exist_is_an_error():
    state = mazeworks.load_game("treasure-hunt").new_initial_state()
    with pytest.raises(mazeworks.BadRequestError, match="not a seat"):
        state.legal_actions(5)
    with pytest.raises(mazeworks.BadRequestError, match="not a seat"):
        state.legal_actions(-1)


def test_an_agent_for_a_game_named_by_its_id():
    agent = mazeworks.agent("random", game="treasure-hunt")
    state = mazeworks.load_game("treasure-hunt").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert agent.step(state) in state.legal_actions()
    with pytest.raises(mazeworks.UnknownAgentError):
        mazeworks.agent("nope", game="treasure-hunt")
    with pytest.raises(mazeworks.UnknownGameError):
        mazeworks.agent("random", game="chess")
