"""What the rule state holds, written in a position's notation and read back (docs/notation.md)."""

from __future__ import annotations

from urllib.parse import quote, unquote

from marblestudio.engine.pieces.rule_state import CHANCE_RUN, MAX_MARK, RuleState
from marblestudio.engine.position import NONE, Fields, Writer, items_text


def write(rs: RuleState) -> str:
    """The fields of what the pieces remember: ``rule-turn=TURN_MOVES,TURN_OF,EXTRA_FOR,TURN_TO,SKIPS,IN_TURN``
    (seats as numbers, -1 for none; a position of five numbers, written before IN_TURN, reads it as TURN_MOVES), ``rule-moves=`` (decisions made), ``scores=`` (per seat),
    ``rule-partner=1`` (a partner_turn given: the side's partner plays its extra turn), ``rule-queue=SEAT,...``
    (more seats waiting to slip a turn in, after the one of ``rule-insert``) and
    ``used=PIECE.SEAT.TIMES,...`` (powers and triggers with a `times:` limit, by piece number)."""
    out = Writer("", len(rs.scores))
    out.add("rule-turn", ",".join(str(v) for v in (rs.turn_moves, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips, rs.in_turn)))
    out.add("rule-moves", rs.moves).seats("scores", rs.scores)
    if any(rs.missed):
        out.seats("missed", rs.missed)
    if rs.insert_to >= 0 or rs.resume >= 0:
        out.add("rule-insert", f"{rs.insert_to},{rs.resume},{rs.inserted}")
    if rs.queued:
        out.add("rule-queue", ",".join(map(str, rs.queued)))
    if rs.partner_next:
        out.add("rule-partner", 1)
    if rs.chance_run:
        out.add("rule-chance", rs.chance_run)
    if rs.waived:
        out.add("rule-waived", f"{rs.waived_for}:" + ",".join(map(str, rs.waived)))
    if rs.marks:
        out.add("marks", items_text(f"{name}.{seat}.{quote(text, safe='')}" for (name, seat), text in sorted(rs.marks.items())))
    if rs.counters:
        out.add("counters", items_text(f"{name}.{seat}.{value}" for (name, seat), value in sorted(rs.counters.items())))
    out.add("used", items_text(f"{piece}.{seat}.{times}" for (piece, seat), times in sorted(rs.used.items())))
    return " ".join(out.parts[2:])


def read(rs: RuleState, fields: Fields) -> None:
    """Read `write`'s fields into the rule state `rs` (of a game just set up at the family's position)."""
    n = fields.players
    raw = fields.text("rule-turn", "0,-1,-1,-1,0,0")
    parts = fields.items("rule-turn", raw)
    if len(parts) not in (5, 6):
        raise fields.error("rule-turn", f"'{raw}' is not six numbers: turn moves, turn of, extra turn for, turn to, skips, "
                                        "moves in the turn")
    numbers = [fields.convert("rule-turn", p, int, "a whole number") for p in parts]
    for value in numbers[1:4]:
        fields.bounded("rule-turn", value, -1, n - 1)
    rs.turn_moves, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips = numbers[:5]
    rs.in_turn = numbers[5] if len(numbers) == 6 else rs.turn_moves  # a position written before moves_in_turn
    rs.moves = fields.int("rule-moves", 0, lo=0)
    rs.scores = fields.seat_ints("scores", 0)
    rs.missed = fields.seat_ints("missed", 0, lo=0)
    parts = fields.items("rule-insert", fields.text("rule-insert", "-1,-1,-1"))
    if len(parts) != 3:
        raise fields.error("rule-insert", "not three seats: the seat to slip a turn in, the seat play goes back to, the seat playing it")
    rs.insert_to, rs.resume, rs.inserted = (fields.bounded("rule-insert", fields.convert("rule-insert", x, int, "a whole number"), -1, n - 1)
                                            for x in parts)
    rs.partner_next = fields.int("rule-partner", 0, lo=0, hi=1) == 1
    rs.chance_run = fields.int("rule-chance", 0, lo=0, hi=CHANCE_RUN)
    rs.marks = {}
    for item in fields.items("marks", default=NONE):
        name, dot, rest = item.partition(".")
        who, dot2, text = rest.partition(".")
        seat = fields.convert("marks", who, int, "a whole number") if dot and dot2 else -1
        if not name or not 0 <= seat < n or not text:
            raise fields.error("marks", f"'{item}' is not NAME.SEAT.TEXT (the text written as in a web address)")
        rs.marks[name, seat] = unquote(text)[:MAX_MARK]
    waived = fields.text("rule-waived", NONE)
    rs.waived, rs.waived_for = (), -1
    if waived != NONE:
        who, _, listed = waived.partition(":")
        rs.waived_for = fields.bounded("rule-waived", fields.convert("rule-waived", who, int, "a whole number"), 0, n - 1)
        rs.waived = tuple(sorted({fields.bounded("rule-waived", fields.convert("rule-waived", p, int, "a whole number"), 0,
                                                 len(rs.program.pieces) - 1) for p in listed.split(",") if p}))
        if not rs.waived or any(not rs.program.pieces[i].is_constraint for i in rs.waived):
            raise fields.error("rule-waived", f"'{waived}' is not SEAT:RULE,... naming constraints (forbid: rules) of these rules")
    rs.queued = tuple(fields.bounded("rule-queue", fields.convert("rule-queue", x, int, "a whole number"), 0, n - 1)
                      for x in fields.items("rule-queue", default=NONE))
    rs.counters = {}
    for item in fields.items("counters", default=NONE):
        parts = item.split(".")
        if len(parts) != 3 or not parts[0]:
            raise fields.error("counters", f"'{item}' is not NAME.SEAT.VALUE")
        seat, value = (fields.convert("counters", p, int, "a whole number") for p in parts[1:])
        if not 0 <= seat < n:
            raise fields.error("counters", f"'{item}': no seat {seat}")
        rs.counters[parts[0], seat] = value
    rs.used = {}
    for item in fields.items("used", default=NONE):
        piece, seat, times = (fields.convert("used", p, int, "a whole number") for p in _three(fields, item))
        if not 0 <= piece < len(rs.program.pieces) or not 0 <= seat < n or times < 1:
            raise fields.error("used", f"'{item}': no rule {piece} of these rules, or no seat {seat}")
        rs.used[piece, seat] = times


def _three(fields: Fields, item: str) -> list[str]:
    parts = item.split(".")
    if len(parts) != 3:
        raise fields.error("used", f"'{item}' is not PIECE.SEAT.TIMES")
    return parts
