"""The Stay Alive section (`stay_alive:`): semantic checks, and building `StayAliveRules`.

In YAML a slide's `line` counts from 1 and a position is a number from 1 or a name; the
engine's dataclasses count both from 0.  `open` lists, per position, a string with one
character per cell ('o' open, '.' closed); the engine gets the tuple of open indexes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from marblestudio.engine.cells import parse_cell
from marblestudio.engine.core import NotationError
from marblestudio.engine.stay_alive.rules import (
    Layer,
    OpenCellPlacing,
    PreviousSlide,
    Slide,
    StayAliveRules,
    TwoPlayerLimit,
)
from marblestudio.engine.stay_alive.board import build_tables
from marblestudio.engine.stay_alive.setup import closing_setup, most_closed, searched_all
from marblestudio.rulesets.diagnostics import WARNING, Problem, pointer_join

SECTION = "/stay_alive"
POSITION_NAMES = {"inside": 0, "centre": 1, "outside": 2}
DEFAULT_POSITIONS = 3


def _position_index(value: int | str) -> int:
    """A YAML position (1-based number or name) as the engine's 0-based index."""
    return POSITION_NAMES[value] if isinstance(value, str) else value - 1


def _open_sets(slide: Mapping[str, Any]) -> list[tuple[int, ...]]:
    return [tuple(i for i, ch in enumerate(row) if ch == "o") for row in slide["open"]]


def check(data: Mapping[str, Any]) -> list[Problem]:
    """Numbers that must agree in a schema-valid ruleset's Stay Alive section."""
    section = data["stay_alive"]
    slides: Mapping[str, Any] = section["slides"]
    problems = _check_tables(section, slides) + _check_lines(section, slides) + _check_start(section, slides) + _check_neutral(section)
    if not problems:
        problems += _check_room(data, section, slides)
    return problems


def _check_neutral(section: Mapping[str, Any]) -> list[Problem]:
    """Every neutral marble on a cell of the grid; longer moves that a knob has room for."""
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    problems = []
    steps, positions = section.get("knob_steps", 1), section.get("positions", DEFAULT_POSITIONS)
    if steps > positions - 1:
        problems.append(Problem(f"{SECTION}/knob_steps", f"a knob has {positions} positions, so it can move at most {positions - 1} in one move, not {steps}"))
    for i, cell in enumerate(section.get("neutral", ())):
        try:
            parse_cell(cell, rows, columns)
        except NotationError as exc:
            problems.append(Problem(f"{SECTION}/neutral/{i}", f"neutral marble {i + 1}: {exc}"))
    return problems


def _check_lines(section: Mapping[str, Any], slides: Mapping[str, Any]) -> list[Problem]:
    """Each row has one red slide and each column one white slide."""
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    problems: list[Problem] = []
    by_line: dict[tuple[str, int], str] = {}
    for slide_id, slide in slides.items():
        here = pointer_join(f"{SECTION}/slides", slide_id)
        layer, line = slide["layer"], slide["line"]
        lines, along = (rows, "row") if layer == "red" else (columns, "column")
        if line > lines:
            problems.append(Problem(f"{here}/line", f"slide {slide_id} runs along {along} {line}, but the grid has only {lines} {along}s"))
        elif (layer, line) in by_line:
            problems.append(Problem(f"{here}/line", f"slides {by_line[layer, line]} and {slide_id} both run along {layer} {along} {line}"))
        else:
            by_line[layer, line] = slide_id
    if problems:
        return problems  # a missing line is most likely the one written twice or too far
    for layer, lines, along in (("red", rows, "row"), ("white", columns, "column")):
        missing = [str(n) for n in range(1, lines + 1) if (layer, n) not in by_line]
        if missing:
            plural = "s" if len(missing) > 1 else ""
            problems.append(Problem(f"{SECTION}/slides", f"no {layer} slide runs along {along}{plural} {', '.join(missing)}: every {along} needs one"))
    return problems


def _check_tables(section: Mapping[str, Any], slides: Mapping[str, Any]) -> list[Problem]:
    """Every slide's `open` has one entry per position and one character per cell.

    When every slide disagrees the same way, the grid or `positions` changed: say so once, there.
    """
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    positions = section.get("positions", DEFAULT_POSITIONS)
    counts = {sid: len(s["open"]) for sid, s in slides.items()}
    if len(set(counts.values())) == 1 and positions not in counts.values():
        (written,) = set(counts.values())
        return [Problem(f"{SECTION}/positions", f"stay_alive.positions is {positions}, but every slide's 'open' lists {written} positions")]
    problems: list[Problem] = []
    for sid, count in counts.items():
        if count != positions:
            problems.append(Problem(pointer_join(f"{SECTION}/slides", sid) + "/open", f"slide {sid} lists {count} positions in 'open'; stay_alive.positions is {positions}"))
    for layer, cells, along, key in (("red", columns, "row", "columns"), ("white", rows, "column", "rows")):
        of_layer = {sid: s for sid, s in slides.items() if s["layer"] == layer}
        lengths = {len(row) for s in of_layer.values() for row in s["open"]}
        if len(lengths) == 1 and cells not in lengths and len(of_layer) > 1:
            (written,) = lengths
            problems.append(
                Problem(f"{SECTION}/grid/{key}", f"the grid has {cells} {key}, but every {layer} slide's 'open' has {written} cells: a {layer} slide runs along a {along} of {cells} cells")
            )
            continue
        for sid, slide in of_layer.items():
            for index, row in enumerate(slide["open"]):
                if len(row) != cells:
                    problems.append(
                        Problem(
                            pointer_join(f"{SECTION}/slides", sid) + f"/open/{index}",
                            f"slide {sid}, position {index + 1} has {len(row)} cells ({row!r}); a {layer} slide runs along a {along} of {cells} cells",
                        )
                    )
    return problems


