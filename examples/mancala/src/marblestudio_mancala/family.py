"""Mancala's plug-in descriptor: where each layer's part of the game lives.

pyproject.toml registers `FAMILY` in the entry-point group ``marblestudio.families``; Marble
Studio finds it there exactly as it finds its own four games (docs/plugins.md), and nothing in
Marble Studio names this package.
"""

from __future__ import annotations

from marblestudio.engine.family import Family

FAMILY = Family(
    game="mancala",
    title="Mancala",
    engine="marblestudio_mancala.engine",
    rules_type="marblestudio_mancala.engine.rules:MancalaRules",
    ruleset="marblestudio_mancala.rulesets",
    schema="marblestudio_mancala:schema/mancala.json",
    standard="mancala/kalah",
    rulesets="marblestudio_mancala.rulesets:mancala",
    sheet="marblestudio_mancala.sheet:sections",
    notation="marblestudio_mancala:docs/notation.md",
    board="marblestudio_mancala.board:Board",
    help="marblestudio_mancala.help",
    player="marblestudio_mancala.agents:PLAYER",
    hooks="marblestudio_mancala.hooks:HOOKS",
    partners=True,  # two sides: teams of two or three take each side's turns in turn
)
