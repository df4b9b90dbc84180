"""Mancala's part of Marble Studio's rules language: its events as triggers, what expressions read,
its moves (named in `family.FAMILY.hooks`, found like every other part of the plug-in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.pieces.expr import INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.vocab import ActionKind, EventDoc, FamilyHooks

_PIT = {"seat": INT, "pit": INT, "place": STR, "seeds": INT}


def _sow_clockwise(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The next sowing goes clockwise (see `MancalaState.sow_clockwise`)."""
    state.sow_clockwise()


def _sow_any_house(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The next sowing may start from any house (see `MancalaState.sow_any_house`)."""
    state.sow_any_house()


def _move_fields(state: Any, move: Any) -> Mapping[str, Any]:
    return {"kind": "sow", "place": move.place, "seeds": state.pits[move.pit]}


HOOKS = FamilyHooks(
    events={
        "seeds_taken": EventDoc(_PIT, "the mover lifted every seed of a house (place: its name, seeds: how many)"),
        "seeds_captured": EventDoc(_PIT, "a house's seeds went into the capturer's store (seat: who captures)"),
        "grand_slam": EventDoc({"seat": INT, "seeds": INT}, "a capture of every opponent seed captured nothing"),
        "extra_turn": EventDoc({"seat": INT}, "the last seed went into the mover's store: the same seat moves again"),
        "seeds_collected": EventDoc(_PIT, "at the end, a house's seeds went to its owner's store (seat: the owner)"),
    },
    names={
        "total_seeds": Name(INT, lambda c: c.state.rules.total_seeds, "the seeds in the game"),
    },
    functions={
        "store": Function((SEAT,), INT, lambda c, s: c.state.store(s), "the seeds in the seat's store"),
        "side": Function((SEAT,), INT, lambda c, s: c.state.side(s), "the seeds in the seat's houses"),
    },
    move={"place": STR, "seeds": INT},
    move_fields=_move_fields,
    actions={
        "sow_clockwise": ActionKind("sow_clockwise", "the next sowing, whoever makes it, goes clockwise: the other way round the "
                                                     "board (Oware's captures then run back the other way too); as a power, "
                                                     "`power: sow_clockwise`, the player's own sowing this turn. Nothing happens "
                                                     "when the seat to move could then not sow at all",
                                    perform=_sow_clockwise),
        "sow_any_house": ActionKind("sow_any_house", "the next sowing, whoever makes it, may start from any house with seeds, "
                                                     "the opponent's too: the seeds go round as the mover sows, and the "
                                                     "mover's captures and extra turn follow; as a power, `power: "
                                                     "sow_any_house`, 'once a game, sow from an opponent's house'",
                                    perform=_sow_any_house),
    },
    prevents={
        "capture": EventDoc({"seat": INT, "place": STR, "seeds": INT, "houses": INT},
                            "a capture (seat: who would capture; place: the house the last seed fell in; seeds: all it would "
                            "take, the last seed too in Kalah; houses: how many houses it would empty): prevented, the seeds stay"),
        "extra_turn": EventDoc({"seat": INT}, "the extra turn for a last seed in the mover's own store: prevented, the other "
                                              "player moves next"),
    },
)
"""Move fields for `forbid:`: kind ('sow'), place (the house, e.g. 'c') and seeds (in it before sowing)."""
