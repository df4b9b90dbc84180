"""One module per game family: `build(data)` makes its typed rules, `check(data)` its semantic checks."""

from __future__ import annotations

FAMILIES: dict[str, str] = {
    "stay-alive": "marblestudio.rulesets.families.stay_alive",
    "alive": "marblestudio.rulesets.families.alive",
    "avalanche": "marblestudio.rulesets.families.avalanche",
    "archimedes": "marblestudio.rulesets.families.archimedes",
}
"""Game family (the ruleset's `game` value) -> the module that builds and checks its section."""
