"""The feature opponent model of a belief (ai/feature_model.py, model="features"): the counts
the games ship, the naive-Bayes score, the filter's scored update, and that a world is
weighed by the mover's hidden items in that world (not in the real state)."""
from __future__ import annotations

import math
import re

import pytest

from vsai.ai import make_agent
from vsai.ai.belief import FEATURES_TEMPERATURE, BeliefSettings, SeatBelief
from vsai.ai.feature_model import Counts, FeatureModel, feature_model, features, move_key
from vsai.core import load_game
from vsai.ext.belief import ParticleFilter
from test_ai_belief import assert_twins_alike
from test_ai_opponent_model import _decision


def _learned() -> Counts:
    """Counts where the key "play|Lava" came with the feature "hand|Lava" 9 times in 10 and
    "pass" with it 1 in 10."""
    counts = Counts()
    for i in range(10):
        counts.add("play|Lava", {"hand|Lava"} if i < 9 else {"hand|Wall"})
        counts.add("pass", {"hand|Lava"} if i < 1 else {"hand|Wall"})
    return counts


def test_a_hand_that_matches_the_learned_association_scores_higher():
    counts = _learned()
    holds, lacks = counts.log_ratio("play|Lava", {"hand|Lava"}, 2.0), counts.log_ratio("play|Lava", {"hand|Wall"}, 2.0)
    assert holds > 0.0 > lacks
    # an unknown key or feature says nothing
    assert counts.log_ratio("never seen", {"hand|Lava"}, 2.0) == pytest.approx(0.0, abs=0.05)
    assert counts.log_ratio("play|Lava", set(), 2.0) == 0.0


def test_counts_survive_their_json_form():
    counts = _learned()
    again = Counts.from_dict(counts.to_dict())
    assert again == counts
    assert again.log_ratio("pass", {"hand|Wall"}, 3.0) == counts.log_ratio("pass", {"hand|Wall"}, 3.0)


@pytest.mark.parametrize("players", [2, 4])
def test_vulcanus_ships_models_over_the_planned_slots(players):
    state = _decision("vulcanus", players, 3, 30)
    model = feature_model(state)
    assert model is not None and model.counts.decisions > 1000 and model.shrink > 0.0
    assert model.items is not None and model.items.search("slots deck A card")


def test_games_measured_unread_ship_no_feature_model():
    assert feature_model(_decision("vulcanus", 3, 3, 30)) is None   # none counted at 3 players
    assert feature_model(_decision("eruption", 2, 3, 30)) is None   # measured, read nothing


def test_a_game_without_a_feature_model_falls_back_to_the_evaluation_model():
    state = _decision("eruption", 3, 4, 30)
    assert feature_model(state) is None
    mover = state.current_player()
    seat = (mover + 1) % 3
    key = state.action_key(seat, state.legal_actions()[0])
    beliefs = []
    for model in ("eval", "features"):
        belief = SeatBelief(seat, state, 7, BeliefSettings(particles=12, temperature=0.05, model=model))
        belief.observe(state, mover, key)
        beliefs.append(belief.filter.worlds())
    assert beliefs[0] == beliefs[1]


def test_the_scored_update_is_the_floored_likelihood_ratio():
    """observe_scored multiplies world i's weight by (1 - floor) e^(score - top) + floor m / n."""
    state = _decision("vulcanus", 2, 5, 40)
    mover, seat = state.current_player(), 1 - state.current_player()
    worlds = [state] + [state.resample(seat, s) for s in range(5)]
    key = state.action_key(seat, state.legal_actions()[-1])
    scores = [0.0, -1.0, 0.5, -3.0, 0.25, 0.0]
    floor = 0.3
    shares = [sum(w.action_key(seat, a) == key for a in w.legal_actions()) / len(w.legal_actions())
              for w in worlds]
    top = max(s for s, m in zip(scores, shares) if m > 0)
    expected = [((1 - floor) * math.exp(s - top) + floor * m) if m > 0 else 0.0 for s, m in zip(scores, shares)]
    filt = ParticleFilter([w.clone() for w in worlds], seat, 3, floor=floor)
    assert filt.observe_scored(mover, key, scores) == sum(e > 0 for e in expected)
    total = sum(expected)
    assert [w for _, w in filt.indexed_worlds()] == pytest.approx([e / total for e in expected], rel=1e-9)


