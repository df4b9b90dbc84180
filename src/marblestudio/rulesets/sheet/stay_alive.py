"""Stay Alive's rules sheet in sentences (GAMES.md section 1)."""

from __future__ import annotations

from collections.abc import Mapping

from marblestudio.rulesets.sheet.base import Compare, Sections, plural

_START = {
    "random": "At the start every slide is set at random (drawn again while too few cells are closed for all marbles).",
    "fixed": "The slides start in the positions the ruleset sets.",
}
_PLACING = {
    "forbidden": "A marble may not be placed on a cell that is already open.",
    "falls": "A marble placed on a cell that is already open falls through at once.",
}
_PREVIOUS = {
    "forbidden": "A player may not move the slide that the player before just moved.",
    "allowed": "Any slide may be moved, even the one the player before just moved.",
}
_TWO_PLAYERS = {
    "own-turns": "With two players left, nobody may move the same slide on three of their own turns in a row.",
    "consecutive-turns": "With two players left, a slide may be moved on two turns in a row of the game "
    "(the opponent may move the slide just moved), never three.",
    "none": "With two players left there is no extra limit on moving the same slide.",
}


def sections(c: Compare) -> Sections:
    s = "stay_alive"
    rows, cols = c.get(s, "grid", "rows"), c.get(s, "grid", "columns")
    positions = c.get(s, "positions")
    slides = c.get(s, "slides") or {}
    red = sum(1 for v in slides.values() if isinstance(v, Mapping) and v.get("layer") == "red")
    white = sum(1 for v in slides.values() if isinstance(v, Mapping) and v.get("layer") == "white")
    grid_was = c.was(s, "grid", words=lambda g: f"{g.get('rows')} × {g.get('columns')}" if isinstance(g, Mapping) else str(g))
    board = [
        f"The board is a {rows} × {cols} grid of cells{grid_was}, crossed by {len(slides)} slides "
        f"({red} red, {white} white) in two layers.",
        f"Each slide has {positions} knob positions{c.was(s, 'positions')}"
        + (" (inside, centre, outside)." if positions == 3 else "."),
        "A marble falls through a cell when both slides crossing there are open at that cell.",
    ]
    if c.base is not None:
        base_slides = c.get(s, "slides", data=c.base) or {}
        changed = [k for k in slides if k in base_slides and slides[k] != base_slides[k]]
        added = [k for k in slides if k not in base_slides]
        removed = [k for k in base_slides if k not in slides]
        if changed:
            board.append(f"Slides different from {c.label}: {', '.join(changed)}.")
        if added:
            board.append(f"Slides added to {c.label}: {', '.join(added)}.")
        if removed:
            board.append(f"Slides of {c.label} left out: {', '.join(removed)}.")
    marbles = c.get(s, "marbles_per_player")
    setup = [
        f"Each player has {plural(marbles, 'marble')}{c.was(s, 'marbles_per_player')}.",
        c.reading((s, "start"), lambda v: _START["random" if v == "random" else "fixed"]),
        "Players place their marbles one at a time, in turn, clockwise, one marble per cell.",
        c.reading((s, "placing_on_open_cell"), _PLACING),
    ]
    neutral = c.get(s, "neutral") or []
    if neutral:
        setup.insert(2, f"Once the slides are set, {plural(len(neutral), 'neutral marble')} (owned by no one) go on "
                        f"{', '.join(neutral)}: they block those cells and fall like any marble, and no one loses by their fall.")
    steps = c.get(s, "knob_steps") or 1
    move_words = ("Each turn a player moves one slide one position, never from one end straight to the other." if steps == 1 else
                  f"Each turn a player moves one slide up to {steps} positions (written R3++ for two out; the rulebook: one).")
    play = [
        move_words,
        "Every marble over a cell that opens falls; several may fall at once.",
        c.reading((s, "previous_slide"), _PREVIOUS),
        c.reading((s, "two_player_limit"), _TWO_PLAYERS),
        "A player with no legal move passes. A player whose marbles have all fallen is out.",
    ]
    winning = [
        "The last player with a marble on the grid wins.",
        "If the last marbles of the remaining players fall on the same move, the player who moved the slide wins.",
    ]
    if c.get("teams"):
        winning = [
            "The game ends when every player still in is of one team: that team wins, its players who are out too.",
            "If the last marbles of the remaining players fall on the same move, the team of the player who moved the slide wins.",
        ]
    return [("The board", board), ("Setting up", setup), ("Playing", play), ("Winning", winning)]
