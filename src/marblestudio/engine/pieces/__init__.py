"""Rule pieces: the rules language of rulesets (`rules:`), compiled once, run through hooks.

`expr` is the expression language; `vocab` the shared hooks, actions and names and the shape of a
family's own (`FamilyHooks`); `spec` the pieces as plain values; `program` compiles them; `runtime`
plays them.  See docs/rulesets.md, "What a ruleset can change".
"""
