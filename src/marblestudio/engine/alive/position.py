"""ALIVE positions (docs/notation.md, "ALIVE: positions").

``alive players=3 phase=play turn=1 dealer=2 hand-number=0 total=21 direction=1 lives=5/5/5
hands=1,2,3*2,4,5,DRAW2,REVERSE,REDEAL/0,1*2,... deck=5,SKIP*2,2,... discard==21 moves=1 result=-``
(hands and deck shortened here), plus ``next=`` (the seat
to play once a reshuffle's draws are made), ``draws=``, ``answer=``, ``redealer=``,
``collected=`` and ``minus=`` (the seat whose next number card a house rule's `minus_next` takes
off the total) when the table holds them.  Cards are the deck's kind ids; ``KIND*N`` is N cards of
one kind in a row.  Hands are written in kind order, the deck top card first (before a deal, in
kind order: the deal shuffles it), the discard pile bottom card first.

Reading checks what the rules could never reach: a card of a kind more than the deck holds (or a
card that is nowhere), lives above the ruleset's, a seat out of the game with cards or the turn,
a player in the game with no card while a hand is played, a phase its table does not fit, a game
over by the rules without its result (or a result the rules did not give).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from marblestudio.engine.alive.rules import AliveRules, EmptyDeck, WildEffect
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.alive.table import Phase, Table
from marblestudio.engine.core import CHANCE, Outcome
from marblestudio.engine.position import (
    NONE,
    SEAT_SEP,
    Fields,
    PositionError,
    Writer,
    items_text,
    outcome_text,
    turn_text,
)
from marblestudio.engine.rules import Ruleset

RUN = "*"
"""`KIND*N`: N cards of one kind in a row (a kind id never holds it)."""
PAIR = ":"
"""Between the two numbers of a pending draw (`SEAT:CARDS`) or a waiting DRAW (`CARDS:SEAT`)."""
PHASES = {phase.value: phase for phase in Phase}
CHANCE_PHASES = (Phase.DEAL, Phase.REDEAL, Phase.RESHUFFLE)


# Writing ------------------------------------------------------------------------------------
def write(state: AliveState) -> str:
    """The position of `state` as one line (the module docstring; docs/notation.md)."""
    t = state.table
    ids = state.cat.ids
    out = Writer(state.ruleset.game, t.players)
    out.add("phase", t.phase.value).add("turn", turn_text(state.to_move))
    if t.phase is Phase.RESHUFFLE:
        out.add("next", t.current)
    out.add("dealer", t.dealer).add("hand-number", t.hand_number).add("total", t.total).add("direction", t.direction)
    out.seats("lives", t.lives)
    out.seats("hands", [cards_text(ids, _kind_list(hand)) for hand in t.hands])
    deck = sorted(t.deck) if t.phase is Phase.DEAL else t.deck[::-1]
    out.add("deck", cards_text(ids, deck)).add("discard", cards_text(ids, t.discard))
    if t.pending_draws:
        out.add("draws", items_text(f"{seat}{PAIR}{cards}" for seat, cards in t.pending_draws))
    if t.answering:
        what = t.answering if t.waiting is WildEffect.DRAW else t.waiting.value
        out.add("answer", f"{what}{PAIR}{t.answer_from}")
    if t.redealer >= 0:
        out.add("redealer", t.redealer)
    if t.minus >= 0:
        out.add("minus", t.minus)
    if t.collected:
        out.add("collected", cards_text(ids, sorted(t.collected)))
    out.add("moves", t.moves_made).add("result", outcome_text(state.outcome()))
    return str(out)


def cards_text(ids: Sequence[str], cards: Iterable[int]) -> str:
    """Cards (kind indexes) in the given order as kind ids, a run of one kind as `KIND*N`;
    `-` for none.  A kind whose id is `-` is always written `-*N`, so it never reads as 'none'."""
    runs: list[list[int]] = []
    for k in cards:
        if runs and runs[-1][0] == k:
            runs[-1][1] += 1
        else:
            runs.append([k, 1])
    return items_text(ids[k] if n == 1 and ids[k] != NONE else f"{ids[k]}{RUN}{n}" for k, n in runs)


def _kind_list(hand: Sequence[int]) -> list[int]:
    """A hand's per-kind counts as its cards in kind order."""
    return [k for k, n in enumerate(hand) for _ in range(n)]


