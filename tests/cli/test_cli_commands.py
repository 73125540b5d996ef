"""`vsai list`, `rules`, `arena`, `bench` and `replay` through click's CliRunner."""
import json
import re
import signal

import pytest

from cli_helpers import answers, run, usage_error
from vsai.ai.budget import Budget
from vsai.ai.lab.suite import Cell
from vsai.cli.rules import rules_document, summarise


def test_list_shows_games_and_agents():
    result = run(["list"])
    assert result.exit_code == 0
    for word in ("kilauea", "Kilauea", "2-4", "turn_cap", "random", "heuristic", "ismcts", "strong (default)"):
        assert word in result.output


def test_rules_and_unknown_game():
    result = run(["rules", "kilauea"])
    assert result.exit_code == 0
    assert result.output.startswith("Kilauea") and "turn_cap" in result.output
    assert "# " not in result.output and "**" not in result.output  # plain text when piped
    assert "Pinned by" not in result.output  # developer columns are left out of the summary
    full = run(["rules", "kilauea", "--full"]).output
    document = rules_document("kilauea")
    assert document and "Pinned by" in document      # shipped with the package, read as data
    assert full == document
    usage_error(["rules", "chess"], "unknown game 'chess'")


def test_rules_summary_keeps_rules_and_drops_developer_notes():
    doc = """# Game: rules coverage

- Engine: `ext/game.pyx` (one struct)
  continued here.
- Players take turns.

## Rules table

| Rule | Implemented in | Pinned by |
| --- | --- | --- |
| Draw 2 cards (G1) | `draw` | test:`test_draw` |

## Moves

| ids | text | meaning |
| --- | --- | --- |
| 0..9 | `play k` | play card k |

## Speed (this machine)

| clone | playouts |
| --- | --- |
| 60 ns | 30000 |

### Speed notes
Fast.
"""
    text = summarise(doc)
    assert "- Draw 2 cards (G1)" in text and "- `play k`: play card k" in text
    assert "- Players take turns." in text
    for gone in ("ext/game.pyx", "continued here", "test_draw", "Speed", "60 ns", "Fast", "0..9"):
        assert gone not in text


