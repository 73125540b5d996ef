"""The report of a suite's results folder: the numbers (report.json) and a page of plots
(report.html: per pool a win-rate matrix, the ratings with their intervals and the think
time per move), drawn with matplotlib (extra `vsai[report]`).

    >>> from vsai.ai.lab.report import summarise, write_report
    >>> data = summarise("suite-results/quick")
    >>> write_report(data, "suite-results/quick")       # report.json, report.html
"""
from __future__ import annotations

import base64
import html
import io
import json
import os
from pathlib import Path
from typing import Any

from vsai.ai.lab import ratings as rate
from vsai.ai.lab.suite import suite_records

REPORT_JSON = "report.json"
REPORT_HTML = "report.html"


def summarise(folder: str | os.PathLike, with_ratings: bool = True) -> dict[str, Any]:
    """Everything the report shows, JSON-ready: per pool (game, players, budget) the
    standings, the win-rate matrix, the sides of team games and (with `with_ratings`, which
    needs openskill) the ratings. Results lines with a missing or garbled field are left
    out and listed under "skipped" (line number and what is wrong)."""
    from vsai.core import load_game

    skipped: list[tuple[int, str]] = []
    suite, records = suite_records(folder, skipped)
    data: dict[str, Any] = {"suite": suite.name if suite else Path(folder).name,
                            "seed": suite.seed if suite else None,
                            "games": len(records), "pools": [],
                            "skipped": [{"line": line, "problem": problem} for line, problem in skipped]}
    if suite is not None:
        data["planned"] = sum(c.games for c in suite.cells)
    # Agents in the suite file's order (else in order of appearance).
    order = {a.label: n for n, a in enumerate(suite.agents)} if suite is not None else {}
    for pool in rate.pools(records):
        entry: dict[str, Any] = {"game": pool.game, "players": pool.players,
                                 "budget": pool.budget, "params": pool.params,
                                 "games": len(pool.records), "side_count": pool.sides,
                                 "standings": [s.as_dict() for s in _ordered(rate.standings(pool), order)],
                                 "matrix": rate.matrix(pool)}
        game = load_game(pool.game, **pool.params)
        if game.teams():
            names, sides = game.seat_names(), game.sides()
            side_names = ["+".join(n for s, n in enumerate(names) if sides[s] == side)
                          for side in range(max(sides) + 1)]
            entry["sides"] = rate.sides(pool, side_names)
        if with_ratings:
            entry["ratings"] = rate.ratings(pool)
        data["pools"].append(entry)
    return data


def _ordered(rows: list, order: dict[str, int]) -> list:
    return sorted(rows, key=lambda row: order.get(row.agent, len(order)))


def write_report(data: dict[str, Any], folder: str | os.PathLike) -> Path:
    """Write report.json and report.html (plots embedded as PNG) into `folder`; returns the
    HTML path. ImportError with an install hint when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")  # files only: never open a window, work without a display
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("the report's plots need matplotlib: pip install 'vsai[report]'") from None
    folder = Path(folder)
    (folder / REPORT_JSON).write_text(json.dumps(data, indent=1), encoding="utf-8")
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{_e(data['suite'])}</title>",
             "<style>body{font-family:sans-serif;max-width:1100px;margin:auto}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
             "padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
             "img{max-width:100%}</style></head><body>",
             f"<h1>Suite {_e(data['suite'])}</h1><p>{data['games']} games"
             + (f" of {data['planned']} planned" if "planned" in data else "")
             + (f", seed {data['seed']}" if data.get("seed") is not None else "") + ".</p>"]
    for pool in data["pools"]:
        title = f"{pool['game']} {pool['players']}p, {pool['budget']}"
        parts.append(f"<h2>{_e(title)}</h2><p>{pool['games']} games.</p>")
        parts.append(_standings_table(pool))
        if pool.get("sides"):
            parts.append(_sides_table(pool["sides"]))
        for figure in (_matrix_plot(plt, pool), _ratings_plot(plt, pool), _think_plot(plt, pool)):
            if figure is not None:
                parts.append(f"<img alt='{_e(figure[0])}' src='data:image/png;base64,{figure[1]}'>")
    parts.append("</body></html>")
    path = folder / REPORT_HTML
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def _e(text: Any) -> str:
    return html.escape(str(text))


def per_side_share(pool: dict) -> float | None:
    """What an equal side wins where a pool's rates are read per side held (games of more
    than two sides: one agent alone against two copies of another holds one side of three),
    else None. For the report's tables here and in `vsai suite report`."""
    sides = pool.get("side_count", 2)
    return 1 / sides if sides > 2 else None


