"""Beliefs of worlds (ai/belief.py, ext/belief.pyx) and the search from them (belief=on)."""
from __future__ import annotations

import random

import pytest

from vsai.ai import make_agent
from vsai.ai.lab.arena import play_game
from vsai.ai.belief import BeliefSettings, SeatBelief
from vsai.core import load_game
from vsai.ext import search as kernel
from vsai.ext.errors import InvalidArgumentError

HIDDEN = [("vec", 2), ("vulcanus", 2), ("eruption", 3)]
# The last one reads the opponents with the search model (ai/opponent_model.py): its searches
# run in the belief's worlds, so the twin test below fails if it is given the true past.
BELIEF_AGENTS = [("ismcts", {}), ("ismcts", {"mode": "mo"}), ("pimc", {"determinizations": 4}),
                 ("ismcts", {"model": "search", "model_iterations": 6, "temperature": 0.15})]


def _history(game, seed: int, plies: int) -> list[int]:
    """A seeded game's first `plies` actions (random moves, chance by its probabilities)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal() and len(actions) < plies:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return actions


def _twin(game, actions: list[int], seat: int) -> tuple[list[int], list[int]]:
    """The longest prefix of `actions` and a twin history that `seat` cannot tell from it:
    every move the same for the seat's eyes (its action key, and its information state after
    it), but another move (or chance outcome) wherever one with the same key exists, i.e. the
    hidden past edited."""
    a, b = game.new_initial_state(), game.new_initial_state()
    kept, twin = [], []
    for action in actions:
        key = a.action_key(seat, action)
        options = [x for x, _ in b.chance_outcomes()] if b.is_chance_node() else b.legal_actions()
        same = [x for x in options if b.action_key(seat, x) == key]
        if not same or a.current_player() != b.current_player():
            break
        other = [x for x in same if x != action]
        choice = other[-1] if other else same[0]
        a.apply_action(action)
        b.apply_action(choice)
        if a.information_state_string(seat) != b.information_state_string(seat):
            break  # the edit became visible to the seat: stop before it
        kept.append(action)
        twin.append(choice)
    return kept, twin


def _last_decision(game, history: list[int], seat: int) -> int:
    """The length of the longest prefix of `history` that ends at a decision of `seat`."""
    state = game.new_initial_state()
    best = 0
    for i, action in enumerate(history):
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            best = i
        state.apply_action(action)
    return best


def _informed(name, options, game, history, seed=5):
    agent = make_agent(name, game, seed=seed, iterations=60, belief="on", particles=32, **options)
    state = game.new_initial_state()
    for action in history:
        agent.inform_action(state.clone(), state.current_player(), action)
        state.apply_action(action)
    return agent, state


def assert_twins_alike(game, agents: list, seeds: range, seat: int = 1) -> None:
    """For each seeded history, the agents `agents` ([(name, options)]) told it and told its
    twin (`_twin`: the hidden past edited) have the same beliefs and the same analysis."""
    edited = 0
    for seed in seeds:
        kept, twin = _twin(game, _history(game, seed, 160), seat)
        cut = _last_decision(game, kept, seat)
        kept, twin = kept[:cut], twin[:cut]
        edited += kept != twin
        for agent_name, options in agents:
            a, state_a = _informed(agent_name, options, game, kept)
            b, state_b = _informed(agent_name, options, game, twin)
            if cut == 0:
                continue
            assert a.analyse(state_a) == b.analyse(state_b), (agent_name, options, seed)
            worlds_a = a.beliefs.belief(state_a).filter.worlds()
            worlds_b = b.beliefs.belief(state_b).filter.worlds()
            assert worlds_a == worlds_b
    assert edited, "no history had a hidden move or draw to edit"


@pytest.mark.parametrize("name,players", HIDDEN)
def test_decisions_and_beliefs_ignore_the_hidden_past(name, players):
    """Two histories the seat cannot tell apart (hidden moves and draws edited) give every
    belief agent the same beliefs and the same analysis."""
    assert_twins_alike(load_game(name, players=players), BELIEF_AGENTS, range(3))


def test_same_seed_same_game_with_belief():
    game = load_game("vec", players=2, turn_cap=2)

    def play():
        agents = [make_agent("ismcts", game, seed=1, iterations=40, belief="on", particles=16),
                  make_agent("pimc", game, seed=2, iterations=40, belief="on", particles=16)]
        return play_game(game, agents, seed=3).actions

    assert play() == play()


def test_belief_options_are_checked():
    game = load_game("vec", players=2)
    with pytest.raises(InvalidArgumentError, match="belief=on"):
        make_agent("ismcts", game, particles=10)
    with pytest.raises(InvalidArgumentError, match="belief"):
        make_agent("ismcts", game, belief="maybe")
    assert make_agent("ismcts", game, belief=True).beliefs is not None  # as `vsai play` passes it
    assert make_agent("pimc", game, belief="off").beliefs is None
    with pytest.raises(InvalidArgumentError, match="particles"):
        make_agent("pimc", game, belief="on", particles=0)


def test_an_agent_never_told_the_moves_still_plays_from_the_present():
    game = load_game("vulcanus", players=2, turn_cap=2)
    agents = [make_agent("ismcts", game, seed=1, iterations=30, belief="on", particles=8),
              make_agent("random", game, seed=2)]

    class Deaf:
        """Passes `step` on and nothing else: its agent is never told any move."""

        def __init__(self, agent):
            self.agent = agent

        def step(self, state):
            return self.agent.step(state)

        def reset(self):
            self.agent.reset()

    record = play_game(game, [Deaf(agents[0]), agents[1]], seed=4)
    assert record.decisions > 2
    assert all(b.observed == 0 for b in agents[0].beliefs._beliefs.values())


def test_worlds_contradicting_a_seen_move_are_dropped_and_chance_reweights():
    """A seat's draw: every world draws the card the seat saw; a public move kills the worlds
    where it is illegal; weights stay normalised."""
    game = load_game("eruption", players=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    seat = 0
    belief = SeatBelief(seat, state, 7, BeliefSettings(particles=12))
    for ply in range(120):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        belief.observe(state, state.current_player(), state.action_key(seat, action))
        state.apply_action(action)
        worlds = belief.filter.worlds()
        assert worlds and sum(w for _, w in worlds) == pytest.approx(1.0)
        for world, _ in worlds:  # what the seat sees is the same in every world
            assert world.current_player() == state.current_player()
            if ply % 8 == 0:
                assert world.observation_string(seat) == state.observation_string(seat)


def test_searcher_draws_only_worlds_with_weight():
    game = load_game("vec", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_player_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    player = state.current_player()
    w1, w2 = state.resample(player, 1), state.resample(player, 2)

    def stats(worlds, weights):
        searcher = kernel.Searcher(state, kernel.SearchMode.SO, 9)
        searcher.set_worlds(worlds, weights)
        searcher.run(300)
        return searcher.root_stats()

    assert stats([w1], [1.0]) == stats([w1, w2], [1.0, 0.0])
    assert stats([w1, w2], [0.5, 0.5]) == stats([w1, w2], [0.5, 0.5])
    with pytest.raises(ValueError, match="same|game"):
        stats([load_game("kilauea", players=2).new_initial_state()], [1.0])
    with pytest.raises(ValueError, match="weights"):
        stats([w1], [0.0])


def _vec_match_at_a_decision_of(seat: int, plies: int = 60, name: str = "vec"):
    from vsai.core.match import Match
    match = Match(load_game(name, players=2), seed=4, seats={0: "human", 1: "random"})
    rng = random.Random(3)
    while not match.is_over() and (len(match.history) < plies or match.to_move() != seat):
        match.play(match.chance_outcome() if match.state.is_chance_node()
                   else rng.choice(match.state.legal_actions()))
    return match


def _seat0_belief(name: str, plies: int, particles: int):
    """(present state, seat 0's belief there, told every move) of `_vec_match_at_a_decision_of`."""
    from vsai.ai.belief import BeliefTracker
    match = _vec_match_at_a_decision_of(0, plies=plies, name=name)
    tracker = BeliefTracker(1, BeliefSettings(particles=particles))
    match.attach(tracker)
    state = match.state.clone()
    belief = tracker.belief(state)
    belief.worlds_at(state)
    return state, belief


def test_a_belief_describes_the_others_hidden_items_worded_by_the_views():
    from vsai.ai.belief import describe_belief
    from vsai.core.hidden import hidden_items
    state, belief = _seat0_belief("vec", 60, 32)
    described = describe_belief(belief, state)
    assert [d["seat"] for d in described] == [1] and described[0]["who"] == "P2"
    items = described[0]["items"]
    assert len(items) == 3 and all(0 < i["p"] <= 1 for i in items)
    assert items[0]["item"] == "P2's objective is"  # what P1 cannot see of P2, as VEC words it
    assert "P2 objective" in hidden_items(state, 1, 0) and "P2 objective" not in hidden_items(state, 0, 1)


def test_a_description_reads_every_world_once_with_the_weight_of_its_copies():
    """`described_worlds`: all the worlds alive, equal ones merged (a refill's copies), so the
    chances are those of every particle by weight, not of the heaviest few (which made the
    chances shown overconfident: benchmarks/belief_calibration.py)."""
    from vsai.ai.belief import described_worlds, fact_chances
    state, belief = _seat0_belief("eruption", 12, 64)
    every = belief.filter.worlds()
    merged = described_worlds(belief)
    assert len(merged) < len(every) and len(set(w for w, _ in merged)) == len(merged)
    assert sum(w for _, w in merged) == pytest.approx(sum(w for _, w in every))
    whole, once = fact_chances(every, 1, 0), fact_chances(merged, 1, 0)
    assert whole.keys() == once.keys() and all(once[f] == pytest.approx(whole[f]) for f in whole)


def test_a_reading_asked_twice_before_another_move_is_the_same():
    """`worlds_at` refills a belief whose distinct worlds are too few; asked again at the same
    present it must not draw a second refill, or a player asking `hint` and then `explain`
    reads other chances (VEC 3p at its start, where refills copy worlds: it did)."""
    from vsai.ai.belief import BeliefTracker, describe_belief
    from vsai.core.match import Match
    match = Match(load_game("vec", players=3), 3)
    tracker = BeliefTracker(78, BeliefSettings())
    match.attach(tracker)
    rng = random.Random(1)
    for _ in range(12):
        match.resolve_chance()
        state, seat = match.state.clone(), match.to_move()
        belief = tracker.belief_of(seat, state)
        first = [(w.to_json(), p) for w, p in belief.worlds_at(state)]
        described = describe_belief(belief, state)
        assert [(w.to_json(), p) for w, p in belief.worlds_at(state)] == first
        assert describe_belief(belief, state) == described
        match.play(rng.choice(match.state.legal_actions()))


def test_the_facts_shown_are_the_likeliest_of_each_kind_first_and_known_ones_last():
    from vsai.ai.belief import shown_facts
    objective, ink, hand, seen = ("P2's objective is", "#1"), ("P2 has", "3 ink"), ("P2 holds", "Rain"), ("P2 has", "0 ink")
    chances = {objective: 0.6, ("P2's objective is", "#2"): 0.5, ink: 0.1, seen: 1.0}
    assert shown_facts(chances, 2) == [(objective, 0.6), (ink, 0.1)]  # a second objective waits
    assert shown_facts(chances, 4) == [(objective, 0.6), (("P2's objective is", "#2"), 0.5), (ink, 0.1), (seen, 1.0)]
    assert shown_facts({seen: 1.0, hand: 0.3}, 1) == [(hand, 0.3)]


def test_a_belief_gives_each_card_of_a_hand_its_own_chance():
    """Facts are counted once a world, so the chances of the cards another seat holds add up
    to its hand's size (public), whatever the worlds; shown as "P2 holds Quake: 62%"."""
    from vsai.ai.belief import belief_lines, describe_belief
    state, belief = _seat0_belief("eruption", 12, 32)
    hand_size = state.view(0)["board"]["seats"][1]["hand_size"]
    assert hand_size >= 2
    facts = describe_belief(belief, state, top=100)[0]["items"]
    assert {f["item"] for f in facts} == {"P2 holds"} and len(facts) > hand_size  # the hand is uncertain
    assert sum(f["p"] for f in facts) == pytest.approx(hand_size, abs=0.01)
    line = belief_lines(describe_belief(belief, state))[0]
    assert line.startswith("P2 holds ") and line.count("%") == 3 and "P2: " not in line


def test_the_engine_gives_the_belief_only_to_the_seat_asking_for_itself():
    from vsai.cli.engine_session import new_session
    import time
    match = _vec_match_at_a_decision_of(0)
    answers: list[dict] = []
    session = new_session(answers.append)
    session.tables["t"] = match
    for request_id, viewer in ((1, 0), (2, 1), (3, None)):
        request = {"id": request_id, "cmd": "ai", "table": "t", "iterations": 20, "apply": False}
        if viewer is not None:
            request["viewer"] = viewer
        session.handle(request)
        for _ in range(1000):
            if answers and answers[-1].get("id") == request_id:
                break
            time.sleep(0.01)
        assert answers[-1]["ok"], answers[-1]
        assert ("belief" in answers[-1]) == (viewer == 0)
    belief = answers[0]["belief"]
    assert belief[0]["seat"] == 1 and len(belief[0]["items"]) == 3
    assert all(i["text"] == f"{i['item']} {i['value']}" and i["text"].startswith("P2") for i in belief[0]["items"])


def test_a_game_turns_the_belief_on_where_its_spec_says_and_explicit_options_win():
    """VEC's spec has `ismcts` read the opponents at 3 and 4 players (agent_search, issue 23):
    it believes there by default, not at 2 players; `pimc`, which gained nothing, does not."""
    from vsai.core import get_spec

    spec = get_spec("vec")
    believers = {n for n in (2, 3, 4) if spec.agent_options("ismcts", n).get("belief") == "on"}
    assert believers == {3, 4}
    for players in (2, 3, 4):
        game = load_game("vec", players=players)
        agent = make_agent("ismcts", game, seed=1, iterations=5)
        assert (agent.beliefs is not None) == (players in believers), players
        assert make_agent("ismcts", game, seed=1, iterations=5, belief="off").beliefs is None
        assert make_agent("pimc", game, seed=1, iterations=5).beliefs is None
        assert make_agent("pimc", game, seed=1, iterations=5, belief="on").beliefs is not None
    # belief options alone are fine where the belief is on by default, refused where it is off
    assert make_agent("ismcts", load_game("vec", players=3), seed=1, particles=16).beliefs.settings.particles == 16
    with pytest.raises(ValueError, match="give belief=on"):
        make_agent("ismcts", load_game("vec", players=2), seed=1, particles=16)


def test_a_level_believes_where_the_game_does():
    from vsai.ai import levels
    from vsai.ai.registry import build_agent

    for players, believes in ((2, False), (4, True)):
        agent = build_agent("ismcts", load_game("vec", players=players), seed=3, budget=levels.budget(1))
        assert (agent.beliefs is not None) == believes
