"""Structural checks: the JSON Schema, with messages that say what was expected.

jsonschema finds the errors; this module turns each into a `Found` (a JSON pointer, whether
to point at the key or the value, and a sentence for people), most useful first.
"""

from __future__ import annotations

import difflib
import math
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from marblestudio.rulesets import schema as schema_files
from marblestudio.rulesets.diagnostics import dotted, pointer_join
from marblestudio.rulesets.fastcheck import pattern_regex

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "object": "a mapping (key: value)",
    "array": "a list",
    "boolean": "true or false",
    "null": "nothing",
}

_PATTERN_WORDS = {
    "^#[0-9a-fA-F]{6}$": "a colour written '#rrggbb', e.g. '#d62728'",
    "^[o.]+$": "a string of 'o' (open) and '.' (closed), one character per cell",
    "^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$": "an id '<game>/<variant>' of lower-case letters, digits and '-', e.g. 'stay-alive/quick'",
    "^[A-Za-z][A-Za-z0-9_-]*$": "a name of letters, digits, '-' and '_' that starts with a letter",
    "^[a-z][a-z0-9_]*$": "a name of lower-case letters, digits and '_'",
    "^[^\\u0000-\\u001f\\u007f]*$": "one line of text, without tabs or other control characters",
}


_YAML_FLOATS = {"nan": ".nan", "inf": ".inf", "-inf": "-.inf"}


@dataclass(frozen=True, slots=True)
class Found:
    """One structural problem: at `pointer` (its key when `at_key`), with a message."""

    pointer: str
    message: str
    at_key: bool = False
    suggests: str | None = None  # an unknown key's likely meaning
    missing: str | None = None  # a missing required key


@functools.cache
def _validator() -> Any:
    from jsonschema import Draft7Validator, validators

    # Draft 7 counts 2.0 as an integer; the engine needs real ints (range(2.0) fails).  And .nan
    # or .inf is no number a board can be drawn or a game played with (nor one JSON can hold).
    strict = Draft7Validator.TYPE_CHECKER.redefine_many(
        {
            "integer": lambda _checker, value: _is_type(value, "integer"),
            "number": lambda _checker, value: _is_type(value, "number"),
        }
    )
    validator_class = validators.extend(Draft7Validator, {"pattern": _pattern}, type_checker=strict)  # type: ignore[no-untyped-call]
    schema = schema_files.combined()
    return validator_class(schema)


def field_problems(key: str, value: Any) -> list[str]:
    """What is wrong with `value` as the ruleset's top-level `key` (its `name`, say), in the
    words `check` says it in ("name is 500 characters long; at most 200 are allowed")."""
    schema = {"type": "object", "properties": {key: schema_files.combined()["properties"][key]}}
    validator = _validator().evolve(schema=schema)
    data = {key: value}
    return [found.message for error in validator.iter_errors(data) for found in _explain(error, data)]


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    """jsonschema's `pattern`, with `$` ending the text as in ECMA-262 (see `pattern_regex`)."""
    from jsonschema.exceptions import ValidationError

    if isinstance(instance, str) and pattern_regex(pattern).search(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def forget() -> None:
    """Build the checkers again on next use (the installed families changed)."""
    _validator.cache_clear()
    _fast.cache_clear()


@functools.cache
def _fast() -> Any:
    from marblestudio.rulesets.fastcheck import compile_schema

    return compile_schema(schema_files.combined())


def is_valid(data: Any) -> bool:
    """Whether `data` meets the schema (quick; jsonschema only if our quick check cannot say)."""
    fast = _fast()
    if fast is not None:
        return bool(fast(data))
    return bool(_validator().is_valid(data))


def check(data: Any) -> list[Found]:
    """Every schema problem of `data`, the most useful first.

    A house rule (with `extends:`) need not be complete; merged data has no `extends:` and must be.
    """
    if is_valid(data):
        return []  # the common case, without importing or running jsonschema
    from jsonschema.exceptions import best_match

    validator = _validator()
    errors = list(validator.iter_errors(data))
    if not errors:
        return []
    best = best_match(errors)
    while best.parent is not None:  # best_match looks inside anyOf; we explain anyOf ourselves
        best = best.parent
    ordered = [best, *(e for e in errors if e is not best)]
    found: dict[Found, None] = {}  # in order, each once (a list's `in` made 16,000 unknown keys take 21 s)
    for error in ordered:
        for item in _explain(error, data):
            found.setdefault(item)
    # A misspelt key also leaves the right key missing: say it once, at the misspelling.
    meant = {(f.pointer.rsplit("/", 1)[0], f.suggests) for f in found if f.suggests}
    return [f for f in found if (f.pointer, f.missing) not in meant]


def _pointer(path: Iterable[Any]) -> str:
    pointer = ""
    for part in path:
        pointer = pointer_join(pointer, part)
    return pointer


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{_YAML_FLOATS[str(value)]} (not a finite number)"
    if isinstance(value, (int, float)):
        text = str(value)
        return text if len(text) <= 24 else f"a number of {len(text)} digits"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__} ({value})"


def _expected_type(schema_type: Any) -> str:
    types = schema_type if isinstance(schema_type, list) else [schema_type]
    return " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in types)


_SUGGESTED = 200
"""Unknown keys of one mapping that get a "did you mean": a file of 90,000 junk keys spent most
of its check guessing what each one meant."""


