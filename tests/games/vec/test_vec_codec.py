"""The tables of the VEC engine: action codec, JSON field names, observation segments, parameters."""
import importlib.resources

import pytest

from vsai.core.registry import load_game
from vsai.ext.vec import engine
from vsai.ext.vec.spec import SPEC
from vec_helpers import build, act, setup_state

OLD_NAMES = {"kbak", "ft", "lt", "smin", "smax", "ppts", "pcard", "bid_c", "bid_s", "bid_done",
             "tok", "mv_tok", "qlen", "obj_loc", "place_idx", "act_idx", "cur", "n"}


def test_action_ids_decode_and_encode_back():
    families = engine._FAMILIES
    assert families[0][1] == 0
    for (name, first, *_), nxt in zip(families, families[1:] + ((None, engine.NUM_DISTINCT_ACTIONS),)):
        assert first + engine.FAMILY_SIZE[name] == nxt[1]
    for a in range(engine.NUM_DISTINCT_ACTIONS):
        name, values = engine.decode(a)
        assert engine.encode(name, **values) == a
    for a in range(engine.MAX_CHANCE_OUTCOMES):
        name, values = engine.decode(a, engine._CHANCE_FAMILIES)
        assert engine.encode(name, engine._CHANCE_FAMILIES, **values) == a
    with pytest.raises(ValueError):
        engine.decode(engine.NUM_DISTINCT_ACTIONS)


def test_saved_ids_are_unchanged():
    """Ids of records saved before the codec table: the same moves, the same ids."""
    assert engine.encode("idea", card=3, ink=7) == 3 * 25 + 7
    assert engine.encode("done") == 1404
    assert engine.encode("bid", exchanges=2, ink=3, special=1) == 1621 + 2 * 125 + 3 * 5 + 1
    assert engine.encode("deck", color=5) == 2467
    assert engine.encode("tokens", exchanges=1, special=2) == 2469 + 5 + 2
    assert engine.encode("replace", position=3) == 2501 == engine.NUM_DISTINCT_ACTIONS - 1
    assert engine.encode("first", engine._CHANCE_FAMILIES, seat=3) == 69


def test_texts_come_from_the_table():
    state = build(2, up={0: [1], 1: [18, 4]}, card_quills={1: 1}, card_quill_owner={1: 0},
                  stage=9, to_act=0, first_player=0, activation_index=0,
                  player_ink=[5, 4, 0, 0], player_special_ink=[1, 1, 0, 0], objectives=[0, 1])
    act(state, "activate red Vampire Comedy")
    act(state, "compare with red Elf Adventure")
    act(state, "no more special points")
    for a, text in zip(state.legal_actions(), state.legal_action_strings()):
        name, v = engine.decode(a)
        assert name == "bid"
        prefix = f"exchange {4 * v['exchanges']} ink for {v['exchanges']} special, " if v["exchanges"] else ""
        assert text == f"{prefix}bid {v['ink']} ink {v['special']} special"


def test_max_branching_comes_from_the_codec():
    assert engine.MAX_BRANCHING == engine.FAMILY_SIZE["bid"] == 625
    assert SPEC.max_branching == engine.MAX_BRANCHING


def test_parameters_come_from_the_engine():
    params = {p.name: p for p in SPEC.params}
    assert (params["players"].minimum, params["players"].maximum) == (engine.MIN_PLAYERS, engine.MAX_PLAYERS)
    assert params["turn_cap"].default == engine.DEFAULT_TURN_CAP
    assert params["turn_cap"].maximum == engine.MAX_TURN_CAP
    for players in (engine.MIN_PLAYERS - 1, engine.MAX_PLAYERS + 1):
        with pytest.raises(ValueError):
            engine.VecState(players=players)
    with pytest.raises(ValueError):
        engine.VecState(players=2, turn_cap=engine.MAX_TURN_CAP + 1)
    engine.VecState(players=engine.MAX_PLAYERS, turn_cap=engine.MAX_TURN_CAP)


def test_observation_segments_add_up():
    assert engine.OBSERVATION_SIZE == sum(size for _, size in engine._OBS_SEGMENTS) == 1240
    assert SPEC.observation_size == engine.OBSERVATION_SIZE
    state = setup_state(3, seed=2)
    assert all(len(state.observation_tensor(p)) == engine.OBSERVATION_SIZE for p in range(3))


def test_json_names_are_readable_and_documented():
    state = setup_state(2, seed=4)
    names = list(engine.JSON_FIELDS.names)
    assert list(state.to_dict()) == names
    assert not OLD_NAMES & set(names)
    rules = importlib.resources.files("vsai.ext.vec").joinpath("rules.md").read_text()
    section = rules.split("## JSON format", 1)[1].split("\n## ", 1)[0]
    assert engine.JSON_FIELDS.markdown() in section      # ranges and meanings too


def test_sealed_bids_in_json():
    """A sealed bid: participants, how many bid, the bid's amounts; revealed only at the end."""
    state = build(2, up={0: [1], 1: [18, 4]}, card_quills={1: 1}, card_quill_owner={1: 0},
                  stage=9, to_act=0, first_player=0, activation_index=0,
                  player_ink=[5, 4, 0, 0], player_special_ink=[1, 1, 0, 0], objectives=[0, 1])
    for text in ("activate red Vampire Comedy", "compare with red Elf Adventure",
                 "no more special points", "bid 3 ink 1 special"):
        act(state, text)
    d = state.to_dict()
    assert (d["participants"], d["participant"][:2], d["bids_made"], d["bids_revealed"]) == (2, [0, 1], 1, 0)
    assert (d["bid_ink"][0], d["bid_special_ink"][0]) == (3, 1)
    game = load_game("vec", players=2)
    assert game.state_from_json(state.to_json()) == state
    act(state, "bid 2 ink 0 special")
    d = state.to_dict()
    assert (d["bids_made"], d["bids_revealed"], d["bid_ink"][:2]) == (2, 1, [3, 2])
