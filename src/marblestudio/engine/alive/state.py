"""ALIVE in play: turns, hands, the life penalty, going out, chance steps and the end.

A hand starts with the chance step `deal` (the whole deck's order); play goes to the left of
the dealer.  A player plays one card a turn, or flips a life card when no card can be played.
Playing the last card ends the hand: the others lose a life, the cards are collected and the
hand's winner deals the next hand.  Wild cards are in effects.py, hidden information in
hidden.py.
"""

from __future__ import annotations

import random
from typing import Any
from functools import cache
from collections.abc import Callable, Mapping, Sequence

from marblestudio.engine.alive import answers, effects, hidden, playout
from marblestudio.engine.alive.hidden import AliveObservation, AliveView
from marblestudio.engine.alive.moves import FLIP, TAKE, Deal, Flip, PlayCard, PlayPair, Redeal, Reshuffle, Shuffle, Take, parse_move
from marblestudio.engine.alive.rules import AliveRules, CardKind, GameEnd, Pairs, WildEffect
from marblestudio.engine.alive.table import Phase, Table
from marblestudio.engine.core import (
    CHANCE,
    GAME_OVER,
    Event,
    IllegalMoveError,
    Move,
    Outcome,
    State,
    Termination,
    tell,
    turn_over,
)
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.alive.events import AliveEvent
from marblestudio.engine.draws import shuffle

# The phases as module constants: `Phase.PLAY` goes through the enum class's `__getattr__` (Python
# 3.11), about 60 ns a look-up; `to_move` asks on every call (docs/native.md).
_DEAL, _PLAY, _REDEAL, _RESHUFFLE, _OVER = Phase.DEAL, Phase.PLAY, Phase.REDEAL, Phase.RESHUFFLE, Phase.OVER


_EFFECT_CARDS = {effect: CardKind(effect.value.upper(), 0, effect.value, effect=effect)
                 for effect in (WildEffect.BOMB, WildEffect.HAND_IN_REDEAL)}
"""The effects a rule piece takes as actions, as the card kinds `effects` plays (whose fields
these two effects do not read)."""


MINUS_ROOM = 1 << 30
"""The room a minus card has: any number card fits, since its points come off the total."""


class Catalogue:
    """Per-ruleset lookups shared by every copy of a state: kind ids, values, moves."""

    def __init__(self, family: AliveRules) -> None:
        self.kinds = family.deck
        self.ids = tuple(k.id for k in family.deck)
        self.index = {k.id: i for i, k in enumerate(family.deck)}
        self.id_set = frozenset(self.ids)
        self.wild = tuple(k.is_wild for k in family.deck)
        self.values = tuple(k.points for k in family.deck)
        self.plays = tuple(PlayCard(k.id) for k in family.deck)
        self.pairs = tuple(PlayPair(k.id) for k in family.deck) if family.pairs is Pairs.NUMBERS else ()
        """Per kind: playing a pair of it (a house rule's `pairs: numbers`; empty without it)."""
        self.answers: dict[WildEffect, tuple[bool, ...]] = {}
        """Per effect that waits for an answer (a house rule's `answers:`), per kind: whether it
        answers a card of that effect."""
        for effect in (WildEffect.DRAW, WildEffect.SKIP, WildEffect.BOMB):
            answer = family.answer_to(effect)
            if answer is not None:
                self.answers[effect] = tuple(k.id in answer.cards for k in family.deck)
        self.sets_total = tuple(
            None if k.effect in self.answers  # it waits for an answer: the total stays as it is, for now
            else k.total if k.effect is WildEffect.SET_TOTAL else 0 if k.effect in (WildEffect.BOMB, WildEffect.HAND_IN_REDEAL) else None
            for k in family.deck
        )
        """Per kind: the running total its effect leaves (None: the total plus its points), which
        `card_played` reports."""
        self.played_events: dict[tuple[int, int, int, int], Event] = {}
        """The fast playout's `card_played` events by (seat, kind, total, cards left), for reuse."""
        self._fitting: dict[int, tuple[int, ...]] = {}

    def fitting(self, room: int) -> tuple[int, ...]:
        """The kinds a player may play with `room` left below the limit, in kind order: every wild
        card, and the number cards of at most `room` points (remembered per room)."""
        found = self._fitting.get(room)
        if found is None:
            wild, values = self.wild, self.values
            found = self._fitting[room] = tuple(k for k in range(len(wild)) if wild[k] or values[k] <= room)
        return found


