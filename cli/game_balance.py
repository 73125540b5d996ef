"""The measured side balance of a game, kept per game: `balance.json` in its package, beside
its spec, rules and ladder (package data, so a wheel ships it too).

In a game where one side (a Kaiju) plays against another (a human team), the side may decide
more than the play. `vsai suite report OUT --balance ext` reads a balance suite's results
(the same agent on every side, e.g. `benchmarks/suites/balance-<game>.toml`) and writes each
game's file: per variant (players and options) and agent, each side's win share with its
Wilson 95% interval and the number of games. `vsai rules GAME` and `vsai list` show it, and
the start line of `vsai play` says when a human takes the weaker side, with the handicap
that helps it when the game's rules have one (`GameSpec.handicap`). The framework names no
game: the sides come from the games' views, the handicap from their specs.
"""
from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

# The file name in a game's package.
FILE = "balance.json"


# ----------------------------------------------------------------------------- measuring

def side_names(game: Any) -> list[str]:
    """The name of each side of `game` (index as `game.sides()`), from a new state's view:
    "Kaiju", "humans", ...; a lone seat's name where the view gives no side."""
    view = game.new_initial_state().view(0)
    names: dict[int, str] = {}
    for seat, side in enumerate(game.sides()):
        entry = view["seats"][seat]
        names.setdefault(side, entry.get("side") or entry["name"])
    return [names[side] for side in sorted(names)]


def summarise(records: Iterable[dict], levels: dict[str, int | None],
              measured: str | None = None) -> dict[str, dict]:
    """From suite records (`results.jsonl`), per game: every variant played by one agent on
    all sides, with each side's wins, win share, Wilson interval and mean score (which says
    more than the wins when one side rarely wins). `levels` maps an agent
    label to its level (None: not a level of `vsai play`)."""
    from vsai.ai.lab.ratings import side_results
    from vsai.core import load_game

    pools: dict[tuple, dict] = {}
    for record in records:
        labels = set(record["seats"])
        if len(labels) != 1:
            continue                         # different agents: not a balance measurement
        label = labels.pop()
        options = {k: v for k, v in record["params"].items() if k != "players"}
        key = (record["game"], record["params"]["players"], json.dumps(options, sort_keys=True), label)
        pools.setdefault(key, {"game": record["game"], "params": record["params"], "agent": label,
                               "records": []})["records"].append(record)
    out: dict[str, dict] = {}
    for (name, players, _, label), pool in sorted(pools.items(), key=lambda kv: kv[0]):
        games = len(pool["records"])
        names = side_names(load_game(name, **pool["params"]))
        rows = side_results(((r["seats"], r["sides"], r["returns"]) for r in pool["records"]), names,
                            against=False)           # one agent: one row a side, in side order
        scores = [0.0] * len(names)
        for record in pool["records"]:
            for side in range(len(names)):           # a team's seats share its score: its first seat's
                scores[side] += record["scores"][record["sides"].index(side)]
        sides = [{"side": row["side"], "wins": row["wins"], "win_rate": row["win_rate"], "ci95": row["ci95"],
                  "mean_score": round(scores[side] / games, 3)} for side, row in enumerate(rows)]
        game = out.setdefault(name, {"game": name, "measured": measured or _today(),
                                     "variants": []})
        game["variants"].append({"players": players,
                                 "options": {k: v for k, v in pool["params"].items() if k != "players"},
                                 "agent": label, "level": levels.get(label),
                                 "games": games, "sides": sides})
    return out


def _today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def write(balances: dict[str, dict], root: Path) -> list[Path]:
    """Write each game's balance to `root/<game>/balance.json` (for the source tree, `root` is
    `ext`, where a game's folder is its name); the paths written."""
    from vsai.cli.game_ladders import write_parts

    return write_parts(balances, root, FILE)


# ----------------------------------------------------------------------------- showing

def shipped(name: str) -> dict[str, Any] | None:
    """The balance game `name` ships, or None (none, or unreadable: `vsai list` must work)."""
    from vsai.cli.game_ladders import read_part

    return read_part(name, FILE)


def variant_for(balance: dict[str, Any] | None, spec: Any, params: dict) -> dict[str, Any] | None:
    """The measured variant of these parameters (players and options as the results key
    them, `GameSpec.key_params`) at the highest level measured, or None."""
    if not balance:
        return None
    wanted = {k: v for k, v in spec.key_params(params).items() if k != "players"}
    found = [v for v in balance["variants"] if v["players"] == params["players"]
             and spec.key_params({"players": v["players"], **v["options"]}) ==
             {"players": v["players"], **wanted}]
    return max(found, key=lambda v: (v.get("level") or 0, v["games"]), default=None)


def _who(variant: dict[str, Any]) -> str:
    level = variant.get("level")
    return f"two level-{level} AIs" if level else f"two copies of {variant['agent']}"


def _rate(side: dict[str, Any]) -> str:
    low, high = side["ci95"]
    return f"{100 * side['win_rate']:.0f}% [{100 * low:.0f}, {100 * high:.0f}]"


