"""Each game's measured ladder lives in its own package (ext/<game>/ladder.json) and `vsai
list` puts them back together; `vsai suite report --ladder FOLDER` writes them per game."""
import json
from pathlib import Path

from vsai.cli import game_ladders, ladder_table
from vsai.core import list_games

ROOT = Path(__file__).resolve().parent.parent.parent


def test_each_game_ships_its_own_ladder_and_the_framework_none():
    assert not (ROOT / "cli" / "ladder.json").exists()
    shipped = game_ladders.shipped()
    files = {path.parent.name: json.loads(path.read_text()) for path in (ROOT / "ext").glob("*/ladder.json")}
    assert files and set(files) <= set(list_games())
    for game, part in files.items():
        assert {variant["game"] for variant in part["variants"]} == {game}
    assert shipped["variants"] == [v for game in sorted(files) for v in files[game]["variants"]]


def test_a_ladder_is_split_by_game_and_written_into_each_game_folder(tmp_path):
    variant = {"players": 2, "games": 10, "levels": {"1": {"rating": 20.0, "low": 18.0, "high": 22.0}},
               "pending": []}
    ladder = {"suite": "s", "seed": 3, "variants": [dict(variant, game="b"), dict(variant, game="a"),
                                                    dict(variant, game="b", players=3)]}
    for game in ("a", "b"):
        (tmp_path / game).mkdir()
    written = game_ladders.write(ladder, tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == ["a/ladder.json", "b/ladder.json"]
    b = json.loads((tmp_path / "b" / "ladder.json").read_text())
    assert b["suite"] == "s" and b["seed"] == 3 and [v["players"] for v in b["variants"]] == [2, 3]


def test_vsai_list_reads_the_games_ladders_unless_one_file_stands_for_them(monkeypatch, tmp_path):
    assert ladder_table.LADDER_FILE is None and ladder_table.measured_ladder_table() is not None
    monkeypatch.setattr(ladder_table, "LADDER_FILE", tmp_path / "none.json")
    assert ladder_table.measured_ladder_table() is None


def test_suite_report_writes_each_games_ladder_into_a_folder(tmp_path):
    """`vsai suite report OUT --ladder FOLDER` writes FOLDER/<game>/ladder.json."""
    from cli_helpers import run

    game = list_games()[0]
    records = []
    for index in range(40):  # level2 beats level1 in 30 of 40 games, seats alternating
        pair = ("level1", "level2") if index % 2 else ("level2", "level1")
        winner = "level2" if index < 30 else "level1"
        records.append({"v": 1, "cell": "c1", "index": index, "game": game, "params": {"players": 2},
                        "budget": "default", "lineup": ["level1", "level2"], "sides": [0, 1],
                        "seats": list(pair), "returns": [1.0, 0.0] if pair[0] == winner else [0.0, 1.0],
                        "scores": [1.0, 1.0], "moves": [1, 1], "think": [0.0, 0.0]})
    results = tmp_path / "results"
    results.mkdir()
    (results / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (tmp_path / "games" / game).mkdir(parents=True)
    result = run(["suite", "report", str(results), "--no-html", "--ladder", str(tmp_path / "games")])
    assert result.exit_code == 0, result.output
    written = json.loads((tmp_path / "games" / game / "ladder.json").read_text())
    assert [v["game"] for v in written["variants"]] == [game]
    assert set(written["variants"][0]["levels"]) == {"1", "2"}