def _closest(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = _closest(word, choices)
    return f"; did you mean '{close}'?" if close else ""


def _article(word: str) -> str:
    return "an" if word.strip("'\"")[:1].lower() in "aeiou" else "a"


def _explain(error: Any, root: Any) -> list[Found]:
    pointer = _pointer(error.absolute_path)
    where = dotted(pointer)
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if kind == "additionalProperties" and isinstance(instance, Mapping):
        allowed = list(schema.get("properties", {}))
        out: list[Found] = []
        for key in instance:
            if key in allowed:
                continue
            inside = "" if not pointer else f" in {where}"
            close = _closest(str(key), allowed) if len(out) < _SUGGESTED else None
            hint = f"; did you mean '{close}'?" if close else (f"; expected one of: {', '.join(allowed)}" if allowed else "")
            out.append(Found(pointer_join(pointer, key), f"unknown key '{key}'{inside}{hint}", at_key=True, suggests=close))
        return out
    if kind == "required" and isinstance(instance, Mapping):
        out = []
        for key in value:
            if key in instance:
                continue
            if "then" in error.schema_path:
                game = instance.get("game", "?")
                message = f"a ruleset with game '{game}' needs {_article(key)} '{key}' section"
                out.append(Found(pointer_join(pointer, "game"), message, missing=key))
            else:
                inside = "the ruleset" if not pointer else where
                out.append(Found(pointer, f"{inside} is missing the required key '{key}'", missing=key))
        return out
    if kind == "not" and "then" in error.schema_path:
        key = error.path[-1] if error.path else "?"
        game = root.get("game", "?") if isinstance(root, Mapping) else "?"
        return [Found(pointer, f"the section '{key}' does not belong in a ruleset with game '{game}'", at_key=True)]
    if kind == "type":
        return [Found(pointer, f"{where} must be {_expected_type(value)}, not {_value_words(instance)}")]
    if kind == "enum":
        options = ", ".join(repr(v) for v in value)
        hint = _suggest(instance, [v for v in value if isinstance(v, str)]) if isinstance(instance, str) else ""
        return [Found(pointer, f"{where} must be one of {options}, not {_value_words(instance)}{hint}")]
    if kind == "const":
        return [Found(pointer, f"{where} must be {value!r}, not {_value_words(instance)}")]
    if kind == "minimum":
        return [Found(pointer, f"{where} ({_value_words(instance)}) must be at least {value}")]
    if kind == "maximum":
        return [Found(pointer, f"{where} ({_value_words(instance)}) must be at most {value}")]
    if kind == "minLength":
        return [Found(pointer, f"{where} must not be empty" if value == 1 else f"{where} must be at least {value} characters long")]
    if kind == "minItems":
        return [Found(pointer, f"{where} must list at least {value} item{'s' if value != 1 else ''}, not {len(instance)}")]
    if kind == "maxLength" and isinstance(instance, str):
        return [Found(pointer, f"{where} is {len(instance)} characters long; at most {value} are allowed")]
    if kind == "maxItems" and isinstance(instance, list):
        return [Found(pointer, f"{where} lists {len(instance)} items; at most {value} are allowed")]
    if kind == "maxProperties" and isinstance(instance, Mapping):
        return [Found(pointer, f"{where} has {len(instance)} entries; at most {value} are allowed")]
    if kind == "minProperties":
        return [Found(pointer, f"{where} must have at least {value} entries, not {len(instance)}")]
    if kind == "pattern":
        expected = _PATTERN_WORDS.get(value, f"text matching {value}")
        if "propertyNames" in error.schema_path:
            key_pointer = pointer_join(pointer, instance)
            return [Found(key_pointer, f"the key {instance!r} in {where} must be {expected}", at_key=True)]
        return [Found(pointer, f"{where} must be {expected}, not {_value_words(instance)}")]
    if kind in ("anyOf", "oneOf"):
        return _explain_choice(error, where, pointer, root)
    return [Found(pointer, f"{where}: {error.message}")]


def _explain_choice(error: Any, where: str, pointer: str, root: Any) -> list[Found]:
    """An anyOf: explain a nested problem of the branch whose type fits, else list the choices."""
    from jsonschema.exceptions import best_match

    instance = error.instance
    fitting: dict[int, list[Any]] = {}
    for sub in error.context:
        branch_schema = error.validator_value[sub.schema_path[0]]
        t = branch_schema.get("type")
        if t is not None and _is_type(instance, t):
            fitting.setdefault(sub.schema_path[0], []).append(sub)
    if len(fitting) == 1:
        (subs,) = fitting.values()
        chosen = best_match(subs)
        while chosen.parent is not None and chosen.parent is not error:
            chosen = chosen.parent  # best_match looks inside nested anyOf; explain those whole
        deeper = len(chosen.absolute_path) > len(error.absolute_path)
        if deeper or chosen.validator not in ("enum", "const", "type"):
            return _explain(chosen, root)  # e.g. a number below the minimum: say just that
    choices: list[str] = []
    words: list[str] = []
    for branch in error.validator_value:
        if "enum" in branch:
            choices += [v for v in branch["enum"] if isinstance(v, str)]
            words += [repr(v) for v in branch["enum"]]
        else:
            word = _expected_type(branch.get("type", "?"))
            if "minimum" in branch:
                word += f" from {branch['minimum']}"
            words.append(word)
    hint = _suggest(instance, choices) if isinstance(instance, str) else ""
    return [Found(pointer, f"{where} must be {', '.join(words[:-1])} or {words[-1]}, not {_value_words(instance)}{hint}")]


def _is_type(value: Any, schema_type: str | list[str]) -> bool:
    """Our strict reading of JSON Schema types: an integer is an int (never 2.0 or true), and a
    number is finite.  A list of types (an expression: text or true/false) fits any of them."""
    if isinstance(schema_type, list):
        return any(_is_type(value, t) for t in schema_type)
    return {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool) and (isinstance(value, int) or math.isfinite(value)),
        "string": isinstance(value, str),
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "boolean": isinstance(value, bool),
        "null": value is None,
    }.get(schema_type, False)
