"""A fast random playout of ALIVE, for search (MCTS's rollouts) and benchmarks.

The same game as `apply`: the state's own `_play`, `_flip`, chance steps and end checks, called
with card kind indexes instead of move objects, quietly (as `AliveState.play`).  A card is drawn
uniformly among the kinds the seat may play, as picking from `legal_moves()` would (the draws
from the generator differ); a chance step shuffles the cards it deals as `sample_chance` does.
A waiting DRAW, SKIP or BOMB (a house rule's `answers:`) is played through `legal_moves`, and so
is every move of a game whose house rule lets pairs be played (`pairs: numbers`), and a card
played with a house rule's minus mark (`minus_next`).

A game with rule pieces plays the same loop and tells the rules what happened (`told`, which is
`Ruled.after_fast_move`): each player move's events as `apply` makes them, in its order, go to
the triggers; chance steps go through the rules' `play`.  The events a quiet move leaves out are
`card_played`, `total` and `turn_over`: the loop makes `card_played` (when a rule listens to it)
and `turn_over` itself, and when a rule listens to `total` it plays loudly, with every event.
A move whose events no trigger can take (none of a listened kind, or a `card_played` whose
quick test fails: `Ruled.may_fire`, remembered per shared event in `screened`) goes to
`quiet_told` (`Ruled.after_quiet_move`), which only keeps the rules' count.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from marblestudio.engine.alive.events import AliveEvent
from marblestudio.engine.alive.table import Phase
from marblestudio.engine.core import GAME_OVER, TURN_OVER, Event, turn_over
from marblestudio.engine.draws import shuffle

if TYPE_CHECKING:
    from marblestudio.engine.alive.state import AliveState

_PLAY: Final = Phase.PLAY
"""`Phase.PLAY` as a native constant (the enum class's `__getattr__` answers `Phase.PLAY`: docs/native.md)."""

Told = Callable[[int, list[Event]], None]

_MADE_HERE: Final = frozenset({AliveEvent.CARD_PLAYED, AliveEvent.TOTAL, TURN_OVER, GAME_OVER})
"""The kinds the loop tells itself (`card_played`, `turn_over`, `game_over`; with `total` it plays loudly)."""

PLAYED_EVENTS: Final = 50_000
"""At most this many `card_played` events are kept for reuse per ruleset (then it starts again)."""


def random_playout(state: AliveState, rng: random.Random, max_steps: int = 1_000_000, told: Told | None = None,
                   listened: frozenset[str] | set[str] = frozenset(), quiet_told: Told | None = None,
                   may_fire: Callable[[list[Event]], bool] | None = None, screened: dict[tuple[int, int, int, int], bool] | None = None) -> int:
    """Play `state` to its end with uniformly random moves; return the number of player moves.
    With `told`, each player move's events (every one of the kinds in `listened`, and the
    closing `turn_over` and `game_over`) are handed to it with the mover; with `quiet_told`,
    `may_fire` and `screened` too, those of a move that no trigger can take go to `quiet_told`."""
    t, cat = state.table, state.cat
    limit = state.family.limit
    wild, values, ids, sets_total, fitting = cat.wild, cat.values, cat.ids, cat.sets_total, cat.fitting
    random_ = rng.random
    pairs = bool(cat.pairs)
    loud = told is not None and AliveEvent.TOTAL in listened
    tell_card = told is not None and not loud and AliveEvent.CARD_PLAYED in listened
    # the effects' events (a skip, a life lost, ...) are built only when a rule reads one of them
    effects_read = told is not None and (loud or any(kind not in _MADE_HERE for kind in listened))
    cards_played = cat.played_events  # shared by every game of the ruleset: events are values
    turns_over = [turn_over(s) for s in range(t.players)] if told is not None else []
    played = 0
    state.quiet = not loud
    try:
        while state._outcome is None and played < max_steps:
            if t.phase is not _PLAY:  # a deal, a re-deal or a reshuffle
                if told is None:
                    pile = state._chance_pile()
                    shuffle(rng, pile)
                    state._shuffled(pile, record=False)
                else:
                    state.play(state.sample_chance(rng))
                    state.quiet = not loud  # `play` of a family leaves it off
                continue
            if t.answering or pairs or t.minus >= 0:  # a waiting card, a house rule's pairs or minus card: through the listed moves
                moves = state.legal_moves()
                move = moves[int(random_() * len(moves))]
                if told is None:
                    state.apply(move)
                else:
                    state.quiet = False
                    state.play(move)
                    state.quiet = not loud
                played += 1
                continue
            seat = t.current
            room = limit - t.total
            hand = t.hands[seat]
            playable = [k for k in fitting(room) if hand[k]]
            story: list[Event] = []  # told: the few events a quiet move still makes
            events = story if effects_read else None  # untold, or no rule reads them: the move builds none
            card: Event | None = None  # the card_played event made here, if its quick tests fail
            if playable:
                k = playable[int(random_() * len(playable))]
                if tell_card:  # `_play`'s first event, made here
                    left, after = t.hand_sizes[seat] - 1, sets_total[k]
                    key = (seat, k, t.total + (0 if wild[k] else values[k]) if after is None or not left else after, left)
                    event = cards_played.get(key)
                    if event is None:
                        if len(cards_played) >= PLAYED_EVENTS:
                            cards_played.clear()
                        event = cards_played[key] = Event.of(AliveEvent.CARD_PLAYED, seat=seat, card=ids[k], total=key[2], left=key[3])
                    story.append(event)
                    if screened is not None and may_fire is not None:
                        passes = screened.get(key)
                        if passes is None:
                            if len(screened) >= PLAYED_EVENTS:
                                screened.clear()
                            passes = screened[key] = may_fire([event])
                        if not passes:
                            card = event
                state._play(seat, k, events)
            else:  # the one legal move; drawn all the same, so that every player move takes one draw
                random_()
                state._flip(seat, events)
            t.moves_made += 1  # the rest of `apply`
            state._check_move_limit()
            played += 1
            if told is not None:
                story.append(turns_over[seat])
                state._announce_end(story)
                if quiet_told is not None and _untaken(story, listened, card):
                    quiet_told(seat, story)
                else:
                    told(seat, story)
    finally:
        state.quiet = False
    return played


def _untaken(story: list[Event], listened: frozenset[str] | set[str], card: Event | None) -> bool:
    """Whether no trigger can take any event of `story`: none is of a listened kind but `card`, a
    `card_played` whose quick tests fail."""
    for event in story:
        if event.kind in listened and event is not card:
            return False
    return True
