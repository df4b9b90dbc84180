"""Stay Alive's board as integer bitmasks, built once per rules object.

Cell (row, col) is bit ``row * columns + col``.  A slide covers one line of its layer (a red
slide a row, a white slide a column); ``open_masks[s][p]`` is the set of cells that slide ``s``
leaves open at knob position ``p``.  A layer's open mask is the OR of its slides' masks at their
positions (cells no slide of a layer covers are closed in that layer), and a cell is open when
it is open in both layers.  Marbles fall exactly on ``marbles & open``.

`tables_for(rules)` caches the tables (and the interned moves and events) per rules object, so
that creating a game, copying it and listing its moves allocates almost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from marblestudio.engine.cells import cell_name
from marblestudio.engine.core import TURN_OVER, Event
from marblestudio.engine.stay_alive.moves import PASS, PlaceMove, SlideMove
from marblestudio.engine.stay_alive.rules import Layer, StayAliveRules
from marblestudio.engine.stay_alive.events import StayAliveEvent

RED = 0
WHITE = 1


@dataclass(eq=False)
class BoardTables:
    """Precomputed masks, moves and events of one `StayAliveRules` (shared by all its games)."""

    rules: StayAliveRules
    rows: int
    columns: int
    cells: int
    full: int
    slide_ids: tuple[str, ...]
    slide_index: dict[str, int]
    layer_of: tuple[int, ...]  # RED or WHITE per slide
    line_mask: tuple[int, ...]  # the cells a slide covers
    keep_mask: tuple[int, ...]  # every cell but those
    open_masks: tuple[tuple[int, ...], ...]  # [slide][position] -> open cells
    place_moves: tuple[PlaceMove, ...]  # by cell index
    slide_moves: tuple[tuple[SlideMove, SlideMove], ...]  # [slide] -> (towards inside, towards outside)
    moves_at: tuple[tuple[tuple[SlideMove, ...], ...], ...]  # [slide][position] -> moves possible there
    slide_events: dict[tuple[int, int, int], Event] = field(default_factory=dict)
    fell_events: dict[tuple[int, int], Event] = field(default_factory=dict)
    turn_events: dict[int, Event] = field(default_factory=dict)
    placed_events: dict[tuple[int, int], Event] = field(default_factory=dict)

    def layer_open(self, layer: int, positions: list[int] | tuple[int, ...]) -> int:
        """The open mask of `layer` with the slides at `positions`."""
        mask = 0
        for s, layer_s in enumerate(self.layer_of):
            if layer_s == layer:
                mask |= self.open_masks[s][positions[s]]
        return mask

    def open_cells(self, positions: list[int] | tuple[int, ...]) -> int:
        """The cells open in both layers with the slides at `positions`."""
        return self.layer_open(RED, positions) & self.layer_open(WHITE, positions)

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.columns)

    # Interned events: immutable values, so every game of these rules shares them -----------
    def slide_event(self, slide: int, old: int, new: int) -> Event:
        key = (slide, old, new)
        event = self.slide_events.get(key)
        if event is None:
            event = Event(StayAliveEvent.SLIDE_MOVED, (("from", old), ("slide", self.slide_ids[slide]), ("to", new)))
            self.slide_events[key] = event
        return event

    def fell_event(self, seat: int, cell: int) -> Event:
        return self._cell_event(StayAliveEvent.MARBLE_FELL, self.fell_events, seat, cell)

    def placed_event(self, seat: int, cell: int) -> Event:
        return self._cell_event(StayAliveEvent.MARBLE_PLACED, self.placed_events, seat, cell)

    def _cell_event(self, kind: StayAliveEvent, cache: dict[tuple[int, int], Event], seat: int, cell: int) -> Event:
        """The event `kind` of `seat`'s marble at `cell` (row, col and name), made once per rules."""
        key = (seat, cell)
        event = cache.get(key)
        if event is None:
            row, col = divmod(cell, self.columns)
            event = Event.of(kind, seat=seat, row=row, col=col, cell=cell_name(row, col))
            cache[key] = event
        return event

    def turn_event(self, seat: int) -> Event:
        event = self.turn_events.get(seat)
        if event is None:
            event = Event.of(TURN_OVER, seat=seat)
            self.turn_events[seat] = event
        return event


def build_tables(rules: StayAliveRules) -> BoardTables:
    """Compute the masks and interned moves of `rules` (see `tables_for`, which caches this)."""
    rows, columns = rules.rows, rules.columns
    ids: list[str] = []
    layers: list[int] = []
    lines: list[int] = []
    opens: list[tuple[int, ...]] = []
    for slide in rules.slides:
        red = slide.layer is Layer.RED
        length = columns if red else rows

        def bit(i: int, line: int = slide.line, red: bool = red) -> int:
            return 1 << (line * columns + i if red else i * columns + line)

        line_mask = 0
        for i in range(length):
            line_mask |= bit(i)
        per_position = []
        for cells in slide.open_cells:
            mask = 0
            for i in cells:
                mask |= bit(i)
            per_position.append(mask)
        ids.append(slide.id)
        layers.append(RED if red else WHITE)
        lines.append(line_mask)
        opens.append(tuple(per_position))
    place = tuple(PlaceMove(cell, *divmod(cell, columns)) for cell in range(rows * columns))
    slide_moves = tuple((SlideMove(s, ids[s], -1), SlideMove(s, ids[s], +1)) for s in range(len(ids)))
    # longer moves (a house rule's knob_steps): after the one-position moves, in the same order for every game
    jumps = tuple(
        tuple(SlideMove(s, ids[s], sign * k) for k in range(2, rules.knob_steps + 1) for sign in (-1, 1))
        for s in range(len(ids))
    )
    moves_at = tuple(
        tuple(
            tuple(m for m in (*slide_moves[s], *jumps[s]) if 0 <= p + m.step < len(opens[s]))
            for p in range(len(opens[s]))
        )
        for s in range(len(ids))
    )
    return BoardTables(
        rules=rules,
        rows=rows,
        columns=columns,
        cells=rows * columns,
        full=(1 << (rows * columns)) - 1,
        slide_ids=tuple(ids),
        slide_index={sid: i for i, sid in enumerate(ids)},
        layer_of=tuple(layers),
        line_mask=tuple(lines),
        keep_mask=tuple(((1 << (rows * columns)) - 1) ^ m for m in lines),
        open_masks=tuple(opens),
        place_moves=place,
        slide_moves=slide_moves,
        moves_at=moves_at,
    )


_TABLES: dict[int, BoardTables] = {}


def tables_for(rules: StayAliveRules) -> BoardTables:
    """The cached tables of `rules` (keyed by identity; the entry keeps `rules` alive, so an id
    is never reused while its entry exists)."""
    tables = _TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        tables = build_tables(rules)
        if len(_TABLES) > 256:  # many throw-away rules objects (tests, a generator): start over
            _TABLES.clear()
        _TABLES[id(rules)] = tables
    return tables


__all__ = ["PASS", "RED", "WHITE", "BoardTables", "build_tables", "tables_for"]
