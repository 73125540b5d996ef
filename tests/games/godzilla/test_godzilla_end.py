"""The Kaiju's return round, scoring, the Oxygen Destroyer and the tie rule."""
import pytest

from godzilla_helpers import SQ, advance, edit, field, new, play, roll, stage


def test_return_round_is_an_omen_and_an_execution_then_press_cards():
    state = new(turn_cap=1)            # one round, then the return round (X5 cap)
    # round 1 ends; the return round has an omen and an execution only (G16)
    seen = []
    while not state.is_terminal() and stage(state) != "press cards at scoring":
        seen.append(stage(state))
        state.apply_action(state.legal_actions()[0])
    assert field(state, "round") == 2
    assert "planning" in seen and seen.count("omen") == 2 and seen.count("planning") == 1
    # G12: Shibaura to Tokyo Bay is 2 roads: 2 Press cards
    assert field(state, "press_cards_won") == 2


def test_return_distance_uses_any_road_and_destroys_nothing():
    state = new(turn_cap=1)
    while field(state, "round") == 1:
        state.apply_action(state.legal_actions()[0])
    assert stage(state) == "omen"
    state = edit(state, kaiju_square=SQ["Tokyo Home"], evacuees={SQ["Ikebukuro"] * 4: 0},
                 bag={0: field(state, "bag")[0] + field(state, "evacuees")[SQ["Ikebukuro"] * 4]},
                 press_pieces={SQ["Ikebukuro"]: 0}, kaiju_screen_press=1)
    play(state, "end omen")
    roll(state, 1, 3, 5)
    # Tokyo Home (0,0) to Tokyo Bay (4,3): 7 roads
    assert field(state, "press_cards_won") == 7 and field(state, "kaiju_square") == SQ["Tokyo Home"]
    assert stage(state) == "press cards at scoring"


def test_press_cards_are_turned_over_at_scoring_with_deck_odds():
    state = new(turn_cap=1)
    advance(state, "press cards at scoring")
    assert state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    play(state, "press card kind 3")
    assert state.chance_outcomes()[2] == (2, pytest.approx(2 / 23))
    play(state, "press card kind 3")
    assert state.is_terminal() and field(state, "press_cards_seen_by_kind")[2] == 2


def _final(press_kinds, h_evac=0, k_landmark=0, k_other=0, press_piece_saved=True):
    """A finished game: the humans evacuated `h_evac` Tokyo evacuees, the Kaiju destroyed
    `k_landmark` landmarks and `k_other` Tokyo evacuees; press cards of the given kinds."""
    state = new(turn_cap=1)
    advance(state, "press cards at scoring")
    d = state.to_dict()
    on_map = [s for s in range(20) if d["evacuees"][s * 4]]
    lm = {s: 0 for s in (SQ["Ueno"], SQ["Radio Tower"], SQ["Kasumigaseki"], SQ["Ginza"],
                         SQ["Kachidoki"])[:k_landmark]}
    evac = {s: 0 for s in on_map}
    for c in range(1, 4):
        for s in range(20):
            if d["evacuees"][s * 4 + c]:
                evac[s * 4 + c] = 0
    bag = [10 - (h_evac + k_other), 10, 10, 10]
    taken = min(k_landmark, 3)
    kinds = [0] * 8
    for k in press_kinds:
        kinds[k] += 1
    fields = dict(stage=21, evacuees={s * 4: 0 for s in on_map} | {k: 0 for k in evac if k % 4}, bag=bag,
                  human_screen_evacuees=[h_evac, 0, 0, 0], kaiju_screen_evacuees=[k_other, 0, 0, 0], landmarks=lm,
                  kaiju_screen_landmarks=k_landmark, awakening_dice=3 - taken, kaiju_dice=3 + taken,
                  awakening_rerolls=2 - (k_landmark - taken), kaiju_rerolls=1 + (k_landmark - taken),
                  press_cards_won=len(press_kinds), press_cards_seen=len(press_kinds), press_cards_seen_by_kind=kinds,
                  press_deck=[3 - k for k in kinds], press_pieces={s: 0 for s in range(20)},
                  kaiju_screen_press=0 if press_piece_saved else 1, human_screen_press=1 if press_piece_saved else 0,
                  kaiju_screen_route_tiles=[0] * 4, route_pile=[9 - sum(1 for r in d["road_tiles"] if r == k + 1) - d["route_stock"][k]
                                         for k in range(4)])
    return edit(state, **fields)


def test_scores_landmarks_two_others_one_press_kinds():
    state = _final([0, 1, 1], h_evac=3, k_landmark=2, k_other=1)
    # Kaiju 2 x 2 + 1 = 5; humans 3 evacuees + 1 press piece + 2 kinds = 6
    assert state.scores() == [5, 6]
    assert state.returns() == [0.0, 1.0]


def test_oxygen_destroyer_scores_twenty():
    state = _final(list(range(8)), h_evac=0, k_landmark=5, k_other=2)
    assert state.scores() == [12, 21]
    assert state.returns() == [0.0, 1.0]


def test_a_tie_goes_to_the_kaiju_without_the_oxygen_destroyer():
    state = _final([0], h_evac=2, k_landmark=2, k_other=0)
    assert state.scores() == [4, 4] and state.returns() == [1.0, 0.0]


def test_a_tie_goes_to_the_humans_with_the_oxygen_destroyer():
    tie = _final(list(range(8)), h_evac=0, k_landmark=5, k_other=9, press_piece_saved=False)
    assert tie.scores() == [20, 20] and tie.returns() == [0.0, 1.0]


def test_team_returns_are_shared():
    state = _final([0, 1, 1], h_evac=3, k_landmark=2, k_other=1)
    import json
    from vsai.core.registry import load_game
    data = json.loads(state.to_json())
    data["params"]["players"] = 4
    data["state"]["players"] = 4
    four = load_game("godzilla", **data["params"]).state_from_json(json.dumps(data))
    assert four.returns() == pytest.approx([0.0, 1 / 3, 1 / 3, 1 / 3])
