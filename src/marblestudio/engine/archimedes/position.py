"""Rock Me Archimedes' positions as one line of text (docs/notation.md, "Positions").

    archimedes players=2 turn=0 phase=moving mover=0 cups=b4,a7,b8,b9,c11/c6,a8,c8,a9,a10,c12
        supply=7/6 lost=0/0 die=3 remaining=1 moved=b8 turns=21 touched=- result=-

(one line: player 1, seat 0, rolled a 3 and moved a marble to b8; one space is left).  `write`
gives every field in that order; `read` accepts them in any order and refuses text that is not
a position, and a position the rules could not reach (two marbles in one cup, more marbles than
a seat has, a board that would already have tipped, a die value the die does not show), naming
the field and the rule.

The neutral marbles of the house rule `archimedes.neutral` are not written: they come from the
ruleset, which puts them on their cups, so `cups=` holds the players' marbles only, and a player's
marble written on a neutral cup is refused.

What is not written is worked out again: the board's moment `k` from the cups (the neutral
marbles' too), the seats' bitmasks (`ArchimedesState.seat_bits`) when first asked for, the legal moves and the odds.  A
finished game's `result` is written as in every family (`outcome_text`), and read back only if
it is the ending the engine gives that position (a rule piece's ending is taken as written).
"""

from __future__ import annotations

from marblestudio.engine.archimedes.moves import Cup, cup_name, parse_cup
from marblestudio.engine.archimedes.physics import End
from marblestudio.engine.archimedes.rules import NEUTRAL, StartRule, TouchRule
from marblestudio.engine.archimedes.phases import Phase
from marblestudio.engine.archimedes.state import HOME, LOST, ArchimedesState
from marblestudio.engine.core import NotationError, Outcome, Termination
from marblestudio.engine.position import NONE, Fields, PositionError, Writer, items_text, outcome_text, turn_text
from marblestudio.engine.rules import Ruleset


# Writing -----------------------------------------------------------------------------------
def write(state: ArchimedesState) -> str:
    """The position of `state` as one line (the fields in the order `read` documents; the
    neutral marbles, which the ruleset places, are not written)."""
    seats = range(state.num_players)
    cups = [items_text([cup_name(c) for c in sorted(state.board) if state.board[c] == seat]) for seat in seats]
    return str(
        Writer(state.ruleset.game, state.num_players)
        .add("turn", turn_text(state.to_move))
        .add("phase", state.phase.value)
        .add("mover", state.mover)
        .seats("cups", cups)
        .seats("supply", state.supply)
        .seats("lost", state.lost)
        .add("die", NONE if state.die is None else state.die)
        .add("remaining", state.remaining)
        .add("moved", items_text([cup_name(c) for c in state.moved]))
        .add("turns", state.turns)
        .add("touched", NONE if state.touched is None else state.touched.value)
        .add("result", outcome_text(state.result))
    )


