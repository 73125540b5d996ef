"""A redrawn world must not name the cards that another seat remembers (X4).

`card_known_before_draw` (a card some seat knew in its deck when a secret draw began) and
`lost_track_time` (a card some seat knew in its deck before someone kept one face down) are
memories of a card identity. When seat p cannot tell which card another seat r remembers (r
put it back from its own tray), `resample(p)` must not keep r's memory on the true card: that
would tell p's search which card r returned.
"""
import json
import random

from vsai.core.registry import load_game
from vec_helpers import random_step

NCARDS = 54


def _color_cards(c: int) -> list[int]:
    col = (c % 18) // 3
    return [18 * (i // 3) + 3 * col + i % 3 for i in range(9)]


def _memory(d: dict, c: int, p: int) -> tuple:
    """What the seats other than p remember of card c."""
    n = d["players"]
    return (d["card_known_before_draw"][c] & ~(1 << p),
            tuple(d["lost_track_time"][4 * c + r] for r in range(n) if r != p))


def _remembered(d: dict, c: int, p: int) -> bool:
    """Some seat other than p remembers card c."""
    kb, lt = _memory(d, c, p)
    return bool(kb) or any(lt)


def _cases(per_game: int = 25):
    """(state, p, c): c is a card p cannot place and has no memory of, which another seat
    remembers, among at least two cards of its color that p cannot place in a deck or tray,
    not all remembered alike.
    At most one case a position and `per_game` a game, spread over each game."""
    for n, seed in ((3, 11), (4, 13), (4, 14), (4, 16)):
        found = 0
        state = load_game("vec", players=n).new_initial_state()
        rng = random.Random(seed)
        for k in range(1200):
            if state.is_terminal() or found == per_game:
                break
            if k % 2 == 0:
                d = state.to_dict()
                for p in range(n):
                    for c in range(NCARDS):
                        unknown = [x for x in _color_cards(c)
                                   if not (d["card_known_by"][x] >> p) & 1 and d["card_location"][x] < 8]
                        if (c in unknown and len(unknown) >= 2 and _remembered(d, c, p)
                                and any(_memory(d, x, p) != _memory(d, c, p) for x in unknown)
                                and not (d["card_known_before_draw"][c] >> p) & 1
                                and not d["lost_track_time"][4 * c + p]):
                            found += 1
                            yield state, p, c
                            break
                    else:
                        continue
                    break
            random_step(state, rng)


def test_resample_does_not_keep_another_seats_memory_on_the_true_card():
    cases = stuck = 0
    for state, p, c in _cases():
        truth = _memory(state.to_dict(), c, p)
        worlds = [state.resample(p, seed).to_dict() for seed in range(8)]
        cases += 1
        stuck += all(_memory(w, c, p) == truth for w in worlds)
    assert cases > 20
    # a card whose place is redrawn carries the memory of where it lands
    assert stuck < cases // 4, (stuck, cases)


def test_resampled_worlds_keep_every_memory_and_every_place():
    """What the others remember is dealt over the places: per color, the multiset of memories
    and the multiset of places are those of the real game, and every world loads back."""
    for state, p, c in _cases(per_game=8):
        d = state.to_dict()
        game = load_game("vec", players=d["players"])
        unseen = [x for x in _color_cards(c) if not (d["card_known_by"][x] >> p) & 1]
        for seed in range(3):
            other = state.resample(p, seed)
            w = other.to_dict()
            game.state_from_json(other.to_json())
            assert [x for x in _color_cards(c) if not (w["card_known_by"][x] >> p) & 1] == unseen
            assert sorted(_memory(d, x, p) for x in unseen) == sorted(_memory(w, x, p) for x in unseen)
            assert sorted((d["card_location"][x], d["card_known_by"][x]) for x in unseen) == \
                sorted((w["card_location"][x], w["card_known_by"][x]) for x in unseen)


# ---- twins: two real games the seat cannot tell apart give the same redrawn worlds

L_DECK, L_TRAY, L_DOWN, RESEARCH_PICK = 0, 4, 12, 16


def _research_pick(n: int = 3):
    """A game at a secret Research draw (the drawer chooses among at least two cards, two more
    of that color in its deck), as JSON: the first found by random play from seed 1."""
    state = load_game("vec", players=n).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        d = state.to_dict()
        if d["stage"] == RESEARCH_PICK and d["turn"] > 0:
            col = d["deck_color"]
            if len(_at(d, col, L_TRAY)) >= 2 and len(_at(d, col, L_DECK)) >= 2:
                return state
        random_step(state, rng)
    raise AssertionError("no Research draw found")


def _at(d: dict, col: int, where: int) -> list[int]:
    return [x for x in range(NCARDS) if d["card_location"][x] == where and (x % 18) // 3 == col]


def _twins(state, p: int, s: int):
    """Two states of a secret draw by r that p cannot tell apart: seat s alone knew deck card
    f before the draw (it had put f back earlier); in one f is still in the deck, in the other
    r drew it (in place of tray card g). Who knows what follows the cards: in both, s's memory
    names f, and f is where the draw left it."""
    doc = json.loads(state.to_json())
    d = doc["state"]
    r, col = d["drawing_player"], d["deck_color"]
    f, g = _at(d, col, L_DECK)[0], _at(d, col, L_TRAY)[0]
    d["card_known_before_draw"][f] = 1 << s
    one = json.dumps(doc)
    for x, where in ((f, L_TRAY), (g, L_DECK)):
        d["card_location"][x] = where
        d["card_known_by"][x] = 1 << r if where == L_TRAY else 0
    game = load_game("vec", players=d["players"])
    return game.state_from_json(one), game.state_from_json(json.dumps(doc)), f, g


def _keep_down(state, card: int) -> None:
    """The drawer keeps `card` face down (p sees only that a card was kept face down)."""
    for a in state.legal_actions():
        after = state.clone()
        after.apply_action(a)
        d = after.to_dict()
        if d["card_location"][card] >= L_DOWN:
            state.apply_action(a)
            return
    raise AssertionError("the drawer cannot keep that card face down")


def _same_worlds(a, b, p: int) -> bool:
    return all(a.resample(p, seed).to_dict() == b.resample(p, seed).to_dict() for seed in range(6))


def test_worlds_do_not_tell_which_kind_of_place_carries_another_seats_memory():
    """Before the fix, s's memory stayed with the kind of place its card was at (the deck, the
    drawer's tray, then a face-down card), which p cannot see: the twins' worlds differed in
    every redraw."""
    real = _research_pick()
    d = real.to_dict()
    p, r = 0, d["drawing_player"]
    s = next(q for q in range(d["players"]) if q not in (p, r))
    a, b, f, g = _twins(real, p, s)
    assert a.observation_string(p) == b.observation_string(p)
    assert a.to_dict() != b.to_dict()
    assert _same_worlds(a, b, p)                # during the draw (s's kbak bit)
    _keep_down(a, g)                            # f stays in the deck
    _keep_down(b, f)                            # f goes face down
    assert a.observation_string(p) == b.observation_string(p)
    where = [x.to_dict()["card_location"][f] for x in (a, b)]
    assert where[0] == L_DECK and where[1] >= L_DOWN
    assert _same_worlds(a, b, p)                # after it (s's lost-track time)
    # and the memory is dealt: across redraws it lies in the deck and on the face-down card
    kinds = {x.resample(p, seed).to_dict()["card_location"][y] >= L_DOWN
             for x in (a, b) for seed in range(12) for y in range(NCARDS)
             if x.resample(p, seed).to_dict()["lost_track_time"][4 * y + s]
             and (y % 18) // 3 == d["deck_color"]
             and not (x.to_dict()["card_known_by"][y] >> p) & 1}
    assert kinds == {True, False}
