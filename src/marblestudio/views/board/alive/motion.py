"""The animations of the ALIVE table, one list of `Step`s per engine event.

Cards fly from a hand to the discard pile when played, from the deck to the seats when dealt or
drawn, and back to the deck when a hand ends; a life card flips over when a life is lost.  The
flying cards come from a small pool and are hidden again at the end of each step; the board is
then redrawn from the engine's view, so an animation never decides where a card ends up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.core import Event
from marblestudio.views.board.alive import layout as lay
from marblestudio.views.board.alive.cards import FLIPPED, CardPiece, card_wordings, face_colour, label_of, text_colour
from marblestudio.views.board.animation import Point, Step, ease, lerp
from marblestudio.views.board.pool import Pool

if TYPE_CHECKING:
    from marblestudio.views.board.alive.board import Board

FLYING = 5  # a flying card's label gives way to every other label of the table


class Motion:
    """Builds the steps for the board's events; owns the pool of flying cards."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.pool: Pool[CardPiece] = Pool(lambda: board.new_piece(lay.PILE_SCALE, FLYING), lambda piece: piece.set_visible(False))

    @property
    def busy(self) -> list[CardPiece]:
        """The flying cards now shown."""
        return self.pool.busy

    def reset(self) -> None:
        """Hide every flying card (the board is being redrawn)."""
        self.pool.release_all()

    def fly(self, paths: list[tuple[Point, Point]], card: str | None = None, duration: float = 0.3) -> Step:
        """Cards moving along straight paths with a little arc; face up when `card` is given."""
        pieces: list[CardPiece] = []

        def start() -> None:
            for _ in paths:
                piece = self.pool.take()
                if card is not None:
                    kind = self.board.kinds[card]
                    piece.show_face(label_of(kind), face_colour(kind), text_colour(kind), card_wordings(kind))
                else:
                    piece.show_back()
                piece.set_visible(True)
                pieces.append(piece)

        def update(t: float) -> None:
            if not pieces:
                start()
            s = ease(t)
            for piece, (a, b) in zip(pieces, paths):
                x, y, z = lerp(a, b, s)
                piece.place(x, y, z + 0.8 * s * (1 - s))

        def done() -> None:
            for piece in pieces:
                self.pool.release(piece)
            pieces.clear()

        return Step(duration, update, done)

    def flip_life(self, piece: CardPiece) -> Step:
        """A life card turning over about its long side."""
        x, y, z = piece.centre
        colour = piece.colour
        turn = piece.turn  # a seat's cards lie turned towards it: they flip so (they lay square while turning)

        def update(t: float) -> None:
            angle = 180.0 * ease(t)
            piece.place(x, y, z + 0.3 * (1 - abs(1 - 2 * t)), turn, roll=angle)
            if angle >= 90.0:
                piece.show_back(FLIPPED)
            else:
                piece.set_colour(colour)

        def done() -> None:
            piece.place(x, y, z, turn)
            piece.show_back(FLIPPED)

        return Step(0.4, update, done)

    def steps(self, event: Event) -> list[Step]:
        b = self.board
        kind = event.kind
        deck: Point = (lay.DECK_XY[0], lay.DECK_XY[1], 0.4)
        if kind == "card_played":
            return [self.fly([(b.hand_point(event["seat"], event["card"]), b.pile_point())], event["card"])]
        if kind == "bomb_discard":
            return [self.fly([(b.seat_point(event["seat"]), b.pile_point())], event["card"], 0.25)]
        if kind == "life_lost":
            piece = b.life_piece(event["seat"], event["lives"])
            return [self.flip_life(piece)] if piece is not None else []
        if kind == "dealt":
            seats = [s for s, n in enumerate(event["sizes"]) if n]
            return [self.fly([(deck, b.seat_point(s)) for s in seats], None, 0.45)]
        if kind == "cards_drawn":
            return [self.fly([(deck, b.seat_point(event["seat"]))], None, 0.25)]
        if kind == "cards_collected":
            sources = [b.seat_point(s) for s in range(b.players)] + [b.pile_point()]
            return [self.fly([(p, deck) for p in sources], None, 0.4)]
        if kind == "hands_handed_in":
            giver = b.seat_point(event["seat"])
            return [self.fly([(b.seat_point(s), giver) for s in range(b.players) if s != event["seat"]], None, 0.35)]
        if kind == "eliminated" and event["discarded"]:
            return [self.fly([(b.seat_point(event["seat"]), b.pile_point())], None, 0.3)]
        return []