# Reading -----------------------------------------------------------------------------------
def read(ruleset: Ruleset, fields: Fields) -> ArchimedesState:
    """The game of `ruleset` at the position `fields` (`write`'s fields, in any order).

    Raises `PositionError` naming the field: a value that does not parse, or a position the
    rules could not reach (`rule` set; the message names the rule)."""
    state = ArchimedesState(ruleset, fields.players)
    rules = state.rules
    players = fields.players
    turn: int = fields.turn("turn")
    phase = Phase(fields.choice("phase", [p.value for p in Phase]))
    mover: int = fields.turn("mover", chance=False)
    board = _board(state, fields)
    supply = fields.seat_ints("supply", lo=0)
    lost = fields.seat_ints("lost", lo=0)
    die_text = fields.text("die")
    die = None if die_text == NONE else fields.convert("die", die_text, int, "a die value or '-'")
    remaining = fields.int("remaining", lo=0)
    moved = tuple(_cup(state, fields, "moved", name) for name in fields.items("moved"))
    turns = fields.int("turns", lo=0)
    touched_text = fields.choice("touched", [NONE] + [e.value for e in End])
    touched = None if touched_text == NONE else End(touched_text)
    result = fields.outcome("result")

    # Whose step it is.
    chance = phase in (Phase.START, Phase.DIE)
    if chance and turn >= 0:
        step = "the starting rolls" if phase is Phase.START else "the die"
        raise _rule(fields, "turn", f"phase={phase.value} is a chance step ({step}): write turn=chance")
    if not chance and turn < 0:
        raise _rule(fields, "turn", f"phase={phase.value} is a player's step: turn is the mover's seat, not chance")
    if not chance and turn != mover:
        raise _rule(fields, "mover", f"the seat to move (turn={turn}) is the mover in phase={phase.value}, not {mover}")

    # The marbles: each seat's are on the board, in its supply, or out of the game.
    for seat in range(players):
        on_board = sum(1 for s in board.values() if s == seat)
        total = on_board + supply[seat] + lost[seat]
        if total != rules.marbles_per_player:
            more = "more marbles than" if total > rules.marbles_per_player else "fewer marbles than"
            raise _rule(fields, "supply", f"seat {seat} has {more} a player has ({rules.marbles_per_player}): {on_board} on the "
                        f"board + {supply[seat]} in the supply + {lost[seat]} lost = {total}")
        if lost[seat] and rules.touch is not TouchRule.MARBLE_LOST:
            raise _rule(fields, "lost", "marbles leave the game only under the house rule touch: marble-lost")

    # The die and what is left of the roll.
    if die is not None and die not in rules.die:
        faces = ", ".join(str(v) for v in sorted(set(rules.die)))
        raise _rule(fields, "die", f"{die} is not a face of the die (it shows {faces})")
    if die is None:
        if phase is Phase.MOVING:
            raise _rule(fields, "die", "in phase=moving the roll is being used: write its value")
        if remaining:
            raise _rule(fields, "remaining", "no roll is being used (die=-): remaining=0")
        if moved:
            raise _rule(fields, "moved", "marbles are moved only with a roll (die=-): moved=-")
    else:
        if phase is not Phase.MOVING and phase is not Phase.OVER:
            raise _rule(fields, "die", f"a roll is kept only while it is used (phase=moving), not in phase={phase.value}: die=-")
        # A house rule may lengthen or shorten the roll (`add_to_roll`): then only some spaces are left.
        most = die if not ruleset.pieces else None
        if remaining < 1 or (most is not None and remaining > most):
            spaces = f"1 to {die} spaces" if most is not None else "a space or more"
            raise _rule(fields, "remaining", f"a roll of {die} leaves {spaces} to move while it is used, not {remaining}")
        if most is not None and len(moved) > die - remaining:
            raise _rule(fields, "moved", f"{len(moved)} marbles moved, but the roll of {die} has used {die - remaining} "
                        f"space{'s' if die - remaining != 1 else ''} (each marble moves at least one)")
        for i, cup in enumerate(moved):
            if board.get(cup) != mover:
                raise _rule(fields, "moved", f"{cup_name(cup)} holds no marble of the mover (seat {mover})")
            if cup in moved[:i]:
                raise _rule(fields, "moved", f"{cup_name(cup)} is given twice (rule f: a marble moves once a turn)")
    if phase in (Phase.DIE, Phase.MOVING) and mover not in board.values():
        raise _rule(fields, "cups", f"seat {mover} rolled with no marble on the board (a player rolls only to move one)")

    # The starting rolls come before anything else.
    if phase is Phase.START:
        if rules.start is not StartRule.HIGHER_ROLL or len(set(rules.die)) < 2:
            raise _rule(fields, "phase", "these rules have no starting rolls: player 1 (seat 0) begins, phase=choose")
        if mover != 0:
            raise _rule(fields, "mover", "before the starting rolls the mover is seat 0 (the rolls say who begins)")
        if any(seat >= 0 for seat in board.values()) or any(lost):
            raise _rule(fields, "lost" if any(lost) else "cups", "every marble is in its supply before the starting rolls")
        if turns:
            raise _rule(fields, "turns", "no turn is played before the starting rolls")

    state.board, state.supply, state.lost = board, supply, lost
    state.k = sum(state.balance.moment(row) for row, _ in board)
    state.phase, state.mover, state.die, state.remaining, state.moved, state.turns = phase, mover, die, remaining, moved, turns
    state.restart_stalemate_count()  # the text tells no history: count the positions from this one
    limit = ruleset.move_limit
    if limit is not None and turns > limit:
        raise _rule(fields, "turns", f"the move limit is {limit} turns: the game ends there")
    if phase is Phase.OVER:
        if result is None:
            raise _rule(fields, "result", "the game is over (phase=over): write how it ended")
        state.result, state.touched = result, touched
        _ended(state, fields)
    else:
        if result is not None:
            raise _rule(fields, "result", f"the game goes on (phase={phase.value}): result=-")
        if touched is not None:
            raise _rule(fields, "touched", "an end that touches the table ends the game (phase=over): touched=-")
        _goes_on(state, fields)
    return state


def _goes_on(state: ArchimedesState, fields: Fields) -> None:
    """Refuse a position of a game that goes on but that the rules would already have ended."""
    rules, board = state.rules, state.board
    tilt = state.balance.tilt(state.k, len(board))
    if tilt.touching is not None:
        end = "the board falls over" if tilt.slope is None else f"its {tilt.touching.value} end touches the table"
        raise _rule(fields, "cups", f"the board would already have tipped: {end} (the game would be over)")
    for seat in range(state.num_players):
        home = state.home(seat)
        # the mover's marbles home count when the turn ends (a marble may still leave the zone)
        if home >= rules.marbles_to_win and not (state.phase is Phase.MOVING and seat == state.mover):
            raise _rule(fields, "cups", f"seat {seat} has {home} marbles in an end zone that counts for its win: it "
                        f"would have won when its turn ended")
        if rules.touch is TouchRule.MARBLE_LOST:
            left = state.marbles_left(seat)
            if left < rules.marbles_to_win:
                raise _rule(fields, "lost", f"seat {seat} has {left} marbles left, fewer than a win needs "
                            f"({rules.marbles_to_win}): it would have lost")
    limit = state.ruleset.move_limit
    if limit is not None and state.turns >= limit:
        raise _rule(fields, "turns", f"the move limit is {limit} turns: the game would be over")


