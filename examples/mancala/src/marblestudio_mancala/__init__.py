"""Mancala for Marble Studio: a game family outside the application, the proof of the plug-in API.

`engine` plays (core contract only), `rulesets` checks and builds the `mancala:` section of a
ruleset, `sheet` says the rules in sentences, `agents` holds the heuristic, and `family` lists
which piece each field of the coming `Family` descriptor will point at.
"""
