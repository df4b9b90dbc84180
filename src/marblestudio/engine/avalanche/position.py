"""Avalanche positions (docs/notation.md, "Avalanche: positions").

``avalanche players=3 turn=0 gates=R,L,LR,LR,R,R,L,L,R,L,RY,R,L,R,L trays=Y13,R11,B10
hands=-/-/Y3,B2 cards=C4:R.B.BRB../C6:RRB..B.../C1:YRBRBYBYR drops=1 moves=27 passes=0 result=-``
(one line), plus ``out=`` and ``choose-out=`` where partners may go out,
and ``forfeited=`` where a player who runs out of marbles forfeits.

Which set-up step comes next is not written: ``turn=chance`` with no cards dealt is the deal, with
the cards dealt it is the random gates (written ``?`` until they are set).  The game's first turn
(the first player's drop limit) is the one with no move before it: ``moves`` equal to ``drops``.

Reading checks what the rules could never reach: more or fewer marbles of a colour than the game
has, a random gate still unset after the set-up (or a gate holding a marble before it), a card
dealt twice or a card too many, a marble on a hole of another colour, a turn for a seat that has
gone out or forfeited, a set-up after the first move, passes the rules would not allow, a game the
rules would have ended (the move limit reached) or ended otherwise than written.
"""

from __future__ import annotations

from collections.abc import Sequence

from marblestudio.engine.core import CHANCE, IllegalMoveError, Outcome
from marblestudio.engine.position import NONE, Fields, Writer, items_text, outcome_text, turn_text
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.avalanche.cascade import EMPTY
from marblestudio.engine.avalanche.moves import Pass
from marblestudio.engine.avalanche.rules import AllPass, AvalancheRules, GoingOut, OutOfMarbles, Passing, Side, Unmatched
from marblestudio.engine.avalanche.setup import Phase
from marblestudio.engine.avalanche.state import AvalancheState

TILTS = "LR"
"""A gate's tilt as written, by its number (`Side.LEFT` is 0)."""
UNSET = "?"
"""A gate that the set-up still to come sets at random."""
EMPTY_HOLE = "."
"""A hole of a card that no marble fills yet."""
YES_NO = ("yes", "no")


# Writing -----------------------------------------------------------------------------------
def write(state: AvalancheState) -> str:
    """The position of `state` as one line (`read` reads it back)."""
    opts = state.options
    out = Writer("avalanche", state.num_players)
    out.add("turn", turn_text(state.to_move))
    out.add("gates", items_text(_gate_text(state, g) for g in range(len(state.tilt))))
    out.add("trays", _counts_text(state.rules, state.trays))
    out.seats("hands", [_counts_text(state.rules, h) for h in state.hands])
    if opts.cards_per_player:
        out.seats("cards", [items_text(_card_text(state, c) for c in cards) for cards in state.cards])
    out.add("drops", state.drops_this_turn).add("moves", state.moves_played).add("passes", state.passes_in_a_row)
    if _may_go_out(state.rules):
        out.add("out", _seats_text(state.gone_out)).add("choose-out", YES_NO[0] if state.choosing_out else YES_NO[1])
    if opts.out_of_marbles is OutOfMarbles.FORFEIT:
        out.add("forfeited", _seats_text(state.forfeited))
    out.add("result", outcome_text(state.outcome()))
    return str(out)


def _gate_text(state: AvalancheState, gate: int) -> str:
    """``L`` or ``R`` (its tilt) and the letter of the marble it holds, or ``?`` before it is set."""
    if state.phase in (Phase.DEAL, Phase.GATES) and gate in state.random_gates:
        return UNSET
    held = state.held[gate]
    return TILTS[state.tilt[gate]] + ("" if held == EMPTY else state.rules.colours[held].letter)


def _counts_text(rules: AvalancheRules, counts: Sequence[int]) -> str:
    """Marbles per colour as ``Y3,B1`` (a colour's letter and count; none of a colour: left out)."""
    return items_text(f"{colour.letter}{n}" for colour, n in zip(rules.colours, counts, strict=True) if n)


def _card_text(state: AvalancheState, card: int) -> str:
    """``C3:..Y..R.B.``: the card's id, then each hole in order, its marble's letter or ``.``."""
    letters = [c.letter for c in state.rules.colours]
    holes = "".join(EMPTY_HOLE if c == EMPTY else letters[c] for c in state.filled[card])
    return f"{state.rules.cards[card].id}:{holes}"