# Reading ------------------------------------------------------------------------------------
def read(rules: Ruleset, fields: Fields) -> AliveState:
    """The game of `rules` at the position in `fields` (raises `PositionError` naming the field)."""
    family: AliveRules = rules.family
    state = AliveState.new(rules, fields.players)
    t = state.table
    t.phase = PHASES[fields.choice("phase", PHASES)]
    _read_turn(t, fields)
    t.dealer = fields.int("dealer", lo=0, hi=t.players - 1)
    t.hand_number = fields.int("hand-number", 0, lo=0)
    t.total = fields.int("total", 0, lo=0)
    if t.total > family.limit:
        raise fields.error("total", f"{t.total}: the running total never goes above the limit of {family.limit}", rule=True)
    t.direction = int(fields.choice("direction", ("1", "-1"), "1"))
    _read_lives(rules, t, fields)
    _read_cards(state, fields)
    _read_waiting(state, fields)
    t.moves_made = fields.int("moves", 0, lo=0)
    state._outcome = fields.outcome()  # noqa: SLF001 - the family's own reader
    _check_seats(t, fields)
    _check_phase(state, fields)
    _check_end(state, fields)
    return state


def _read_turn(t: Table, fields: Fields) -> None:
    """`turn` (and `next` while the deck is reshuffled): `chance` in a chance phase only."""
    seat = fields.turn()
    chance = t.phase in CHANCE_PHASES
    if (seat == CHANCE) != chance:
        raise fields.error("turn", f"phase={t.phase.value} is {'' if chance else 'not '}a chance step: "
                           f"{'turn=chance' if chance else 'turn is a seat'}", rule=True)
    if t.phase is Phase.RESHUFFLE:
        t.current = fields.turn("next", chance=False)
    elif fields.text("next", NONE) != NONE:
        raise fields.error("next", "only a reshuffle (phase=reshuffle) has a seat to play next after it")
    if seat != CHANCE:
        t.current = seat


def _read_lives(rules: Ruleset, t: Table, fields: Fields) -> None:
    """`lives`: per seat, or per team in team play (team 0 first); 0 to the ruleset's lives."""
    most = t.rules.lives
    owners = len(t.lives)
    raw = fields.text("lives", SEAT_SEP.join([str(most)] * owners))
    parts = raw.split(SEAT_SEP)
    if len(parts) != owners:
        who = f"{owners} teams (team play: one set of life cards per team)" if t.teams else f"{owners} players"
        raise fields.error("lives", f"{len(parts)} values given for {who}; separate them with '{SEAT_SEP}'")
    lives = [fields.bounded("lives", fields.convert("lives", p, int, "a whole number"), 0, None) for p in parts]
    for owner, n in enumerate(lives):
        if n > most:
            holder = f"team {owner}" if t.teams else f"seat {owner}"
            raise fields.error("lives", f"{holder} has {n} life cards: in {rules.id} each "
                               f"{'team' if t.teams else 'player'} has {most}", rule=True)
    t.lives = lives
    t.alive = [True] * t.players if t.teams else [n > 0 for n in lives]


