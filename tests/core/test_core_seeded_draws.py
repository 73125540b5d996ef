"""The match's seeded draws without numpy (core/seeded_draws.py) are numpy's, bit for bit, so
every save, record and fingerprint of earlier versions keeps its game; and a match plays its
chance without importing numpy."""
import random
import subprocess
import sys

import numpy as np
import pytest

from vsai.core.seeded_draws import Pcg64, choose_index, seed_words


def _entropies(count: int, rng: random.Random) -> list[list[int]]:
    """Seeds as matches use them ([seed, ply] and [seed, 1000 + seat]), with seeds of 0, of one
    32-bit word and of several."""
    fixed = [[0, 0], [0, 1], [2**32 - 1, 5], [2**32, 3], [2**64 + 7, 1000]]
    return fixed + [[rng.randrange(2 ** rng.choice([8, 32, 64, 80])), rng.randrange(3000)]
                    for _ in range(count)]


def test_seed_words_and_the_generator_are_numpys():
    rng = random.Random(1)
    for entropy in _entropies(300, rng):
        assert seed_words(entropy, 8) == [int(w) for w in np.random.SeedSequence(entropy).generate_state(8)]
        ours, theirs = Pcg64(entropy), np.random.default_rng(entropy)
        assert [ours.random() for _ in range(4)] == [theirs.random() for _ in range(4)], entropy


@pytest.mark.parametrize("kind", ["equal", "counts", "uneven"])
def test_a_chance_draw_is_numpys_choice(kind):
    """Equal chances (a shuffled deck), shares of counts (a bag of tiles) and uneven ones, over
    lengths on both sides of numpy's blocks of 8 and 128 values in its sum."""
    rng = random.Random(kind)
    for entropy in _entropies(600, rng):
        n = rng.choice([1, 2, 3, 7, 8, 9, 16, 17, 54, 129, 300])
        if kind == "equal":
            weights = [1 / n] * n
        elif kind == "counts":
            counts = [rng.randint(0, 4) for _ in range(n)]
            counts[rng.randrange(n)] += 1
            weights = [c / sum(counts) for c in counts]
        else:
            weights = [rng.random() ** 3 for _ in range(n)]
        probs = np.array(weights, dtype=float)
        assert choose_index(entropy, weights) == int(np.random.default_rng(entropy).choice(n, p=probs / probs.sum()))


def test_a_match_draws_its_chance_without_importing_numpy():
    """Nor does the play loop import it (with its explain and belief modules): every `vsai
    play` would pay about a third of a second more to start."""
    code = ("import sys\nimport vsai.cli.loop\nfrom vsai.core.match import Match\n"
            "from vsai.core.registry import load_game\n"
            "from vsai.core.registry import list_games\n"
            "for name in list_games():\n"
            "    m = Match(load_game(name), 3)\n    m.resolve_chance()\n"
            "    assert m.history, name\n"
            "assert 'numpy' not in sys.modules, 'numpy imported'\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