def _seats_text(flags: Sequence[bool]) -> str:
    return items_text(seat for seat, flag in enumerate(flags) if flag)


def _may_go_out(rules: AvalancheRules) -> bool:
    return rules.game.partnership and rules.game.going_out is GoingOut.CHOICE


# Reading -----------------------------------------------------------------------------------
def read(ruleset: Ruleset[AvalancheRules], fields: Fields) -> AvalancheState:
    """The game at the position `fields` (`write`'s fields), checked against the rules."""
    state = AvalancheState(ruleset, fields.players)
    start = state.copy()
    result = fields.outcome()
    turn = fields.turn()
    if result is not None and turn == CHANCE:
        raise fields.error("turn", "a finished game has no chance step to come: write the seat that moved last", rule=True)
    chance = turn == CHANCE
    _read_gates(state, fields, chance)
    state.trays = _counts(state.rules, fields, "trays", fields.text("trays"))
    state.hands = [_counts(state.rules, fields, "hands", part) for part in fields.seats("hands")]
    _read_cards(state, fields)
    state.drops_this_turn = fields.int("drops", lo=0)
    state.moves_played = fields.int("moves", lo=0)
    state.passes_in_a_row = fields.int("passes", lo=0)
    state.gone_out = _seat_flags(fields, "out")
    state.choosing_out = fields.choice("choose-out", YES_NO, YES_NO[1]) == YES_NO[0]
    state.forfeited = _seat_flags(fields, "forfeited")
    state.seat = 0 if chance else turn
    state._outcome = result
    state.phase = _phase(state, fields, chance)
    state.first_turn = state.moves_played == state.drops_this_turn
    _check_marbles(state, fields)
    _check_hands(state, fields)
    _check_cards(state, fields)
    _check_counters(state, fields)
    _check_seats(state, fields)
    _check_result(state, fields)
    if chance:
        _check_set_up(state, start, fields)
    return state


def _read_gates(state: AvalancheState, fields: Fields, chance: bool) -> None:
    """`gates=`: per gate in ruleset order, ``L``/``R`` and a held marble's letter, or ``?``."""
    rules = state.rules
    items = fields.items("gates")
    if len(items) != len(rules.gates):
        ids = " ".join(g.id for g in rules.gates)
        raise fields.error("gates", f"{len(items)} gates given: the board has {len(rules.gates)} ({ids}), in that order")
    for index, (gate, item) in enumerate(zip(rules.gates, items, strict=True)):
        if item == UNSET:
            if gate.tilt is not None:
                raise fields.error("gates", f"gate {gate.id} starts tilted {gate.tilt.word}: it is never set at random",
                                   rule=True)
            if not chance:
                raise fields.error("gates", f"gate {gate.id} is set at random at the start: after the set-up it tilts "
                                   "L or R", rule=True)
            continue
        if not item or item[0] not in TILTS or len(item) > 2:
            raise fields.error("gates", f"'{item}' is not a gate: write L or R (its tilt), then the letter of a marble "
                               "it holds, or ?")
        if chance and gate.tilt is None:
            raise fields.error("gates", f"gate {gate.id} is set at random by the set-up still to come: write ?", rule=True)
        state.tilt[index] = TILTS.index(item[0])
        state.held[index] = EMPTY if len(item) == 1 else _colour(rules, fields, "gates", item[1])


def _counts(rules: AvalancheRules, fields: Fields, name: str, text: str) -> list[int]:
    """Marbles per colour from ``Y3,B1`` (`-`: none)."""
    counts = [0] * len(rules.colours)
    seen: set[int] = set()
    for item in fields.items(name, text):
        letter, number = item[:1], item[1:]
        colour = _colour(rules, fields, name, letter)
        if not (number.isascii() and number.isdigit()):
            raise fields.error(name, f"'{item}' is not a colour's letter and a count of its marbles (e.g. {letter}3)")
        if colour in seen:
            raise fields.error(name, f"'{text}' gives colour {letter} twice")
        seen.add(colour)
        counts[colour] = int(number)
    return counts


def _colour(rules: AvalancheRules, fields: Fields, name: str, letter: str) -> int:
    for index, colour in enumerate(rules.colours):
        if colour.letter == letter:
            return index
    letters = ", ".join(c.letter for c in rules.colours)
    raise fields.error(name, f"'{letter}' is not a colour's letter (the colours are {letters})")


