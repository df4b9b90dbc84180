"""Each bundled family's part of the rules language (`engine.pieces.vocab.FamilyHooks`), named by
its descriptor's `hooks=`.

They live here, not in the engine packages, so that building the ruleset schema (which reads
every family's events and actions when the app starts) does not import every game's engine:
importing `marblestudio.engine.<game>.anything` runs that package's `__init__`, which loads its
whole state.  The functions that play a rule import the engine they need when they run.
"""
