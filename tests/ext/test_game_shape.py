"""What every game shares: the common view keys, the JSON field table and its rules.md section,
and one error family for bad constructor values and bad saved states."""
from __future__ import annotations

import importlib
import json
import random

import pytest

from vsai.core.registry import get_spec, list_games, load_game
from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.fields import FieldTable, game_tables, with_table

GAMES = list_games()
COMMON = {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal", "returns",
          "seats", "last_move", "board"}


def _played(game_name: str, moves: int, seed: int = 3):
    state = load_game(game_name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_view_has_exactly_the_common_keys(game):
    state = _played(game, 40)
    for seat in [None, *range(state.num_players())]:
        view = state.view(seat)
        assert set(view) == COMMON | ({"observation"} if seat is not None else set()), game
        assert isinstance(view["phase"], str) and view["phase"]
        assert isinstance(view["round"], int) and isinstance(view["board"], dict)
        assert [s["seat"] for s in view["seats"]] == list(range(state.num_players()))
        for entry in view["seats"]:
            assert set(entry) == {"seat", "name", "side", "score"} and isinstance(entry["name"], str)
        assert set(view["last_move"]) == {"seat", "action", "text", "hidden"}
        json.dumps(view)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_at_the_end_has_the_returns(game):
    state = load_game(game).new_initial_state().random_playout(seed=5)
    view = state.view(None)
    assert view["terminal"] is True and view["returns"] == state.returns() and view["to_play"] is None


@pytest.mark.parametrize("game", GAMES)
def test_the_json_comes_from_a_field_table_documented_in_rules_md(game):
    engine = importlib.import_module(f"vsai.ext.{game}.engine")
    table = engine.JSON_FIELDS
    assert isinstance(table, FieldTable)
    state = _played(game, 30)
    body = json.loads(state.to_json())["state"]
    assert list(body)[:len(table.names)] == list(table.names)
    table.check({name: body[name] for name in table.names})
    path = game_tables()[game][1]
    text = path.read_text(encoding="utf-8")
    assert with_table(text, table) == text, f"{path} is stale: run python -m vsai.ext.fields"
    section = text[text.index("## JSON format"):]
    for extra in list(body)[len(table.names):]:      # a field the table cannot describe (a
        assert f"`{extra}`" in section, extra           # list of varying length): documented


@pytest.mark.parametrize("game", GAMES)
def test_bad_constructor_values_raise_invalid_argument(game):
    spec = get_spec(game)
    state_class = spec.state_class
    for param in spec.params:
        for bad in ("3", 2.5, None, [1]):
            with pytest.raises(InvalidArgumentError):
                state_class(**{param.name: bad})
        if param.maximum is not None:
            with pytest.raises(InvalidArgumentError):
                state_class(**{param.name: param.maximum + 1})


@pytest.mark.parametrize("game", GAMES)
def test_bad_saved_states_raise_invalid_state(game):
    g = load_game(game)
    envelope = json.loads(_played(game, 30).to_json())
    name = next(iter(envelope["state"]))
    for bad in ("x", -10**9, 10**9, None, [], {}):
        broken = json.loads(json.dumps(envelope))
        broken["state"][name] = bad
        with pytest.raises(InvalidStateError):
            g.state_from_json(json.dumps(broken))
    broken = json.loads(json.dumps(envelope))
    del broken["state"][name]
    with pytest.raises(InvalidStateError):
        g.state_from_json(json.dumps(broken))
