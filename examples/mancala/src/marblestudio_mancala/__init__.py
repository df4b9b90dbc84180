"""Mancala for Marble Studio: a game family outside the application, the worked example of the
plug-in API.

`family.FAMILY` names every part (Marble Studio finds it through the entry point in
pyproject.toml): `engine` plays (core contract only), `rulesets` checks and builds the `mancala:`
section of a ruleset, `sheet` says the rules in sentences, `agents` holds the computer player's
pieces, `board` draws the game in 3D (with `board_layout`, `board_meshes`, `board_motion`), and
`help` is the window's help for it.
"""