def variant_text(variant: dict[str, Any]) -> str:
    """One measured variant in words: "Kaiju 81% [75, 86], humans 19% [14, 25] (200 games
    between two level-3 AIs)"."""
    sides = ", ".join(f"{side['side']} {_rate(side)}" for side in variant["sides"])
    scores = " to ".join(f"{side['mean_score']:.1f}" for side in variant["sides"] if "mean_score" in side)
    return (f"{sides} ({variant['games']} games between {_who(variant)}"
            + (f"; mean scores {scores}" if scores else "") + ")")


def balance_lines(name: str) -> list[str]:
    """Each measured variant of game `name` in words, for `vsai rules`: players, options that
    differ from the defaults, and each side's win share; [] when nothing is measured."""
    from vsai.core import get_spec

    balance = shipped(name)
    if not balance:
        return []
    spec = get_spec(name)
    defaults = spec.defaults()
    lines = []
    for variant in sorted(balance["variants"], key=lambda v: (v["players"], sorted(v["options"].items()))):
        # An option a kept cell lacks was at its legacy value (GameSpec.saved_params), which
        # may differ from today's default: name it too.
        played = spec.saved_params(variant["options"])
        options = ", ".join(f"{k}={v}" for k, v in played.items() if defaults.get(k) != v)
        where = f"{variant['players']} players" + (f", {options}" if options else "")
        lines.append(f"{where}: {variant_text(variant)}")
    return lines


def list_cell(name: str) -> str:
    """The balance column of `vsai list`: the default variant's side win shares, or "-"."""
    from vsai.core import get_spec

    spec = get_spec(name)
    variant = variant_for(shipped(name), spec, spec.defaults())
    if variant is None:
        return "-"
    sides = ", ".join(f"{side['side']} {100 * side['win_rate']:.0f}%" for side in variant["sides"])
    level = f"L{variant['level']}" if variant.get("level") else variant["agent"]
    return f"{sides} ({level}, {variant['games']} games)"


def weaker_side_note(game: Any, human_seats: Sequence[int]) -> str | None:
    """When the humans of a `vsai play` table all hold one side and the measured balance puts
    that side clearly behind (its interval below 50%), a line that says so and, when the
    game's rules have a handicap, which value helps that side; else None."""
    spec, params = game.spec, game.get_parameters()
    sides = game.sides()
    held = {sides[s] for s in human_seats}
    if len(held) != 1:
        return None
    side = held.pop()
    variant = variant_for(shipped(spec.name), spec, params)
    if variant is None or side >= len(variant["sides"]):
        return None
    measured = variant["sides"][side]
    if measured["ci95"][1] >= 0.5:
        return None
    text = (f"You play the {measured['side']}, the weaker side: {_rate(measured)} wins in "
            f"{variant['games']} games between {_who(variant)}.")
    suggestion = handicap_suggestion(game, side)
    return text + (f" {suggestion}" if suggestion else "")


def handicap_suggestion(game: Any, side: int) -> str | None:
    """The handicap value that helps `side`: the measured one nearest to an even game, else
    one step its way from the value played; None when the game has no handicap or it is at
    the end of its range."""
    spec, params = game.spec, game.get_parameters()
    handicap = spec.handicap
    if handicap is None:
        return None
    param = next(p for p in spec.params if p.name == handicap.option)
    current = params[handicap.option]
    step = 1 if game.sides()[handicap.higher_helps_seat] == side else -1
    best = _measured_best(game, side, step)
    value = best[0] if best is not None else current + step
    if not (param.minimum is None or value >= param.minimum) or \
            not (param.maximum is None or value <= param.maximum):
        return None
    text = f"The rules' handicap helps it: --handicap {value:+d} ({handicap.describe(value)})"
    if best is None:
        return text + "."
    # The measured share there, so that a handicap which barely helps is not oversold.
    return text + f", where it won {_rate(best[1]['sides'][side])} of {best[1]['games']} games."


def _measured_best(game: Any, side: int, step: int) -> tuple[int, dict[str, Any]] | None:
    """The handicap value, on `side`'s way from the one played, whose measured win share for
    `side` is nearest to 50%, with its measured variant (None when none is measured)."""
    spec, params = game.spec, game.get_parameters()
    option = spec.handicap.option
    balance = shipped(spec.name)
    best = None
    for variant in (balance or {}).get("variants", []):
        value = variant["options"].get(option)
        if value is None or (value - params[option]) * step <= 0:
            continue
        if variant_for(balance, spec, {**params, option: value}) is not variant:
            continue
        gap = abs(variant["sides"][side]["win_rate"] - 0.5)
        if best is None or gap < best[0]:
            best = (gap, value, variant)
    return None if best is None else (best[1], best[2])


def handicap_line(game: Any) -> str | None:
    """The start line's handicap words: "Handicap (--handicap): disaster level +0: ..."; None
    when the game's rules have no handicap."""
    handicap = game.spec.handicap
    if handicap is None:
        return None
    return f"Handicap (--handicap): {handicap.describe(game.get_parameters()[handicap.option])}."
