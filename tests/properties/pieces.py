"""Random rule pieces for the fuzz properties: `rules:` lists built from each family's vocabulary
(so that many are accepted), with expressions grown from its names, functions and operators, and
now and then a broken one (so that refusal is tested too)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from marblestudio.engine.pieces import program, vocab
from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Name, Record

_ODD = ["", "mover +", "__import__('os')", "event.__class__", "1/0", "9" * 30, "[1][0]", "lambda: 1", "&&", "é == 'é'", "(" * 40]


def expression(rng: random.Random, want: str, names: dict[str, Any], functions: dict[str, Any], depth: int = 0) -> str:
    """A random, mostly well-typed expression of type `want`."""
    if rng.random() < 0.03:
        return rng.choice(_ODD)
    leaf = depth >= 3 or rng.random() < 0.35
    typed = [n for n, v in names.items() if v.type == want]
    fields = [f"{n}.{f}" for n, v in names.items() if isinstance(v.type, Record) for f, t in v.type.fields.items() if t == want]
    calls = [n for n, f in functions.items() if f.returns == want]
    if leaf or (not typed and not fields and not calls):
        choices = typed + fields
        if want == INT:
            return rng.choice(choices + [str(rng.randint(-3, 30))])
        if want == BOOL:
            return rng.choice(choices + ["true", "false"])
        return rng.choice(choices + ["'sliding'", "'DRAW'", "'R1'", "'b8'", "''"])
    roll = rng.random()
    if calls and roll < 0.3:
        name = rng.choice(calls)
        args = ", ".join(expression(rng, INT if a == SEAT else a, names, functions, depth + 1) for a in functions[name].args)
        return f"{name}({args})"
    sub = lambda t: expression(rng, t, names, functions, depth + 1)  # noqa: E731
    if want == BOOL:
        kind = rng.choice(["cmp", "cmp", "and", "or", "not", "in"])
        if kind == "cmp":
            t = rng.choice([INT, INT, STR])
            op = rng.choice(["==", "!=", "<", "<=", ">", ">="] if t == INT else ["==", "!="])
            return f"{sub(t)} {op} {sub(t)}"
        if kind == "in":
            return f"{sub(INT)} in [{sub(INT)}, {sub(INT)}]"
        if kind == "not":
            return f"not ({sub(BOOL)})"
        return f"({sub(BOOL)}) {kind} ({sub(BOOL)})"
    if want == INT:
        if rng.random() < 0.2:
            return f"({sub(INT)} if {sub(BOOL)} else {sub(INT)})"
        return f"({sub(INT)} {rng.choice(['+', '-', '*', '//', '%'])} {sub(INT)})"
    return rng.choice(typed + ["'x'"]) if typed else "'x'"


def parameter(rng: random.Random, kind: str, names: dict[str, Any], functions: dict[str, Any]) -> str:
    """An action's parameter: a counter's name (`vocab.WORD`), a seat (now and then a group of
    seats, `program.SEAT_GROUPS`), or an expression of its type."""
    if kind == vocab.WORD:
        return rng.choice(["drops", "tally", "x1"] if rng.random() < 0.95 else ["two words", "'q'"])
    if kind == SEAT and rng.random() < 0.2:
        return rng.choice(sorted(program.SEAT_GROUPS))
    return expression(rng, INT if kind == SEAT else kind, names, functions)


def random_rules(rng: random.Random, game: str) -> list[dict[str, Any]]:
    """One to four rule entries for `game` (triggers, constraints and turn shorthands)."""
    hooks = program.family_hooks(game)
    events = program.events_of(hooks)
    actions = program.actions_of(hooks, game)
    base_names = {**vocab.core_names(), **hooks.names}
    functions = {**vocab.core_functions(), **hooks.functions}
    out: list[dict[str, Any]] = []
    for i in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.65:
            on = rng.choice(sorted(events))
            names = {**base_names, "event": program._event_name(on, events[on])}  # noqa: SLF001 - the tests' own view of it
            if hooks.move_fields is not None and rng.random() < 0.3:  # a trigger may read the move that made its event
                names["move"] = Name(vocab.move_record(hooks.move), lambda c: c.move)
            entry: dict[str, Any] = {"name": f"r{i}", "on": on}
            if rng.random() < 0.7:
                entry["if"] = expression(rng, BOOL, names, functions)
            then = []
            for _ in range(rng.randint(1, 2)):
                name = rng.choice(sorted(actions))
                kind = actions[name]
                if kind.params and rng.random() < 0.7:
                    then.append({name: {k: parameter(rng, p.type, names, functions)
                                        for k, p in kind.params.items() if rng.random() < 0.7 or p.default is None}})
                else:
                    then.append(name)
            entry["then"] = then[0] if len(then) == 1 else then
            if rng.random() < 0.2:
                entry["times"] = rng.randint(1, 3)
                if rng.random() < 0.4:  # whose uses count: a seat expression (event.seat, mover, ...)
                    entry["per"] = parameter(rng, SEAT, names, functions)
            out.append(entry)
        elif roll < 0.85:
            names = {**base_names, "move": Name(vocab.move_record(hooks.move), lambda c: c.move)}
            out.append({"name": f"r{i}", "forbid": expression(rng, BOOL, names, functions), "because": "fuzz"})
        elif roll < 0.93:
            name = rng.choice(sorted(actions))
            power: dict[str, Any] = {"name": f"p{i}", "power": name}
            here = base_names
            if hooks.choices and rng.random() < 0.4:  # the player names a piece: `choice` in the condition and actions
                chosen = rng.choice(sorted(hooks.choices))
                power["choose"] = chosen
                here = {**base_names, "choice": Name(hooks.choices[chosen].type, lambda c: c.choice)}
                kind = actions[name]
                if kind.params and rng.random() < 0.8:
                    power["power"] = {name: {k: parameter(rng, p.type, here, functions) for k, p in kind.params.items()
                                             if rng.random() < 0.7 or p.default is None}}
            if rng.random() < 0.5:
                power["if"] = expression(rng, BOOL, here, functions)
            if rng.random() < 0.5:
                power["times"] = rng.randint(1, 3)
            out.append(power)
        elif hooks.prevents and roll < 0.97:  # a prevention of one of the game's own rules (Mancala's)
            what = rng.choice(sorted(hooks.prevents))
            entry = {"name": f"r{i}", "prevent": what}
            if rng.random() < 0.7:
                names = {**base_names, "event": program._event_name(what, hooks.prevents[what])}  # noqa: SLF001
                entry["if"] = expression(rng, BOOL, names, functions)
            if rng.random() < 0.2:
                entry["times"] = rng.randint(1, 3)
            if rng.random() < 0.4:  # it acts too, with the core's actions (turns, points, counters, the result)
                core = rng.choice(sorted(vocab.ACTIONS))
                kind = vocab.ACTIONS[core]
                names = {**base_names, "event": program._event_name(what, hooks.prevents[what])}  # noqa: SLF001
                entry["then"] = {core: {k: parameter(rng, p.type, names, functions) for k, p in kind.params.items()
                                        if rng.random() < 0.7 or p.default is None}} if kind.params else core
            out.append(entry)
        else:
            turn: dict[str, Any] = {"moves": rng.randint(1, 3)}
            if rng.random() < 0.5:
                turn["if"] = expression(rng, BOOL, base_names, functions)
            out.append({"name": f"r{i}", "turn": turn})
    return out


def ruleset_with_pieces(seed: int, game: str, move_limit: int = 300) -> tuple[Any, list[dict[str, Any]]] | None:
    """A bundled ruleset of `game`, drawn by `seed`, with random rule pieces (`random_rules`) and a
    move limit of at most `move_limit`: (the ruleset, its `rules:`), or None when the loader
    refuses it."""
    from marblestudio.rulesets import RulesetError, from_resolved

    from .mutators import resolved_rulesets

    rng = random.Random(seed)
    ids = [i for i in sorted(resolved_rulesets()) if i.startswith(f"{game}/")]
    data = dict(resolved_rulesets()[rng.choice(ids)])
    data["rules"], data["move_limit"] = random_rules(rng, game), min(data.get("move_limit") or move_limit, move_limit)
    try:
        return from_resolved(data), data["rules"]
    except RulesetError:
        return None


def hookable_rulesets(game: str, seeds: int) -> Iterator[tuple[int, Any, list[dict[str, Any]]]]:
    """(seed, ruleset, its `rules:`) of `ruleset_with_pieces` for the first `seeds` seeds, those
    whose rules a family's hooked playout may play (`Ruled._hookable`)."""
    from marblestudio.engine import new_game

    for seed in range(seeds):
        found = ruleset_with_pieces(seed, game)
        if found is not None and new_game(found[0], 2)._hookable():
            yield seed, *found
