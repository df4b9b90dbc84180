"""ALIVE's part of the rules language: its public events as triggers, what expressions read, its
moves, and its own actions (drawing cards, losing a life, and the wild cards' effects: reversing
play, setting the total).  Hidden cards are never readable: the events that show a seat its cards
(`cards_seen`) are not triggers, and no name reads a hand's cards.

A SKIP's effect needs no action of ALIVE's own: the core's `skip_next` is it (the player who would
play next misses that turn, the direction of play counting; with 2 players left the mover plays
again), though it adds no `player_skipped` event.  As a SKIP played as the last card has no effect,
a skip_next, extra_turn or give_turn on the move that ends a hand ends with the hand
(`State.between_rounds`): the next hand starts as the deal says.  So a SKIP card is a PASS ME BY
with `on: card_played, if: event.card == 'SKIP', then: skip_next` (`_as_rules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.readings import AsRules
from marblestudio.engine.pieces.vocab import ActionKind, Choice, EventDoc, FamilyHooks, Param


def _move_fields(state: Any, move: Any) -> Mapping[str, Any]:
    from marblestudio.engine.alive.moves import PlayCard, PlayPair, Take

    if isinstance(move, PlayPair):
        k = state.cat.index.get(move.card, -1)
        return {"kind": "pair", "card": move.card, "value": state.cat.values[k] if k >= 0 else 0, "wild": False}
    if isinstance(move, PlayCard):
        k = state.cat.index.get(move.card, -1)
        wild = k >= 0 and state.cat.wild[k]
        return {"kind": "play", "card": move.card, "value": 0 if wild or k < 0 else state.cat.values[k], "wild": wild}
    return {"kind": "take" if isinstance(move, Take) else "flip", "card": "", "value": 0, "wild": False}


def _draw_cards(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    from marblestudio.engine.alive import effects
    from marblestudio.engine.alive.table import Phase

    t = state.table
    seat, count = values["seat"], values["count"]
    if not 0 <= seat < t.players or not t.alive[seat] or count <= 0:
        return
    if t.phase is Phase.RESHUFFLE and t.pending_draws:  # the deck ran out for an earlier draw: this one waits too
        t.pending_draws.append([seat, min(count, 60)])
        return
    if t.phase is not Phase.PLAY:
        return
    t.pending_draws.append([seat, min(count, 60)])
    if not effects.resolve_draws(t, events):
        t.phase = Phase.RESHUFFLE


def _bomb(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """A BOMB's effect for the seat, as if it had just played one (`AliveState.effect_by_rule`)."""
    from marblestudio.engine.alive.rules import WildEffect

    state.effect_by_rule(WildEffect.BOMB, values["seat"], events)


