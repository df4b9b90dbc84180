"""Game records: JSON <-> (resolved ruleset, chance outcomes, moves); replay."""
