"""Rock Me Archimedes: where each layer's part of the game lives (see `engine.family.Family`)."""

from __future__ import annotations

from marblestudio.engine.family import Family

FAMILY = Family(
    game="archimedes",
    title="Rock Me Archimedes",
    engine="marblestudio.engine.archimedes",
    rules_type="marblestudio.engine.archimedes.rules:ArchimedesRules",
    ruleset="marblestudio.rulesets.families.archimedes",
    schema="marblestudio.rulesets.schema:families/archimedes.json",
    standard="archimedes/standard",
    rulesets="marblestudio.bundled:archimedes",
    sheet="marblestudio.rulesets.sheet.archimedes:sections",
    notation="marblestudio.games:notation/archimedes.md",
    board="marblestudio.views.board.archimedes.board:Board",
    help="marblestudio.views.board.archimedes.help",
    player="marblestudio.agents.archimedes:PLAYER",
    hooks="marblestudio.games.hooks.archimedes:HOOKS",
    partners=True,  # two sides: teams of two or three take each side's turns in turn
    order=3,
)