def _hand_in_redeal(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """A HAND IN & RE-DEAL's effect for the seat, as if it had just played one."""
    from marblestudio.engine.alive.rules import WildEffect

    state.effect_by_rule(WildEffect.HAND_IN_REDEAL, values["seat"], events)


def _gain_life(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    seat = values["seat"]
    if 0 <= seat < state.table.players:
        state.table.gain_life(seat, state.family.lives, events)


def _lose_life(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    from marblestudio.engine.alive.table import Phase

    t = state.table
    seat = values["seat"]
    if not 0 <= seat < t.players or not t.alive[seat]:
        return
    t.lose_life(seat, "rule", events)
    if state._check_end():  # noqa: SLF001 - the family's own hooks module
        events.append(state.outcome().event())
    elif t.phase is Phase.PLAY and not t.alive[t.current]:
        t.current = t.next_seat(t.current)


def _reverse(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """REVERSE's effect (effects.turn_round): with more than 2 players left the direction of play
    reverses.  A trigger runs after the whole move, when the family has already chosen who plays
    next: when that is the mover's neighbour in the old direction (a number card, a flip, most wild
    cards), the neighbour on the mover's other side plays next instead, as after a REVERSE card.
    When the move sent the turn further (a SKIP), the skip stands and the chosen player still plays;
    a waiting DRAW (`answers:`) stays with the seat it waits on; a power, used before the mover's own
    card, leaves the turn with the mover.  Between hands it does nothing: each deal plays clockwise."""
    from marblestudio.engine.alive import effects
    from marblestudio.engine.alive.table import Phase

    t = state.table
    if t.phase is Phase.DEAL or t.phase is Phase.OVER:
        return
    mover = ctx.mover
    passed_on = (t.phase is not Phase.REDEAL and not t.answering and 0 <= mover < t.players and mover != t.current
                 and t.next_seat(mover) == t.current)
    if effects.turn_round(t, events) and passed_on:
        t.current = t.next_seat(mover)


def _minus_next(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The seat's next card, if a number card, takes its points off the total (`AliveState.mark_minus`)."""
    if isinstance(values["seat"], int):
        state.mark_minus(values["seat"])


def _set_total(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """A set-total card's effect (effects.make_total), the total kept between 0 and the limit, with
    the `total` event; between hands (the next deal starts at 0) it does nothing."""
    from marblestudio.engine.alive import effects
    from marblestudio.engine.alive.events import AliveEvent
    from marblestudio.engine.alive.table import Phase
    from marblestudio.engine.core import Event

    t = state.table
    if t.phase is Phase.DEAL or t.phase is Phase.OVER:
        return
    events.append(Event.of(AliveEvent.TOTAL, total=effects.make_total(t, values["total"])))


_TOTAL_NOTE = "with rules of your own: card_played's total is the total before the card's effect, the card's own is the total it leaves"
_EVENTS_NOTE = ("with rules of your own: a rule's actions set off no other rule, so a rule on what the effect does "
                "({}) does not see it here")
_NOTES = {"set-total": _TOTAL_NOTE, "bomb": f"{_TOTAL_NOTE}; {_EVENTS_NOTE.format('life_lost, bomb_discard')}",
          "hand-in-redeal": _TOTAL_NOTE, "draw": _EVENTS_NOTE.format("cards_drawn"),
          "reverse": _EVENTS_NOTE.format("direction_reversed"), "skip": "it makes no player_skipped event"}


def _as_rules(section: Mapping[str, Any]) -> list[AsRules]:
    """Every wild card's effect as a PASS ME BY (play passes on) with a trigger on the card:
    REVERSE, SKIP, the set-total cards, BOMB, HAND IN & RE-DEAL and, unless `answers:` makes a
    DRAW wait, the DRAW cards (every other player draws, or the other team with
    `wild_hits: opponents`: a seat group, in the direction of play as a DRAW's victims draw)."""
    deck = section.get("deck")
    if not isinstance(deck, Mapping):
        return []
    victims = "opponents" if section.get("wild_hits") == "opponents" else "others"
    answers = section.get("answers")
    answers = answers if isinstance(answers, Mapping) else {}
    answering = {card for rule in answers.values() if isinstance(rule, Mapping) for card in rule.get("with", ())}
    out: list[AsRules] = []
    for card, spec in deck.items():
        if not isinstance(spec, Mapping) or card in answering:  # a card that answers one does not take its effect then
            continue
        effect, when = spec.get("effect"), f"event.card == {str(card)!r}"
        if effect in answers:  # a card that waits for an answer
            continue
        label = spec.get("label", card)
        drop: tuple[str, ...] = ()
        action: Any
        if effect in ("reverse", "bomb", "hand-in-redeal"):
            action = str(effect).replace("-", "_")
        elif effect == "skip":
            action = "skip_next"
        elif effect == "set-total" and isinstance(spec.get("total"), int):
            action, drop = {"set_total": {"total": spec["total"]}}, ("total",)
        elif effect == "draw" and isinstance(spec.get("amount"), int):
            action, drop = {"draw_cards": {"seat": victims, "count": spec["amount"]}}, ("amount",)
        else:
            continue
        note = _NOTES.get(str(effect), "")
        out.append(AsRules(("deck", str(card), "effect"), effect, "pass-me-by",
                           ({"name": f"{label} {effect}", "on": "card_played", "if": when, "then": action},), note, drop))
    return out


HOOKS = FamilyHooks(
    events={
        "card_played": EventDoc({"seat": INT, "card": STR, "total": INT, "left": INT},
                                "a card was played onto the pile (card: its kind, e.g. '7', 'DRAW1' or 'SKIP'; total: the running total after it; left: cards left in the hand)"),
        "total": EventDoc({"total": INT}, "the running total changed"),
        "cards_drawn": EventDoc({"seat": INT, "count": INT}, "a player drew cards"),
        "direction_reversed": EventDoc({"direction": INT}, "play turned round (1: clockwise, -1: the other way)"),
        "player_skipped": EventDoc({"seat": INT}, "a player was skipped (by a SKIP card; a rule's skip_next skips "
                                                   "as a SKIP does, but without this event)"),
        "life_lost": EventDoc({"seat": INT, "owner": INT, "lives": INT, "why": STR},
                              "a life card was flipped (owner: the seat, or the team in team play; lives: left; why: 'over_limit', 'hand_over', 'bomb' or 'rule')"),
        "life_gained": EventDoc({"seat": INT, "owner": INT, "lives": INT}, "a house rule turned a flipped life card face up again (gain_life)"),
        "bomb_discard": EventDoc({"seat": INT, "card": STR}, "a BOMB made a player discard a card"),
        "eliminated": EventDoc({"seat": INT}, "a player lost their last life"),
        "hand_over": EventDoc({}, "a hand ended: a player played their last card"),
        "deck_reshuffled": EventDoc({"cards": INT}, "the discard pile became the deck"),
        "dealt": EventDoc({"first": INT}, "a hand was dealt (first: the seat to play first)"),
        "draw_waiting": EventDoc({"seat": INT, "source": INT, "amount": INT},
                                 "with `alive: answers:`, a DRAW waits: seat may answer or take it; every player but source would draw amount cards"),
        "draw_answered": EventDoc({"seat": INT, "card": STR, "amount": INT, "passed": BOOL, "source": INT},
                                  "a DRAW was answered with card: passed on (amount: the cards each now draws) or blocked "
                                  "(source: who played the DRAW, or passed it on)"),
        "draw_taken": EventDoc({"seat": INT, "source": INT, "amount": INT}, "a waiting DRAW was taken: every player but source draws amount cards"),
        "card_waiting": EventDoc({"seat": INT, "source": INT, "effect": STR},
                                 "with `alive: answers:`, a SKIP or a BOMB waits (effect: 'skip' or 'bomb'): seat may answer or take it; source played it or passed it on"),
        "card_answered": EventDoc({"seat": INT, "card": STR, "effect": STR, "passed": BOOL, "back": BOOL, "source": INT},
                                  "a waiting SKIP or BOMB (effect) was answered with card: passed on, blocked, or sent back to its player "
                                  "(back: a BOMB; source: who played it, or passed it on)"),
        "card_taken": EventDoc({"seat": INT, "source": INT, "effect": STR},
                               "a waiting SKIP or BOMB was taken: a SKIP skips seat, a BOMB hits every player but source"),
    },
    names={
        "total": Name(INT, lambda c: c.state.table.total, "the running total"),
        "minus_for": Name(INT, lambda c: c.state.table.minus, "the seat whose next number card counts as a minus "
                                                                "(minus_next), or -1"),
        "limit": Name(INT, lambda c: c.state.family.limit, "the number the total may not pass (21)"),
        "direction": Name(INT, lambda c: c.state.table.direction, "1 clockwise, -1 after a REVERSE"),
        "hand_number": Name(INT, lambda c: c.state.table.hand_number, "how many hands have ended before this one"),
        "deck_size": Name(INT, lambda c: len(c.state.table.deck), "cards left in the deck"),
        "answering": Name(INT, lambda c: c.state.table.answering if c.state.table.waiting.value == "draw" else 0,
                          "the cards a waiting DRAW makes each player draw (0: none waits)"),
        "waiting": Name(STR, lambda c: c.state.table.waiting.value if c.state.table.answering else "",
                        "the card that waits for an answer (`answers:`): 'draw', 'skip', 'bomb', or '' when none waits"),
        "top_card": Name(STR, lambda c: c.state.cat.ids[c.state.table.discard[-1]] if c.state.table.discard else "",
                         "the kind of the card on top of the pile, the one just played ('' before the first)"),
        "under_card": Name(STR, lambda c: c.state.cat.ids[c.state.table.discard[-2]] if len(c.state.table.discard) > 1 else "",
                           "the kind of the card under the top card of the pile, the one played before it ('' when there is none)"),
    },
    functions={
        "lives": Function((SEAT,), INT, lambda c, s: c.state.table.lives[c.state.table.team_of[s]],
                          "the life cards the seat (its team in team play) has face up"),
        "hand_size": Function((SEAT,), INT, lambda c, s: c.state.table.hand_sizes[s], "how many cards the seat holds"),
        "is_out": Function((SEAT,), BOOL, lambda c, s: not c.state.table.alive[s], "whether the seat has lost every life", False),
    },
    move={"card": STR, "value": INT, "wild": BOOL},
    move_fields=_move_fields,
    as_rules=_as_rules,
    actions={
        "draw_cards": ActionKind("draw_cards", "a seat draws cards from the deck (a reshuffle of the discards when it runs out, as the ruleset says)",
                                 {"count": Param(INT, "how many cards", "1"), "seat": Param(SEAT, "who draws", "mover")}, "count", _draw_cards),
        "lose_life": ActionKind("lose_life", "a seat flips a life card (it may end the game)",
                                {"seat": Param(SEAT, "who loses the life", "mover")}, "seat", _lose_life),
        "gain_life": ActionKind("gain_life", "a seat turns a flipped life card face up again (never above the lives the game "
                                             "starts with; a player already out stays out)",
                                {"seat": Param(SEAT, "who gains the life", "mover")}, "seat", _gain_life),
        "reverse": ActionKind("reverse", "the direction of play reverses, as a REVERSE card does (with only 2 players left "
                                         "it does nothing): after a move that passed the turn to the mover's neighbour, the "
                                         "player on the mover's other side plays next; a skip already made stands; between "
                                         "hands it does nothing (each deal plays clockwise)", {}, None, _reverse),
        "set_total": ActionKind("set_total", "the running total becomes the given number, as the =21, =10 and =0 "
                                             "cards set it (kept between 0 and the limit; between hands it does nothing, each hand "
                                             "starts at 0)",
                                {"total": Param(INT, "the new total")}, "total", _set_total),
        "bomb": ActionKind("bomb", "a BOMB's effect, as if the seat had just played one: every other player (the other "
                                   "team's, with `wild_hits: opponents`) discards a number 0 or flips a life card, the total "
                                   "goes back to 0, and the player after the seat plays next (in the middle of a hand only)",
                           {"seat": Param(SEAT, "whose BOMB it is", "mover")}, "seat", _bomb),
        "minus_next": ActionKind("minus_next", "the seat's next card, if it is a number card, counts as a minus: its "
                                               "points come off the running total (not below 0) instead of going on, so a "
                                               "card too high to play may be played; the mark goes with the seat's next card "
                                               "(a wild card or a flipped life card uses it up too) and with the hand "
                                               "(in a power: 'once a game, play a number card as a minus')",
                                 {"seat": Param(SEAT, "whose next card", "mover")}, "seat", _minus_next),
        "hand_in_redeal": ActionKind("hand_in_redeal", "a HAND IN & RE-DEAL's effect, as if the seat had just played one: "
                                                       "every hand goes to the seat, is shuffled and dealt again from its "
                                                       "left, and the total goes back to 0 (in the middle of a hand only)",
                                     {"seat": Param(SEAT, "who collects the hands", "mover")}, "seat", _hand_in_redeal),
    },
    choices={
        "card": Choice(STR, lambda state: state.cat.ids, "a kind of card of the deck, by its name (as '7', 'SKIP' or '=21'); a "
                                                        "power keeps it with mark (`mark: {name: banned, seat: next_seat(), text: choice}`)",
                       lambda state, card: f"{state.cat.kinds[state.cat.index[card]].count} in the deck" if card in state.cat.index else ""),
    },
    texts={
        "move.kind": lambda state: ("play", "pair", "flip", "take"),
        "move.card": lambda state: state.cat.ids,
        "event.card": lambda state: state.cat.ids,
        "top_card": lambda state: state.cat.ids,
        "under_card": lambda state: state.cat.ids,
        "waiting": lambda state: ("draw", "skip", "bomb"),
        "event.effect": lambda state: ("skip", "bomb"),
        "event.why": lambda state: ("over_limit", "hand_over", "bomb", "rule"),
    },
)
"""Move fields for `forbid:`: kind ('play', 'pair' for two cards of one kind with `pairs: numbers`, 'flip', or 'take' for a
waiting card), card (the kind played, e.g. 'DRAW2'), value (its points, one card's for a pair, 0 for a wild card) and wild."""
