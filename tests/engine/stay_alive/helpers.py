"""Build Stay Alive rules for tests: from a bundled file, or a small board drawn by hand.

`bundled(name)` uses `marblestudio.rulesets.load` when it exists, and otherwise reads the YAML
the simple way (`extends` one level deep), so these tests do not wait for the loader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine.core import CHANCE, Event
from marblestudio.engine.rules import Players, Ruleset
from marblestudio.engine.stay_alive import StayAliveState, new_game
from marblestudio.engine.stay_alive.rules import (
    Layer,
    OpenCellPlacing,
    PreviousSlide,
    Slide,
    StayAliveRules,
    TwoPlayerLimit,
)

ROOT = Path(__file__).resolve().parents[3]


def _slide(sid: str, spec: Mapping[str, Any]) -> Slide:
    layer = Layer(spec["layer"])
    table = tuple(tuple(i for i, ch in enumerate(row) if ch == "o") for row in spec["open"])
    return Slide(sid, layer, int(spec["line"]) - 1, table)


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "rulesets" / f"{name}.yaml").read_text())
    base = data.pop("extends", None)
    if base is None:
        return data
    merged = _read(base)
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            inner = dict(merged[key])
            for k, v in value.items():
                if isinstance(v, dict) and isinstance(inner.get(k), dict) and k == "slides":
                    inner[k] = {**inner[k], **v}
                else:
                    inner[k] = v
            merged[key] = inner
        else:
            merged[key] = value
    return merged


def bundled(name: str) -> Ruleset:
    """The bundled ruleset ``name`` (e.g. ``stay-alive/standard``)."""
    try:
        from marblestudio import rulesets

        return rulesets.load(name)  # type: ignore[attr-defined,no-any-return]
    except (ImportError, AttributeError):
        pass
    data = _read(name)
    sa = data["stay_alive"]
    family = StayAliveRules(
        rows=sa["grid"]["rows"],
        columns=sa["grid"]["columns"],
        positions=sa["positions"],
        slides=tuple(_slide(k, v) for k, v in sa["slides"].items()),
        marbles_per_player=sa["marbles_per_player"],
        start_positions=None,
        placing_on_open_cell=OpenCellPlacing(sa["placing_on_open_cell"]),
        previous_slide=PreviousSlide(sa["previous_slide"]),
        two_player_limit=TwoPlayerLimit(sa["two_player_limit"]),
    )
    p = data["players"]
    return Ruleset(
        id=data["id"], name=data["name"], description=data["description"], game="stay-alive",
        players=Players(p["min"], p["max"], p["default"]), family=family, move_limit=data.get("move_limit"),
    )


def board(
    rows: Sequence[str],
    columns: Sequence[str],
    *,
    marbles: int = 1,
    start: Mapping[str, int] | None = None,
    placing: OpenCellPlacing = OpenCellPlacing.FORBIDDEN,
    previous: PreviousSlide = PreviousSlide.FORBIDDEN,
    limit: TwoPlayerLimit = TwoPlayerLimit.OWN_TURNS,
    move_limit: int | None = 200,
    random_start: bool = False,
) -> Ruleset:
    """A hand-drawn board: ``rows[i]`` is red slide R<i+1>'s table and ``columns[j]`` white
    slide W<j+1>'s, each as positions separated by ``|`` (``"o.|..|.o"``: three positions of a
    two-cell slide, ``o`` open).  Start positions default to 0 unless `start` says otherwise;
    with `random_start` the game begins with the chance set-up."""
    slides = [_hand(f"R{i + 1}", Layer.RED, i, spec) for i, spec in enumerate(rows)]
    slides += [_hand(f"W{j + 1}", Layer.WHITE, j, spec) for j, spec in enumerate(columns)]
    positions = len(slides[0].open_cells)
    start_positions = None if random_start else tuple((s.id, (start or {}).get(s.id, 0)) for s in slides)
    family = StayAliveRules(
        rows=len(columns[0].split("|")[0]) if columns else len(rows),
        columns=len(rows[0].split("|")[0]) if rows else len(columns),
        positions=positions, slides=tuple(slides),
        marbles_per_player=marbles, start_positions=start_positions, placing_on_open_cell=placing,
        previous_slide=previous, two_player_limit=limit,
    )
    return Ruleset(
        id="test/hand-board", name="hand board", description="", game="stay-alive",
        players=Players(2, 4, 2), family=family, move_limit=move_limit,
    )


def _hand(sid: str, layer: Layer, line: int, spec: str) -> Slide:
    table = tuple(tuple(i for i, ch in enumerate(part) if ch == "o") for part in spec.split("|"))
    return Slide(sid, layer, line, table)


def play(state: StayAliveState, *notations: str) -> list[Event]:
    """Apply moves written in notation; return all their events."""
    events: list[Event] = []
    for text in notations:
        events += state.apply(state.parse_move(text))
    return events


def started(rules: Ruleset, players: int = 2, setup: str | None = None) -> StayAliveState:
    """A new game, past a given set-up if the rules have a chance step."""
    state = new_game(rules, players)
    if state.to_move == CHANCE:
        assert setup is not None
        play(state, setup)
    return state


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
