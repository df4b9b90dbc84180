"""What each field of the coming `Family` descriptor (issue 15) will point at, as dotted names.

The plug-in API does not exist yet.  When it does, this module builds the descriptor from
`PIECES` (``FAMILY = Family(**resolved PIECES)``), and pyproject.toml declares it in the
entry-point group ``marblestudio.families``.  Until then nothing here is imported by Marble
Studio; a test imports every name below, so that the registration stays one small step.
"""

from __future__ import annotations

GAME = "mancala"
"""The ruleset's `game` value; the ruleset's section is `mancala:`."""

PIECES: dict[str, str] = {
    "engine": "marblestudio_mancala.engine",  # new_game(rules, count) -> MancalaState
    "rules_type": "marblestudio_mancala.engine.rules:MancalaRules",
    "check": "marblestudio_mancala.rulesets:check",  # (data) -> list[Problem]
    "unused": "marblestudio_mancala.rulesets:unused",  # (data) -> list[Problem]
    "build": "marblestudio_mancala.rulesets:build",  # (data) -> MancalaRules
    "schema_fragment": "marblestudio_mancala.rulesets:schema_fragment_text",  # schema/mancala.json
    "bundled_rulesets": "marblestudio_mancala.rulesets:bundled_folder",  # mancala/kalah.yaml, mancala/oware.yaml
    "sheet": "marblestudio_mancala.sheet:sections",  # (Compare) -> Sections
    "policy": "marblestudio_mancala.agents:policy",  # the heuristic player
    "rollout": "marblestudio_mancala.agents:rollout",  # MCTS rollouts with ':heuristic'
    "evaluator": "marblestudio_mancala.agents:value",  # MCTS scores capped rollouts
    "view": "marblestudio_mancala.engine.view:MancalaView",  # the frozen view a board reads
}
"""Descriptor field -> ``module`` or ``module:attribute``.  Still to come with the API: the
board view (3D), editor completion (from the schema fragment) and the notation doc as help."""

NOTATION_DOC = "docs/notation.md"
RULES_DOC = "docs/rules.md"
"""The help pages, relative to examples/mancala (the API decides how help is shipped)."""
