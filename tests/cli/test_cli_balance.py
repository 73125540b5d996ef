"""Side balance shown to players (issue 29): the balance file written from suite results,
`vsai rules`, `vsai list` and the start line of `vsai play` (weaker side, handicap)."""
import json

import pytest

from cli_helpers import flat, run, usage_error
from vsai.ai.lab.arena import wilson_interval
from vsai.cli import game_balance
from vsai.core import load_game
from vsai.ext.spec import GameSpec, Handicap, Param


def _side(name, rate, low, high, games=200):
    return {"side": name, "wins": rate * games, "win_rate": rate, "ci95": [low, high]}


def _balance(*variants):
    return {"game": "vulcanus", "measured": "2026-12-02", "variants": list(variants)}


def _variant(disaster, humans, level=3, games=200):
    """A Vulcanus 2-player variant: side 0 the Humans (the team), side 1 the Kaiju."""
    low, high = wilson_interval(humans * games, games)
    klow, khigh = wilson_interval((1 - humans) * games, games)
    return {"players": 2, "options": {"turn_cap": 6, "disaster": disaster}, "agent": f"level{level}",
            "level": level, "games": games,
            "sides": [_side("Humans", humans, low, high, games), _side("Kaiju", 1 - humans, klow, khigh, games)]}


@pytest.fixture
def vulcanus_balance(monkeypatch):
    """Vulcanus ships a balance where the Humans win 20% at +0, 35% at -1 and 48% at -3."""
    balance = _balance(_variant(0, 0.2), _variant(-1, 0.35), _variant(-3, 0.48))
    monkeypatch.setattr(game_balance, "shipped", lambda name: balance if name == "vulcanus" else None)
    return balance


def _record(seats, sides, returns, params=None, scores=(10, 20)):
    return {"game": "vulcanus", "params": params or {"players": 2, "turn_cap": 6, "disaster": 0},
            "seats": seats, "sides": sides, "returns": returns, "scores": list(scores)}


def test_summarise_counts_each_side_with_wilson_intervals():
    records = ([_record(["l3", "l3"], [1, 0], [1.0, 0.0])] * 3
               + [_record(["l3", "l3"], [1, 0], [0.0, 1.0], scores=(6, 30))]
               + [_record(["l3", "random"], [1, 0], [0.0, 1.0])])       # two agents: left out
    out = game_balance.summarise(records, {"l3": 3}, measured="2026-12-02")
    (variant,) = out["vulcanus"]["variants"]
    assert variant["games"] == 4 and variant["level"] == 3
    assert variant["options"] == {"turn_cap": 6, "disaster": 0}
    humans, kaiju = variant["sides"]
    assert (humans["side"], humans["wins"], kaiju["side"], kaiju["wins"]) == ("Humans", 1.0, "Kaiju", 3.0)
    assert kaiju["ci95"] == pytest.approx(list(wilson_interval(3, 4)), abs=1e-6)
    assert (kaiju["mean_score"], humans["mean_score"]) == (9.0, 22.5)   # seat 0, seat 1


def test_suite_report_writes_the_balance_file(tmp_path):
    suite = tmp_path / "suite.toml"
    out = tmp_path / "out"
    suite.write_text('[suite]\nseed = 1\ngames_per_cell = 4\nmatchups = [["r", "r"]]\n'
                     f'out = "{out}"\n'
                     '[[games]]\nname = "godzilla"\noptions = { turn_cap = 1 }\n'
                     '[[agents]]\nlabel = "r"\nname = "random"\n', encoding="utf-8")
    assert run(["suite", "run", str(suite), "--workers", "1"]).exit_code == 0
    root = tmp_path / "ext"
    (root / "godzilla").mkdir(parents=True)
    result = run(["suite", "report", str(out), "--no-html", "--balance", str(root)])
    assert result.exit_code == 0, result.output
    written = json.loads((root / "godzilla" / "balance.json").read_text())
    (variant,) = written["variants"]
    assert variant["games"] == 4 and variant["agent"] == "r" and variant["level"] is None
    assert [s["side"] for s in variant["sides"]] == ["humans", "Kaiju"]
    assert sum(s["wins"] for s in variant["sides"]) == pytest.approx(4)


def test_rules_show_the_handicap_and_the_measured_balance(vulcanus_balance):
    text = flat(run(["rules", "vulcanus", "--plain"]).output)
    assert "Handicap (vsai play --handicap VALUE" in text
    assert "disaster level +2: Advanced events in rounds 2, 3, 4 and 6 (harder for the Humans)" in text
    assert "Measured side balance" in text
    assert "2 players: Humans 20% [" in text and "(200 games between two level-3 AIs)" in text
    assert "2 players, disaster=-3: Humans 48%" in text


