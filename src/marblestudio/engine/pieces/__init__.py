"""Rule pieces: the rules language of rulesets (`rules:`), compiled once, run through hooks.

`expr` is the expression language; `vocab` the shared hooks, actions and names and the shape of a
family's own (`FamilyHooks`); `spec` the pieces as plain values; `program` compiles them; `runtime`
plays them: a game's `rule_state` remembers, `context` is what an expression reads, `triggers` run
on a move's events and carry out their actions, `powers` are the moves a ruleset gives, and
`rule_position` writes and reads the rule state in a position's notation.  See docs/rulesets.md, "What a ruleset can change".
"""
