"""benchmarks/kernel_ab.py times two builds of the search kernel side by side and says whether
their searches agreed."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vsai.ext import search

from benchmark_scripts import load_benchmark  # tests/support

kernel_ab = load_benchmark("kernel_ab")


def test_the_current_build_is_refused_as_the_earlier_one():
    with pytest.raises(SystemExit, match="current build"):
        kernel_ab.load_kernel(search.__file__)


def test_a_copy_of_the_kernel_searches_like_it_in_every_mode(tmp_path, capsys):
    copy = tmp_path / Path(search.__file__).name
    shutil.copy(search.__file__, copy)
    assert kernel_ab.main([str(copy), "--games", "kilauea", "--at", "0", "--iterations", "300",
                           "--repeats", "1"]) == 0
    row = capsys.readouterr().out.strip().splitlines()[-1]
    assert row.startswith("kilauea") and row.endswith("yes")
    assert row.count("x ") == len(kernel_ab.MODES)


def test_an_unknown_mode_is_one_clear_error(capsys):
    with pytest.raises(SystemExit):
        kernel_ab.main([search.__file__, "--modes", "mcts,fast"])
    assert "unknown mode(s) fast" in capsys.readouterr().err
