"""The registry finds the games by a package scan; the framework never names a game."""
from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from vsai.core import UnknownGameError, get_spec, list_games, load_game

ROOT = Path(__file__).resolve().parent.parent
# The games that ship. Adding a game adds its name here, and nothing else outside its folder.
SHIPPED = ["eruption", "godzilla", "kilauea", "vec", "vulcanus"]


def test_the_games_that_ship():
    assert list_games() == SHIPPED


def test_each_game_is_one_folder_with_its_parts():
    for name in list_games():
        folder = ROOT / "ext" / name
        for part in ("__init__.py", "spec.py", "data.pxd", "engine.pyx", "rules.md"):
            assert (folder / part).is_file(), f"ext/{name}/{part} is missing"
        assert (ROOT / "tests" / "games" / name).is_dir()
        spec = get_spec(name)
        assert spec.name == name and spec.rules_package == f"vsai.ext.{name}"


# The framework's files: every source and data file of core/, ai/ and cli/, the shared files
# at the top of ext/ (the protocol, the search kernel, the spec types, the discovery) and the
# presentation kit ext/ui/. Not the games' own folders.
FRAMEWORK_SUFFIXES = (".py", ".pyx", ".pxd", ".pxi", ".pyi", ".json")


def framework_files() -> list[Path]:
    files = [path for layer in ("core", "ai", "cli", "ext/ui") for path in (ROOT / layer).rglob("*")]
    files += list((ROOT / "ext").glob("*"))
    return sorted(path for path in files if path.is_file() and path.suffix in FRAMEWORK_SUFFIXES)


def test_framework_names_no_game():
    """The framework learns everything about a game from its spec: no game name in its code,
    stubs or data files."""
    names = list_games() + ["vulcanus", "godzilla", "eruption"]
    pattern = re.compile(r"\b(" + "|".join(names) + r")\b", re.IGNORECASE)
    offenders = []
    for path in framework_files():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_the_framework_name_check_reads_every_kind_of_framework_file():
    """The check above covers the kernel's Cython files and JSON data, not just Python."""
    suffixes = {path.suffix for path in framework_files()}
    assert {".py", ".pyx", ".pxd", ".pyi"} <= suffixes
    assert ROOT / "ext" / "search.pyx" in framework_files()
    assert not any(name in path.parts for path in framework_files() for name in list_games())


def test_rules_documents_cite_no_absolute_path():
    for name in list_games():
        text = (ROOT / "ext" / name / "rules.md").read_text()
        assert "/work/" not in text and "../shared/rules/" in text


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGameError, match="unknown game .chess.; the games are: " + ", ".join(SHIPPED)):
        load_game("chess")
    with pytest.raises(ValueError):
        get_spec(None)


def test_a_broken_game_is_an_error_with_its_cause(tmp_path):
    """A game package that fails to import is reported, never skipped."""
    broken = tmp_path / "brokengame"
    broken.mkdir()
    (broken / "__init__.py").write_text("")
    (broken / "spec.py").write_text("raise RuntimeError('the engine was not built')\n")
    code = (
        "import sys, vsai.ext\n"
        f"vsai.ext.__path__.append({str(tmp_path)!r})\n"
        "from vsai.core import list_games, get_spec, GameImportError\n"
        "assert 'brokengame' in list_games()\n"
        "try:\n"
        "    get_spec('brokengame')\n"
        "except GameImportError as error:\n"
        "    print(error)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "game 'brokengame' failed to load" in out.stdout
    assert "RuntimeError: the engine was not built" in out.stdout


def test_games_pickle():
    for name in list_games():
        game = load_game(name, players=3)
        copy = pickle.loads(pickle.dumps(game))
        assert copy == game and copy.get_parameters() == game.get_parameters()


def test_player_counts_come_from_the_players_parameter():
    for name in list_games():
        spec = get_spec(name)
        players = next(p for p in spec.params if p.name == "players")
        assert (spec.min_players, spec.max_players) == (players.minimum, players.maximum)


@pytest.mark.parametrize("name", list_games())
def test_the_search_options_of_a_spec_are_options_every_search_agent_takes(name):
    from vsai.ai import make_agent

    spec = get_spec(name)
    for agent in ("mcts", "pimc", "ismcts"):
        made = make_agent(agent, load_game(name), seed=0, iterations=5,
                          **{**spec.search_defaults, **spec.level_search})
        for key, value in {**spec.search_defaults, **spec.level_search}.items():
            assert made.options[key] == value


@pytest.mark.parametrize("name", list_games())
def test_the_agent_search_of_a_spec_is_taken_by_its_agent(name):
    from vsai.ai import make_agent

    for agent, counts in get_spec(name).agent_search.items():
        for players, options in counts.items():
            made = make_agent(agent, load_game(name, players=players), seed=0, iterations=5)
            assert {key: made.options[key] for key in options} == options


def test_a_spec_agent_search_names_agents_and_player_counts_the_game_has():
    import dataclasses

    spec = get_spec("kilauea")
    for bad, message in (({"ismcts": {5: {"belief": "on"}}}, r"names \[5\] players, but the game is played by 2 to 4"),
                         ({"ismcts": {"3": {}}}, "must map agent names"), ({"ismcts": {3: "on"}}, "must map agent names"),
                         ({3: {3: {}}}, "must map agent names"), ([3], "must map agent names")):
        with pytest.raises(ValueError, match=message):
            dataclasses.replace(spec, agent_search=bad)
    tuned = dataclasses.replace(spec, search_defaults={"cutoff": 4}, agent_search={"pimc": {3: {"cutoff": 9}}})
    assert [tuned.search_options_for(agent, n) for agent, n in (("pimc", 2), ("pimc", 3), ("ismcts", 3))] \
        == [{"cutoff": 4}, {"cutoff": 9}, {"cutoff": 4}]


@pytest.mark.parametrize("name", list_games())
def test_branching_stays_within_the_spec_bound(name):
    """The spec's max_branching (checked against MAX_ACTIONS at load) holds in random games."""
    spec = get_spec(name)
    for players in range(spec.min_players, spec.max_players + 1):
        game = load_game(name, players=players)
        bound = spec.size("max_branching", game.get_parameters())
        rng = random.Random(players)
        for _ in range(3):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                assert len(actions) <= bound
                state.apply_action(rng.choice(actions))


def test_limits_are_checked_when_a_game_loads():
    from dataclasses import replace
    from vsai.core import Game
    spec = get_spec(list_games()[0])
    with pytest.raises(ValueError, match="MAX_ACTIONS = 1024"):
        Game(replace(spec, max_branching=5000), {})
    too_many = replace(spec, params=tuple(replace(p, maximum=9) if p.name == "players" else p
                                          for p in spec.params))
    with pytest.raises(ValueError, match="MAX_PLAYERS = 6"):
        Game(too_many, {"players": 7})


def test_a_game_from_another_distribution_is_found_by_entry_point(monkeypatch):
    """The entry-point group vsai.games adds games that live outside vsai.ext."""
    from importlib.metadata import EntryPoint

    from vsai.ext import discovery as registry
    point = EntryPoint(name="search-toy", value="ai_toygame", group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: [point] if group == registry.ENTRY_POINT_GROUP else [])
    for cached in (registry._spec_modules, registry.get_spec):
        cached.cache_clear()
    try:
        assert list_games() == sorted(SHIPPED + ["search-toy"])
        game = load_game("search-toy", players=3)
        assert game.new_initial_state().num_players() == 3
    finally:
        monkeypatch.undo()
        for cached in (registry._spec_modules, registry.get_spec):
            cached.cache_clear()
    assert list_games() == SHIPPED
