"""Version-2 saves of kilauea still load (tests/robustness/v2_saves.py says how)."""
from pathlib import Path

from v2_saves import v2_save_tests

test_v2_save_loads_as_the_replayed_state, test_shared_v2_save_loads_and_saves_in_the_current_version = \
    v2_save_tests("kilauea", Path(__file__).parent / "saves_v2")