def _read_cards(state: AvalancheState, fields: Fields) -> None:
    """`cards=`: per seat, its cards in the order dealt, each ``ID:HOLES``."""
    ids = {card.id: i for i, card in enumerate(state.rules.cards)}
    default = "/".join([NONE] * fields.players)
    for seat, part in enumerate(fields.seats("cards", default)):
        mine = []
        for item in fields.items("cards", part):
            card_id, colon, holes = item.rpartition(":")
            if not colon or card_id not in ids:
                known = " ".join(ids) or "none"
                raise fields.error("cards", f"'{item}' is not a card: write ID:HOLES, e.g. C3:..Y..R.B. (the cards: {known})")
            card = ids[card_id]
            if any(card in cards for cards in state.cards[:seat]) or card in mine:
                raise fields.error("cards", f"card {card_id} is dealt twice: the rules have one of each card", rule=True)
            state.filled[card] = _holes(state, fields, card, holes)
            mine.append(card)
        state.cards[seat] = tuple(mine)


def _holes(state: AvalancheState, fields: Fields, card: int, holes: str) -> list[int]:
    """A card's holes from one character each: the letter of the marble on it, or ``.``."""
    card_id, wants = state.rules.cards[card].id, state.card_colours[card]
    if len(holes) != len(wants):
        raise fields.error("cards", f"card {card_id} has {len(wants)} holes, not {len(holes)} (write . for an empty hole)")
    filled = []
    for number, (char, want) in enumerate(zip(holes, wants, strict=True), start=1):
        if char == EMPTY_HOLE:
            filled.append(EMPTY)
            continue
        colour = _colour(state.rules, fields, "cards", char)
        if colour != want and not state.rules.colours[colour].wild:  # a wild colour (a joker) fills any hole
            wanted = state.rules.colours[want]
            raise fields.error("cards", f"hole {number} of card {card_id} wants {wanted.name} ({wanted.letter}): "
                               f"a marble goes only on a hole of its colour", rule=True)
        filled.append(colour)
    return filled


def _seat_flags(fields: Fields, name: str) -> list[bool]:
    """A list of seats (``0,2``; `-`: none) as one flag per seat."""
    flags = [False] * fields.players
    for item in fields.items(name, default=NONE):
        seat = fields.bounded(name, fields.convert(name, item, int, "a seat number"), 0, fields.players - 1)
        if flags[seat]:
            raise fields.error(name, f"seat {seat} is given twice")
        flags[seat] = True
    return flags


def _phase(state: AvalancheState, fields: Fields, chance: bool) -> Phase:
    """Over with a result; at a chance step, the deal while no card is dealt, else the gates."""
    if state.outcome() is not None:
        return Phase.OVER
    if not chance:
        return Phase.PLAY
    if state.options.cards_per_player and state.options.deal is None and not all(state.cards):
        return Phase.DEAL
    if not state.random_gates:
        raise fields.error("turn", "no chance step is left: these rules set no gate at random, and the cards are dealt",
                           rule=True)
    return Phase.GATES


# Checks --------------------------------------------------------------------------------------
def _check_marbles(state: AvalancheState, fields: Fields) -> None:
    """Every marble of the rules is in a tray, on a gate, in a hand or on a card; no more, no fewer."""
    for c, colour in enumerate(state.rules.colours):
        gates = sum(1 for h in state.held if h == c)
        hands = sum(h[c] for h in state.hands)
        cards = sum(1 for filled in state.filled for h in filled if h == c)
        total = state.trays[c] + gates + hands + cards
        if total != colour.count:
            more = "more" if total > colour.count else "fewer"
            raise fields.error("trays", f"{total} {colour.name} marbles ({state.trays[c]} in the trays, {gates} on gates, "
                               f"{hands} in hands, {cards} on cards): {more} than the {colour.count} of the game", rule=True)


def _check_hands(state: AvalancheState, fields: Fields) -> None:
    """Where fallen marbles that fit no card go back to the trays (Beginners), nobody holds marbles."""
    opts, start = state.options, state.options.start_hand
    if opts.cards_per_player and opts.unmatched is Unmatched.RETURN and not (start.per_colour or start.first or start.others):
        if any(any(h) for h in state.hands):
            raise fields.error("hands", "in these rules fallen marbles that fit no card go back to the trays: "
                               "nobody holds marbles", rule=True)


