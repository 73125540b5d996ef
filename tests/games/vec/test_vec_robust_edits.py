"""Edited VEC states (issue 14): the loader refuses the edits the fuzzer found, or the state
it accepts survives resample, play and search (tests/robustness/state_fuzz.survive). One test per fix."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

import pytest

from vsai.core import load_game, state_from_json
from vsai.core.errors import InvalidStateError
from vec_helpers import random_step, setup_state
from state_fuzz import survive

TRAY = 4


def _played(players: int, seed: int, decisions: int):
    """The issue's positions: `decisions` random steps (chance by its probabilities)."""
    state = load_game("vec", players=players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def _edited(state, edit):
    doc = json.loads(state.to_json())
    edit(doc["state"])
    return json.dumps(doc)


def _refused_or_survives(text: str, seed: int = 0, play: bool = True) -> bool:
    """True when refused; else, with `play`, the state must survive everything (AssertionError
    if not). The loader's verdict is cheap, `survive` is not (resamples, searches, play-outs)."""
    try:
        state = state_from_json(text)
    except InvalidStateError:
        return True
    if play:
        survive(state, seed)
    return False


class _Sample:
    """Every `every`-th accepted edit is played out (`survive`): the loader judges every edit,
    and the accepted ones are alike (one kind of edit), so a spread sample of them shows that
    they are harmless at a fraction of the cost (survive is ~0.2 s CPU on VEC)."""

    def __init__(self, every: int):
        self.every, self.accepted, self.played = every, 0, 0

    def check(self, text: str, seed: int) -> bool:
        """True when refused; an accepted edit is played out when its turn in the sample comes."""
        turn = self.accepted % self.every == 0
        if _refused_or_survives(text, seed, play=turn):
            return True
        self.accepted += 1
        self.played += turn
        return False


def _walk(players: int, seed: int, steps: int = 400):
    state = load_game("vec", players=players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state.clone()
        random_step(state, rng)


def test_issue_special_ink_bound_above_the_ink_value_is_refused():
    """3 players, 96 random decisions from Random(46), special_ink_max[1] + 1: resample then
    gave negative cubes and a node without moves, and ismcts crashed the interpreter."""
    state = _played(3, 46, 96)
    text = _edited(state, lambda d: d["special_ink_max"].__setitem__(1, d["special_ink_max"][1] + 1))
    with pytest.raises(InvalidStateError, match="special ink bound"):
        state_from_json(text)
    survive(state, 35)                      # the position itself is fine


def test_issue_special_ink_bound_edit_cannot_crash_a_search():
    """The issue's crash, in a subprocess (a segfault must fail the test, not the run)."""
    script = textwrap.dedent("""
        import json, random
        from vsai.ai import make_agent
        from vsai.core import load_game, state_from_json
        from vsai.core.errors import InvalidStateError
        game = load_game("vec", players=3)
        state = game.new_initial_state()
        rng = random.Random(46)
        for _ in range(96):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        doc = json.loads(state.to_json())
        doc["state"]["special_ink_max"][1] += 1
        try:
            edited = state_from_json(json.dumps(doc))
        except InvalidStateError:
            edited = state
        for name, options in (("ismcts", {}), ("pimc", {}), ("ismcts", {"mode": "mo"})):
            make_agent(name, game, seed=35, iterations=64, **options).step(edited.resample(0, 2))
        print("ok")
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and "ok" in result.stdout, result.stderr[-2000:]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue_deck_card_moved_to_the_ideas_area_is_refused(players):
    """card_location[0] = 1 right after set-up: the resampled world showed another Ideas card."""
    for seed in range(6):
        state = setup_state(players, seed)
        if state.to_dict()["card_location"][0] != 0:
            continue
        text = _edited(state, lambda d: d["card_location"].__setitem__(0, 1))
        if state.to_dict()["card_known_by"][0] != (1 << players) - 1:
            with pytest.raises(InvalidStateError, match="who knows card 0"):
                state_from_json(text)
        else:
            _refused_or_survives(text, seed)


def test_issue_a_public_card_unknown_to_a_seat_is_refused():
    """A card's card_known_by from 7 to 0 (3 players, a face-up card): refused."""
    state = setup_state(3, 1)
    d = state.to_dict()
    card = next(c for c in range(54) if d["card_location"][c] == 1)      # an Ideas card
    assert d["card_known_by"][card] == 7
    for mask in (0, 3, 6):
        with pytest.raises(InvalidStateError, match=f"who knows card {card}"):
            state_from_json(_edited(state, lambda doc: doc["card_known_by"].__setitem__(card, mask)))


def test_issue_participants_edited_from_zero_are_refused_or_harmless():
    """participants 0 -> 2 wherever there are none: refused where a step reads them (Insert
    nomination), harmless elsewhere (a finished test's leftovers are never read)."""
    refused = checked = 0
    sample = _Sample(4)  # 31 edits, 3 refused: 7 of the 28 accepted are played out
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for k, state in enumerate(_walk(players, seed)):
            if k % 23 or state.to_dict()["participants"]:
                continue
            checked += 1
            refused += sample.check(_edited(state, lambda doc: doc.__setitem__("participants", 2)), k)
    assert checked > 8 and refused > 0 and sample.played >= 5


def test_issue_no_starting_draw_left_in_the_starting_draw_is_refused():
    """draws_left 1 -> 0 during the starting draw: the next draw wrote draws_left = -1."""
    state = load_game("vec", players=2).new_initial_state()
    rng = random.Random(3)
    while not (state.to_dict()["stage"] == 3 and state.to_dict()["draws_left"] == 1):
        random_step(state, rng)
    with pytest.raises(InvalidStateError, match="add up to 3 cards"):
        state_from_json(_edited(state, lambda d: d.__setitem__("draws_left", 0)))
    state.apply_action(state.legal_actions()[0])           # the last draw: 0 left, picking
    assert state.to_dict()["draws_left"] == 0
    state_from_json(state.to_json())


def test_issue_special_ink_moved_between_novel_positions_is_refused_or_harmless():
    """A token moved from one NOVEL position to another: refused on an empty position or
    beside another seat's special ink; otherwise the state plays on consistently."""
    checked = refused = 0
    # Only the 4-player game holds special ink on the NOVEL: 264 edits, 172 refused; every
    # 8th of the 92 accepted is played out (12), in the positions from k=555 to the end.
    sample = _Sample(8)
    for players, seed in ((2, 4), (3, 5), (4, 6), (2, 7), (3, 8)):
        for k, state in enumerate(_walk(players, seed, 3000)):
            if k % 5:
                continue
            tokens = state.to_dict()["novel_special_ink"]
            if not any(tokens):
                continue
            i = next(i for i, t in enumerate(tokens) if t)
            for j in range(i % 4, 16, 4):
                if j == i:
                    continue

                def move(doc, i=i, j=j):
                    doc["novel_special_ink"][i] -= 1
                    doc["novel_special_ink"][j] += 1
                checked += 1
                refused += sample.check(_edited(state, move), k)
    assert checked > 10 and refused > 0 and sample.played >= 10


def test_empty_novel_position_with_special_ink_is_refused():
    state = setup_state(2, 0)
    with pytest.raises(InvalidStateError, match="NOVEL position 1"):
        state_from_json(_edited(state, lambda d: d["novel_special_ink"].__setitem__(0, 1)))


def test_cards_being_drawn_are_known_to_the_drawer_alone():
    state = load_game("vec", players=3).new_initial_state()
    rng = random.Random(5)
    while TRAY not in state.to_dict()["card_location"]:
        random_step(state, rng)
    d = state.to_dict()
    card = d["card_location"].index(TRAY)
    with pytest.raises(InvalidStateError, match=f"who knows card {card}"):
        state_from_json(_edited(state, lambda doc: doc["card_known_by"].__setitem__(card, 7)))


def test_phase_two_steps_name_the_activations_player():
    """stage 7 -> 14 (Research: deck) without a card acting: refused (it wrote an
    activation_index of 9)."""
    state = setup_state(3, 2)
    with pytest.raises(InvalidStateError):
        state_from_json(_edited(state, lambda d: d.__setitem__("stage", 14)))


def test_every_state_of_random_games_loads_back():
    """The engine never writes a state its loader refuses (the checks are not too strict), and
    every state, the final one included, comes back equal from its JSON."""
    # five whole games, every state of each (until 2026-12-02 test_vec_invariants.py walked
    # nine more games the same way: a third of the cost, the same checks, every player count)
    for players, seed in ((2, 11), (2, 15), (3, 12), (4, 13), (4, 14)):
        state = load_game("vec", players=players).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state_from_json(state.to_json()) == state
            random_step(state, rng)
        assert state_from_json(state.to_json()) == state


def test_bad_arguments_raise_the_error_family():
    """Issue 14, section 4: the engine's own functions raise vsai's errors, never TypeError or
    OverflowError."""
    from vsai.core.errors import InvalidArgumentError, VsaiError
    from vsai.ext.vec.engine import VecState, card_info, card_name, decode, encode, objective_info
    state = setup_state(3, 0)
    before = state.clone()
    calls = [
        lambda: state.action_to_string(None), lambda: state.action_to_string(float("inf")),
        lambda: state.action_to_string(10**30), lambda: state.action_to_string(-1),
        lambda: state.action_to_string("x"), lambda: state.observation_string(None),
        lambda: state.observation_string(3), lambda: state.observation_tensor(-1),
        lambda: state.observation_tensor(2.0), lambda: state.load_dict([]),
        lambda: state.load_dict({1: 2}), lambda: state.load_dict({**state.to_dict(), "turn": 10**40}),
        lambda: state.load_dict({**state.to_dict(), "card_location": [None] * 54}),
        lambda: card_name(54), lambda: card_name("red"), lambda: card_info(None),
        lambda: objective_info(12), lambda: decode(10**9), lambda: decode(None),
        lambda: encode("bid", ink=1), lambda: encode("idea", card=1.5, ink=0),
        lambda: VecState(players=5), lambda: VecState(players="2"), lambda: VecState(turn_cap=10**30),
        lambda: state.view(5), lambda: state.view("P1"), lambda: state.action_info(None),
        lambda: state.action_info(10**40),
    ]
    for k, call in enumerate(calls):
        with pytest.raises(VsaiError):
            call()
    with pytest.raises(InvalidArgumentError):
        state.action_to_string(None)
    assert state == before


def test_resampled_worlds_load_back():
    """resample writes only states the loader accepts."""
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        for k, state in enumerate(_walk(players, seed, 600)):
            if k % 9:
                continue
            for seat in range(players):
                world = state.resample(seat, k)
                assert state_from_json(world.to_json()) == world
