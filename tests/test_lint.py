"""No Python file of the project has what pyflakes finds: an unused import or variable, an
undefined name, a redefinition. A line marked `# noqa` is exempt (an import kept for its
effect, such as a check that a package is installed)."""
from __future__ import annotations

from pathlib import Path

from pyflakes.api import checkPath
from pyflakes.messages import Message
from pyflakes.reporter import Reporter

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("ai", "benchmarks", "cli", "core", "examples", "ext", "tests")


class _Collected(Reporter):
    """Keeps pyflakes' messages instead of printing them."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def flake(self, message: Message) -> None:
        line = Path(message.filename).read_text().splitlines()[message.lineno - 1]
        if "# noqa" not in line:
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


def test_the_check_finds_an_unused_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")
    reporter = _Collected()
    checkPath(str(bad), reporter)
    assert len(reporter.found) == 1 and "'os' imported but unused" in reporter.found[0]