def test_each_world_is_weighed_by_its_own_hidden_items():
    """After an opponent's move, a world whose planned slots go with the move in the counts
    gains weight over one whose slots do not: the weights are the model's scores of each
    world's own items through the floored ratio. A model read from the real state (or from the
    seat's own view) would weigh the worlds alike: here they differ."""
    settings = BeliefSettings(particles=16, temperature=FEATURES_TEMPERATURE, floor=0.2, model="features")
    for seed in range(3, 12):
        state = _decision("vulcanus", 2, seed, 60)
        mover, seat = state.current_player(), 1 - state.current_player()
        worlds = [state] + [state.resample(seat, s) for s in range(settings.particles - 1)]
        model = feature_model(state)
        for action in state.legal_actions():
            key = state.action_key(seat, action)
            counted = move_key(state, seat, key)
            scores = [model.shrink * model.counts.log_ratio(counted, features(w, mover, seat, model.items),
                                                            model.prior) for w in worlds]
            if max(scores) - min(scores) < 0.05:
                continue
            belief = SeatBelief(seat, state, 11, settings)
            belief.filter.replace([w.clone() for w in worlds])
            belief.observe(None, mover, key)
            weights = [w for _, w in belief.filter.indexed_worlds()]
            best, worst = scores.index(max(scores)), scores.index(min(scores))
            assert weights[best] > weights[worst]
            assert features(worlds[best], mover, seat, model.items) != features(worlds[worst], mover, seat, model.items)
            return
    pytest.fail("no decision where the worlds' hidden items make a difference")


@pytest.mark.parametrize("seed", [4, 5, 7])
def test_features_read_only_the_named_items_and_parts_read_the_same(seed):
    state = _decision("vulcanus", 2, seed, 60)
    mover, seat = state.current_player(), 1 - state.current_player()
    every = features(state, mover, seat)
    slots = features(state, mover, seat, re.compile("slots"))
    assert slots and slots <= every and all(f.startswith("slots") for f in slots)
    # reading only the views' part that holds them gives the same features
    assert features(state, mover, seat, re.compile("slots"), ("slots",)) == slots
    assert feature_model(state).parts == ("slots",)


def test_features_is_an_option_of_the_belief_agents_with_its_own_temperature():
    game = load_game("vulcanus", players=2)
    agent = make_agent("ismcts", game, belief="on", model="features", iterations=20)
    assert agent.beliefs.settings.model == "features"
    assert agent.beliefs.settings.temperature == FEATURES_TEMPERATURE
    assert BeliefSettings.from_options({"model": "features", "temperature": 0.5}).temperature == 0.5


@pytest.mark.parametrize("players,seeds", [(2, range(2)), (4, range(1))])
def test_decisions_and_beliefs_with_the_feature_model_ignore_the_hidden_past(players, seeds):
    """Two histories the seat cannot tell apart (hidden draws edited) give a belief agent
    reading the opponents with the feature model the same beliefs and analysis (a model that
    read the real past or the real hands would fail it)."""
    assert_twins_alike(load_game("vulcanus", players=players), [("ismcts", {"model": "features"})], seeds)


def test_the_model_entry_reads_back():
    model = FeatureModel.from_dict({"items": "hand", "shrink": 0.5, "prior": 2.0, "coarse": True,
                                    "counts": _learned().to_dict()})
    assert model.items.pattern == "hand" and model.shrink == 0.5 and model.counts == _learned()