def test_list_shows_the_default_games_balance(vulcanus_balance):
    text = flat(run(["list"]).output)
    assert "Side balance" in text and "Humans 20%, Kaiju 80% (L3, 200 games)" in text


def test_no_balance_no_table(monkeypatch):
    monkeypatch.setattr(game_balance, "shipped", lambda name: None)
    assert "Side balance" not in run(["list"]).output
    assert "Measured side balance" not in run(["rules", "vulcanus"]).output


def test_the_weaker_side_is_told_and_the_measured_handicap_suggested(vulcanus_balance):
    game = load_game("vulcanus")
    note = game_balance.weaker_side_note(game, [1])
    assert note.startswith("You play the Humans, the weaker side: 20% [")
    # of the levels measured on the Humans' way, -3 is nearest to an even game
    assert "--handicap -3 (disaster level -3: no set-up lava on A-1a and B-2a" in note
    # with what was measured there, so that a handicap that barely helps is not oversold
    assert note.endswith("(easier for the Humans)), where it won 48% [41, 55] of 200 games.")
    assert game_balance.weaker_side_note(game, [0]) is None        # the Kaiju is not weaker
    assert game_balance.weaker_side_note(game, [0, 1]) is None     # humans on both sides


def test_one_step_is_suggested_where_nothing_is_measured(monkeypatch):
    balance = _balance(_variant(0, 0.2))
    monkeypatch.setattr(game_balance, "shipped", lambda name: balance)
    note = game_balance.weaker_side_note(load_game("vulcanus"), [1])
    assert "--handicap -1 (disaster level -1" in note and note.endswith("(easier for the Humans)).")


def test_an_even_side_is_not_called_weaker(monkeypatch):
    balance = _balance(_variant(0, 0.47))
    monkeypatch.setattr(game_balance, "shipped", lambda name: balance)
    assert game_balance.weaker_side_note(load_game("vulcanus"), [1]) is None


def test_play_start_lines_say_the_handicap_and_the_weaker_side(vulcanus_balance):
    result = run(["play", "vulcanus", "--seat", "H1", "--seed", "5", "--level", "1", "--plain",
                  "--handicap", "-1"], input="quit\n")
    text = flat(result.output)
    assert "Handicap (--handicap): disaster level -1: no set-up lava on A-1a (easier for the Humans)." in text
    assert "You play the Humans, the weaker side: 35% [" in text and "--handicap -3" in text
    assert "disaster -1" in text                     # the game is played at that level


def test_play_at_the_default_level_names_it(vulcanus_balance):
    text = flat(run(["play", "vulcanus", "--seat", "Kaiju", "--seed", "5", "--level", "1", "--plain"],
                    input="quit\n").output)
    assert "Handicap (--handicap): disaster level +0: the rulebook's standard game" in text
    assert "weaker side" not in text


def test_handicap_errors_are_one_clear_message():
    usage_error(["play", "godzilla", "--handicap", "1"], "godzilla has no handicap in its rules")
    usage_error(["play", "vulcanus", "--handicap", "1", "--option", "disaster=2"],
                "give it or --option disaster=..., not both")
    usage_error(["play", "vulcanus", "--handicap", "4"], "disaster=4 is above the maximum 3")
    usage_error(["play", "vulcanus", "--handicap", "x"], "disaster takes a whole number")


def test_a_handicap_must_name_an_option():
    spec = load_game("vulcanus").spec
    with pytest.raises(ValueError, match="not one of its options"):
        GameSpec(name="x", title="x", summary="x", state_class=spec.state_class,
                 params=(Param("players", 2, "n", minimum=2, maximum=2),), hidden_information=False,
                 num_distinct_actions=1, max_chance_outcomes=1, max_game_length=1, max_branching=1,
                 handicap=Handicap("missing", 0, str))


def test_a_cell_kept_before_an_option_existed_names_its_legacy_value(monkeypatch):
    """Godzilla's road_gaps came after the first balanced cells: a cell without it was played
    with every road open (its legacy value 0), not with today's default, and says so."""
    spec = load_game("godzilla").spec
    legacy = {p.name: p.legacy_default for p in spec.params if p.legacy_default is not None}
    assert legacy.get("road_gaps") == 0 and spec.defaults()["road_gaps"] != 0
    old_cell = {"players": 2, "options": {"turn_cap": 6}, "agent": "level2", "level": 2, "games": 40,
                "sides": [_side("humans", 0.3, 0.2, 0.4, 40), _side("Kaiju", 0.7, 0.6, 0.8, 40)]}
    monkeypatch.setattr(game_balance, "shipped", lambda name: {"game": name, "variants": [old_cell]})
    (line,) = game_balance.balance_lines("godzilla")
    assert line.startswith("2 players, ") and "road_gaps=0" in line
