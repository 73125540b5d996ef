"""A redrawn world must not name the cards that another seat remembers (X4).

`card_known_before_draw` (a card some seat knew in its deck when a secret draw began) and
`lost_track_time` (a card some seat knew in its deck before someone kept one face down) are
memories of a card identity. When seat p cannot tell which card another seat r remembers (r
put it back from its own tray), `resample(p)` must not keep r's memory on the true card: that
would tell p's search which card r returned.
"""
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


def test_resampled_worlds_keep_the_memory_of_every_place():
    """What the others remember stays with the place: the multiset of memories per color is
    the same in every redrawn world, and every world loads back (consistent)."""
    for state, p, c in _cases(per_game=8):
        d = state.to_dict()
        game = load_game("vec", players=d["players"])
        for seed in range(3):
            other = state.resample(p, seed)
            w = other.to_dict()
            game.state_from_json(other.to_json())
            cards = _color_cards(c)
            assert sorted((d["card_location"][x], _memory(d, x, p)) for x in cards) == \
                sorted((w["card_location"][x], _memory(w, x, p)) for x in cards)
