"""Version-2 saves of vulcanus still load (tests/robustness/v2_saves.py says how); the saves
cover the set-up, planning (hidden hands), a round-2 draw, round 5's Kaiju planning and the end."""
import json
from pathlib import Path

from v2_saves import replay_saves, v2_save_tests

SAVES = Path(__file__).parent / "saves_v2"

test_v2_save_loads_as_the_replayed_state, test_shared_v2_save_loads_and_saves_in_the_current_version = \
    v2_save_tests("vulcanus", SAVES)


def test_the_saves_cover_every_phase():
    stages = {json.loads((SAVES / name).read_text())["v2"]["state"]["stage"] for name in replay_saves(SAVES)}
    assert {4, 10, 12, 36} <= stages      # set-up (roles), planning, Kaiju planning, the end
