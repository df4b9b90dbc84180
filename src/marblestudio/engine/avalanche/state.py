"""A game of Avalanche in progress (GAMES.md section 3, docs/avalanche.md).

Set-up is chance: the cards dealt (when the ruleset deals at random), then the gates set
(when some start at random).  Then each turn is several `Drop` moves by the same seat until
marbles fall out or the turn's rule ends it; the marbles that fell are then handled by the
ruleset's options (onto the cards, back to the trays, into the hand) without a decision,
except a partner's choice to go out.  Where the marbles are is kept as counts per colour:
trays, the gates of the board, the hands and the cards always add up to the ruleset's marbles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from marblestudio.engine.core import (
    CHANCE,
    TURN_OVER,
    Event,
    IllegalMoveError,
    Move,
    Outcome,
    State,
    Termination,
    turn_over,
)
from marblestudio.engine.rules import Ruleset, Teams
from marblestudio.engine.avalanche import moves as notation
from marblestudio.engine.avalanche.cascade import EMPTY, Board
from marblestudio.engine.avalanche.moves import Deal, Drop, GoOut, Pass, SetGates
from marblestudio.engine.avalanche.setup import Phase, SetUp
from marblestudio.engine.avalanche.view import AvalancheView, ViewParts, public_view
from marblestudio.engine.avalanche.events import AvalancheEvent
from marblestudio.engine.avalanche.rules import (
    AllPass,
    AvalancheRules,
    Goal,
    GoingOut,
    OutOfMarbles,
    Passing,
    Side,
    TraysEmpty,
    Unmatched,
)

# The phases as module constants: `Phase.PLAY` goes through the enum class's `__getattr__` (Python
# 3.11), about 60 ns a look-up, and `to_move` alone asked twice per call (docs/native.md).
_DEAL, _GATES, _PLAY, _OVER = Phase.DEAL, Phase.GATES, Phase.PLAY, Phase.OVER


class AvalancheState(SetUp, State):
    """One game: the board (tilts and held marbles), trays, hands, cards, and whose turn it is."""

    def __init__(self, ruleset: Ruleset[AvalancheRules], count: int) -> None:
        rules: AvalancheRules = ruleset.family
        self.ruleset = ruleset
        self.rules = rules
        self.board = Board(rules)
        self.num_players = count
        self.options = rules.game
        k = len(rules.colours)
        self.tilt = [int(g.tilt) if g.tilt is not None else int(Side.LEFT) for g in rules.gates]
        self.held = [EMPTY] * len(rules.gates)
        self.trays = [c.count for c in rules.colours]
        self.hands = [[0] * k for _ in range(count)]
        for seat in range(count):
            for c, amount in enumerate(self.options.start_hand.take(seat, k)):
                self.trays[c] -= amount
                self.hands[seat][c] += amount
        self.card_colours = tuple(tuple(rules.colour_index(h) for h in card.holes) for card in rules.cards)
        self.filled = [[EMPTY] * len(card.holes) for card in rules.cards]
        self.view_parts = ViewParts(rules, self.card_colours)  # shared by copies: pieces of `public_view`
        self.cards: list[tuple[int, ...]] = [() for _ in range(count)]
        self.seat = 0
        self.drops_this_turn = 0
        self.first_turn = True
        self.gone_out = [False] * count
        self.forfeited = [False] * count
        self.choosing_out = False
        self.moves_played = 0
        self.passes_in_a_row = 0
        self.story = True  # False in random playouts: drops then skip the board's event story
        self.quiet = False  # True while search plays a move (`play`): the story and the commonest events are not built
        self.told: frozenset[str] = frozenset()  # ... except these kinds (a house rule's playout: what its rules read)
        self._outcome: Outcome | None = None
        teams = ruleset.teams or Teams(2)
        self.partners = tuple(
            tuple(s for s in range(count) if self.options.partnership and teams.team_of(s) == teams.team_of(seat))
            or (seat,)
            for seat in range(count)
        )
        # Where a seat's fallen marbles go first: its own cards, then its partner's.
        self._place_order = tuple((seat, *(s for s in self.partners[seat] if s != seat)) for seat in range(count))
        self.random_gates = tuple(i for i, g in enumerate(rules.gates) if g.tilt is None)
        self.drop_moves = tuple(
            tuple(Drop(c, hole, colour.letter) for hole in range(1, len(rules.holes) + 1))
            for c, colour in enumerate(rules.colours)
        )
        self.phase = _PLAY
        if self.options.cards_per_player and self.options.deal is None:
            self.phase = _DEAL
        elif self.options.cards_per_player:
            self._deal(self.options.deal or ())
        if self.phase is _PLAY and self.random_gates:
            self.phase = _GATES

    # The contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        phase = self.phase
        return CHANCE if phase is _DEAL or phase is _GATES else self.seat

    def outcome(self) -> Outcome | None:
        return self._outcome

    def parse_move(self, text: str) -> Move:
        return notation.parse(text, self.rules)

    def position(self) -> str:
        from marblestudio.engine.avalanche.position import write

        return write(self)

    def copy(self) -> AvalancheState:
        new = object.__new__(type(self))  # a house rule's subclass copies as itself
        new.__dict__.update(self.__dict__)
        new.tilt = list(self.tilt)
        new.held = list(self.held)
        new.trays = list(self.trays)
        new.hands = [list(h) for h in self.hands]
        new.filled = [list(f) for f in self.filled]
        new.cards = list(self.cards)
        new.gone_out = list(self.gone_out)
        new.forfeited = list(self.forfeited)
        return new

    def counts(self) -> Mapping[str, int]:
        return {
            "trays": sum(self.trays),
            "board": sum(1 for h in self.held if h != EMPTY),
            "hands": sum(sum(h) for h in self.hands),
            "cards": sum(1 for f in self.filled for c in f if c != EMPTY),
        }

    def play(self, move: Move) -> None:
        """As `apply`, without the board's event story (search): the game goes on the same."""
        self.quiet = True
        try:
            self.apply(move)
        finally:
            self.quiet = False

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """The base class's random playout (the same draws), without the board's event story."""
        story, self.story = self.story, False
        try:
            return super().random_playout(rng, max_steps)
        finally:
            self.story = story

    story_kinds = frozenset({"marble_dropped", "marble_at_gate", "gate_flipped", "marble_held", "marble_released", "marble_out"})
    """The events of the board's story (a marble's way down), which a playout leaves out."""

    def hooked_playout(self, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
        """A random playout for a game with rule pieces: quietly, as search's `play`, without the
        board's story when no rule triggers on it, but with every event kind a rule reads (each
        move, and so every rule, still runs through `apply`)."""
        if listened & self.story_kinds:
            return None
        story, was_quiet, told = self.story, self.quiet, self.told
        self.story, self.quiet, self.told = False, True, frozenset(listened) | {TURN_OVER}  # the rules' turns end on it
        # The draws of `State.random_playout`; a player's move goes to the family's own `legal_moves`
        # and `apply` (no constraint or power changes them: see `Ruled.random_playout`), and its
        # events to the rules as `Ruled.apply` would hand them on (`after_fast_move`).
        listed, play, tell = AvalancheState.legal_moves, AvalancheState.apply, self.after_fast_move  # type: ignore[attr-defined]
        played = 0
        try:
            while self._outcome is None and played < max_steps:
                if self.phase is _DEAL or self.phase is _GATES:  # the set-up (chance): through the rules, which may act on it
                    self.play(self.sample_chance(rng))
                    continue
                mover = self.seat
                moves = listed(self)
                tell(mover, play(self, moves[rng.randrange(len(moves))]))
                played += 1
            return played
        finally:
            self.story, self.quiet, self.told = story, was_quiet, told

    # Moves -----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.phase is _OVER:
            return []
        if self.phase is _DEAL or self.phase is _GATES:
            outcomes = self.chance_outcomes()
            return [m for m, _ in outcomes] if outcomes else []
        if self.choosing_out:
            return [GoOut(True), GoOut(False)]
        source = self._source()
        drops: list[Move] = []
        if source is not None:
            for c, moves in enumerate(self.drop_moves):
                if source[c]:
                    drops += moves
        if not drops:
            return [Pass()]
        if self._may_pass():
            return [Pass(), *drops]
        return drops

    def apply(self, move: Move) -> list[Event]:
        if self.phase is _OVER:
            raise IllegalMoveError(move, "the game is over")
        if isinstance(move, Deal):
            return self._apply_deal(move)
        if isinstance(move, SetGates):
            return self._apply_gates(move)
        if self.phase is not _PLAY:
            raise IllegalMoveError(move, "the set-up (a chance step) comes first")
        if isinstance(move, Drop):
            return self._apply_drop(move)
        if isinstance(move, GoOut):
            if not self.choosing_out:
                raise IllegalMoveError(move, "a partner may go out only on ending a turn with an empty hand")
            return self._apply_going_out(move)
        if isinstance(move, Pass):
            if Pass() not in self.legal_moves():
                raise IllegalMoveError(move, self._why_no_pass())
            events = [Event.of(AvalancheEvent.PASSED, seat=self.seat)]
            self.moves_played += 1
            self.passes_in_a_row += 1
            active = sum(1 for s in range(self.num_players) if not self.gone_out[s] and not self.forfeited[s])
            if self.options.all_pass is AllPass.DRAW and self.passes_in_a_row >= active:
                self._finish(events, (), "every player passed in turn: nobody can make a marble fall")
                return events
            self._end_turn(events)
            self._check_limit(events)
            return events
        raise IllegalMoveError(move, "not an Avalanche move")

    # A turn ----------------------------------------------------------------------------
    def cards_full(self, seat: int) -> bool:
        """Whether `seat`'s side (the partnership) has cards and every hole of them is filled."""
        filled, has_cards = self.filled, False
        for s in self.partners[seat]:
            for c in self.cards[s]:
                if EMPTY in filled[c]:
                    return False
                has_cards = True
        return has_cards

    def _source(self) -> list[int] | None:
        """Where this seat's next marble comes from: its hand first [decision], else the trays."""
        hand = self.hands[self.seat]
        if any(hand):
            return hand
        if self.options.draw_from_trays and not self.cards_full(self.seat) and any(self.trays):
            if not self._first_turn_done():
                return self.trays
        return None

    def _first_turn_done(self) -> bool:
        limit = self.options.first_turn_limit
        return limit is not None and self.first_turn and self.drops_this_turn >= limit

    def _may_pass(self) -> bool:
        if self.options.passing is not Passing.WHEN_NOTHING_CAN_FALL or self.drops_this_turn:
            return False
        marbles = sum(self.hands[self.seat])
        if self.options.draw_from_trays and not self.cards_full(self.seat):
            marbles += sum(self.trays)
        return not self.board.can_fall(self.tilt, self.held, marbles)

    def _why_no_pass(self) -> str:
        if self.options.passing is Passing.NEVER:
            return "a player may not pass while holding or able to draw a marble"
        if self.drops_this_turn:
            return "a player may pass only at the start of a turn"
        return "a player may pass only when no marble can be made to fall"

    def _apply_drop(self, move: Drop) -> list[Event]:
        if self.choosing_out:
            raise IllegalMoveError(move, "first choose whether to go out")
        source = self._source()
        if not 1 <= move.hole <= len(self.rules.holes) or not 0 <= move.colour < len(self.rules.colours):
            raise IllegalMoveError(move, "no such hole or colour on this board")
        if source is None or source[move.colour] == 0:
            where = "hand" if any(self.hands[self.seat]) else "trays"
            rule = "marbles held in hand are dropped first" if where == "hand" else "no such marble to drop"
            raise IllegalMoveError(move, rule)
        from_hand = source is self.hands[self.seat]
        source[move.colour] -= 1
        self.passes_in_a_row = 0
        self.drops_this_turn += 1
        self.moves_played += 1
        events = [] if self.quiet and AvalancheEvent.MARBLE_PICKED not in self.told else [Event.of(AvalancheEvent.MARBLE_PICKED, seat=self.seat, colour=self.rules.colours[move.colour].name,
                                                 source="hand" if from_hand else "trays")]
        fallen = self.board.drop(self.tilt, self.held, move.hole - 1, move.colour, events if self.story and not self.quiet else None)
        if fallen:
            self._take_fallen(fallen, events)
            self._end_turn(events)
        elif from_hand and not any(self.hands[self.seat]):
            if not self.quiet or AvalancheEvent.HAND_EMPTY in self.told:
                events.append(Event.of(AvalancheEvent.HAND_EMPTY, seat=self.seat))
            self._hand_ran_out(events)
        elif self._first_turn_done():
            events.append(Event.of(AvalancheEvent.FIRST_TURN_LIMIT, seat=self.seat, dropped=self.drops_this_turn))
            self._end_turn(events)
        self._check_limit(events)
        return events

    def nudge_gate(self, gate: str, events: list[Event]) -> None:
        """A house rule swings `gate` (its id) over by hand (the action `flip_gate`): a marble it
        held is released and runs on down, and the mover takes every marble that falls out, as
        after a drop (onto the cards, else into the hand); the turn goes on.  Nothing happens to
        a gate the board does not have, or outside play."""
        ids = self.board.gate_ids
        if gate not in ids or self.phase is not _PLAY or self.choosing_out:
            return
        fallen = self.board.nudge(self.tilt, self.held, ids.index(gate), events if self.story and not self.quiet else None)
        if fallen:
            self._take_fallen(fallen, events)

    def _hand_ran_out(self, events: list[Event]) -> None:
        """The seat dropped its last held marble and nothing fell."""
        rule = self.options.out_of_marbles
        if rule is OutOfMarbles.WIN:
            self._finish(events, self.partners[self.seat], f"{self._name(self.seat)} ran out of marbles")  # with a partner: the team
        elif rule is OutOfMarbles.FORFEIT:
            self.forfeited[self.seat] = True
            events.append(Event.of(AvalancheEvent.FORFEITED, seat=self.seat))
            left = [s for s in range(self.num_players) if not self.forfeited[s]]
            if len(left) == 1:
                self._finish(events, tuple(left), "every other player forfeited")
            else:
                self._end_turn(events)
        elif self.cards_full(self.seat):
            self._end_turn(events)  # [book #3] dropped every held marble and none fell
        elif self._first_turn_done():
            self._end_turn(events)

    def _take_fallen(self, fallen: list[int], events: list[Event]) -> None:
        """The seat takes every marble that fell: onto its side's cards, then hand or trays."""
        names = [c.name for c in self.rules.colours]
        if not self.quiet or AvalancheEvent.MARBLES_TAKEN in self.told:
            events.append(Event.of(AvalancheEvent.MARBLES_TAKEN, seat=self.seat, colours=tuple(names[c] for c in fallen)))
        rest = []
        for colour in fallen:
            if not self._place(colour, events):
                rest.append(colour)
        if not rest:
            return
        returning = self.options.unmatched is Unmatched.RETURN or (
            self.options.trays_empty is TraysEmpty.RETURN and not any(self.trays))
        if self.options.cards_per_player and returning:
            for colour in rest:
                self.trays[colour] += 1
            events.append(Event.of(AvalancheEvent.MARBLES_RETURNED, colours=tuple(names[c] for c in rest)))
        else:
            for colour in rest:
                self.hands[self.seat][colour] += 1
            events.append(Event.of(AvalancheEvent.MARBLES_TO_HAND, seat=self.seat, colours=tuple(names[c] for c in rest)))

    def _place(self, colour: int, events: list[Event]) -> bool:
        """Put a marble on the first matching empty hole (any empty hole for a wild colour): own
        cards first, then the partner's."""
        wild = self.rules.colours[colour].wild
        for seat in self._place_order[self.seat]:
            for card in self.cards[seat]:
                for hole, want in enumerate(self.card_colours[card]):
                    if (want == colour or wild) and self.filled[card][hole] == EMPTY:
                        self.filled[card][hole] = colour
                        if not self.quiet or AvalancheEvent.MARBLE_ON_CARD in self.told:
                            events.append(Event.of(AvalancheEvent.MARBLE_ON_CARD, seat=self.seat, card=self.rules.cards[card].id,
                                                   hole=hole + 1, colour=self.rules.colours[colour].name, owner=seat))
                        return True
        return False

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.seat
        opts = self.options
        if opts.goal is Goal.FILL_CARDS and self.cards_full(seat):
            if all(not any(self.hands[s]) for s in self.partners[seat]):
                winners = self.partners[seat]
                self._finish(events, winners, "filled every hole of the cards, with nothing left in hand")
                return
        if opts.goal is Goal.ONE_COLOUR:
            hand = self.hands[seat]
            if sum(1 for n in hand if n) == 1 and max(hand) >= opts.goal_count:
                self._finish(events, self.partners[seat], f"{max(hand)} marbles of one colour and none of another")
                return
        if (opts.partnership and opts.going_out is GoingOut.CHOICE and not self.choosing_out
                and not any(self.hands[seat]) and not any(self.gone_out[s] for s in self.partners[seat])):
            self.choosing_out = True
            return
        if not self.quiet or TURN_OVER in self.told:
            events.append(turn_over(seat))
        self.first_turn = False
        self.drops_this_turn = 0
        self.choosing_out = False
        for step in range(1, self.num_players + 1):
            nxt = (seat + step) % self.num_players
            if not self.gone_out[nxt] and not self.forfeited[nxt]:
                self.seat = nxt
                break

    def _apply_going_out(self, move: GoOut) -> list[Event]:
        events = []
        self.moves_played += 1
        if move.out:
            self.gone_out[self.seat] = True
            events.append(Event.of(AvalancheEvent.WENT_OUT, seat=self.seat))
        self._end_turn(events)
        self._check_limit(events)
        return events

    # The end ---------------------------------------------------------------------------
    def _finish(self, events: list[Event], winners: tuple[int, ...], reason: str) -> None:
        if self.phase is not _OVER:
            events.append(turn_over(self.seat))
        self.phase = _OVER
        termination = Termination.WIN if winners else Termination.DRAW
        self._outcome = Outcome(termination, tuple(sorted(winners)), reason)
        events.append(self._outcome.event())

    # Seams for rule pieces -----------------------------------------------------------------
    def no_move(self) -> Move | None:
        """A player who cannot drop passes (not while choosing whether to go out)."""
        return Pass() if self.phase is _PLAY and not self.choosing_out else None

    def give_turn(self, seat: int) -> bool:
        if self._outcome is not None or self.phase is not _PLAY or self.choosing_out or not 0 <= seat < self.num_players:
            return False
        if self.gone_out[seat] or self.forfeited[seat]:
            return False
        self.seat = seat
        return True

    def end_turn(self, events: list[Event]) -> bool:
        """A rule ends the turn between two drops: as a turn ends when marbles fall (the win at
        the end of a turn checked), with its `turn_over` even in search."""
        if self._outcome is not None or self.phase is not _PLAY or self.choosing_out:
            return False
        quiet, self.quiet = self.quiet, False
        try:
            self._end_turn(events)
        finally:
            self.quiet = quiet
        return True

    def seat_after(self, seat: int) -> int:
        for step in range(1, self.num_players + 1):
            nxt = (seat + step) % self.num_players
            if not self.gone_out[nxt] and not self.forfeited[nxt]:
                return nxt
        return seat

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self.phase = _OVER
        self._outcome = outcome
        events.append(outcome.event())

    def _check_limit(self, events: list[Event]) -> None:
        limit = self.ruleset.move_limit
        if self.phase is not _OVER and limit is not None and self.moves_played >= limit:
            self.phase = _OVER
            self._outcome = Outcome.capped(limit)
            events.append(self._outcome.event())

    def _name(self, seat: int) -> str:
        return self.ruleset.presentation.seat_name(seat)

    # Views -----------------------------------------------------------------------------
    def public_view(self) -> AvalancheView:
        return public_view(self)

    def observation(self, seat: int) -> AvalancheView:
        return public_view(self)
