"""Avalanche: where each layer's part of the game lives (see `engine.family.Family`)."""

from __future__ import annotations

from marblestudio.engine.family import Family

FAMILY = Family(
    game="avalanche",
    title="Avalanche",
    engine="marblestudio.engine.avalanche",
    rules_type="marblestudio.engine.avalanche.rules:AvalancheRules",
    ruleset="marblestudio.rulesets.families.avalanche",
    schema="marblestudio.rulesets.schema:families/avalanche.json",
    standard="avalanche/standard",
    rulesets="marblestudio.bundled:avalanche",
    sheet="marblestudio.rulesets.sheet.avalanche:sections",
    notation="marblestudio.games:notation/avalanche.md",
    board="marblestudio.views.board.avalanche.board:Board",
    help="marblestudio.views.board.avalanche.help",
    player="marblestudio.agents.avalanche:PLAYER",
    hooks="marblestudio.games.hooks.avalanche:HOOKS",
    order=2,
)