def _ended(state: ArchimedesState, fields: Fields) -> None:
    """Refuse a finished game whose `result` is not the ending the engine gives its position:
    the touch of the `touched` end, the mover's marbles home, a player out of marbles (house rule
    `touch: marble-lost`), a stalemate (the positions that came round before are not written, so
    it is taken as written) or the move limit; or, under rule pieces, any ending they give."""
    outcome, end, rules, mover = state.result, state.touched, state.rules, state.mover
    assert outcome is not None
    limit = state.ruleset.move_limit
    if end is not None:
        loser = state.touch_loser(end)
        expected = state.won(1 - loser, end.value)
        if outcome != expected:
            whose = "its mover" if loser == mover else "the player whose end went down"
            raise _rule(fields, "result", f"when the {end.value} end touches the table {whose} (seat {loser}) loses: "
                        f"result={outcome_text(expected)}")
        return
    if state.balance.tilt(state.k, len(state.board)).touching is not None:
        raise _rule(fields, "touched", "the board rests with an end on the table: the game ended when it touched "
                    "(touched=low, high or either)")
    if any(outcome == state.won(1 - loser, e.value) for loser in (0, 1) for e in End):
        raise _rule(fields, "touched", "the result says an end touched the table: name it (touched=low, high or either)")
    if limit is not None and outcome == Outcome.capped(limit, "turns"):
        if state.turns != limit:
            raise _rule(fields, "result", f"the move limit of {limit} turns ends the game at turns={limit}, not {state.turns}")
        return
    seat = outcome.winners[0] if outcome.termination is Termination.WIN and len(outcome.winners) == 1 else -1
    if seat >= 0 and outcome == state.won(seat, HOME):
        home = state.home(seat)
        if seat != mover:
            raise _rule(fields, "result", f"marbles home win when their player's turn ends: seat {seat} won so, but the "
                        f"turn that ended was seat {mover}'s (mover={mover})")
        if home < rules.marbles_to_win:
            raise _rule(fields, "result", f"seat {seat} has {home} marbles home, fewer than a win needs ({rules.marbles_to_win})")
        return
    if seat >= 0 and outcome == state.won(seat, LOST):
        left = state.marbles_left(mover)
        if rules.touch is not TouchRule.MARBLE_LOST:
            raise _rule(fields, "result", "a marble is lost to a touch only under the house rule touch: marble-lost")
        if seat == mover:
            raise _rule(fields, "result", f"the mover (seat {mover}) lost the marble, so seat {1 - mover} won, not seat {seat}")
        if left >= rules.marbles_to_win or not state.lost[mover]:
            raise _rule(fields, "result", f"the mover (seat {mover}) has {left} marbles left and lost "
                        f"{state.lost[mover]}: a player loses so only with fewer left than a win needs ({rules.marbles_to_win})")
        return
    if rules.stalemate and outcome in (state.stalemate(), state.stalemate(quiet=True)):  # what came before is not written: taken as written
        return
    if not state.ruleset.pieces:  # a rule piece may end the game its own way; the book's game only these ways
        lost = ", a player out of marbles (touch: marble-lost)" if rules.touch is TouchRule.MARBLE_LOST else ""
        stalemate = ", a stalemate" if rules.stalemate else ""
        raise _rule(fields, "result", f"{state.ruleset.id} ends a game only by marbles home, a touch of the table{lost}{stalemate} "
                    f"or the move limit, worded as the engine words them, not '{outcome.reason}'")


def _board(state: ArchimedesState, fields: Fields) -> dict[Cup, int]:
    """`cups=`: each seat's marbles (`a1,b8/c16`), in cup order, with the ruleset's neutral
    marbles (not written) on their cups."""
    board: dict[Cup, int] = dict.fromkeys(state.rules.neutral, NEUTRAL)
    for seat, part in enumerate(fields.seats("cups")):
        for name in fields.items("cups", part):
            cup = _cup(state, fields, "cups", name)
            if board.get(cup) == NEUTRAL:
                raise _rule(fields, "cups", f"{name} holds a neutral marble (the ruleset's archimedes.neutral): no "
                            f"player's marble stands there")
            if cup in board:
                raise _rule(fields, "cups", f"two marbles in {name} (a cup holds one marble)")
            board[cup] = seat
    return dict(sorted(board.items()))


def _cup(state: ArchimedesState, fields: Fields, field: str, name: str) -> Cup:
    """The cup `name` (a column letter and a row number, like b8) on this board."""
    try:
        cup = parse_cup(name)
    except NotationError:
        raise PositionError(f"'{name}' is not a cup (a column letter and a row number, like b8)", field) from None
    rows, columns = state.rules.rows, state.rules.columns
    if cup[0] >= rows or cup[1] >= columns:
        last = cup_name((rows - 1, columns - 1))
        raise _rule(fields, field, f"{name} is not on the board ({rows} rows of {columns} cups: a1 to {last})")
    return cup


def _rule(fields: Fields, name: str, message: str) -> PositionError:
    return fields.error(name, message, rule=True)


__all__ = ["read", "write"]
