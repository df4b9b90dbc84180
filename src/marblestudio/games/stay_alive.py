"""Stay Alive: where each layer's part of the game lives (see `engine.family.Family`)."""

from __future__ import annotations

from marblestudio.engine.family import Family

FAMILY = Family(
    game="stay-alive",
    title="Stay Alive",
    engine="marblestudio.engine.stay_alive",
    rules_type="marblestudio.engine.stay_alive.rules:StayAliveRules",
    ruleset="marblestudio.rulesets.families.stay_alive",
    schema="marblestudio.rulesets.schema:families/stay-alive.json",
    standard="stay-alive/standard",
    rulesets="marblestudio.bundled:stay-alive",
    sheet="marblestudio.rulesets.sheet.stay_alive:sections",
    notation="marblestudio.games:notation/stay-alive.md",
    board="marblestudio.views.board.stay_alive.board:Board",
    help="marblestudio.views.board.stay_alive.help",
    player="marblestudio.agents.stay_alive:PLAYER",
    hooks="marblestudio.games.hooks.stay_alive:HOOKS",
    order=0,
)
