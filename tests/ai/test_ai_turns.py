"""An AI turn (a run of one seat's decisions) shares one turn's time among its decisions."""
import io
import random
from dataclasses import dataclass

import pytest
from rich.console import Console

from vsai.ai import levels
from vsai.ai.budget import Budget
from vsai.ai.turns import FLOOR, SHARE, TurnClock, starts_turn, time_capped
from vsai.cli import loop as loop_module
from vsai.cli import options
from vsai.cli.loop import PlayLoop
from vsai.core import load_game
from vsai.core.match import Match


class Enough(Exception):
    """Enough decisions seen: the test stops the game."""


@dataclass
class _Move:
    seat: int


def test_a_turn_starts_when_another_seat_decided_last():
    assert starts_turn(0, [])
    assert starts_turn(0, [_Move(-1), _Move(-1)])
    assert not starts_turn(0, [_Move(1), _Move(0), _Move(-1)])      # chance between: same turn
    assert starts_turn(0, [_Move(0), _Move(1), _Move(-1)])


def test_a_turn_of_many_decisions_keeps_to_its_time_until_the_floor():
    clock = TurnClock(1.8)
    caps = []
    for k in range(12):
        caps.append(clock.cap(new_turn=k == 0))
        clock.spend(caps[-1])                               # every decision uses all it may
    assert caps[0] == 1.8 * SHARE and caps == sorted(caps, reverse=True)
    above = [c for c in caps if c > 1.8 * FLOOR]
    assert sum(above) <= 1.8 and min(caps) == 1.8 * FLOOR
    assert clock.cap(new_turn=True) == caps[0]             # the next turn starts afresh


def test_time_capped_lowers_a_search_budget_for_one_decision_only():
    agent = type("Agent", (), {"budget": Budget(1000, 3.0)})()
    with time_capped(agent, 0.5):
        assert agent.budget == Budget(1000, 0.5)
    assert agent.budget == Budget(1000, 3.0)
    with time_capped(agent, None):
        assert agent.budget == Budget(1000, 3.0)


def test_only_the_levels_above_five_cap_the_turn():
    assert all(lv.turn_time is None for lv in levels.LEVELS[:5])
    assert levels.level(levels.DEFAULT_LEVEL).turn_time is not None


def test_vsai_play_shares_a_turns_time_among_its_decisions(monkeypatch):
    """Vulcanus turns hold several decisions: the second gets what the first left."""
    limits: list[tuple[int, bool, float]] = []
    rng = random.Random(1)

    def step(agent, state, progress=None):
        limits.append((state.current_player(), agent.first, agent.budget.time_limit))
        if len(limits) == 80:
            raise Enough
        return rng.choice(state.legal_actions())

    monkeypatch.setattr(loop_module.agent_api, "step", step)
    match = Match(load_game("vulcanus", players=2), 3, {0: "random", 1: "random"})
    budget = options.budget(None, None, levels.DEFAULT_LEVEL)
    loop = PlayLoop(Console(file=io.StringIO()), match, options.AgentSpec("random"), budget, False, False)

    class Stub:
        def __init__(self):
            self.budget = Budget(budget.iterations, budget.time_limit)
            self.first = False

    loop.agents = {0: Stub(), 1: Stub()}
    original = loop_module.starts_turn

    def watched(seat, history):
        loop.agents[seat].first = original(seat, history)
        return loop.agents[seat].first

    monkeypatch.setattr(loop_module, "starts_turn", watched)
    with pytest.raises(Enough):
        loop.run()
    first = [limit for _, new, limit in limits if new]
    later = [limit for _, new, limit in limits if not new]
    assert first and later
    assert all(limit <= budget.turn_time * SHARE + 1e-9 for limit in first)
    assert max(later) < max(first) and all(limit < budget.time_limit for limit in first + later)


def _answered(session, answers: list, request: dict) -> dict:
    """The answer to `request` (an `ai` request is answered by the search's thread)."""
    import time
    session.handle(request)
    for _ in range(1000):
        mine = [a for a in answers if a.get("id") == request["id"] and "event" not in a]
        if mine:
            assert mine[0]["ok"], mine[0]
            return mine[0]
        time.sleep(0.01)
    raise AssertionError(f"no answer to {request}")


def test_the_engines_level_budget_is_shared_by_a_turns_decisions(monkeypatch):
    import vsai.ai as ai_package
    from vsai.cli.engine_session import new_session

    limits: list[tuple[int, float]] = []

    class Stub:
        def __init__(self, name, game, seed=None, iterations=None, time_limit=None, **options):
            self.time_limit = time_limit

        def step(self, state):
            limits.append((state.current_player(), self.time_limit))
            return state.legal_actions()[0]

    monkeypatch.setattr(ai_package, "make_agent", Stub)
    answers: list[dict] = []
    session = new_session(answers.append)
    session.handle({"id": 0, "cmd": "new", "game": "vulcanus", "players": 2, "seed": 3})
    table = answers[-1]["table"]
    turn_time = levels.level(levels.DEFAULT_LEVEL).turn_time
    for i in range(40):
        _answered(session, answers, {"id": i + 1, "cmd": "ai", "table": table})
        if len(limits) >= 2 and limits[-1][0] == limits[-2][0]:
            break
    assert limits[0][1] == turn_time * SHARE
    assert limits[-1][0] == limits[-2][0] and limits[-1][1] < limits[-2][1]
    _answered(session, answers, {"id": 99, "cmd": "ai", "table": table, "level": 3})
    assert limits[-1][1] == levels.level(3).time_limit       # levels 1-5: per decision only
