"""Avalanche's rules sheet in sentences: the apparatus, the hands, what falls where, what wins (GAMES.md section 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.rulesets.sheet.base import Compare, Sections, plural

_UNMATCHED = {
    "hold": "Take every marble that falls: those of the right colours may go into empty holes of your card, the rest "
    "you hold and must drop first on later turns.",
    "return": "Put the fallen marbles that match empty holes of your card on it and return the rest to the trays.",
}
_OUT_OF_MARBLES = {
    "draw": "A player who drops the last marble in hand with nothing falling goes on with marbles from the trays.",
    "win": "A player who drops the last marble in hand with nothing falling wins.",
    "forfeit": "A player who drops the last marble in hand with nothing falling forfeits and leaves the game.",
}
_PASSING = {
    "never": "Nobody passes while they have a marble to drop.",
    "when-nothing-can-fall": "At the start of a turn a player may pass only when no way of dropping their marbles "
    "into the holes would make one fall.",
}
_ALL_PASS = {
    "draw": "If every player still in the game passes in a row, the game is a draw.",
    "continue": "If every player passes in a row, play goes on.",
}
_GOING_OUT = {
    "choice": "A partner who ends a turn with nothing in hand may go out and takes no more turns; the other partner "
    "is then responsible for the empty holes.",
    "never": "Partners never go out.",
}


def _colours(colours: Mapping[str, Any]) -> str:
    return ", ".join(f"{v.get('count')} {k}" for k, v in colours.items() if isinstance(v, Mapping))


def _goal(play: Mapping[str, Any]) -> str:
    goal = play.get("goal")
    if goal == "run-out":
        return "The first player to run out of marbles wins."
    if goal == "one-colour":
        return (
            f"A player wins at the end of a turn holding at least {play.get('goal_count')} marbles of one colour "
            "and none of any other."
        )
    if play.get("unmatched") == "hold":
        return (
            "The first player to end a turn with every hole of their cards filled with the right colours and no "
            "marble left over wins."
        )
    return "The first player to fill every hole of their cards with the right colours wins."


def _start_hand(hand: Any) -> str:
    if not isinstance(hand, Mapping):
        return "Players start with no marbles in hand."
    if "per_colour" in hand:
        return f"Each player starts with {plural(int(hand['per_colour']), 'marble')} of each colour."
    return (
        f"The first player takes {plural(int(hand.get('first', 0)), 'marble')} and every other player "
        f"{hand.get('others', 0)}, each from one tray."
    )


def sections(c: Compare) -> Sections:
    a = "avalanche"
    play = c.get(a, "play") or {}
    gates = c.get(a, "gates") or {}
    holes = c.get(a, "holes") or []
    colours = c.get(a, "colours") or {}
    cards = c.get(a, "cards") or {}
    random_gates = sum(1 for g in gates.values() if isinstance(g, Mapping) and g.get("tilt", "random") == "random")
    apparatus = [
        f"The board has {len(holes)} holes at the top{c.was(a, 'holes', words=lambda h: f'{len(h)} holes')} and "
        f"{len(gates)} swinging gates below; a gate holds at most one marble, and a marble that strikes it flips it "
        "and goes on down, releasing any marble it held.",
        f"{random_gates} of the gates are set at random at the start." if random_gates else "Every gate starts set.",
        f"There are {_colours(colours)} marbles{c.was(a, 'colours', words=_colours)}.",
    ]
    if c.base is not None:
        base_gates = c.get(a, "gates", data=c.base) or {}
        changed = [k for k in gates if k in base_gates and gates[k] != base_gates[k]]
        added = [k for k in gates if k not in base_gates]
        for words, ids in ((f"Gates different from {c.label}", changed), (f"Gates added to {c.label}", added)):
            if ids:
                apparatus.append(f"{words}: {', '.join(ids)}.")
    per_player = int(play.get("cards_per_player", 0))
    if per_player:
        apparatus.append(
            f"Each player fills {plural(per_player, 'card')}{c.was(a, 'play', 'cards_per_player')} of the "
            f"{len(cards)} ({', '.join(cards)}), each a grid of coloured holes."
        )
    else:
        apparatus.append("No cards are used" + c.was(a, "play", "cards_per_player", words=lambda n: f"{n} per player") + ".")
    turn = [
        c.reading((a, "play", "start_hand"), _start_hand),
        (
            "A player with an empty hand drops marbles from the trays."
            if play.get("draw_from_trays", True)
            else "Nobody ever takes more marbles from the trays."
        ),
        "A player who holds marbles drops those before taking any from the trays." if play.get("draw_from_trays", True) else "",
        "On your turn drop marbles one at a time into the holes until one or more fall out at the bottom.",
    ]
    limit = int(play.get("first_turn_limit", 0))
    if limit:
        turn.append(
            f"On the very first turn at most {plural(limit, 'marble')} may be dropped"
            f"{c.was(a, 'play', 'first_turn_limit')}; that turn may end with none fallen only if all of them lodged."
        )
    elif c.was(a, "play", "first_turn_limit"):
        turn.append(f"The first turn has no limit{c.was(a, 'play', 'first_turn_limit', words=lambda n: f'at most {n}')}.")
    if per_player:
        turn.append(c.reading((a, "play", "unmatched"), _UNMATCHED))
    turn += [
        c.reading((a, "play", "out_of_marbles"), _OUT_OF_MARBLES),
        c.reading((a, "play", "passing"), _PASSING),
        c.reading((a, "play", "all_pass"), _ALL_PASS) if "all_pass" in play else "",
    ]
    if play.get("partnership"):
        turn.append("Partners share their cards: either partner may fill either card.")
        turn.append(c.reading((a, "play", "going_out"), _GOING_OUT))
    winning = [_goal(play)]
    base_play = c.get(a, "play", data=c.base) if c.base is not None else None
    if isinstance(base_play, Mapping) and _goal(base_play) != winning[0]:
        before = _goal(base_play)
        winning[0] = f"{winning[0][:-1]} ({c.label}: {before[0].lower()}{before[1:-1]})."
    if play.get("partnership"):
        winning.append("A partnership wins when all its cards are full and every partner's hand is empty.")
    return [("The apparatus", apparatus), ("Playing", [line for line in turn if line]), ("Winning", winning)]