def _check_start(section: Mapping[str, Any], slides: Mapping[str, Any]) -> list[Problem]:
    """A fixed start names every slide, and only slides that exist, at positions they have."""
    positions = section.get("positions", DEFAULT_POSITIONS)
    start = section.get("start", "random")
    if not isinstance(start, Mapping):
        return []
    problems = []
    for slide_id, value in start.items():
        here = pointer_join(f"{SECTION}/start", slide_id)
        if slide_id not in slides:
            problems.append(Problem(here, f"stay_alive.start names the slide '{slide_id}', which stay_alive.slides does not have"))
        elif isinstance(value, str) and positions != 3:
            problems.append(Problem(here, f"the position name {value!r} needs 3 positions; use a number from 1 to {positions}"))
        elif isinstance(value, int) and value > positions:
            problems.append(Problem(here, f"slide {slide_id} starts at position {value}, but slides have {positions} positions"))
    missing = [s for s in slides if s not in start]
    if missing:
        problems.append(Problem(f"{SECTION}/start", f"stay_alive.start gives no position for slide {', '.join(missing)}: give every slide a position, or write 'start: random'"))
    return problems


def _closed_cells(rows: int, columns: int, red: Mapping[int, Collection[int]], white: Mapping[int, Collection[int]]) -> int:
    """Cells where at least one of the two slides is closed, given each line's open cells."""
    falls = sum(1 for r in range(rows) for c in red[r] if r in white[c])
    return rows * columns - falls


def _check_room(data: Mapping[str, Any], section: Mapping[str, Any], slides: Mapping[str, Any]) -> list[Problem]:
    """Enough closed cells for every marble; every cell able to open."""
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    most = section["marbles_per_player"] * data["players"]["max"] + len(section.get("neutral", ()))  # neutral marbles need room too
    where = f"{SECTION}/marbles_per_player"
    if most > rows * columns:
        return [Problem(where, f"{data['players']['max']} players with {section['marbles_per_player']} marbles each need {most} cells; the grid has {rows * columns}")]
    options = {sid: _open_sets(s) for sid, s in slides.items()}
    red_of = {s["line"] - 1: sid for sid, s in slides.items() if s["layer"] == "red"}
    white_of = {s["line"] - 1: sid for sid, s in slides.items() if s["layer"] == "white"}
    problems: list[Problem] = []
    never = [
        f"({r + 1},{c + 1})"
        for r in range(rows)
        for c in range(columns)
        if not any(c in o for o in options[red_of[r]]) or not any(r in o for o in options[white_of[c]])
    ]
    if never:
        shown = ", ".join(never[:5]) + (" ..." if len(never) > 5 else "")
        problems.append(Problem(f"{SECTION}/slides", f"{len(never)} cell(s) can never open, so a marble there never falls: (row,column) {shown}", WARNING))
    start = section.get("start", "random")
    if isinstance(start, Mapping):
        red = {r: options[sid][_position_index(start[sid])] for r, sid in red_of.items()}
        white = {c: set(options[sid][_position_index(start[sid])]) for c, sid in white_of.items()}
        count = _closed_cells(rows, columns, red, white)
        if count < most:
            problems.append(Problem(f"{SECTION}/start", f"the start leaves {count} cells closed, but {most} marbles must be placed"))
        return problems
    tables = build_tables(build(data))
    if closing_setup(tables, most) is None:  # the engine's own search: what it finds, a game can use
        if searched_all(tables):
            message = (f"no setting of the slides leaves {most} cells closed for {most} marbles (at most {most_closed(tables)}); "
                       "the random set-up could never finish")
        else:
            message = (f"no setting of the slides found leaves {most} cells closed for {most} marbles (the most found: "
                       f"{most_closed(tables)}), so the random set-up could not finish: close more cells or use fewer marbles")
        problems.append(Problem(where, message))
    return problems


def unused(data: Mapping[str, Any]) -> list[Problem]:
    """Keys of a checked ruleset that Stay Alive's rules never read (the loader reports those the file wrote)."""
    return []  # every key is read (teams too: team play ends when one team is left)


def build(data: Mapping[str, Any]) -> StayAliveRules:
    """The engine's `StayAliveRules` from a checked ruleset."""
    section = data["stay_alive"]
    slides = tuple(
        Slide(id=sid, layer=Layer(s["layer"]), line=s["line"] - 1, open_cells=tuple(_open_sets(s)))
        for sid, s in section["slides"].items()
    )
    start = section.get("start", "random")
    start_positions = None
    if isinstance(start, Mapping):
        start_positions = tuple((s.id, _position_index(start[s.id])) for s in slides)
    return StayAliveRules(
        rows=section["grid"]["rows"],
        columns=section["grid"]["columns"],
        positions=section.get("positions", DEFAULT_POSITIONS),
        slides=slides,
        marbles_per_player=section["marbles_per_player"],
        start_positions=start_positions,
        placing_on_open_cell=OpenCellPlacing(section.get("placing_on_open_cell", "forbidden")),
        previous_slide=PreviousSlide(section.get("previous_slide", "forbidden")),
        two_player_limit=TwoPlayerLimit(section.get("two_player_limit", "own-turns")),
        neutral=tuple(parse_cell(cell, section["grid"]["rows"], section["grid"]["columns"]) for cell in section.get("neutral", ())),
        knob_steps=section.get("knob_steps", 1),
    )
