"""The presentation kit stays out of the table and its protocol: `Match`, `Game` and the
embedding protocol import no terminal library, and the ext layer never imports vsai.core."""
import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# The modules a frontend embeds: they must load without rich (or click).
EMBEDDED = ["vsai.core.match", "vsai.core.game", "vsai.core.engine_protocol"]


def test_the_table_and_its_protocol_load_no_terminal_library():
    probe = ("import json, sys\n" + "".join(f"import {module}\n" for module in EMBEDDED)
             + "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'click'})))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_match_words_hidden_moves_without_rich():
    """The plain words Match needs (seat names, a hidden move's text) are importable alone."""
    probe = ("import sys\nfrom vsai.ext.ui.hooks import hidden_move_text, seat_label\n"
             "print(seat_label(0), '|', hidden_move_text('', -1, 'x'), '|', 'rich' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split(" | ") == ["P1", "a random draw you cannot see", "False\n"]


def test_the_ext_layer_imports_nothing_above_it():
    """ext <- core <- ai <- cli: no Python module under ext/ imports vsai.core, vsai.ai or vsai.cli."""
    offenders = []
    for path in sorted((ROOT / "ext").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for name in names
                          if name.split(".")[:2] in (["vsai", "core"], ["vsai", "ai"], ["vsai", "cli"])]
    assert not offenders, "\n".join(offenders)


def test_the_core_layer_loads_no_agent_or_command_line_module():
    """core <- ai <- cli: the embedding protocol and Match load nothing of vsai.ai or vsai.cli."""
    probe = ("import json, sys\n" + "".join(f"import {module}\n" for module in EMBEDDED)
             + "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('vsai.ai', 'vsai.cli')))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
