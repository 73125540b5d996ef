"""No accepted state crashes anything: a fuzz of Vulcanus's JSON loader (in a subprocess,
so that a segfault fails the test). VSAI_FUZZ_CASES=5000 runs the longer mode."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CASES = int(os.environ.get("VSAI_FUZZ_CASES", "150"))
FUZZER = Path(__file__).with_name("vulcanus_state_fuzz.py")


def test_mutated_states_are_refused_or_survive_everything():
    name = "vulcanus"
    result = subprocess.run([sys.executable, str(FUZZER), name, str(CASES), "2026"],
                            capture_output=True, text=True, timeout=1800)
    last_case = (result.stderr.strip().splitlines() or ["(none)"])[-1]
    assert result.returncode == 0, (f"exit {result.returncode}; last accepted case: {last_case}\n"
                                    f"{result.stdout[-3000:]}")
    assert f"SUMMARY {name}: {CASES} cases" in result.stdout


def test_states_written_by_the_engine_and_by_resample_load_back_at_every_disaster_level():
    import random

    from vsai.core import state_from_json
    from vsai.core.registry import load_game
    for disaster in range(-3, 4):
        players = 2 + (disaster + 3) % 3
        state = load_game("vulcanus", players=players, disaster=disaster).new_initial_state()
        rng = random.Random(disaster)
        while not state.is_terminal():
            if rng.random() < 0.1:
                assert state_from_json(state.to_json()) == state
                for seat in range(players):
                    state_from_json(state.resample(seat, rng.randrange(1000)).to_json())
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
