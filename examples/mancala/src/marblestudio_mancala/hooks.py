"""Mancala's part of Marble Studio's rules language: its events as triggers, what expressions read,
its moves (named in `family.FAMILY.hooks`, found like every other part of the plug-in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.pieces.expr import INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.vocab import ActionKind, Choice, EventDoc, FamilyHooks, Param

_PIT = {"seat": INT, "pit": INT, "place": STR, "seeds": INT}


def _sow_clockwise(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The next sowing goes clockwise (see `MancalaState.sow_clockwise`)."""
    state.sow_clockwise()


def _sow_any_house(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The next sowing may start from any house (see `MancalaState.sow_any_house`)."""
    state.sow_any_house()


def _harvest(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """Every seed of a house goes into the mover's store (see `MancalaState.harvest`)."""
    if ctx.mover >= 0:
        state.harvest(str(values["house"]).strip(), ctx.mover, events)


def _seeds(c: Any, house: str) -> int:
    found = c.state.house_pit(house)
    return 0 if found is None else int(c.state.pits[found[1]])


def _house_owner(c: Any, house: str) -> int:
    found = c.state.house_pit(house)
    return -1 if found is None else int(found[0])


def _house_words(state: Any, house: str) -> str:
    found = state.house_pit(house)
    if found is None:
        return ""
    seeds = state.pits[found[1]]
    return f"{state.ruleset.presentation.seat_name(found[0])}'s house, {seeds} seed{'' if seeds == 1 else 's'}"


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
        "seeds": Function((STR,), INT, _seeds, "the seeds in the house named ('c', 'C'; 0 for no such house)"),
        "owner": Function((STR,), INT, _house_owner, "the seat whose house it is ('a' to 'f': 0, 'A' to 'F': 1; -1 for no such "
                                                     "house): owner(choice) == mover is one of the mover's own"),
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
        "harvest": ActionKind("harvest", "every seed of the house goes into the mover's store, told as a capture (seeds_captured); "
                                         "as a power with `choose: house`, `harvest: choice`: 'once a game, empty one of your "
                                         "houses into your store'. Nothing happens to an empty house, or to the last house with "
                                         "seeds of the player to move",
                              {"house": Param(STR, "the house's name, as 'c' or 'C' (choice, in a power that chooses a house)")},
                              "house", _harvest),
    },
    choices={
        "house": Choice(STR, lambda state: state.harvestable(), "a house with seeds, by its name ('c', 'C'); never the last "
                                                                "house with seeds of the player to move", _house_words),
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
