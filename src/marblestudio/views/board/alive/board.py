"""ALIVE in 3D: a card table with the deck, the discard pile, the running total and the seats.

Each seat has its life cards (A-L-I-V-E, face up or flipped) and its hand: face down for the
other seats, face up in a row in front of the camera for the seat whose hand may be seen (the
one human; in hot-seat play with several humans, the human to move, after a "pass to" screen
so that nobody sees another's cards).  Clicking a card of that hand plays it; cards that cannot
be played now are dimmed and say why on hover; a life card is clicked to flip it when no card
can be played.  The board reads the public view; the one hand it shows face up comes from
`observation(seat)` of the session's state, never from the other seats.  A magenta frame marks
the last move: round the card on top of the pile that it played, or the life card it flipped.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from marblestudio.engine.alive.hidden import AliveView
from marblestudio.engine.alive.moves import Flip, PlayCard, PlayPair, Take
from marblestudio.engine.alive.rules import AliveRules, CardKind, Pairs, WildEffect
from marblestudio.engine.core import Event, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board.alive import layout as lay
from marblestudio.views.board import meshes
from marblestudio.views.board.alive.cards import (
    BACK,
    FLIPPED,
    HOVER,
    LIGHT_TEXT,
    TEXT_HEIGHT_SHARE,
    CardPiece,
    card_wordings,
    dim,
    face_colour,
    label_of,
    short_label,
    text_colour,
)
from marblestudio.views.board.alive.motion import Motion
from marblestudio.views.board.alive.viewer import HoverTips, find_session, is_card_key, viewpoint, why_not
from marblestudio.views.board.animation import Step
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets
from marblestudio.views.board.label_fit import BoardTexts, FittedText, flat_slot
from marblestudio.views.board.last_move import Marker, at, card_frame, last_move
from marblestudio.views.board.labels import centred_text, font
from marblestudio.views.board.picking import Pickable

FELT: Colour = (0.08, 0.33, 0.2, 1.0)
RIM: Colour = (0.36, 0.24, 0.15, 1.0)
HOME_ELEVATION = 50.0  # the default view: from the viewer's seat, high enough to read the table
SEAT_ELEVATION = 42.0  # "from my seat": lower, nearer a player's eye, the hand standing up
RIM_WIDTH = 0.3
LIFE_LETTERS = "ALIVE"
# Which labels keep their size when two compete for room on screen (higher first).
TOTAL_FIRST, HAND_LABEL, HINT, PILE_TOP, VIEWER_NAME, INFO, SEAT_NAME, LIFE_LETTER, PILE_LABEL, DECK = (
    100, 90, 80, 70, 60, 50, 40, 30, 20, 10,
)
LETTER_SHARE = 0.5  # a life card's letter may be this share of the card's height
REVEAL = ("reveal",)
FLIP_KEY = ("flip",)
TAKE_KEY = ("take",)  # a waiting DRAW (a house rule's answers): the deck, clicked, takes it
PAIR = "pair"  # ("pair", card): a house rule's pair of `card`, its badge above the card clicked
PAIR_BADGE = "×2 pair"


def life_letter(i: int) -> str:
    return LIFE_LETTERS[i] if i < len(LIFE_LETTERS) else str(i + 1)


class Board(BoardView[AliveView]):
    """The ALIVE card table."""

    family = "alive"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.session_lookup: Callable[[], Any] | None = None  # tests may name the session directly
        self.viewer = 0
        self.hand: tuple[str, ...] | None = None  # the face-up hand, when one may be seen
        self.screen_for: int | None = None  # hot-seat: the seat the "pass to" screen waits for
        self._revealed: int | None = None
        self._view: AliveView | None = None  # the position shown (None before the first)
        self._legal: set[Hashable] = set()
        self._hover: Hashable | None = None
        self._tips: HoverTips | None = None

    # Building -----------------------------------------------------------------------------
    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        self.alive: AliveRules = rules.family
        self.kinds: dict[str, CardKind] = {k.id: k for k in self.alive.deck}
        self.players = len(colours)
        rx, ry = lay.TABLE_RX, lay.TABLE_RY
        self.add(self.mesh(meshes.box((-rx, -ry, -0.25), (rx, ry, 0.0)), FELT))
        rim = RIM_WIDTH
        sides = [((-rx - rim, ry), (rx + rim, ry + rim)), ((-rx - rim, -ry - rim), (rx + rim, -ry)),
                 ((-rx - rim, -ry), (-rx, ry)), ((rx, -ry), (rx + rim, ry))]
        self.add(self.mesh(meshes.boxes(((x0, y0, -0.25), (x1, y1, 0.08)) for (x0, y0), (x1, y1) in sides), RIM))
        self.deck_item = self.add(self.mesh(meshes.box((-lay.CARD_W / 2, -lay.CARD_H / 2, 0.0), (lay.CARD_W / 2, lay.CARD_H / 2, 1.0)), BACK))
        self.texts = BoardTexts(self.scene, self._card_labels)
        self.deck_text = self._text((220, 220, 230, 255), DECK)
        self.total_text = self._text((255, 236, 150, 255), TOTAL_FIRST)
        self.info_text = self._text((225, 225, 225, 255), INFO, bold=False)
        self.hint_text = self._text((255, 255, 255, 255), HINT)
        self.name_texts = [self._text((235, 235, 235, 255), SEAT_NAME) for _ in range(self.players)]
        self.pair_texts: dict[str, FittedText] = {}  # by card kind: the badge that plays a pair (`pairs: numbers`)
        self.hand_pieces: list[CardPiece] = []
        self.pile_pieces = [self.new_piece(lay.PILE_SCALE, PILE_LABEL) for _ in range(lay.FAN_SHOWN)]
        self.fan_pieces: list[list[CardPiece]] = [[] for _ in range(self.players)]
        life_scale = lay.LIFE_W / lay.CARD_W
        self.life_pieces = [[self.new_piece(life_scale, LIFE_LETTER, LETTER_SHARE) for _ in range(self.alive.lives)] for _ in range(self.players)]
        self.motion = Motion(self)
        self.pile_marker = card_frame(self, lay.CARD_W * lay.PILE_SCALE / 2, lay.CARD_H * lay.PILE_SCALE / 2)
        self.life_marker = card_frame(self, lay.LIFE_W / 2, lay.LIFE_H / 2, bar=0.05)
        self._tips = HoverTips(self.scene, self.tooltip_at)
        self.listen_for_picks(self._on_picked)

    def clear(self) -> None:
        if self._tips is not None:
            self._tips.remove()
            self._tips = None
        super().clear()

    def _text(self, colour: tuple[int, int, int, int], priority: int, bold: bool = True) -> FittedText:
        assert self.texts is not None
        return self.texts.add(self.add(centred_text(font(12, bold), colour)), priority, bold)

    def new_piece(self, scale: float, priority: int, text_share: float = TEXT_HEIGHT_SHARE) -> CardPiece:
        """A card of this table (`motion` takes its flying cards from here too)."""
        return CardPiece(self.add, self.mesh, scale, priority, text_share)

    def _card_labels(self) -> list[FittedText]:
        pieces = self.hand_pieces + self.pile_pieces + [p for seat in self.life_pieces for p in seat]
        pieces += [p for seat in self.fan_pieces for p in seat] + self.motion.pool.busy
        return [p.fitted for p in pieces]

    # Whose hand may be seen ----------------------------------------------------------------------
    def _viewpoint(self, view: AliveView) -> None:
        """Decide `viewer`, `hand` and `screen_for` for `view` (see viewer.py)."""
        if self.session_lookup is not None:
            session = self.session_lookup()
        else:  # the session the game view shows (an earlier position when viewing one), else the nearest
            session = self.session if self.session is not None else find_session(self.scene.parent())
        point = viewpoint(session, self.players, view, self._revealed)
        self.viewer, self.hand, self.screen_for = point.viewer, point.hand, point.screen_for

    def _on_picked(self, key: Hashable) -> None:
        if key == REVEAL and self.screen_for is not None:
            self.reveal()

    def reveal(self) -> None:
        """Hot-seat: the player the screen waited for is at the table; show their hand."""
        self._revealed = self.screen_for
        if self._view is not None:
            self.show(self._view)
        self.set_highlight(self._legal, None)
        self.scene.update()

    # Showing a position ----------------------------------------------------------------------
    def show(self, view: AliveView) -> None:
        self._view = view
        self.motion.reset()
        self._viewpoint(view)
        self._show_middle(view)
        for seat in range(self.players):
            self._show_seat(seat, view)
        self._show_hand(view)
        self._show_last_move(view)

    def _show_last_move(self, view: AliveView) -> None:
        """Frame the card the last move played (while it is on top of the pile), or the life
        card it flipped."""
        self.pile_marker.hide()
        self.life_marker.hide()
        last = last_move(self.session)
        if last is None:
            return
        seat, move = last
        pile = view.discard
        if isinstance(move, PlayCard) and pile and pile[-1] == move.card:
            x, y, z, turn = lay.pile_positions(len(pile))[-1]
            self.pile_marker.put(at(x, y, z + lay.CARD_T, turn))
        elif isinstance(move, Flip) and 0 <= seat < self.players:
            flipped = self.alive.lives - view.lives_of(seat)
            if 0 < flipped <= len(self.life_pieces[seat]):
                piece = self.life_pieces[seat][flipped - 1]
                x, y, z = piece.centre
                slot = lay.slot_of(seat, self.viewer, self.players)
                self.life_marker.put(at(x, y, z + lay.CARD_T, 0.0 if seat == self.viewer else lay.facing_degrees(slot)))

    def last_move_marker(self) -> Marker | None:
        """The last-move marker shown, if any."""
        return next((m for m in (self.pile_marker, self.life_marker) if m.shown), None)

    def _show_middle(self, view: AliveView) -> None:
        deck = view.deck_size
        x, y = lay.DECK_XY
        self.deck_item.resetTransform()
        self.deck_item.scale(1.0, 1.0, max(deck, 1) * 0.012)
        self.deck_item.translate(x, y, 0.0)
        self.deck_item.setVisible(deck > 0)
        self.deck_text.set((f"deck {deck}", str(deck)), flat_slot((x, y - 0.95, 0.05), 0.9, 0.18))
        pile = view.discard
        spots = lay.pile_positions(len(pile))
        shown = pile[len(pile) - len(spots):]
        for i, piece in enumerate(self.pile_pieces):
            if i < len(spots):
                px, py, pz, turn = spots[i]
                kind = self.kinds[shown[i]]
                top = i == len(spots) - 1
                piece.room = None if top else lay.PILE_GAP - 0.08  # the next card covers the rest
                piece.fitted.priority = PILE_TOP if top else PILE_LABEL
                piece.place(px, py, pz, turn)
                piece.show_face(label_of(kind) if top else short_label(kind), face_colour(kind), text_colour(kind), card_wordings(kind))
                piece.set_visible(True)
            else:
                piece.set_visible(False)
        tx, ty, tz = lay.TOTAL_XYZ
        self.total_text.set((str(view.total),), flat_slot((tx, ty, tz), 1.0, 0.42))
        arrow = "clockwise" if view.direction > 0 else "anticlockwise"
        limit = view.limit
        wordings = (f"running total (limit {limit}) · play goes {arrow}", f"limit {limit} · {arrow}", f"limit {limit}")
        self.info_text.set(wordings, flat_slot((tx, lay.INFO_Y, tz), 4.2, 0.16))

    def _show_seat(self, seat: int, view: AliveView) -> None:
        front = seat == self.viewer
        slot = lay.slot_of(seat, self.viewer, self.players)
        alive = view.alive[seat]
        lives = view.lives_of(seat)
        colour = self.colours[seat % len(self.colours)]
        spots = lay.life_positions(slot, self.alive.lives, front)
        turn = 0.0 if front else lay.facing_degrees(slot)
        flipped = self.alive.lives - lives
        for i, piece in enumerate(self.life_pieces[seat]):
            x, y = spots[i]
            piece.place(x, y, 0.02, turn)
            if i < flipped:
                piece.show_back(FLIPPED)
            else:
                piece.show_face(life_letter(i), colour, LIGHT_TEXT)
            piece.fitted.priority = VIEWER_NAME if front else LIFE_LETTER
            piece.fitted.group = ("lives", seat)  # a seat's letters are all one size
            piece.set_visible(True)
        count = view.hand_sizes[seat]
        fan = self.fan_pieces[seat]
        spots_fan = [] if front else lay.fan_positions(slot, count)
        while len(fan) < len(spots_fan):
            fan.append(self.new_piece(lay.SMALL, LIFE_LETTER))
        for i, piece in enumerate(fan):
            if i < len(spots_fan):
                fx, fy = spots_fan[i]
                piece.place(fx, fy, 0.02 + 0.004 * i, turn)
                piece.show_back()
                piece.set_visible(True)
            else:
                piece.set_visible(False)
        name = self.seat_name(seat)
        marker = "▶ " if view.in_play and view.to_move == seat else ""
        status = f"{count} card{'' if count == 1 else 's'}" if alive else "out"
        short = str(count) if alive else "out"
        (nx, ny), half_width, half_height = lay.name_strip(slot, self.alive.lives, front)
        label = self.name_texts[seat]
        label.priority = VIEWER_NAME if front else SEAT_NAME
        label.set((f"{marker}{name} · {status}", f"{marker}{name} · {short}", f"{marker}{name}"),
                  flat_slot((nx, ny, 0.1), half_width, half_height))

    def _show_hand(self, view: AliveView) -> None:
        cards: Sequence[str] = self.hand if self.hand is not None else ()
        face_down = 0 if self.hand is not None else view.hand_sizes[self.viewer]
        count = len(cards) or face_down
        spots = lay.hand_positions(count)
        while len(self.hand_pieces) < len(spots):
            self.hand_pieces.append(self.new_piece(1.0, HAND_LABEL))
        for i, piece in enumerate(self.hand_pieces):
            if i >= len(spots):
                piece.set_visible(False)
                continue
            x, y, z = spots[i]
            gap = spots[1][0] - spots[0][0] if len(spots) > 1 else lay.CARD_W
            piece.room = None if gap >= lay.CARD_W else gap - 0.04  # a squeezed hand overlaps
            piece.place(x, y, z, tilt=lay.HAND_TILT)
            if cards:
                kind = self.kinds[cards[i]]
                reason = self.why_not(kind.id)
                colour = face_colour(kind)
                shown = dim(colour) if reason and self._my_turn() else colour
                piece.show_face(label_of(kind), shown, text_colour(kind), card_wordings(kind))
            else:
                piece.show_back()
            piece.set_visible(True)
        self._show_pairs()
        self._show_hint(view)

    def pair_spots(self) -> dict[str, tuple[float, float, float]]:
        """Where the badge of each pair the viewer may play now stands (a house rule's
        `pairs: numbers`): just above the first card of its kind in the hand."""
        view, cards = self._view, self.hand
        if self.alive.pairs is not Pairs.NUMBERS or view is None or cards is None or not self._my_turn() or view.answering:
            return {}
        spots = lay.hand_positions(len(cards))
        up = (0.0, math.cos(math.radians(lay.HAND_TILT)), math.sin(math.radians(lay.HAND_TILT)))
        reach = lay.CARD_H / 2 + 0.16
        out: dict[str, tuple[float, float, float]] = {}
        for i, card in enumerate(cards):
            kind = self.kinds[card]
            if card in out or kind.is_wild or cards.count(card) < 2 or view.total + 2 * kind.points > view.limit:
                continue
            x, y, z = spots[i]
            twin = spots[cards.index(card, i + 1)][0]  # the hand is in kind order: the twin is next to it
            out[card] = ((x + twin) / 2, y + reach * up[1], z + reach * up[2])
        return out

    def _show_pairs(self) -> None:
        spots = self.pair_spots()
        for card in spots:
            if card not in self.pair_texts:
                self.pair_texts[card] = self._text((255, 220, 90, 255), HAND_LABEL)
        for card, text in self.pair_texts.items():
            spot = spots.get(card)
            text.set((PAIR_BADGE, "×2") if spot is not None else (), flat_slot(spot, 0.42, 0.14) if spot is not None else None)

    def _my_turn(self) -> bool:
        v = self._view
        return self.hand is not None and v is not None and v.in_play and v.to_move == self.viewer

    def _show_hint(self, view: AliveView) -> None:
        wordings: tuple[str, ...] = ()
        mine = self._my_turn() and self.scene.accepts_clicks()  # a preview or a replay asks for no click
        if self.screen_for is not None:
            who = self.seat_name(self.screen_for)
            wordings = (f"Pass to {who}, then click the cards", f"Pass to {who}")
        elif view.outcome is not None:
            wordings = ("Game over",)
        elif mine and view.answering and view.waiting == "draw":
            wordings = (f"A DRAW of {view.answering} waits: answer it, or click the deck to take it", "Answer, or take the DRAW")
        elif mine and view.answering:
            card = view.waiting.upper()
            wordings = (f"A {card} waits: answer it, or click the deck to take it", f"Answer, or take the {card}")
        elif mine and view.minus == self.viewer:
            wordings = ("Your next number card counts as a minus: its points come off the total", "Your number card is a minus",
                        "Minus card")
        elif mine:
            if all(self.why_not(c) for c in self.hand or ()):
                wordings = ("No card can be played: click a life card to flip it", "Click a life card to flip it", "Flip a life")
            elif self.pair_spots():
                wordings = ("Your turn: click a card to play it, or ×2 pair to play two", "Your turn: a card, or ×2 pair", "Your turn")
            else:
                wordings = ("Your turn: click a card to play it", "Your turn")
        self.hint_text.set(wordings, flat_slot((0.0, lay.HINT_Y, 0.05), 4.2, 0.2))

    # Why a card cannot be played ------------------------------------------------------------------
    def why_not(self, card: str, view: AliveView | None = None) -> str | None:
        """Why the viewer may not play `card` now (None when it can be played)."""
        view = self._view if view is None else view
        answer = self.alive.answer_to(WildEffect(view.waiting)) if view is not None and view.waiting else None
        answers = answer.cards if answer is not None else frozenset()
        return why_not(self.kinds[card], view, self.viewer, self.seat_name, answers)

    def tooltip_at(self, x: float, y: float) -> str | None:
        """The text for the mouse at widget position (x, y): why a card cannot be played, or what it does."""
        key = self.scene.key_at(x, y)
        return self.tooltip_for(key)

    def tooltip_for(self, key: Hashable | None) -> str | None:
        if key == TAKE_KEY and self._view is not None and self._view.waiting == "skip":
            return "The deck: click to take the SKIP (you are skipped)"
        if key == TAKE_KEY and self._view is not None and self._view.waiting == "bomb":
            return f"The deck: click to take the BOMB (it hits every player but {self.seat_name(self._view.answer_from)})"
        if key == TAKE_KEY and self._view is not None:
            return f"The deck: click to take the DRAW ({self._view.answering} cards for every player but {self.seat_name(self._view.answer_from)})"
        if isinstance(key, tuple) and len(key) == 2 and key[0] == PAIR and key[1] in self.kinds:
            kind = self.kinds[key[1]]
            return f"Play the pair {kind.label} {kind.label}: +{2 * kind.points} (two cards, one move)"
        if not is_card_key(key):
            return None
        assert isinstance(key, tuple)
        reason = self.why_not(key[1])
        label = self.kinds[key[1]].label
        return f"{label}: cannot be played, {reason}" if reason else f"{label}: click to play"

    # Picking ----------------------------------------------------------------------------------------
    def pickables(self) -> list[Pickable]:
        out: list[Pickable] = []
        if self.screen_for is not None:
            return [Pickable(REVEAL, (0.0, lay.HAND_Y, lay.HAND_Z), half=(6.0, 0.6, 0.9))]
        cards = self.hand or ()
        spots = lay.hand_positions(len(cards))
        if spots:
            gap = spots[1][0] - spots[0][0] if len(spots) > 1 else lay.CARD_W
            half_x = min(gap, lay.CARD_W) / 2 - 0.01
            for card, (x, y, z) in zip(cards, spots):
                out.append(Pickable(("card", card), (x, y, z), half=(half_x, 0.32, 0.58)))
        if self.hand is not None and self._view is not None:
            flip = self._flip_piece()
            if flip is not None:
                x, y, z = flip.centre
                out.append(Pickable(FLIP_KEY, (x, y, z), half=(lay.LIFE_W / 2, lay.LIFE_H / 2, 0.05)))
            if self._view.answering:
                x, y = lay.DECK_XY
                out.append(Pickable(TAKE_KEY, (x, y, 0.3), half=(lay.CARD_W / 2, lay.CARD_H / 2, 0.3)))
            for card, spot in self.pair_spots().items():
                out.append(Pickable((PAIR, card), spot, half=(0.4, 0.12, 0.14)))
        return out

    def _flip_piece(self) -> CardPiece | None:
        """The viewer's next face-up life card (the one a flip turns over)."""
        if self._view is None:
            return None
        flipped = self.alive.lives - self._view.lives_of(self.viewer)
        pieces = self.life_pieces[self.viewer]
        return pieces[flipped] if flipped < len(pieces) else None

    def target_of(self, move: Move) -> Hashable | None:
        # A key even behind the hot-seat screen (its pickables are hidden there), so that the
        # game view never takes a lone flip for a pass and plays it unseen.
        if self.hand is None and self.screen_for is None:
            return None
        if isinstance(move, PlayCard):
            return ("card", move.card)
        if isinstance(move, PlayPair):
            return (PAIR, move.card)
        if isinstance(move, Flip):
            return FLIP_KEY
        if isinstance(move, Take):
            return TAKE_KEY
        return None

    def move_text(self, key: Hashable, view: AliveView) -> str | None:
        if is_card_key(key):
            assert isinstance(key, tuple)
            return f"play {key[1]}"
        if key == FLIP_KEY:
            return "flip"
        if key == TAKE_KEY:
            return "take"
        if isinstance(key, tuple) and len(key) == 2 and key[0] == PAIR:
            return f"play {key[1]} {key[1]}"
        return None

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        self._legal, self._hover = set(legal), hover
        if self.hand is None:
            return
        for card, piece in zip(self.hand, self.hand_pieces):
            kind = self.kinds[card]
            key = ("card", card)
            if key == hover:
                piece.set_colour(HOVER)
            elif self._my_turn() and key not in legal and self.why_not(card):
                piece.set_colour(dim(face_colour(kind)))
            else:
                piece.set_colour(face_colour(kind))
        flip = self._flip_piece()
        if flip is not None and FLIP_KEY in legal:
            flip.set_colour(HOVER if hover == FLIP_KEY else (1.0, 0.85, 0.3, 1.0))
        self.deck_item.setColor(HOVER if hover == TAKE_KEY else (1.0, 0.85, 0.3, 1.0) if TAKE_KEY in legal else BACK)

    # Events -----------------------------------------------------------------------------------------
    def animate(self, event: Event) -> list[Step]:
        return self.motion.steps(event)

    def describe(self, view: AliveView) -> list[str]:
        out = []
        for seat, size in enumerate(view.hand_sizes):
            if not view.alive[seat]:
                out.append("out")
            else:
                lives = view.lives_of(seat)
                minus = ", next card a minus" if view.minus == seat else ""
                out.append(f"{size} card{'' if size == 1 else 's'}, {lives} li{'fe' if lives == 1 else 'ves'}{minus}")
        return out

    def camera_presets(self) -> CameraPresets:
        """The part of the table that holds the cards and names of every seat, with the
        viewer's hand standing at its front (the empty felt round them may be cut off in a
        narrow window, so that the cards are as large as can be); each seat round the table
        (the viewer sits at the front, so "from my seat" looks over the viewer's hand)."""
        (x0, y0), (x1, y1) = lay.content_bounds(self.players, self.alive.lives)
        top = lay.HAND_Z + lay.CARD_H / 2
        seats = []
        for seat in range(self.players):
            slot = lay.slot_of(seat, self.viewer, self.players)
            seats.append(math.degrees(math.atan2(slot.y, slot.x)))
        return CameraPresets(((x0, y0, -0.25), (x1, y1, top)), HOME_ELEVATION, -90.0, tuple(seats), SEAT_ELEVATION)

    # Positions used by the animations -----------------------------------------------------------------
    def seat_point(self, seat: int) -> tuple[float, float, float]:
        """Where cards go to and come from for `seat` (its hand)."""
        if seat == self.viewer:
            return (0.0, lay.HAND_Y, lay.HAND_Z)
        x, y = lay.slot_of(seat, self.viewer, self.players).along(0.0, 1.05)
        return (x, y, 0.1)

    def hand_point(self, seat: int, card: str) -> tuple[float, float, float]:
        """Where `card` leaves `seat`'s hand: the face-up card itself for the viewer."""
        if seat == self.viewer and self.hand is not None and card in self.hand:
            return lay.hand_positions(len(self.hand))[self.hand.index(card)]
        return self.seat_point(seat)

    def pile_point(self) -> tuple[float, float, float]:
        count = (len(self._view.discard) if self._view is not None else 0) + 1
        spots = lay.pile_positions(count)
        x, y, z, _ = spots[-1]
        return (x, y, z + 0.05)

    def life_piece(self, seat: int, lives_after: int) -> CardPiece | None:
        """The life card that a loss leaving `lives_after` turns over, at `seat`."""
        index = self.alive.lives - lives_after - 1
        pieces = self.life_pieces[seat]
        return pieces[index] if 0 <= index < len(pieces) else None