def _check_cards(state: AvalancheState, fields: Fields) -> None:
    """Each seat holds the rules' number of cards (none before the deal), as the rules deal them."""
    per, fixed = state.options.cards_per_player, state.options.deal
    if state.phase is Phase.DEAL:
        if any(state.cards):
            raise fields.error("cards", "the deal is still to come (turn=chance): no seat holds a card yet", rule=True)
        return
    for seat, cards in enumerate(state.cards):
        if len(cards) != per:
            what = "no cards" if not per else f"{per} card{'s' if per > 1 else ''} to each player"
            raise fields.error("cards", f"seat {seat} holds {len(cards)} card{'s' if len(cards) != 1 else ''}: "
                               f"these rules deal {what}", rule=True)
        dealt = None if fixed is None else tuple(fixed[seat * per:(seat + 1) * per])
        if dealt is not None and tuple(state.rules.cards[c].id for c in cards) != dealt:
            raise fields.error("cards", f"these rules deal {' '.join(dealt)} to seat {seat}", rule=True)


def _check_counters(state: AvalancheState, fields: Fields) -> None:
    """This turn's drops and the passes in a row are moves of the game; the move limit is not reached."""
    moves = state.moves_played
    if state.drops_this_turn > moves:
        raise fields.error("drops", f"{state.drops_this_turn} drops this turn, but {moves} moves in the game", rule=True)
    if state.passes_in_a_row > moves:
        raise fields.error("passes", f"{state.passes_in_a_row} passes in a row, but {moves} moves in the game", rule=True)
    limit = state.ruleset.move_limit
    if limit is not None and moves > limit:
        raise fields.error("moves", f"{moves} moves: the move limit of {state.ruleset.id} ends the game at {limit}", rule=True)
    if state.phase is not Phase.OVER and limit is not None and moves >= limit:
        raise fields.error("moves", f"the move limit of {limit} moves ends the game: write its result", rule=True)
    if state.ruleset.pieces:  # a house rule may nudge marbles out or give turns between the passes
        return
    passes, opts = state.passes_in_a_row, state.options
    first_turn_pass = opts.first_turn_limit == 0 and passes == moves  # the first player may not drop on the first turn
    if opts.passing is Passing.NEVER and passes and not first_turn_pass \
            and not any(_nothing_to_drop(state, s) for s in range(state.num_players)):
        raise fields.error("passes", f"{passes} passes in a row, but under passing: never a player passes only with no "
                           "marble to drop, and every player has one (in hand or to draw from the trays)", rule=True)
    still_in = state.forfeited.count(False)  # (a partner who passed may have gone out since: counted too)
    if state.phase is not Phase.OVER and opts.all_pass is AllPass.DRAW and passes >= still_in:
        raise fields.error("passes", f"{passes} passes in a row: the game ends in a draw when every player still in "
                           f"({still_in}) has passed in turn (all_pass: draw)", rule=True)


def _nothing_to_drop(state: AvalancheState, seat: int) -> bool:
    """Whether `seat` holds no marble and may draw none (what a pass under `passing: never` needs)."""
    drawing = state.options.draw_from_trays and not state.cards_full(seat) and any(state.trays)
    return not any(state.hands[seat]) and not drawing


def _check_seats(state: AvalancheState, fields: Fields) -> None:
    """Going out and forfeiting as the rules allow; the turn is for a seat still playing."""
    opts, seat, over = state.options, state.seat, state.phase is Phase.OVER
    if any(state.gone_out) and not _may_go_out(state.rules):
        raise fields.error("out", "in these rules nobody goes out", rule=True)
    if state.choosing_out and not _may_go_out(state.rules):
        raise fields.error("choose-out", "in these rules nobody goes out", rule=True)
    if any(state.forfeited) and opts.out_of_marbles is not OutOfMarbles.FORFEIT:
        raise fields.error("forfeited", "in these rules nobody forfeits", rule=True)
    for s in range(state.num_players):
        partners = state.partners[s]
        if state.gone_out[s] and any(state.gone_out[p] for p in partners if p != s):
            raise fields.error("out", f"seats {' and '.join(map(str, partners))} are partners: only one of them may go out",
                               rule=True)
        for name, flags, why in (("out", state.gone_out, "went out"), ("forfeited", state.forfeited, "forfeited")):
            if flags[s] and any(state.hands[s]):
                raise fields.error(name, f"seat {s} {why} with an empty hand and takes no more turns: "
                                   "it holds no marbles", rule=True)
    if over:
        return
    if state.forfeited.count(False) < 2:
        raise fields.error("forfeited", "only one player has not forfeited: the game is over", rule=True)
    if state.phase is Phase.PLAY and (state.gone_out[seat] or state.forfeited[seat]):
        raise fields.error("turn", f"seat {seat} is out of the game: it takes no more turns", rule=True)
    if state.choosing_out:
        if state.phase is not Phase.PLAY or any(state.hands[seat]) or any(state.gone_out[p] for p in state.partners[seat]):
            raise fields.error("choose-out", f"seat {seat} may go out only on ending a turn with an empty hand, "
                               "while no partner is out", rule=True)