def _read_cards(state: AliveState, fields: Fields) -> None:
    """`hands`, `discard`, `collected` and `deck`: every card of the deck exactly once."""
    t, cat = state.table, state.cat
    seen = [0] * len(cat.ids)
    t.hands = [[0] * len(cat.ids) for _ in range(t.players)]
    for seat, part in enumerate(fields.seats("hands", SEAT_SEP.join([NONE] * t.players))):
        for k in _count(state, fields, "hands", _cards(state, fields, "hands", part), seen):
            t.hands[seat][k] += 1
    t.hand_sizes = [sum(hand) for hand in t.hands]
    t.discard = _count(state, fields, "discard", _cards(state, fields, "discard", fields.text("discard", NONE)), seen)
    t.collected = _count(state, fields, "collected", _cards(state, fields, "collected", fields.text("collected", NONE)), seen)
    top_first = _read_deck(state, fields, seen)
    t.deck = sorted(top_first) if t.phase is Phase.DEAL else top_first[::-1]


def _read_deck(state: AliveState, fields: Fields, seen: list[int]) -> list[int]:
    """`deck`, top card first; left out, every card not elsewhere in kind order."""
    kinds = state.cat.kinds
    if not fields.has("deck"):
        fields.text("deck", NONE)
        return [k for k, kind in enumerate(kinds) for _ in range(kind.count - seen[k])]
    deck = _count(state, fields, "deck", _cards(state, fields, "deck", fields.text("deck")), seen)
    lost = [k for k, kind in enumerate(kinds) for _ in range(kind.count - seen[k])]
    if lost:
        raise fields.error("deck", f"{cards_text(state.cat.ids, lost)} {'is' if len(lost) == 1 else 'are'} nowhere: every "
                           "card of the deck is in a hand, the deck, the discard pile or handed in", rule=True)
    return deck


def _cards(state: AliveState, fields: Fields, name: str, text: str) -> list[int]:
    """A card list (`KIND` or `KIND*N` items) as kind indexes, in the order written."""
    cat = state.cat
    cards: list[int] = []
    for item in fields.items(name, text):
        kind, star, count = item.partition(RUN)
        if kind not in cat.index:
            raise fields.error(name, f"'{kind}' is not a card of this deck (its kinds: {' '.join(cat.ids)})")
        n = fields.convert(name, count, int, f"a number of {kind} cards") if star else 1
        if n < 1:
            raise fields.error(name, f"'{item}': write at least one card of a kind ({kind}*2 is two)")
        k = cat.index[kind]
        if n > cat.kinds[k].count:
            raise _too_many(state, fields, name, k)
        cards.extend([k] * n)
    return cards


def _count(state: AliveState, fields: Fields, name: str, cards: list[int], seen: list[int]) -> list[int]:
    """Add `cards` to `seen` (per kind), refusing a card of a kind more than the deck holds."""
    for k in cards:
        seen[k] += 1
        if seen[k] > state.cat.kinds[k].count:
            raise _too_many(state, fields, name, k)
    return cards


def _too_many(state: AliveState, fields: Fields, name: str, k: int) -> PositionError:
    kind = state.cat.kinds[k]
    return fields.error(name, f"a card too many: the deck of {state.rules.id} holds {kind.count} x {kind.id}, "
                        "the position more", rule=True)


def _read_waiting(state: AliveState, fields: Fields) -> None:
    """`draws` (a DRAW waiting for a reshuffle), `answer` (a DRAW waiting for an answer) and
    `redealer` (HAND IN & RE-DEAL's player, while the handed-in cards wait to be dealt)."""
    t = state.table
    t.pending_draws = [_pair(fields, "draws", item, "SEAT:CARDS", first_seat=True) for item in fields.items("draws", default=NONE)]
    answer = fields.text("answer", NONE)
    if answer != NONE:
        effect, _, seat = answer.partition(PAIR)
        if effect in _WAITING:  # a SKIP or a BOMB: skip:SEAT, bomb:SEAT
            t.waiting, t.answering = _WAITING[effect], 1
            t.answer_from = fields.convert("answer", seat, int, "a whole number")
            fields.bounded("answer", t.answer_from, 0, fields.players - 1)
        else:
            t.answering, t.answer_from = _pair(fields, "answer", answer, "CARDS:SEAT (or skip:SEAT, bomb:SEAT)", first_seat=False)
    t.redealer = -1 if fields.text("redealer", NONE) == NONE else fields.turn("redealer", chance=False)
    t.minus = -1 if fields.text("minus", NONE) == NONE else fields.turn("minus", chance=False)


