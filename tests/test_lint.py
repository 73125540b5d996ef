"""No Python file of the project has what pyflakes finds: an unused import or variable, an
undefined name, a redefinition. A line marked `# noqa` or `# noqa: F...` (pyflakes' codes) is
exempt: an import kept for its effect, such as a check that a package is installed. Other
codes (`# noqa: E402`) exempt nothing here."""
from __future__ import annotations

import re
from pathlib import Path

from pyflakes.api import checkPath
from pyflakes.messages import Message
from pyflakes.reporter import Reporter

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("ai", "benchmarks", "cli", "core", "examples", "ext", "tests")
# `# noqa` alone, or with a pyflakes code (F401, ...) among its codes
EXEMPT = re.compile(r"#\s*noqa(?!:)|#\s*noqa:[\sA-Z0-9,]*\bF\d+")


class _Collected(Reporter):
    """Keeps pyflakes' messages instead of printing them."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def flake(self, message: Message) -> None:
        line = Path(message.filename).read_text().splitlines()[message.lineno - 1]
        if not EXEMPT.search(line):
            self.found.append(str(message))

    def unexpectedError(self, filename: str, msg: str) -> None:
        self.found.append(f"{filename}: {msg}")

    def syntaxError(self, filename: str, msg: str, lineno: int, offset: int, text: str) -> None:
        self.found.append(f"{filename}:{lineno}: {msg}")


def python_files() -> list[Path]:
    """The project's own Python files (not the virtual environment's, nor build output)."""
    files = [ROOT / "setup.py"]
    for folder in FOLDERS:
        files += [p for p in (ROOT / folder).rglob("*.py") if "build" not in p.relative_to(ROOT).parts]
    return sorted(files)


def test_no_file_has_what_pyflakes_finds():
    reporter = _Collected()
    for path in python_files():
        checkPath(str(path), reporter)
    assert reporter.found == [], "\n".join(reporter.found)


def test_the_check_finds_an_unused_import_unless_exempt(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nimport re  # noqa: E402\nimport json  # noqa: F401\nimport sys  # noqa\n")
    reporter = _Collected()
    checkPath(str(bad), reporter)
    assert [m.split(" ", 1)[1] for m in reporter.found] == ["'os' imported but unused", "'re' imported but unused"]
