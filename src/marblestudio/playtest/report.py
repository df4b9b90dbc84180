"""Printing playtest reports: one run as text, several side by side, or JSON.

A side-by-side report puts the runs in columns under the same row labels, so a house rule's
effect on balance and length reads across one line.  A ruleset with rule pieces adds a row per
piece (rule coverage: how often it fired) and a warning for each piece that never fired.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from marblestudio.playtest import coverage
from marblestudio.playtest.stats import Rate, Report


def pct(rate: Rate) -> str:
    """``52.0% [47.6, 56.4]``: the rate and its 95% interval, in percent."""
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def _rows(report: Report) -> list[tuple[str, str]]:
    """(label, value) lines of one report, in the order they print."""
    rows: list[tuple[str, str]] = [("games", _games(report)), ("players", str(report.players))]
    for seat, rate in enumerate(report.seat_wins):
        rows.append((f"player {seat + 1} wins", pct(rate)))
    if len(report.agent_wins) > 1:
        for spec, rate in report.agent_wins:
            rows.append((f"{spec} wins", pct(rate)))
    rows.append(("draws", f"{report.draws} ({_share(report.draws, report.games)})"))
    rows.append(("capped", f"{report.capped} ({_share(report.capped, report.games)})"))
    ls = report.lengths
    rows.append(("length mean", f"{ls.mean:.1f}"))
    rows.append(("length median [q1, q3]", f"{ls.median:g} [{ls.q1:g}, {ls.q3:g}]"))
    rows.append(("length 10%-90%", f"{ls.p10:g}-{ls.p90:g}"))
    rows.append(("length min-max", f"{ls.minimum}-{ls.maximum}"))
    fp = report.first_player
    if fp.rate.games:
        rows.append(("first player wins", f"{pct(fp.rate)} of {fp.rate.games} decided (fair share {100 * fp.fair:.1f}%)"))
    rows.append(("first player", fp.verdict))
    rows += coverage.rows(report.rules)
    return rows


def _games(report: Report) -> str:
    if report.requested and report.requested != report.games:
        return f"{report.games} of {report.requested}"
    return str(report.games)


def _share(count: int, total: int) -> str:
    return f"{100 * count / total:.1f}%" if total else "-"


def render(report: Report) -> str:
    """One report as text: the table, then the notable games and any notes."""
    lines = [report.title] if report.title else []
    if report.agents:
        lines.append("agents: " + ", ".join(report.agents) + " (seats rotated by game)")
    rows = _rows(report)
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:<{width}}  {value}" for label, value in rows]
    lines += _notable_lines(report)
    lines += _remarks(report)
    return "\n".join(lines)


def _remarks(report: Report) -> list[str]:
    """The report's warnings (rule pieces that never fired) and notes, one a line."""
    return [f"warning: {w}" for w in report.warnings] + [f"note: {note}" for note in report.notes]


def _notable_lines(report: Report) -> list[str]:
    if not report.notable:
        return []
    lines = ["notable games (replay one with the same --agents, --seed and --game INDEX):"]
    for n in report.notable:
        lines.append(f"  {n.why:<9} game {n.index} (seed {n.seed}): {n.length} moves, {n.result}")
    return lines


def render_side_by_side(reports: Sequence[Report]) -> str:
    """Several reports in columns under shared row labels (rows a report lacks show '-')."""
    tables = [dict(_rows(r)) for r in reports]
    labels: list[str] = []
    for r in reports:
        for label, _ in _rows(r):
            if label not in labels:
                labels.append(label)
    heads = [r.title or f"run {i + 1}" for i, r in enumerate(reports)]
    label_w = max([len(x) for x in labels] + [0])
    widths = [max([len(h)] + [len(t.get(label, "-")) for label in labels]) for h, t in zip(heads, tables, strict=True)]
    out = [(" " * (label_w + 2) + "  ".join(f"{h:<{w}}" for h, w in zip(heads, widths, strict=True))).rstrip()]
    for label in labels:
        cells = "  ".join(f"{t.get(label, '-'):<{w}}" for t, w in zip(tables, widths, strict=True))
        out.append(f"{label:<{label_w}}  {cells}".rstrip())
    for head, r in zip(heads, reports, strict=True):
        extra = _notable_lines(r) + _remarks(r)
        if extra:
            out.append("")
            out.append(f"{head}:")
            out += extra
    return "\n".join(out)


def to_json_text(reports: Sequence[Report] | Report) -> str:
    """JSON of one report (an object) or several (a list)."""
    data: Any = reports.to_json() if isinstance(reports, Report) else [r.to_json() for r in reports]
    return json.dumps(data, indent=2, sort_keys=False)