_WAITING = {"skip": WildEffect.SKIP, "bomb": WildEffect.BOMB}
"""The effects other than a DRAW's that may wait for an answer, as a position writes them."""


def _pair(fields: Fields, name: str, text: str, form: str, first_seat: bool) -> list[int]:
    """`SEAT:CARDS` (or `CARDS:SEAT`): a seat number and a number of cards of at least 1."""
    parts = text.split(PAIR)
    if len(parts) != 2:
        raise fields.error(name, f"'{text}' is not {form}")
    numbers = [fields.convert(name, p, int, "a whole number") for p in parts]
    seat, cards = numbers if first_seat else numbers[::-1]
    fields.bounded(name, seat, 0, fields.players - 1)
    if cards < 1:
        raise fields.error(name, f"'{text}': a waiting draw is of at least one card")
    return numbers


# Rules the position must keep -------------------------------------------------------------
def _check_seats(t: Table, fields: Fields) -> None:
    """A seat out of the game holds no card and has no turn; in a hand being played every seat
    in the game holds a card (a player with none has gone out, which ends the hand)."""
    for seat in range(t.players):
        if not t.alive[seat] and t.hand_sizes[seat]:
            raise fields.error("hands", f"seat {seat} is out of the game (no life card left) but holds cards: "
                               "a player who is out discards their hand", rule=True)
    if t.phase in (Phase.PLAY, Phase.RESHUFFLE):
        name = "turn" if t.phase is Phase.PLAY else "next"
        if not t.alive[t.current]:
            raise fields.error(name, f"seat {t.current} is out of the game (no life card left): it has no turn", rule=True)
        empty = [s for s in t.living() if not t.hand_sizes[s]]
        if empty:
            raise fields.error("hands", f"seat {empty[0]} holds no card while the hand is played: a player who has "
                               "played their last card has gone out, which ends the hand", rule=True)


def _check_phase(state: AliveState, fields: Fields) -> None:
    """What each phase's table looks like: before a deal every card is in the deck, before a re-deal
    every hand is handed in, a reshuffle comes when a draw meets an empty deck; a waiting DRAW,
    pending draws and handed-in cards each belong to their phase (or stay when the game ends)."""
    t = state.table
    phase, over = t.phase, t.phase is Phase.OVER
    if phase is Phase.DEAL:
        for name, full in (("hands", any(t.hand_sizes)), ("discard", t.discard), ("collected", t.collected)):
            if full:
                raise fields.error(name, "before a deal every card is gathered into the deck", rule=True)
    if phase is Phase.REDEAL and any(t.hand_sizes):
        raise fields.error("hands", "HAND IN & RE-DEAL: every hand is handed in before the re-deal", rule=True)
    if bool(t.collected) != (t.redealer >= 0):
        raise fields.error("redealer", "the cards handed in for a re-deal (collected=) and the player of the HAND IN & "
                           "RE-DEAL (redealer=) come together", rule=True)
    if phase is Phase.REDEAL and not t.collected:
        raise fields.error("collected", "missing: a re-deal deals the cards handed in (collected=CARDS, redealer=SEAT)", rule=True)
    if t.collected and phase not in (Phase.REDEAL, Phase.OVER):
        raise fields.error("collected", "handed-in cards wait only until the re-deal (phase=redeal)", rule=True)
    if phase is Phase.RESHUFFLE:
        _check_reshuffle(state, fields)
    elif t.pending_draws and not over:
        raise fields.error("draws", "cards wait to be drawn only while the discard pile is reshuffled (phase=reshuffle)", rule=True)
    if t.answering:
        _check_answer(state, fields)
    if t.minus >= 0 and (phase is Phase.DEAL or not t.alive[t.minus]):
        why = "a new deal clears it" if phase is Phase.DEAL else "that seat is out of the game"
        raise fields.error("minus", f"seat {t.minus} cannot hold a minus mark (a house rule's minus_next) here: {why}", rule=True)


