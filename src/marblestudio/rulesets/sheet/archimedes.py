"""Rock Me Archimedes' rules sheet in sentences: zones, die, carrying, touching the table (GAMES.md section 4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.archimedes.rules import Stalemate, times_words
from marblestudio.rulesets import assist
from marblestudio.rulesets.sheet.base import Compare, Sections, plural, sentence, setting


_ARCHIMEDES_START = {
    "higher-roll": "Both players roll the die; the higher roll begins (a tie rolls again).",
    "first-player": "The first player begins.",
}
_CARRYING = {
    "roll-or-lift": "A marble may be rolled along the grooves (the board feels it in every cup on its way) or "
    "lifted and placed (the board loses its weight while it is in the air).",
    "lift-only": "Marbles are always lifted and placed, never rolled along the grooves.",
}
_TOUCH = {
    "mover-loses": "If an end of the board touches the table during your turn, you lose.",
    "marble-lost": "House rule: touching the table costs a marble, not the game. A marble whose placing made an end touch "
                   "comes off and leaves the game; a marble whose move did goes back where it started, and a marble of the "
                   "mover's supply leaves the game, or with none there the moved marble itself, if the board stands without it "
                   "(if not, the mover loses, as the book says). The turn ends; a player left with fewer marbles than a win "
                   "needs loses.",
    "end-owner-loses": "If an end of the board touches the table, the player whose end zone went down loses: "
    "tipping the opponent's end down wins.",
}


def _stalemate(rule: Any) -> str:
    """The stalemate rule in words (`archimedes.stalemate`; the engine's defaults where not written)."""
    rule = rule if isinstance(rule, Mapping) else {}
    default = Stalemate()
    repeats = int(rule.get("repeats", default.repeats))
    quiet = int(rule.get("quiet_turns", default.quiet_turns))
    ways = []
    if repeats:
        ways.append("the position at the start of a turn (the same marbles on the same cups, the same supplies, the same "
                    f"player to move) comes round {times_words(repeats)} since a marble was last added to the board")
    if quiet:
        ways.append(f"{quiet} turns in a row leave the end zones as they were, with no marble added or taken off")
    if not ways:
        return "No stalemate is called: a game nobody can win goes on to the move limit."
    return f"A stalemate ends the game, drawn (the book: play again), when {' or when '.join(ways)}."


_PLATFORM = {
    True: "The rocker stands on a platform, so an end must turn further to touch the table.",
    False: "There is no platform: an end touches the table at a smaller angle.",
}


def _rows(zone: Mapping[str, Any]) -> str:
    first, last = (list(zone.get("rows", [])) + [None, None])[:2]
    return f"row {first}" if first == last else f"rows {first}-{last}"


def sections(c: Compare) -> Sections:
    r = "archimedes"
    rows, cols = c.get(r, "grid", "rows"), c.get(r, "grid", "columns")
    grid_was = c.was(r, "grid", words=lambda g: f"{g.get('rows')} × {g.get('columns')}" if isinstance(g, Mapping) else str(g))
    zones = c.get(r, "zones") or {}
    presentation = c.get("presentation") or {}
    names = list(presentation.get("seat_names", []))

    def zone_words(zone: Mapping[str, Any]) -> str:
        if zone.get("kind") == "midzone":
            return f"the midzone is {_rows(zone)}"
        player = int(zone.get("player", 1))
        who = names[player - 1] if player - 1 < len(names) else f"player {player}"
        return f"{who}'s end zone is {_rows(zone)}"

    zone_was = c.was(r, "zones", words=lambda z: "; ".join(zone_words(v) for v in z.values()) if isinstance(z, Mapping) else "")
    board = [
        f"The board has {rows} rows of {cols} cups{grid_was} and rocks on a curved base.",
        sentence("; ".join(zone_words(z) for z in zones.values() if isinstance(z, Mapping))) + zone_was + ".",
        c.reading((r, "physics", "platform", "present"), _PLATFORM),
        f"Each player has {plural(c.get(r, 'marbles_per_player'), 'marble')}{c.was(r, 'marbles_per_player')}.",
        f"The die's faces are {', '.join(map(str, c.get(r, 'die') or []))}"
        f"{c.was(r, 'die', words=lambda d: ', '.join(map(str, d)) if isinstance(d, list) else str(d))}.",
    ]
    neutral = c.get(r, "neutral") or []
    before = (c.get(r, "neutral", data=c.base) or []) if c.base is not None else neutral
    if neutral or before:
        cups = ", ".join(map(str, neutral))
        was = f" ({c.label}: {', '.join(map(str, before)) or 'none'})" if before != neutral else ""
        board.insert(2, (f"House rule: {plural(len(neutral), 'neutral marble')} (owned by no one) "
                         f"{'stands' if len(neutral) == 1 else 'stand'} on {cups} from the start and never "
                         f"{'moves' if len(neutral) == 1 else 'move'}: no marble is added or lands there or jumps over "
                         "them; they weigh on the board like any marble and count for no one's end zone"
                         if neutral else "There are no neutral marbles")
                     + was + ".")
    play = [
        c.reading((r, "start"), _ARCHIMEDES_START),
        "On your turn, either add one of your marbles to an empty cup of the midzone, or roll the die and move "
        "one or more of your marbles that many spaces in total; the full roll must be used.",
        "Marbles move forwards, backwards or sideways, never diagonally, and may jump over one or more opponent "
        "marbles in a line (the jump counts as one space), never over their own.",
        c.reading((r, "carrying"), _CARRYING),
        "A player who can neither add a marble nor make a full move passes.",
    ]
    count = c.get(r, "marbles_to_win")
    win = {
        "own": f"{plural(count, 'marble')} of yours in your own end zone win.",
        "any": f"{plural(count, 'marble')} of yours in one end zone, either one, win.",
    }
    winning = [
        c.reading((r, "win_zone"), win),
        c.reading((r, "touch"), _TOUCH),
        "A touch of the table during a turn counts before a win at its end.",
        c.reading((r, "stalemate"), _stalemate),
        "The move limit counts turns: a roll and every marble it moves are one turn.",
    ]
    if c.was(r, "marbles_to_win"):
        winning[0] = winning[0][:-1] + c.was(r, "marbles_to_win", words=lambda n: f"{n} marbles") + "."
    physics = c.get(r, "physics") or {}
    nav = assist.SchemaNavigator(assist.load_schema())
    numbers = [setting(c, nav, (r, "physics", key), value) for key, value in physics.items()]
    return [("The board", board), ("Playing", play), ("Winning", winning), ("Physics", numbers)]
