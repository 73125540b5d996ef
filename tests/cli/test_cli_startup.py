"""`vsai --help` and `vsai list` start fast: they import no module they do not use."""
from __future__ import annotations

import importlib
import json
import subprocess
import sys

from click.testing import CliRunner

from vsai.cli.main import COMMANDS, cli

HEAVY = ("numpy", "ray", "matplotlib", "asyncio", "websockets", "pyspiel")


# What `vsai list` shows needs no search: not the search agents, their kernel and belief
# code, nor the suite runner (rich's progress bars), nor rich at all (cli/text_table.py draws
# its tables: rich's Table took 40% of the command's instructions).
SEARCH = ("vsai.ai.tree_search", "vsai.ai.belief", "vsai.ai.simple", "vsai.ext.search",
          "vsai.ext.belief", "vsai.cli.suite", "rich.progress", "rich.console", "rich.table")

# Nor, where no installed distribution adds a game by entry point, the standard library's
# readers of installed metadata and package data (a sixth of its start-up): the games'
# files are read from their folders.
METADATA = ("importlib.metadata", "importlib.resources", "zipfile", "tempfile", "email")


def _imported_after(code: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Those of `modules` a fresh interpreter has imported after running `code`."""
    probe = f"import sys\n{code}\nprint(__import__('json').dumps([m for m in {modules!r} if m in sys.modules]))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_importing_the_command_line_imports_no_heavy_module():
    assert _imported_after("import vsai.cli.main") == []


def test_help_and_list_import_no_heavy_module():
    run = "from vsai.cli.main import cli\ntry:\n    cli([{!r}])\nexcept SystemExit:\n    pass"
    assert _imported_after(run.format("--help")) == []
    assert _imported_after(run.format("list")) == []


def test_list_imports_no_search_code():
    code = "from vsai.cli.main import cli\ntry:\n    cli(['list'])\nexcept SystemExit:\n    pass"
    assert _imported_after(code, SEARCH) == []


def test_list_reads_no_installed_metadata_when_no_distribution_adds_a_game():
    code = "from vsai.cli.main import cli\ntry:\n    cli(['list'])\nexcept SystemExit:\n    pass"
    assert _imported_after(code, METADATA) == []


def test_a_game_declared_by_an_installed_distribution_is_still_found(tmp_path):
    """The cheap scan for the entry-point group hands over to importlib.metadata when an
    installed distribution (here a dist-info folder on the path) declares a game."""
    info = tmp_path / "other_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: other-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[vsai.games]\nother = other_game.spec\n")
    code = (f"sys.path.insert(0, {str(tmp_path)!r})\nfrom vsai.ext import discovery\n"
            "print(__import__('json').dumps([p.value for p in discovery.entry_points(group='vsai.games')]))")
    out = subprocess.run([sys.executable, "-c", f"import sys\n{code}"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == ["other_game.spec"]


def test_help_lists_each_command_with_its_own_short_help():
    out = CliRunner().invoke(cli, ["--help"]).output
    for name, (module, attribute, short_help) in COMMANDS.items():
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert command.get_short_help_str(limit=200) == short_help
        assert f"{name} " in out and short_help in out


def test_an_unknown_command_is_one_clear_message():
    result = CliRunner().invoke(cli, ["nosuch"])
    assert result.exit_code == 2
    assert "No such command 'nosuch'" in result.output