def test_help_of_every_command():
    for command in ("play", "arena", "list", "rules", "bench", "replay"):
        result = run([command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_seating_rotates_every_agent_through_every_seat():
    """The arena's match rotates seat by seat, a team's seats too (sides 0, 1, 1)."""
    labels = ["a", "b", "c"]
    match = Cell("k", "g", {"players": 3}, (0, 1, 1), Budget(label="b"), tuple(labels), 6, 1, by_seat=True)
    seen = {label: sorted(match.seating(g).index(label) for g in range(6)) for label in labels}
    assert all(seats == [0, 0, 1, 1, 2, 2] for seats in seen.values())
    assert [match.seating(g) for g in range(3)] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


ARENA = ["arena", "kilauea", "--agents", "heuristic,random", "--games", "4", "--seed", "3", "--json"]


def test_arena_json_counts_every_game_once():
    result = run(ARENA)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["game"] == "kilauea" and data["games"] == 4
    results = data["results"]
    assert set(results) == {"heuristic", "random"}
    assert sum(r["wins"] for r in results.values()) == pytest.approx(4)
    for r in results.values():
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
        assert r["win_rate"] == pytest.approx(r["wins"] / 4)
        assert r["seats"] == {"0": 2, "1": 2}
        assert r["mean_score"] >= 0


def test_arena_is_reproducible_and_workers_agree():
    first = json.loads(run(ARENA).output)
    parallel = json.loads(run(ARENA + ["--workers", "2"]).output)
    for label in first["results"]:
        for key in ("wins", "mean_score", "seats"):
            assert first["results"][label][key] == parallel["results"][label][key]


def test_arena_table_with_per_agent_options_and_three_seats():
    result = run(["arena", "kilauea", "--agents", "ismcts:iterations=10;exploration=0.5,random,heuristic",
                  "--games", "3"])
    assert result.exit_code == 0
    for word in ("ismcts:iterations=", "win rate", "95% interval", "mean score", "think/move"):
        assert word in result.output
    # The title's budget is the default one, which an agent's own iterations override.
    assert "200 iterations per move unless an agent sets its own" in result.output
    plain = run(["arena", "kilauea", "--agents", "ismcts,random", "--games", "2", "--iterations", "10"])
    assert "10 iterations per move" in plain.output and "unless" not in plain.output


def test_the_same_agent_twice_is_kept_apart():
    data = json.loads(run(["arena", "kilauea", "--agents", "random,random", "--games", "2", "--json"]).output)
    assert len(data["results"]) == 2


@pytest.mark.parametrize("args, message", [
    (["arena", "kilauea", "--agents", "random"], "kilauea seats 2 to 4: give that many agents, not 1"),
    (["arena", "kilauea", "--agents", "random,alphazero"], "unknown agent 'alphazero'"),
    (["arena", "kilauea", "--agents", "random,ismcts:bogus=1"], "has no option bogus"),
    (["arena", "kilauea", "--agents", "random,random", "--games", "0"], "'0' is not a whole number from 1 to 1,000,000"),
    (["arena", "chess", "--agents", "random,random"], "unknown game 'chess'"),
    (["arena", "kilauea", "--agents", "random,random", "--think-time", "nan"], "'nan' is not a number of seconds"),
])
def test_arena_usage_errors(args, message):
    usage_error(args, message)


def test_bench_prints_a_table():
    result = run(["bench", "kilauea", "--agents", "random,ismcts", "--iterations", "30", "--seconds", "0.05"])
    assert result.exit_code == 0
    for word in ("clone", "ns", "random playouts", "moves/s", "iterations/s"):
        assert word in result.output
    usage_error(["bench", "chess"], "unknown game 'chess'")
    assert "belief" not in result.output  # Kilauea hides nothing after its set-up


def test_bench_prices_the_belief_of_a_game_with_hidden_information():
    result = run(["bench", "vec", "--agents", "random", "--seconds", "0.02"])
    assert result.exit_code == 0
    row = next(line for line in result.output.splitlines() if "belief (128 worlds)" in line)
    update, check = (float(figure) for figure in re.findall(r"([0-9.]+) ms a (?:move|decision)", row))
    assert 0 < update < 1000 and 0 < check < 1000


def test_replay_a_saved_game(tmp_path):
    path = tmp_path / "game.json"
    run(["play", "kilauea", "--ai", "random", "--seed", "1"], answers("1", "1", f"save {path}", "quit"))
    result = run(["replay", str(path), "--seat", "0"])
    assert result.exit_code == 0
    assert "Chance: " in result.output and "P1 (human): draft" in result.output
    assert "P1's view" in result.output
    # Moves are player decisions (2 yours, 2 the AI's), not the set-up draws.
    assert result.output.strip().splitlines()[-1] == "The game was not finished (4 moves)."
    usage_error(["replay", str(path), "--seat", "2"], "seat 2 does not exist")


def test_replay_a_finished_game_ends_with_the_result(tmp_path):
    from vsai.core.match import Match as Table
    from vsai.core import load_game

    path = tmp_path / "game.json"
    table = Table(load_game("kilauea"), 1, {0: "random", 1: "random"})
    while True:
        table.resolve_chance()
        if table.is_over():
            break
        table.play(table.state.legal_actions()[0])
    table.record().save(path)
    result = run(["replay", str(path), "--step"])  # piped: --step does not wait
    assert result.output.strip().splitlines()[-1].startswith("Result: P1 (random)")
    assert "P1 (random): " in result.output


def test_replay_bad_files_are_usage_errors(tmp_path):
    usage_error(["replay", str(tmp_path / "missing.json")], "no such file")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    usage_error(["replay", str(bad)], "not valid JSON")
    bad.write_text(json.dumps({"format": "vsai-record", "version": 1, "game": "kilauea", "params": {},
                               "seed": 0, "actions": [0, 9999], "seats": {}}))
    usage_error(["replay", str(bad)], "is illegal")


def test_arena_budget_and_variant_options():
    data = json.loads(run(["arena", "kilauea", "--agents", "ismcts,mcts", "--games", "2", "--iterations", "10",
                           "--option", "turn_cap=5", "--json"]).output)
    assert sum(r["wins"] for r in data["results"].values()) == pytest.approx(2)
    timed = json.loads(run(["arena", "kilauea", "--agents", "ismcts,random", "--games", "2",
                            "--think-time", "0.005", "--option", "turn_cap=3", "--json"]).output)
    assert timed["results"]["ismcts"]["mean_think_seconds"] > 0
    usage_error(["arena", "kilauea", "--agents", "random,random", "--option", "turn_cap=-2"], "below the minimum")


def test_bench_every_game_by_default():
    result = run(["bench", "--agents", "random", "--seconds", "0.02"])
    assert result.exit_code == 0
    for name in ("kilauea",) + (("vec",) if "vec" in result.output else ()):
        assert name in result.output
    usage_error(["bench", "--agents", "nobody"], "unknown agent 'nobody'")


def test_an_interrupted_arena_reports_the_games_played(monkeypatch):
    from vsai.ai.lab.backends import LocalBackend

    real = LocalBackend.run

    def two_then_ctrl_c(self, tasks):
        for i, record in enumerate(real(self, tasks)):
            if i == 2:
                raise KeyboardInterrupt
            yield record

    monkeypatch.setattr(LocalBackend, "run", two_then_ctrl_c)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    result = run(["arena", "kilauea", "--agents", "random,heuristic", "--games", "6", "--json"])
    # The interrupted command leaves Ctrl-C and SIGTERM ignored (its process is exiting);
    # restore them here.
    for number, handler in handlers.items():
        assert signal.getsignal(number) is signal.SIG_IGN
        signal.signal(number, handler)
    assert result.exit_code == 130
    assert "Interrupted: 2 of 6 games were played." in result.output
    data = json.loads(result.output.splitlines()[-1])
    assert data["games"] == 2 and sum(r["wins"] for r in data["results"].values()) == pytest.approx(2)


def test_arena_plays_the_same_games_as_the_match_runner():
    from vsai.ai.lab.arena import run_series
    from vsai.core import load_game

    data = json.loads(run(["arena", "kilauea", "--agents", "ismcts,heuristic", "--games", "4", "--seed", "5",
                           "--iterations", "15", "--json"]).output)
    series = run_series(load_game("kilauea"), ["ismcts", "heuristic"], games=4, seed=5, iterations=15)
    shares = series.shares()
    assert data["results"]["ismcts"]["wins"] == pytest.approx(shares[0])
    assert data["results"]["heuristic"]["wins"] == pytest.approx(shares[1])


def test_arena_counts_a_team_once_per_game_and_reports_each_side():
    """Seat 0 alone against the team of seats 1 and 2 (a Kaiju against humans)."""
    from vsai.ai.lab.ratings import side_results
    from vsai.cli.arena import tally

    def record(seats, returns):
        return {"seats": seats, "returns": returns, "scores": [0, 0, 0], "think": [0, 0, 0], "moves": [1, 1, 1]}

    kaiju_wins = record(["a", "b", "c"], [1.0, 0.0, 0.0])
    team_wins = record(["b", "c", "a"], [0.0, 0.5, 0.5])
    totals = tally([kaiju_wins, team_wins], ["a", "b", "c"])
    assert totals["a"].games == 2 and totals["a"].wins == 1.5
    rows = side_results(((r["seats"], [0, 1, 1], r["returns"]) for r in (kaiju_wins, team_wins)),
                        ["Kaiju", "H1+H2"], who="agents", against=False)
    by_side = {(r["side"], r["agents"]): (r["games"], r["wins"]) for r in rows}
    assert by_side == {("Kaiju", "a"): (1, 1.0), ("Kaiju", "b"): (1, 0.0),
                       ("H1+H2", "b+c"): (1, 0.0), ("H1+H2", "c+a"): (1, 1.0)}
