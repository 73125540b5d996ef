"""VEC's renderer hooks (issue 15): the board from the seat's view within 80 columns, card
actions and strengths, the confrontation line, move details and groups, scoring."""
from __future__ import annotations

import random
import re

from vsai.core.registry import load_game
from vsai.ext.vec import render
from vec_helpers import act, build, random_step


def _lines(text) -> list[str]:
    return text.plain.split("\n")


def test_every_line_fits_80_columns_and_moves_have_details_and_groups():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = load_game("vec", players=players).new_initial_state()
        rng = random.Random(seed)
        last, stages = None, set()
        for step in range(2500):
            if state.is_terminal():
                break
            stage = state.to_dict()["stage"]
            if step % 7 == 0 or stage not in stages:
                # every seat's board at each stage's first state, then one seat's in turn every
                # 7th state (every seat's until 2026-12-02): every stage drawn for every seat
                seats = range(players) if stage not in stages else [(step // 7) % players]
                stages.add(stage)
                for seat in seats:
                    assert all(len(line) <= 80 for line in _lines(render.board(state, seat, True, last)))
                if state.is_player_node():
                    for a in state.legal_actions()[:30]:
                        assert len(render.move_detail(state, a)) < 60
                        assert 0 < len(render.move_group(state, a)) < 60
            if state.is_chance_node():
                random_step(state, rng)
                last = None
            else:
                last = rng.choice(state.legal_actions())
                state.apply_action(last)
        for seat in range(players):
            assert all(len(line) <= 80 for line in _lines(render.score_breakdown(state, seat)))


def test_board_shows_card_actions_strengths_and_the_confrontation():
    state = build(2, up={0: [1, 20], 1: [7]}, card_quills={1: 1}, card_quill_owner={1: 0},
                  stage=9, to_act=0, first_player=0, activation_index=0, objectives=[0, 1])
    board = render.board(state, 1, True).plain
    assert "red Vampire Comedy (Compare, str 1) P1 quill" in board
    act(state, "activate red Vampire Comedy")
    while state.to_dict()["stage"] == 10:
        act(state, "no more special points")
    act(state, "compare with green Vampire Comedy")
    while state.to_dict()["stage"] == 10:
        act(state, "no more special points")
    act(state, "bid 2 ink 0 special")
    assert "committed a sealed bid" in render.board(state, 1, True).plain
    assert "bid 2 ink + 0 special (sealed)" in render.board(state, 0, True).plain
    act(state, "bid 1 ink 0 special")
    board = render.board(state, 1, True).plain
    assert "=> P1 0+0sp" not in board and "P1 2+0sp = " in board and "P2 1+0sp = " in board
    assert "wins by" in board or "tie" in board


def test_last_move_is_marked_and_hidden_cards_are_not_named():
    state = load_game("vec", players=2).new_initial_state()
    rng = random.Random(9)
    while not state.is_player_node() or state.to_dict()["stage"] != 7:
        random_step(state, rng)
    move = next(a for a in state.legal_actions() if "with 0 ink" in state.action_to_string(a))
    state.apply_action(move)
    assert "<- last move" in render.board(state, 0, True, move).plain
    from vsai.ext.vec.engine import card_name
    checked = 0
    while not state.is_terminal() and checked < 30:
        d = state.to_dict()
        secret = [c for c in range(54) if d["card_location"][c] in (4, 12, 13)
                  and not d["card_known_by"][c] & 1]
        if secret:
            board = render.board(state, 0, True).plain
            assert not any(card_name(c) in board for c in secret)
            checked += 1
        random_step(state, rng)
    assert checked


def test_score_breakdown_lists_each_objective_and_its_points():
    state = build(2, stage=25, objectives=[0, 3], novel=[(0, {0: 1}), None, None, None],
                  special_ink_in_box=[1, 2, 0, 0], player_special_ink=[2, 2, 0, 0])
    text = " ".join(render.score_breakdown(state, 0).plain.split())  # as read, whatever the wrap
    assert "P1: objective #1 Vampire: red blue green purple" in text
    assert "color in its position, own special ink 4, type 1 = 5" in text
    assert "total 5 VP" in text and "P2: objective #4" in text
    assert "objective hidden" not in text
    playing = build(2, stage=7, to_act=0, objectives=[0, 3], placement_index=0,
                    ideas=[10, 11, 12, 13])
    assert "P2: objective hidden" in render.score_breakdown(playing, 0).plain


def test_hidden_move_texts():
    assert render.hidden_move_text(1, "bid 2 ink 0 special") == "a sealed bid"
    assert render.hidden_move_text(1, "exchange 4 ink for 1 special, add 2 special ink") == "add 2 special ink"
    assert render.hidden_move_text(-1, "draw red Vampire Adventure") == "draw a card"


# ---------------------------------------------------------------- compact and spectator boards
def _states(players: int, seed: int, every: int):
    """Every `every`-th position of a random game (chance drawn by its probabilities)."""
    state = load_game("vec", players=players).new_initial_state()
    rng = random.Random(seed)
    for step in range(3000):
        if state.is_terminal():
            break
        if step % every == 0:
            yield state.clone()
        if state.is_chance_node():
            random_step(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


def _first_decision(players: int, seed: int = 1):
    """The first seat's first choice of a starting deck: the others may have kept a card."""
    state = load_game("vec", players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or state.current_player() != 0:
        if state.is_chance_node():
            random_step(state, rng)
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_the_compact_board_is_short_and_puts_the_seats_own_facts_first():
    for players in (2, 4):
        state = _first_decision(players)
        lines = _lines(render.board(state, 0, True, compact=True))
        # the status, your objective and ink, the others' bid worth, one line for all the
        # others' kept cards (seat 0 has kept none yet)
        kept = sum(1 for display in state.view(0)["board"]["displays"] if display["face_up"])
        assert len(lines) == 3 + (1 if kept else 0), lines
        assert lines[0].startswith(f"VEC {players}p, turn 1/30") and lines[1].startswith("P1 (you): ")
        assert lines[2].startswith("Others' ink in a bid (ink 1, special 3): P2 9")
        assert len(lines) < len(_lines(render.board(state, 0, True)))
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        for state in _states(players, seed, 37):
            for seat in range(players):
                compact = _lines(render.board(state, seat, True, compact=True))
                assert all(len(line) <= 76 for line in compact), compact
                full = _lines(render.board(state, seat, True))
                assert len(compact) <= len(full)


def _sealed_bid_state():
    """A 3-player game stopped where a bid is sealed and not yet shown."""
    for seed in range(50):
        state = load_game("vec", players=3).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                random_step(state, rng)
                continue
            test = state.view(None)["board"]["strength_test"]
            if test and any(part["sealed"] for part in test["participants"]):
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no sealed bid in 50 games")


def test_a_spectator_board_shows_every_seats_secrets_under_its_seat():
    state = _sealed_bid_state()
    board = " ".join(render.board(state, None, True, everything=True).plain.split())  # unwrapped
    for q in range(3):
        own = state.view(q)["board"]
        mine = own["seats"][q]
        objective = render._objective(mine["objective"])
        assert f"P{q + 1}: objective {objective}; {mine['ink']} ink, {mine['special_ink']} special ink" in board
        for card in own["displays"][q]["face_down"]:
            assert card["name"] in board.split(f"P{q + 1} display")[1].split(" display")[0]
    bidder = next(p for p in state.view(None)["board"]["strength_test"]["participants"] if p["sealed"])
    sealed = next(p for p in state.view(bidder["seat"])["board"]["strength_test"]["participants"]
                  if p["seat"] == bidder["seat"])
    assert f"bid {sealed['bid_ink']} ink + {sealed['bid_special_ink']} special (sealed)" in board
    assert "hidden" not in board and "unseen" not in board and "committed a sealed bid" not in board
    # and the spectator drawing is the one `vsai play` and `vsai replay` use
    from vsai.ext.ui.render import spectator_board
    from rich.console import Console
    console = Console(width=80, record=True, color_system=None)
    console.print(spectator_board(state, True))
    assert "P1 display (" in console.export_text()


def test_a_seats_board_is_the_same_in_every_world_it_cannot_tell_apart():
    """Fair play: a seat's board (full or compact) depends only on what the seat knows, so
    resampling the others' secrets never changes it; a spectator's board shows them, so
    it does change (the worlds differ)."""
    changed = worlds = 0
    for players, seed in ((2, 7), (4, 8)):
        for state in _states(players, seed, 43):
            spectator = render.board(state, None, True, everything=True).plain
            for seat in range(players):
                other = state.resample(seat, seed)
                for compact in (False, True):
                    assert (render.board(other, seat, True, compact=compact).plain
                            == render.board(state, seat, True, compact=compact).plain)
                changed += render.board(other, None, True, everything=True).plain != spectator
                worlds += 1
    assert changed > worlds // 2, (changed, worlds)


def test_watching_vec_draws_the_board_with_every_seats_secrets():
    from click.testing import CliRunner
    from vsai.cli.main import cli
    result = CliRunner().invoke(cli, ["play", "vec", "--humans", "0", "--ai", "random", "--seed", "3",
                                      "--option", "turn_cap=2"])
    assert result.exit_code == 0, result.output
    watched = result.output.split("Result:")[0]
    assert "P1 display (" in watched and "NOVEL:" in watched     # the drawn board
    assert "objective hidden" not in watched and "unseen" not in watched


def test_the_compact_board_names_the_others_displays_in_one_line_and_the_ideas_without_actions():
    """What keeps VEC's compact board within 80x24 at 4 players: one line for all the other
    displays (their cards by name, else counts), the ideas by name and quills (a quill's group
    of moves names the idea's action), the points left on the outcome's line."""
    seen_ideas = seen_counts = seen_points = False
    for state in _states(4, 6, 11):
        view = state.view(0)["board"]
        compact = _lines(render.board(state, 0, True, compact=True))
        others = [line for line in compact if re.match(r"P[234] (up:|\d+ up)", line)]
        assert len(others) <= 1 and all(len(line) <= 76 for line in others), compact
        seen_counts = seen_counts or any(" up, " in line and "up:" not in line for line in others)
        ideas = next((line for line in compact if line.startswith("Ideas: ")), "")
        for card in view["ideas"]:
            assert f"{card['name']} ({card['action']})" not in ideas, ideas
        seen_ideas = seen_ideas or bool(view["ideas"])
        test = view["strength_test"]
        if test and test.get("outcome") and test["active"] and test["points_left"]:
            seen_points = True
            assert not any(line.strip().startswith("points left") for line in compact), compact
    assert seen_ideas and seen_counts and seen_points
    state = next(s for s in _states(4, 6, 1) if not s.is_chance_node()
                 and any(s.action_info(a)["kind"] == "quill_on_idea" for a in s.legal_actions()))
    quill = next(a for a in state.legal_actions() if state.action_info(a)["kind"] == "quill_on_idea")
    card = state.action_info(quill)["card"]
    assert render.move_group(state, quill) == f"idea {card['name']} ({card['action']})"


def test_the_compact_board_drops_what_a_strength_test_does_not_need():
    """During a strength test no Ideas line (no move in it takes an idea) and each bid only on
    the confrontation line; a long face-down pile of your own counted by type."""
    seen_test = seen_outcome = seen_pile = False
    for players, seed in ((4, 6), (4, 2)):
        for state in _states(players, seed, 5):
            test = state.view(0)["board"]["strength_test"]
            compact = _lines(render.board(state, 0, True, compact=True))
            if test and test["active"]:
                seen_test = True
                assert not any(line.startswith("Ideas: ") for line in compact), compact
                if test.get("outcome"):
                    seen_outcome = True
                    assert not any(line.startswith("  P") and " bid " in line for line in compact), compact
            own = [i for i, line in enumerate(compact) if line.startswith("P1 up: ")]
            if own:
                wrapped = 1 + sum(1 for line in compact[own[0] + 1:] if line.startswith("    "))
                assert wrapped <= 3 + 1, compact   # a long pile is counted: "down: 9 cards (...)"
                seen_pile = seen_pile or "down: " in compact[own[0]] and " cards (" in " ".join(compact[own[0]:])
    assert seen_test and seen_outcome and seen_pile


def test_hidden_facts_are_what_the_owner_sees_of_its_own_and_the_observer_does_not():
    """`hidden_facts` (what a belief is shown by): the objective, the ink, the face-down cards
    the observer cannot name (as many as it counts unseen), a sealed bid and the cards being
    drawn; at the end, when the objectives and ink are shown, only the face-down cards it
    never saw."""
    from seat_pairs import seat_pairs_in_random_games
    from vsai.ext.vec.render import hidden_facts
    checked = set()
    for state, owner, observer in seat_pairs_in_random_games("vec", (2, 3, 4), 1, 0.2):
        facts = hidden_facts(state, owner, observer)
        mine, theirs = state.view(owner)["board"], state.view(observer)["board"]
        who = mine["seats"][owner]["name"]
        objectives = [v for item, v in facts if item == f"{who}'s objective is"]
        assert len(objectives) == (mine["seats"][owner]["objective"] is not None)
        assert (f"{who} has", f"{mine['seats'][owner]['ink']} ink") in facts
        down = [v for item, v in facts if item == f"{who} keeps face down"]
        assert len(down) == len(theirs["displays"][owner]["face_down_unseen"])
        checked.update(item.split(" ", 1)[1] for item, _ in facts)
    assert {"objective is", "has", "keeps face down", "bid", "is drawing"} <= checked, checked
    rng = random.Random(4)
    state = load_game("vec", players=3).new_initial_state()
    while not state.is_terminal():
        random_step(state, rng)
    assert {item.split(" ", 1)[1] for o in (1, 2) for item, _ in hidden_facts(state, o, 0)} <= {"keeps face down"}
