"""An Avalanche position as a frozen value, for boards, computer players and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from marblestudio.engine.avalanche.cascade import EMPTY
from marblestudio.engine.avalanche.rules import AvalancheRules, Side
from marblestudio.engine.avalanche.setup import Phase

if TYPE_CHECKING:
    from marblestudio.engine.avalanche.state import AvalancheState


# Views are frozen dataclasses without __slots__: orjson writes a slotted dataclass several times
# slower, and the game server writes a view after every move (benchmarks/server.py).
@dataclass(frozen=True)
class GateView:
    """One gate: `id` (``A1``), the way it tilts, and the colour of the marble it holds (None:
    it holds none)."""

    id: str
    tilt: Side
    held: str | None


@dataclass(frozen=True)
class HoleView:
    """A hole of a card: the colour it wants and whether a marble fills it."""

    colour: str
    filled: bool


@dataclass(frozen=True)
class CardView:
    """A dealt card: its `id` in the ruleset and its holes in order."""

    id: str
    holes: tuple[HoleView, ...]

    @property
    def filled(self) -> int:
        """How many of its holes are filled."""
        return sum(1 for h in self.holes if h.filled)


@dataclass(frozen=True)
class AvalancheView:
    """Everything on the table (everything in Avalanche is public).

    Marble counts are per colour, in the order of `colours` (the ruleset's).
    """

    phase: Phase
    """What the game waits for: the cards dealt or the gates set (chance), a player, or nothing (over)."""
    to_move: int | None
    """The seat to move, -1 (`CHANCE`) during the set-up, None once the game is over."""
    drops_this_turn: int
    """The marbles the player to move has dropped this turn."""
    colours: tuple[str, ...]
    """The marble colours' names."""
    gates: tuple[GateView, ...]
    """The gates, in the ruleset's order."""
    trays: tuple[int, ...]
    """The marbles in the trays, per colour."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the marbles in its hand, per colour."""
    cards: tuple[tuple[CardView, ...], ...]
    """Per seat, the cards dealt to it (none in games without cards)."""
    gone_out: tuple[bool, ...]
    """Per seat, whether it has gone out."""
    forfeited: tuple[bool, ...]
    """Per seat, whether it has forfeited (out of marbles, as the ruleset reads it)."""
    choosing_out: bool
    """Whether the player to move chooses to go out or stay in (a partnership game)."""

    def gate(self, gate_id: str) -> GateView:
        """The gate `gate_id` (KeyError for an unknown gate)."""
        for gate in self.gates:
            if gate.id == gate_id:
                return gate
        raise KeyError(gate_id)

    def tray(self, colour: str) -> int:
        """The marbles of the colour named `colour` in the trays (ValueError for an unknown colour)."""
        return self.trays[self.colours.index(colour)]


class ViewParts:
    """The gate and card views of one game, each made once and shared by the game's copies
    (they are frozen), so that a view in a search's hot loop costs few new objects."""

    __slots__ = ("names", "gate_ids", "card_ids", "wants", "_gates", "_cards")

    def __init__(self, rules: AvalancheRules, wants: tuple[tuple[int, ...], ...]) -> None:
        """`wants[card][hole]`: the colour index each hole of each card of `rules` wants."""
        self.names = tuple(c.name for c in rules.colours)
        self.gate_ids = tuple(g.id for g in rules.gates)
        self.card_ids = tuple(card.id for card in rules.cards)
        self.wants = wants
        self._gates: dict[tuple[int, int, int], GateView] = {}
        self._cards: dict[tuple[int, tuple[int, ...]], CardView] = {}

    def gate(self, index: int, tilt: int, held: int) -> GateView:
        key = (index, tilt, held)
        view = self._gates.get(key)
        if view is None:
            view = self._gates[key] = GateView(self.gate_ids[index], Side(tilt), None if held == EMPTY else self.names[held])
        return view

    def card(self, index: int, filled: tuple[int, ...]) -> CardView:
        key = (index, filled)
        view = self._cards.get(key)
        if view is None:
            names = self.names
            holes = tuple(HoleView(names[want], got != EMPTY) for want, got in zip(self.wants[index], filled, strict=True))
            view = self._cards[key] = CardView(self.card_ids[index], holes)
        return view


def public_view(state: AvalancheState) -> AvalancheView:
    parts = state.view_parts
    gate, card, filled = parts.gate, parts.card, state.filled
    return AvalancheView(
        phase=state.phase,
        to_move=state.to_move if state.outcome() is None else None,
        drops_this_turn=state.drops_this_turn,
        colours=parts.names,
        gates=tuple(map(gate, range(len(state.tilt)), state.tilt, state.held)),
        trays=tuple(state.trays),
        hands=tuple(map(tuple, state.hands)),
        cards=tuple(tuple(card(c, tuple(filled[c])) for c in seat_cards) for seat_cards in state.cards),
        gone_out=tuple(state.gone_out),
        forfeited=tuple(state.forfeited),
        choosing_out=state.choosing_out,
    )
