"""A researcher's own agent in a suite (registered by a module the suite names), and one run
at a time per results folder."""
from __future__ import annotations

import sys

import pytest

from suite_helpers import games, run, write_suite
from vsai.ai import registry
from vsai.ai.lab.suite import load_suite, play_task

AGENTS_MODULE = '''
from vsai.ai import register_agent


class FirstLegal:
    """Plays the first legal move."""

    def __init__(self, game, seed=None):
        self.game = game

    def step(self, state):
        return state.legal_actions()[0]

    def reset(self):
        pass


def factory(game, *, seed=None, iterations=None, time_limit=None, **options):
    if options:
        raise ValueError(f"agent first-legal has no option {', '.join(options)}")
    return FirstLegal(game, seed)


register_agent("first-legal", factory, "plays the first legal move")
'''

SUITE = """
[suite]
seed = 4
games_per_cell = 2
[[games]]
name = "kilauea"
players = [2]
[[agents]]
name = "random"
[[agents]]
name = "first-legal"
module = "suite_test_agents"
"""


@pytest.fixture
def own_agents(tmp_path, monkeypatch):
    (tmp_path / "suite_test_agents.py").write_text(AGENTS_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_AGENTS", dict(registry._AGENTS))  # undone after the test
    monkeypatch.delitem(sys.modules, "suite_test_agents", raising=False)


def test_an_agent_registered_by_a_module_plays_and_workers_import_it(own_agents, tmp_path):
    path = write_suite(tmp_path, SUITE, "own.toml")
    result = run(["suite", "run", path, "--out", tmp_path / "out", "--workers", "2"])
    assert result.exit_code == 0 and "first-legal" in result.output, result.output
    assert len(games(tmp_path / "out")) == 2
    # A fresh worker knows only vsai's agents: the task's agent brings its module along.
    suite = load_suite(path)
    registry._AGENTS.pop("first-legal")
    del sys.modules["suite_test_agents"]
    record = play_task(suite.tasks(suite.cells[0], [1])[0])
    assert "first-legal" in record["seats"] and "first-legal" in registry._AGENTS


def test_a_module_that_does_not_import_is_a_usage_error(own_agents, tmp_path):
    path = write_suite(tmp_path, SUITE.replace("suite_test_agents", "no_such_module_here"), "own.toml")
    result = run(["suite", "run", path])
    assert result.exit_code == 2 and "cannot import the module 'no_such_module_here'" in result.output


def test_one_run_at_a_time_per_results_folder(tmp_path):
    import subprocess

    from suite_helpers import SMALL
    path = write_suite(tmp_path, SMALL)
    out = tmp_path / "out"
    out.mkdir()
    holder = subprocess.Popen(  # another run, as far as the lock is concerned
        [sys.executable, "-c", "import fcntl, sys, time\n"
         f"f = open({str(out / '.lock')!r}, 'w'); fcntl.lockf(f, fcntl.LOCK_EX)\n"
         "print('locked', flush=True); time.sleep(60)"], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"locked\n"
        result = run(["suite", "run", path, "--out", out, "--workers", "1"])
    finally:
        holder.kill()
        holder.wait()
    assert result.exit_code == 1 and "another run is writing to" in result.output
    assert not (out / "results.jsonl").exists()