def _standings_table(pool: dict) -> str:
    share = per_side_share(pool)
    per_side = share is not None
    caption = f"<p>Win rates per side held: an equal side wins {share:.0%}.</p>" if per_side else ""
    rows = [caption + "<table><tr><th>agent</th><th>games</th><th>wins</th><th>win rate</th>"
            "<th>95% interval</th><th>rating</th><th>rating interval</th><th>mean score</th>"
            "<th>think/move</th></tr>"]
    for s in pool["standings"]:
        r = pool.get("ratings", {}).get(s["agent"])
        rate = s["per_side"] if per_side else s
        rows.append(f"<tr><td>{_e(s['agent'])}</td><td>{s['games']}</td><td>{s['wins']:g}</td>"
                    f"<td>{rate['win_rate']:.1%}</td><td>{rate['ci95'][0]:.1%} - {rate['ci95'][1]:.1%}</td>"
                    + (f"<td>{r['mu']:.1f}</td><td>{r['low']:.1f} - {r['high']:.1f}</td>" if r
                       else "<td></td><td></td>")
                    + f"<td>{s['mean_score']:.1f}</td><td>{1000 * s['think_per_move']:.1f} ms</td></tr>")
    return "".join(rows) + "</table>"


def _sides_table(rows: list[dict]) -> str:
    out = ["<table><tr><th>side</th><th>agent</th><th>against</th><th>games</th><th>wins</th>"
           "<th>win rate</th><th>95% interval</th></tr>"]
    for r in rows:
        out.append(f"<tr><td>{_e(r['side'])}</td><td>{_e(r['agent'])}</td><td>{_e(r.get('against', ''))}</td>"
                   f"<td>{r['games']}</td><td>{r['wins']:g}</td><td>{r['win_rate']:.1%}</td>"
                   f"<td>{r['ci95'][0]:.1%} - {r['ci95'][1]:.1%}</td></tr>")
    return "".join(out) + "</table>"


def _png(plt: Any, figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _matrix_plot(plt: Any, pool: dict) -> tuple[str, str] | None:
    agents = [s["agent"] for s in pool["standings"]]
    if len(agents) < 2:
        return None
    import numpy as np

    share = per_side_share(pool)

    values = np.full((len(agents), len(agents)), np.nan)
    for i, a in enumerate(agents):
        for j, b in enumerate(agents):
            cell = pool["matrix"].get(a, {}).get(b)
            if cell:
                values[i, j] = cell["win_rate" if share is None else "per_side"]
    size = 1.2 + 0.7 * len(agents)
    figure, axes = plt.subplots(figsize=(size + 1.5, size))
    from matplotlib.colors import TwoSlopeNorm

    # Yellow at an equal share: a half head to head, a third per side of three.
    image = axes.imshow(values, norm=TwoSlopeNorm(share or 0.5, vmin=0, vmax=1), cmap="RdYlGn")
    axes.set_xticks(range(len(agents)), agents, rotation=45, ha="right")
    axes.set_yticks(range(len(agents)), agents)
    for i in range(len(agents)):
        for j in range(len(agents)):
            if not np.isnan(values[i, j]):
                axes.text(j, i, f"{values[i, j]:.0%}", ha="center", va="center", fontsize=8)
    axes.set_title("win rate" + ("" if share is None else " per side") + " of row against column")
    figure.colorbar(image, ax=axes)
    return "win-rate matrix", _png(plt, figure)


def _ratings_plot(plt: Any, pool: dict) -> tuple[str, str] | None:
    if not pool.get("ratings"):
        return None
    items = sorted(pool["ratings"].items(), key=lambda kv: kv[1]["mu"])
    figure, axes = plt.subplots(figsize=(6, 0.6 + 0.4 * len(items)))
    mus = [r["mu"] for _, r in items]
    errors = [r["mu"] - r["low"] for _, r in items]
    axes.errorbar(mus, range(len(items)), xerr=errors, fmt="o", capsize=4)
    axes.set_yticks(range(len(items)), [label for label, _ in items])
    axes.set_xlabel("OpenSkill rating (mu, 95% interval)")
    axes.set_title("ratings")
    return "ratings", _png(plt, figure)


def _think_plot(plt: Any, pool: dict) -> tuple[str, str] | None:
    rows = [s for s in pool["standings"] if s["moves"]]
    if not rows:
        return None
    figure, axes = plt.subplots(figsize=(6, 0.6 + 0.4 * len(rows)))
    axes.barh(range(len(rows)), [1000 * s["think_per_move"] for s in rows])
    axes.set_yticks(range(len(rows)), [s["agent"] for s in rows])
    axes.set_xlabel("think time per move (ms)")
    axes.set_title("think time")
    return "think time", _png(plt, figure)
