"""The common keys of every game's view (docs/protocol.md, "The view")."""
from ai_toygame import toy_game


COMMON = {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal", "returns",
          "seats", "last_move", "board"}


def _bid_state():
    """The toy game after the deal, the prize and one bid by seat 0."""
    state = toy_game().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    bid = state.legal_actions()[-1]
    state.apply_action(bid)
    return state, bid


def test_the_base_view_has_the_common_keys():
    state, _ = _bid_state()
    view = state.view(1)
    assert set(view) == COMMON | {"observation"}
    assert set(state.view(None)) == COMMON
    assert view["seats"] == [{"seat": 0, "name": "P1", "side": None, "score": None},
                             {"seat": 1, "name": "P2", "side": None, "score": None}]
    assert view["to_play"] == 1 and view["returns"] is None and view["terminal"] is False


def test_the_last_move_shows_only_what_the_viewer_saw():
    state, bid = _bid_state()
    assert state.view(0)["last_move"] == {"seat": 0, "action": bid, "text": f"bid {bid}", "hidden": False}
    hidden = {"seat": 0, "action": None, "text": None, "hidden": True}
    assert state.view(1)["last_move"] == hidden
    assert state.view(None)["last_move"] == hidden


def test_a_chance_move_seen_by_all_is_public_and_clone_keeps_the_last_move():
    state = toy_game().new_initial_state()
    assert state.view(0)["last_move"] is None
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    prize = state.view(None)["last_move"]           # the prize card, shown to everyone
    assert prize["seat"] is None and prize["hidden"] is False and prize["text"].startswith("prize")
    assert state.clone().view(None)["last_move"] == prize


def test_a_deal_is_hidden_from_the_other_seat():
    state = toy_game().new_initial_state()
    state.apply_action(state.legal_actions()[0])    # the first card, to seat 0
    assert state.view(0)["last_move"]["hidden"] is False
    assert state.view(1)["last_move"]["hidden"] is True


def test_apply_actions_records_the_last_of_them():
    state = toy_game().new_initial_state()
    other = state.clone()
    first, second = state.legal_actions()[:2]
    state.apply_actions([first, second])
    assert state.view(0)["last_move"]["action"] is None         # the second card went to seat 1
    assert state.view(1)["last_move"]["action"] == second
    assert other.view(0)["last_move"] is None
