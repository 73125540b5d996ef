"""What the README promises of the Python API: its names import, its links exist, and its
example runs and draws chance by the probabilities rather than always the first outcome."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
DOCS = [README, *sorted((README.parent / "docs").glob("*.md"))]
# Dotted names in the docs that are not Python objects: the entry-point group of outside games.
NOT_OBJECTS = {"vsai.games"}


def test_match_errors_and_stop_search_import_where_the_readme_says():
    from vsai.ai import StopSearch
    from vsai.core import (IllegalMoveError, InvalidArgumentError, InvalidStateError, Match,
                           UndoRefusedError, UnknownAgentError, UnknownGameError, VsaiError)
    from vsai.core.match import Match as MatchClass
    assert Match is MatchClass
    for error in (IllegalMoveError, InvalidArgumentError, InvalidStateError, UnknownAgentError,
                  UnknownGameError, UndoRefusedError):
        assert issubclass(error, VsaiError)
    assert issubclass(StopSearch, Exception)
    with pytest.raises(AttributeError):
        import vsai.core
        vsai.core.NoSuchName  # noqa: B018


def test_readme_links_exist_and_the_json_protocol_is_engine_protocol_md():
    text = README.read_text()
    for link in re.findall(r"\]\(((?:docs|examples)/[^)]+)\)", text):
        assert (README.parent / link).exists(), link
    json_protocol = text.index("JSON-lines protocol of `vsai engine`")
    assert "docs/engine-protocol.md" in text[json_protocol - 300:json_protocol + 100]


def test_readme_python_example_runs_with_sampled_chance():
    example = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    assert "outcomes[0]" not in example and "sample_chance(" in example
    # The README's search budget is for a real game; a tiny one keeps this test quick.
    code = example.replace("iterations=2000", "iterations=4")
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)  # noqa: S102
    state = namespace["state"]
    assert state.is_terminal() and len(state.returns()) == 3


def _resolve(dotted: str) -> object:
    """The object a dotted name means: the longest importable module, then its attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            target = getattr(target, attribute)
        return target
    raise ImportError(dotted)


def _cimported(dotted: str) -> bool:
    """A Cython declarations module (`cimport vsai.ext.rng`): a .pxd with no Python module."""
    parts = dotted.split(".")
    if parts[:2] != ["vsai", "ext"] or len(parts) < 3:
        return False
    path = README.parent.joinpath("ext", *parts[2:]).with_suffix(".pxd")
    return path.is_file() and not path.with_suffix(".pyx").is_file()


def test_every_import_and_name_the_docs_show_works():
    """Each `from vsai... import a, b` line (in code or in the text) and each `vsai.x.y` name
    in backticks, in the README and docs/*.md, imports."""
    failures, checked = [], 0
    for doc in DOCS:
        text = doc.read_text()
        wanted = [f"{module}.{name.strip()}" for module, names in
                  re.findall(r"from (vsai[\w.]*) import ([\w, ]+)", text)
                  for name in names.split(",") if name.strip()]
        wanted += re.findall(r"`(vsai(?:\.\w+)+)", text)
        for dotted in wanted:
            if dotted in NOT_OBJECTS or _cimported(dotted):
                continue
            checked += 1
            try:
                _resolve(dotted)
            except (ImportError, AttributeError) as error:
                failures.append(f"{doc.name}: {dotted}: {error!r}")
    assert checked > 20 and not failures, "\n".join(failures)
