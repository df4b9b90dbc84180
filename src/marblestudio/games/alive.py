"""ALIVE: where each layer's part of the game lives (see `engine.family.Family`)."""

from __future__ import annotations

from marblestudio.engine.family import Family

FAMILY = Family(
    game="alive",
    title="ALIVE",
    engine="marblestudio.engine.alive",
    rules_type="marblestudio.engine.alive.rules:AliveRules",
    ruleset="marblestudio.rulesets.families.alive",
    schema="marblestudio.rulesets.schema:families/alive.json",
    standard="alive/standard",
    rulesets="marblestudio.bundled:alive",
    sheet="marblestudio.rulesets.sheet.alive:sections",
    notation="marblestudio.games:notation/alive.md",
    board="marblestudio.views.board.alive.board:Board",
    help="marblestudio.views.board.alive.help",
    player="marblestudio.agents.alive:PLAYER",
    hooks="marblestudio.games.hooks.alive:HOOKS",
    order=1,
)
