"""What the README promises of the Python API: its names import, its links exist, and its
example runs and draws chance by the probabilities rather than always the first outcome."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_match_errors_and_stop_search_import_where_the_readme_says():
    from vsai.ai import StopSearch
    from vsai.core import (IllegalMoveError, InvalidArgumentError, InvalidStateError, Match,
                           UnknownAgentError, UnknownGameError, VsaiError)
    from vsai.core.match import Match as MatchClass
    assert Match is MatchClass
    for error in (IllegalMoveError, InvalidArgumentError, InvalidStateError, UnknownAgentError,
                  UnknownGameError):
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
