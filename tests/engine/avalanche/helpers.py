"""Small Avalanche boards drawn by hand for tests, and short-hands to play them.

`rules(...)` builds `AvalancheRules` directly (no YAML), so each test shows its whole board:
`gates` maps a gate id to (starting tilt, where its left side leads, where its right side
leads), and `holes` lists where each hole leads, e.g. ``["G1:left", "out"]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from marblestudio.engine.avalanche import AvalancheState, new_game
from marblestudio.engine.avalanche.rules import (
    OUT,
    AvalancheRules,
    Card,
    Colour,
    GameOptions,
    Gate,
    Hole,
    Port,
    Side,
    Target,
)
from marblestudio.engine.core import CHANCE, Event
from marblestudio.engine.rules import Players, Ruleset, Teams

COLOURS = (("yellow", "Y"), ("red", "R"), ("blue", "B"))


def target(text: str) -> Target:
    if text == OUT:
        return OUT
    gate, side = text.split(":")
    return Port(gate, Side.LEFT if side == "left" else Side.RIGHT)


def rules(
    gates: Mapping[str, tuple[str, str, str]],
    holes: Sequence[str],
    *,
    cards: Mapping[str, str] | None = None,
    count: int = 10,
    players: tuple[int, int] = (2, 4),
    teams: Teams | None = None,
    move_limit: int | None = 500,
    **options: object,
) -> Ruleset:
    """A ruleset on a hand-drawn board; `cards` maps a card id to its holes' colour letters."""
    letters = {letter: name for name, letter in COLOURS}
    options.setdefault("cards_per_player", 1 if cards else 0)
    if cards:
        options.setdefault("deal", tuple(cards))
    family = AvalancheRules(
        colours=tuple(Colour(name, letter, count, "#ffffff") for name, letter in COLOURS),
        holes=tuple(Hole(float(i), target(t)) for i, t in enumerate(holes)),
        gates=tuple(
            Gate(gid, 1, 0.0, None if tilt == "random" else Side.LEFT if tilt == "left" else Side.RIGHT,
                 target(left), target(right))
            for gid, (tilt, left, right) in gates.items()
        ),
        cards=tuple(Card(cid, tuple(letters[ch] for ch in spec)) for cid, spec in (cards or {}).items()),
        game=GameOptions(**options),  # type: ignore[arg-type]
    )
    return Ruleset(
        id="test/hand-board", name="hand board", description="", game="avalanche",
        players=Players(players[0], players[1], players[0]), family=family, teams=teams, move_limit=move_limit,
    )


def row_of_gates(n: int, **kwargs: object) -> Ruleset:
    """Holes 1..n each lead to the left (catching) side of their own gate G1..Gn, tilted left,
    whose sides lead out; hole n+1 is a chute straight out to the tray."""
    gates = {f"G{i}": ("left", "out", "out") for i in range(1, n + 1)}
    holes = [f"G{i}:left" for i in range(1, n + 1)] + ["out"]
    return rules(gates, holes, **kwargs)  # type: ignore[arg-type]


def started(ruleset: Ruleset, players: int = 2, *setup: str) -> AvalancheState:
    """A new game, past the given chance steps."""
    state = new_game(ruleset, players)
    play(state, *setup)
    assert state.to_move != CHANCE
    return state


def play(state: AvalancheState, *notations: str) -> list[Event]:
    """Apply moves written in notation; return all their events."""
    events: list[Event] = []
    for text in notations:
        events += state.apply(state.parse_move(text))
    return events


def give(state: AvalancheState, seat: int, **marbles: int) -> None:
    """Move marbles from the trays into a seat's hand, to set up a position."""
    for name, amount in marbles.items():
        c = state.rules.colour_index(name)
        state.trays[c] -= amount
        state.hands[seat][c] += amount


def hand(state: AvalancheState, seat: int) -> dict[str, int]:
    return {name: n for (name, _), n in zip(COLOURS, state.hands[seat]) if n}


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def fallen(events: Sequence[Event]) -> list[str]:
    return [e["colour"] for e in events if e.kind == "marble_out"]