def _check_reshuffle(state: AliveState, fields: Fields) -> None:
    t = state.table
    if state.family.empty_deck is not EmptyDeck.RESHUFFLE_DISCARDS:
        raise fields.error("phase", f"{state.rules.id} never reshuffles: a draw from an empty deck is forgotten", rule=True)
    if t.deck:
        raise fields.error("deck", "the discard pile is reshuffled only when the deck has run out", rule=True)
    if len(t.discard) < 2:
        raise fields.error("discard", "a reshuffle takes the discard pile bar its top card: it needs two cards or more", rule=True)
    if not t.pending_draws:
        raise fields.error("draws", "missing: a reshuffle is made for the cards still to draw (draws=SEAT:CARDS,...)", rule=True)


def _check_answer(state: AliveState, fields: Fields) -> None:
    t = state.table
    card = t.waiting.value.upper()
    if state.family.answer_to(t.waiting) is None:
        raise fields.error("answer", f"no {card} waits for an answer in {state.rules.id} (that is a house rule's 'alive: answers:')", rule=True)
    if t.phase not in (Phase.PLAY, Phase.OVER):
        raise fields.error("answer", f"a {card} waits for an answer only while the hand is played (phase=play)", rule=True)
    if t.phase is Phase.PLAY and t.current != t.next_seat(t.answer_from):
        raise fields.error("answer", f"a {card} of seat {t.answer_from} waits on the next player, seat "
                           f"{t.next_seat(t.answer_from)}, not on seat {t.current}", rule=True)


def _check_end(state: AliveState, fields: Fields) -> None:
    """The result is there exactly when the game is over, and it is what the rules (or the move
    limit) gave; a result of the ruleset's own rule pieces is taken as written."""
    t, outcome = state.table, state.outcome()
    limit = state.rules.move_limit
    if limit is not None and t.moves_made > limit:
        raise fields.error("moves", f"{t.moves_made} moves: the move limit of {state.rules.id} ends the game at {limit}", rule=True)
    if (t.phase is Phase.OVER) != (outcome is not None):
        raise fields.error("result", "a finished game (phase=over) has a result, and only it", rule=True)
    ruled = family_end(state)
    if outcome is None:
        if ruled is not None:
            raise fields.error("result", f"missing: the game is over by the rules ({ruled.reason}): "
                               f"result={outcome_text(ruled)}", rule=True)
        if limit is not None and t.moves_made == limit:
            raise fields.error("result", f"missing: the move limit of {limit} moves ends the game: "
                               f"result={outcome_text(Outcome.capped(limit))}", rule=True)
        return
    capped = limit is not None and outcome == Outcome.capped(limit)
    if capped and t.moves_made != limit:
        raise fields.error("result", f"the move limit ends a game at move {limit}, not {t.moves_made}", rule=True)
    if ruled is not None and outcome != ruled:
        raise fields.error("result", f"the rules end this game as result={outcome_text(ruled)}", rule=True)
    if ruled is None and not capped and not state.rules.pieces:
        why = outcome.reason or outcome.termination.value
        raise fields.error("result", f"the game is not over by the rules of {state.rules.id}, so it did not end '{why}'", rule=True)


def family_end(state: AliveState) -> Outcome | None:
    """How the ruleset's own end (not the move limit) would end the game at this table, or None."""
    probe = state.copy()  # as its own class: a house rule's subclass ends the game its way
    probe._outcome = None  # noqa: SLF001 - the end is worked out again
    return probe.outcome() if probe._check_end() else None  # noqa: SLF001 - the family's own rule


__all__ = ["PositionError", "cards_text", "family_end", "read", "write"]