@cache
def catalogue_of(family: AliveRules) -> Catalogue:
    """The one `Catalogue` of a ruleset, shared by every game of it in this process."""
    return Catalogue(family)


class AliveState(State):
    """A game of ALIVE (see the module docstring); build one with `new_game` or `from_hands`."""

    def __init__(self, rules: Ruleset[AliveRules], table: Table, catalogue: Catalogue | None = None) -> None:
        self.rules = rules
        self.ruleset = rules
        self.family: AliveRules = rules.family
        self.num_players = table.players
        self.table = table
        self.cat = catalogue or catalogue_of(self.family)
        self._outcome: Outcome | None = None
        self.quiet = False  # True while search plays a move (`play`): the commonest events are not built

    # Construction ----------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Ruleset, players: int) -> AliveState:
        """A new game: the whole deck waits to be shuffled and dealt; the last seat deals first,
        so seat 0 (to its left) plays first."""
        table = _empty_table(rules, players)
        table.deck = [k for k, kind in enumerate(table.rules.deck) for _ in range(kind.count)]
        table.dealer = players - 1
        table.current = 0
        return cls(rules, table)

    @classmethod
    def from_hands(
        cls,
        rules: Ruleset,
        hands: Sequence[Sequence[str]],
        deck: Sequence[str] = (),
        discard: Sequence[str] = (),
        *,
        total: int = 0,
        current: int = 0,
        dealer: int | None = None,
        direction: int = 1,
        lives: Sequence[int] | None = None,
    ) -> AliveState:
        """A hand in progress with explicit cards (for tests and puzzles).

        `deck` is listed top card first, `discard` bottom card first.  The cards need not make
        up the whole deck.  `lives` is per seat (per team in team play); a seat with 0 lives is out.
        """
        table = _empty_table(rules, len(hands))
        cat = catalogue_of(rules.family)
        for seat, cards in enumerate(hands):
            for card in cards:
                table.give(seat, cat.index[card])
        table.deck = [cat.index[c] for c in reversed(deck)]
        table.discard = [cat.index[c] for c in discard]
        if lives is not None:
            table.lives = list(lives)
            if not table.teams:
                table.alive = [n > 0 for n in lives]
        table.total, table.current, table.direction = total, current, direction
        table.dealer = (current - 1) % len(hands) if dealer is None else dealer
        table.phase = _PLAY
        return cls(rules, table, cat)

    def copy(self) -> AliveState:
        other = type(self)(self.rules, self.table.copy(), self.cat)  # a house rule's subclass copies as itself
        other._outcome = self._outcome
        return other

    # The chance steps, played without their events when no house rule listens to them
    # (`Ruled.play`): each kind a deal, a re-deal (which may end a hand, a life, a player, the
    # game) and a reshuffle (which deals out the draws waiting for it) can make.
    quiet_steps = {
        Deal: frozenset({AliveEvent.DEALT, AliveEvent.CARDS_SEEN}),
        Redeal: frozenset({AliveEvent.DEALT, AliveEvent.CARDS_SEEN, AliveEvent.HAND_OVER, AliveEvent.LIFE_LOST,
                           AliveEvent.ELIMINATED, AliveEvent.CARDS_COLLECTED, GAME_OVER}),
        Reshuffle: frozenset({AliveEvent.DECK_RESHUFFLED, AliveEvent.CARDS_DRAWN, AliveEvent.CARDS_SEEN, AliveEvent.DECK_EMPTY}),
    }

    def play_quietly(self, move: Move) -> int:
        """A chance step of `quiet_steps`, as `apply` plays it, without its events (no turn ends)."""
        assert isinstance(move, Shuffle)
        self._shuffled(self._order(move), record=False)
        return -1

    def play(self, move: Move) -> None:
        """As `apply` (the same checks, the same game), without the events of every card played
        and every turn: for search, which reads none."""
        self.quiet = True
        try:
            self.apply(move)
        finally:
            self.quiet = False

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """Play on to the end with uniformly random moves (see `playout`: no move objects)."""
        return playout.random_playout(self, rng, max_steps)

    def hooked_playout(self, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
        """A random playout for a game with rule pieces: the fast loop, each move's events told to
        the rules (`Ruled.after_fast_move`; see `playout`)."""
        ruled: Any = self
        return playout.random_playout(self, rng, max_steps, ruled.after_fast_move, listened, ruled.after_quiet_move, ruled.may_fire,
                              ruled.rule_state.program.screened)

    # The contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        phase = self.table.phase
        if phase is _PLAY or phase is _OVER:
            return self.table.current
        return CHANCE

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_moves(self) -> list[Move]:
        t = self.table
        if t.phase is not _PLAY:
            return []
        if t.answering:
            answering = self.cat.answers[t.waiting]
            return [*(self.cat.plays[k] for k, n in enumerate(t.hands[t.current]) if n and answering[k]), TAKE]
        room = self.family.limit - t.total if t.minus != t.current else MINUS_ROOM  # a minus card always fits
        cat = self.cat
        wild, values, plays = cat.wild, cat.values, cat.plays
        hand = t.hands[t.current]
        moves: list[Move] = [plays[k] for k in cat.fitting(room) if hand[k]]
        pairs = self.cat.pairs
        if pairs:  # after the single cards: a pair of number cards of one value that fits
            moves += [pairs[k] for k, n in enumerate(hand) if n >= 2 and not wild[k] and 2 * values[k] <= room]
        return moves or [FLIP]

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.cat.id_set)

    def position(self) -> str:
        """The position as one line, hidden cards and the deck's order included (position.py,
        docs/notation.md); `engine.from_position` reads it back."""
        from marblestudio.engine.alive.position import write

        return write(self)

    def apply(self, move: Move) -> list[Event]:
        t = self.table
        if t.phase is _OVER:
            raise IllegalMoveError(move, "the game is over")
        if isinstance(move, Shuffle):
            return self._apply_chance(move)
        if t.phase is not _PLAY:
            raise IllegalMoveError(move, f"the next step is chance ({t.phase.value}), not a player's move")
        seat = t.current
        events: list[Event] = []
        if t.answering:
            self._answer_or_take(seat, move, events)
        elif isinstance(move, PlayCard):
            k = self.cat.index.get(move.card)
            if k is None or not t.hands[seat][k]:
                raise IllegalMoveError(move, f"there is no {move.card} in the hand of seat {seat}")
            if not self.cat.wild[k] and t.total + self.cat.values[k] > self.family.limit and t.minus != seat:
                raise IllegalMoveError(
                    move, f"a card that would take the total above {self.family.limit} may not be played"
                )
            self._play(seat, k, events)
        elif isinstance(move, PlayPair):
            k = self._pair_kind(seat, move)
            self._play_first_of_pair(seat, k, events)
            self._play(seat, k, events)
        elif isinstance(move, Take):
            raise IllegalMoveError(move, "no DRAW, SKIP or BOMB waits to be taken")
        elif isinstance(move, Flip):
            if self.legal_moves() != [FLIP]:
                raise IllegalMoveError(move, "a life card is flipped only when no card in hand can be played")
            self._flip(seat, events)
        else:
            raise IllegalMoveError(move, "not an ALIVE move")
        t.moves_made += 1
        if not self.quiet:
            events.append(turn_over(seat))
        self._check_move_limit()
        self._announce_end(events)
        return events

    def mark_minus(self, seat: int) -> bool:
        """A house rule marks `seat`'s next card: if it is a number card, its points come off the
        running total (not below 0) instead of going on, so a card too high to play becomes
        playable (the action `minus_next`).  Only while a hand is played and no card waits for an
        answer; False (nothing marked) otherwise.  The mark goes with the seat's next card (or a
        flipped life card)."""
        t = self.table
        if t.phase is not _PLAY or t.answering or not 0 <= seat < t.players or not t.alive[seat]:
            return False
        t.minus = seat
        return True

    # Player moves ----------------------------------------------------------------------
    def _play(self, seat: int, k: int, events: list[Event] | None) -> None:
        t = self.table
        kind = self.cat.kinds[k]
        t.take(seat, k)
        t.discard.append(k)
        if t.minus == seat:  # a house rule's minus card (`minus_next`): the mark goes with this card
            t.minus = -1
            if not kind.is_wild:
                t.total = max(0, t.total - kind.points)
        elif not kind.is_wild:
            t.total += kind.points
        if not self.quiet:  # the total after the card: what its effect leaves (a last card has none)
            after = self.cat.sets_total[k]
            total = t.total if after is None or not t.hand_sizes[seat] else after
            tell(events, AliveEvent.CARD_PLAYED, seat=seat, card=kind.id, total=total, left=t.hand_sizes[seat])
        if t.hand_sizes[seat] == 0:
            # [book] playing the last card ends the hand; [decision] a wild last card has no effect.
            self._hand_over([seat], events)
            return
        if kind.effect is None:
            t.current = t.next_seat(seat)
            return
        if kind.effect in self.cat.answers:
            answers.wait(t, seat, kind, events)
            return
        self._take_effect(seat, kind, events)

    def _pair_kind(self, seat: int, move: PlayPair) -> int:
        """The kind index of a pair `seat` may play (else IllegalMoveError, naming the rule)."""
        t = self.table
        if not self.cat.pairs:
            raise IllegalMoveError(move, "one card a turn: pairs are a house rule ('alive: pairs: numbers')")
        k = self.cat.index.get(move.card)
        if k is None or t.hands[seat][k] < 2:
            raise IllegalMoveError(move, f"seat {seat} does not hold two {move.card} cards")
        if self.cat.wild[k]:
            raise IllegalMoveError(move, "only number cards are played in pairs; a wild card is played alone")
        if t.total + 2 * self.cat.values[k] > self.family.limit:
            raise IllegalMoveError(move, f"a pair that would take the total above {self.family.limit} may not be played")
        return k

    def _play_first_of_pair(self, seat: int, k: int, events: list[Event] | None) -> None:
        """The first card of a pair onto the pile (a number card: its value counts); `_play` then
        plays the second as any card, which may end the hand."""
        t = self.table
        t.take(seat, k)
        t.discard.append(k)
        t.total += self.cat.values[k]
        if t.minus == seat:  # a pair is played as two number cards: a minus mark is lost with it
            t.minus = -1
        if not self.quiet:
            tell(events, AliveEvent.CARD_PLAYED, seat=seat, card=self.cat.ids[k], total=t.total, left=t.hand_sizes[seat])

    def _take_effect(self, seat: int, kind: CardKind, events: list[Event] | None) -> None:
        """A wild card's effect for `seat`, who played it, and what follows it."""
        assert kind.effect is not None
        self._after_effect(seat, effects.EFFECTS[kind.effect](self.table, seat, kind, events), events)

    def _after_effect(self, seat: int, nxt: int, events: list[Event] | None) -> None:
        """What follows a wild card's effect for `seat`: the game may end, the next player is
        `nxt`, a BOMB victim (another player of `seat`) left without cards ends the hand, and
        the cards a DRAW gives are drawn."""
        t = self.table
        if not self.quiet:
            tell(events, AliveEvent.TOTAL, total=t.total)
        if self._check_end():
            return
        t.current = nxt
        if t.phase is _REDEAL:
            return
        outs = [s for s in t.others_in_turn_order(seat) if t.hand_sizes[s] == 0] if 0 in t.hand_sizes else None
        if outs:  # [decision] a BOMB victim who discarded their only card has gone out
            self._hand_over(outs, events)
            return
        if t.pending_draws and not effects.resolve_draws(t, events):
            t.phase = _RESHUFFLE

    def effect_by_rule(self, effect: WildEffect, seat: int, events: list[Event]) -> bool:
        """A rule piece's BOMB or HAND IN & RE-DEAL (`games/hooks/alive.py`): the effect, as if
        `seat` had played such a card just now, in the middle of a hand; False (nothing changed)
        between hands, while a DRAW waits, or for a seat that is out."""
        t = self.table
        if self._outcome is not None or t.phase is not _PLAY or t.answering or not 0 <= seat < t.players or not t.alive[seat]:
            return False
        self._take_effect(seat, _EFFECT_CARDS[effect], events)
        return True

    def _answer_or_take(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """The move of a player whom a DRAW, SKIP or BOMB waits on (answers.py)."""
        t = self.table
        rule = self.family.answer_to(t.waiting)
        assert rule is not None
        waits = f"a {t.waiting.value.upper()} waits"
        landing: answers.Landing = None
        if isinstance(move, Take):
            landing = answers.take(t, seat, events)
        elif isinstance(move, PlayCard):
            k = self.cat.index.get(move.card)
            if k is None or not t.hands[seat][k]:
                raise IllegalMoveError(move, f"there is no {move.card} in the hand of seat {seat}")
            if not self.cat.answers[t.waiting][k]:
                raise IllegalMoveError(move, f"{waits}: answer it with {' or '.join(sorted(rule.cards))}, or take it")
            kind = self.cat.kinds[k]
            t.take(seat, k)
            t.discard.append(k)
            tell(events, AliveEvent.CARD_PLAYED, seat=seat, card=kind.id, total=t.total, left=t.hand_sizes[seat])
            if t.hand_sizes[seat] == 0:  # the last card ends the hand, and the waiting draw with it
                answers.forget(t)
                self._hand_over([seat], events)
                return
            landing = answers.answer(t, seat, kind, rule, events)
        else:
            raise IllegalMoveError(move, f"{waits}: answer it or take it")
        if landing is not None:
            hit, after = landing
            effects.blast(t, hit, events)
            self._after_effect(after, t.next_seat(after), events)
            return
        if t.pending_draws and not effects.resolve_draws(t, events):
            t.phase = _RESHUFFLE

    def _flip(self, seat: int, events: list[Event] | None) -> None:
        """[book] A player who can only go above the limit flips a life card; the total resets."""
        t = self.table
        t.lose_life(seat, "over_limit", events)
        t.total = 0
        if t.minus == seat:
            t.minus = -1
        tell(events, AliveEvent.TOTAL, total=0)
        if self._check_end():
            return
        t.current = t.next_seat(seat)

    # Hands -----------------------------------------------------------------------------
    def _hand_over(self, outs: list[int], events: list[Event] | None) -> None:
        """Players in `outs` have gone out: every other player (the opposing team) loses a life."""
        t = self.table
        tell(events, AliveEvent.HAND_OVER, winners=tuple(outs))
        if t.teams:
            out_teams = {t.team_of[s] for s in outs}
            for team in range(len(t.lives)):
                if out_teams - {team}:
                    t.lose_life(next(s for s in range(t.players) if t.team_of[s] == team), "hand_over", events)
        else:
            for s in t.living():
                if s not in outs:
                    t.lose_life(s, "hand_over", events)
        if self._check_end():
            return
        t.collect_all()
        t.dealer = outs[0]
        t.direction = 1
        t.total = 0
        t.pending_draws = []
        answers.forget(t)
        t.phase = _DEAL
        t.hand_number += 1
        tell(events, AliveEvent.CARDS_COLLECTED, dealer=t.dealer)

    def _check_end(self) -> bool:
        t = self.table
        winners: tuple[int, ...] | None = None
        if t.teams:
            if 0 in t.lives:
                winners = tuple(s for s in range(t.players) if t.lives[t.team_of[s]] > 0)
                reason = "a team has flipped all its life cards"
        elif self.family.game_end is GameEnd.FIRST_PLAYER_OUT:
            if not all(t.lives):
                best = max(t.lives)
                tied = [s for s in range(t.players) if t.lives[s] == best]
                low = min(t.hand_points(s) for s in tied)
                winners = tuple(s for s in tied if t.hand_points(s) == low)
                reason = "a player has flipped all life cards: most lives left wins"
        elif t.alive.count(True) <= 1:  # (counted without listing the living: this runs after every wild card)
            winners = tuple(t.living())
            reason = "the last player with a face-up life card"
        if winners is None:
            return False
        termination = Termination.WIN if winners else Termination.DRAW
        self._outcome = Outcome(termination, winners, reason)
        t.phase = _OVER
        return True

    # Seams for rule pieces -----------------------------------------------------------------
    def seats_from(self, seat: int) -> list[int]:
        """Every seat from `seat` in the direction of play (a DRAW's victims draw in that order)."""
        n, step = self.table.players, self.table.direction
        return [(seat + k * step) % n for k in range(n)]

    def between_rounds(self) -> bool:
        """A hand is over and the next is to be dealt: a skip or a turn a rule gave ends with the hand."""
        return self.table.phase is _DEAL

    def no_move(self) -> Move | None:
        """[book] A player who cannot play flips a life card (while a DRAW waits: none, the player
        answers it or takes it)."""
        t = self.table
        return FLIP if t.phase is _PLAY and not t.answering else None

    def give_turn(self, seat: int) -> bool:
        t = self.table
        if self._outcome is not None or t.phase is not _PLAY or not 0 <= seat < t.players or t.answering:
            return False
        if not t.alive[seat] or t.hand_sizes[seat] == 0:
            return False
        t.current = seat
        return True

    def seat_after(self, seat: int) -> int:
        return self.table.next_seat(seat)

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self._outcome = outcome
        self.table.phase = _OVER
        events.append(outcome.event())

    def _check_move_limit(self) -> None:
        limit = self.rules.move_limit
        if self._outcome is None and limit is not None and self.table.moves_made >= limit:
            self._outcome = Outcome.capped(limit)
            self.table.phase = _OVER

    def _announce_end(self, events: list[Event] | None) -> None:
        """`game_over`, the last event of the game, once the outcome is known."""
        outcome = self._outcome
        if outcome is not None and events is not None:
            events.append(outcome.event())

    # Chance ----------------------------------------------------------------------------
    def _chance_pile(self) -> list[int]:
        """The cards the pending chance step shuffles, in kind order."""
        t = self.table
        if t.phase is _DEAL:
            return sorted(t.deck)
        if t.phase is _REDEAL:
            return sorted(t.collected)
        if t.phase is _RESHUFFLE:
            return sorted(t.discard[:-1])
        return []

    def sample_chance(self, rng: random.Random) -> Move:
        pile = self._chance_pile()
        shuffle(rng, pile)
        order = tuple(self.cat.ids[k] for k in pile)
        phase = self.table.phase
        if phase is _DEAL:
            return Deal(order)
        if phase is _REDEAL:
            return Redeal(order)
        if phase is _RESHUFFLE:
            return Reshuffle(order)
        raise ValueError(f"no chance step now (phase {phase.value})")

    def _apply_chance(self, move: Shuffle) -> list[Event]:
        t = self.table
        expected = {_DEAL: Deal, _REDEAL: Redeal, _RESHUFFLE: Reshuffle}.get(t.phase)
        if type(move) is not expected:
            raise IllegalMoveError(move, f"the next step is {t.phase.value}, not {move.verb}")
        order = self._order(move)
        if not self.quiet and sorted(order) != sorted(self._chance_pile()):  # search plays its own `sample_chance`
            raise IllegalMoveError(move, f"a {move.verb} must be an order of exactly the cards being shuffled")
        return self._shuffled(order)

    def _order(self, move: Shuffle) -> list[int]:
        """The cards of a chance step, top first, as kind indexes."""
        index = self.cat.index
        return [index[c] for c in move.order]

    def _shuffled(self, order: list[int], record: bool = True) -> list[Event]:
        """The pending chance step with the cards (kind indexes) in `order`, top card first;
        without `record` (the fast playout), the same step builds no events."""
        t = self.table
        events: list[Event] | None = [] if record else None
        if t.phase is _DEAL:
            self._deal(order, events)
        elif t.phase is _REDEAL:
            self._redeal(order, events)
        else:
            t.deck = order[::-1]
            t.discard = t.discard[-1:]
            tell(events, AliveEvent.DECK_RESHUFFLED, cards=len(t.deck))
            t.phase = _PLAY
            if not effects.resolve_draws(t, events):
                t.phase = _RESHUFFLE
        self._announce_end(events)
        return events if events is not None else []

    def _deal_round(self, first: int, cards: list[int], per_seat: int | None, events: list[Event] | None) -> None:
        """Deal `cards` one at a time round the living seats from `first` (per_seat each, or all)."""
        t = self.table
        seats = [first]
        while (s := t.left_of(seats[-1])) != first:
            seats.append(s)
        limit = len(cards) if per_seat is None else min(len(cards), per_seat * len(seats))
        if self.quiet:  # search: the cards only
            for i in range(limit):
                t.give(seats[i % len(seats)], cards[i])
        else:
            received: dict[int, list[str]] = {s: [] for s in seats}
            for i in range(limit):
                seat = seats[i % len(seats)]
                t.give(seat, cards[i])
                received[seat].append(self.cat.ids[cards[i]])
        tell(events, AliveEvent.DEALT, first=first, sizes=tuple(t.hand_sizes))
        if not self.quiet:
            for seat in seats:
                tell(events, AliveEvent.CARDS_SEEN, frozenset((seat,)), seat=seat, cards=tuple(received[seat]))
        del cards[:limit]

    def _deal(self, order: list[int], events: list[Event] | None) -> None:
        """[book] 10 cards each, one at a time from the dealer's left; the rest is the deck."""
        t = self.table
        t.deck = []
        t.discard = []
        first = t.left_of(t.dealer)
        self._deal_round(first, order, self.family.hand_size, events)
        t.deck = order[::-1]
        t.total = 0
        t.minus = -1  # a new hand: a mark left from the last one is gone
        t.direction = 1
        t.current = first
        t.phase = _PLAY

    def _redeal(self, order: list[int], events: list[Event] | None) -> None:
        """HAND IN & RE-DEAL: all collected cards dealt from the player's left; uneven hands stay so."""
        t = self.table
        giver = t.redealer
        t.collected = []
        first = t.left_of(giver)
        self._deal_round(first, order, None, events)
        t.phase = _PLAY
        t.redealer = -1
        t.current = first  # [book] after a deal of any sort, play starts to the left
        empty = [s for s in t.living() if t.hand_sizes[s] == 0]
        if empty:  # [decision] a player the re-deal leaves with no card has gone out
            self._hand_over(sorted(empty, key=lambda s: (s - giver - 1) % t.players), events)

    # Hidden information and views ------------------------------------------------------
    def observation(self, seat: int) -> AliveObservation:
        return hidden.observation(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> AliveState:
        return hidden.determinize(self, seat, rng)

    def public_view(self) -> AliveView:
        return hidden.public_view(self)

    def counts(self) -> Mapping[str, int]:
        return self.table.counts()

    def playable_reason(self, card: str) -> str | None:
        """Why the player to move may not play `card` now, or None when it is playable."""
        t = self.table
        k = self.cat.index[card]
        if t.phase is not _PLAY:
            return "it is not a player's turn"
        if not t.hands[t.current][k]:
            return f"there is no {card} in the hand"
        if not self.cat.wild[k] and t.total + self.cat.values[k] > self.family.limit and t.minus != t.current:
            return f"{t.total} + {self.cat.values[k]} would go above {self.family.limit}"
        return None


def _empty_table(rules: Ruleset, players: int) -> Table:
    family: AliveRules = rules.family
    teams = rules.teams is not None
    team_of = tuple(rules.teams.team_of(s) for s in range(players)) if rules.teams is not None else tuple(range(players))
    owners = rules.teams.count if rules.teams is not None else players
    kinds = len(family.deck)
    return Table(
        rules=family,
        players=players,
        team_of=team_of,
        teams=teams,
        hands=[[0] * kinds for _ in range(players)],
        hand_sizes=[0] * players,
        deck=[],
        discard=[],
        lives=[family.lives] * owners,
        alive=[True] * players,
    )