def _check_result(state: AvalancheState, fields: Fields) -> None:
    """A finished game's result is one the rules end it with here; a result of the ruleset's own
    rule pieces is taken as written."""
    outcome = state.outcome()
    if outcome is None:
        return
    endings = family_ends(state)
    if outcome in endings:
        return
    same = [e for e in endings if e.reason == outcome.reason]
    if state.ruleset.pieces and not same:
        return  # a rule piece ended the game (or replaced the rules' result)
    if not endings:
        why = outcome.reason or outcome.termination.value
        raise fields.error("result", f"the rules of {state.ruleset.id} do not end the game here, so it did not end "
                           f"'{why}': it goes on (result=-)", rule=True)
    raise fields.error("result", f"the rules end this game as result={outcome_text((same or endings)[0])}", rule=True)


def family_ends(state: AvalancheState) -> list[Outcome]:
    """The results the rules could have ended the game with at this position, its last mover being
    the seat of `turn=`: worked out by the engine's own code on copies (the end of a turn, a hand
    run out, the last pass played again), and the move limit."""
    found: list[Outcome] = []
    seat = state.seat

    def probe() -> AvalancheState:
        again = state.copy()
        again.phase, again._outcome, again.quiet = Phase.PLAY, None, True
        return again

    turn_end = probe()
    turn_end._end_turn([])  # noqa: SLF001 - the family's own end of a turn
    ran_out = probe()
    if not any(state.hands[seat]) and (state.options.out_of_marbles is not OutOfMarbles.FORFEIT or state.forfeited[seat]):
        ran_out._hand_ran_out([])  # noqa: SLF001 - the family's own end of a hand
    passed = probe()
    if state.passes_in_a_row and state.moves_played and not state.choosing_out:
        passed.passes_in_a_row -= 1
        passed.moves_played -= 1
        passed.first_turn = passed.moves_played == passed.drops_this_turn
        try:
            passed.apply(Pass())
        except IllegalMoveError:
            pass  # the last mover could not have passed
    for again in (turn_end, ran_out, passed):
        outcome = again.outcome()
        if outcome is not None and outcome not in found:
            found.append(outcome)
    limit = state.ruleset.move_limit
    if limit is not None and state.moves_played == limit and Outcome.capped(limit) not in found:
        found.append(Outcome.capped(limit))
    return found


def _check_set_up(state: AvalancheState, start: AvalancheState, fields: Fields) -> None:
    """A chance step is the set-up: everything is as the game starts (bar the cards dealt)."""
    before = "the set-up comes before the first move:"
    if state.moves_played or state.drops_this_turn or state.passes_in_a_row:
        raise fields.error("moves", f"{before} no move is played yet", rule=True)
    for gate, spec in enumerate(state.rules.gates):
        if state.held[gate] != EMPTY or state.tilt[gate] != start.tilt[gate]:
            raise fields.error("gates", f"{before} gate {spec.id} starts tilted {Side(start.tilt[gate]).word}, "
                               "holding no marble", rule=True)
    if state.hands != start.hands:
        raise fields.error("hands", f"{before} the hands are the rules' start hands", rule=True)
    if any(c != EMPTY for filled in state.filled for c in filled):
        raise fields.error("cards", f"{before} no marble is on a card", rule=True)
    for name, flag in (("out", any(state.gone_out)), ("choose-out", state.choosing_out), ("forfeited", any(state.forfeited))):
        if flag:
            raise fields.error(name, f"{before} everyone is still playing", rule=True)


__all__ = ["family_ends", "read", "write"]
