"""A quick yes/no JSON Schema check for the keywords our schema uses, compiled to closures.

jsonschema is thorough but slow to import and to run (tens of milliseconds for a ruleset);
the editor re-checks on every pause in typing.  Most checks find nothing, so we answer "valid?"
here, and only when the answer is no do we ask jsonschema for its detailed errors.  A schema
using a keyword this module does not know compiles to None, and callers use jsonschema alone.
Types follow our strict reading: an integer is an int, never a float or a bool; a number is finite.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "default", "examples", "definitions", "readOnly", "writeOnly"}


@functools.cache
def pattern_regex(pattern: str) -> re.Pattern[str]:
    """A JSON Schema `pattern` compiled for Python with the meaning it has in ECMA-262 (editors):
    there `$` ends the text, while Python's `$` also matches before a final newline, so that
    "BOMB\\n" would pass `^[A-Z]+$`.  A final unescaped `$` becomes `\\Z`."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + "\\Z"
    return re.compile(pattern)


class _Unsupported(Exception):
    pass


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and (isinstance(value, int) or math.isfinite(value))
    if name == "string":
        return isinstance(value, str)
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    raise _Unsupported(name)


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: booleans are not numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _multiple(value: float, step: float) -> bool:
    """As jsonschema decides multipleOf: exact for ints, by the quotient for floats."""
    if isinstance(step, float) or isinstance(value, float):
        try:
            quotient = value / step
            return bool(int(quotient) == quotient)
        except (OverflowError, ValueError):
            return False
    return value % step == 0


class _Compiler:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        if not pointer.startswith("#/definitions/"):
            raise _Unsupported(pointer)
        name = pointer[len("#/definitions/") :]
        if name not in self.refs:
            holder: list[Check] = []
            self.refs[name] = lambda value: holder[0](value)
            holder.append(self.compile(self.root["definitions"][name]))
        return self.refs[name]

    def compile(self, schema: Any) -> Check:  # noqa: C901  (one branch per keyword)
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        checks: list[Check] = []
        for key, arg in schema.items():
            if key in _ANNOTATIONS or key in ("then", "else"):
                continue
            checks.append(self._keyword(key, arg, schema))
        if len(checks) == 1:
            return checks[0]
        return lambda value: all(check(value) for check in checks)

    def _keyword(self, key: str, arg: Any, schema: Mapping[str, Any]) -> Check:  # noqa: C901
        if key == "$ref":
            return self.ref(arg)
        if key == "type":
            names = arg if isinstance(arg, list) else [arg]
            for name in names:
                _is_type(None, name)  # unknown type names are unsupported
            return lambda value: any(_is_type(value, n) for n in names)
        if key == "enum":
            return lambda value: any(_equal(value, option) for option in arg)
        if key == "const":
            return lambda value: _equal(value, arg)
        if key == "pattern":
            regex = pattern_regex(arg)
            return lambda value: not isinstance(value, str) or regex.search(value) is not None
        if key in ("minimum", "maximum"):
            low = key == "minimum"
            return lambda value: not _is_type(value, "number") or (value >= arg if low else value <= arg)
        if key in ("exclusiveMinimum", "exclusiveMaximum"):
            low = key == "exclusiveMinimum"
            return lambda value: not _is_type(value, "number") or (value > arg if low else value < arg)
        if key == "multipleOf":
            return lambda value: not _is_type(value, "number") or _multiple(value, arg)
        if key == "uniqueItems":
            if not arg:
                return lambda value: True
            return lambda value: not isinstance(value, list) or all(
                not _equal(a, b) for i, a in enumerate(value) for b in value[i + 1 :]
            )
        if key in ("minLength", "maxLength"):
            low = key == "minLength"
            return lambda value: not isinstance(value, str) or (len(value) >= arg if low else len(value) <= arg)
        if key in ("minItems", "maxItems"):
            low = key == "minItems"
            return lambda value: not isinstance(value, list) or (len(value) >= arg if low else len(value) <= arg)
        if key in ("minProperties", "maxProperties"):
            low = key == "minProperties"
            return lambda value: not isinstance(value, dict) or (len(value) >= arg if low else len(value) <= arg)
        if key == "required":
            return lambda value: not isinstance(value, dict) or all(name in value for name in arg)
        if key == "properties":
            props = {name: self.compile(sub) for name, sub in arg.items()}
            return lambda value: not isinstance(value, dict) or all(props[k](v) for k, v in value.items() if k in props)
        if key == "additionalProperties":
            if "patternProperties" in schema:
                raise _Unsupported(key)
            known = set(schema.get("properties", {}))
            extra = self.compile(arg)
            return lambda value: not isinstance(value, dict) or all(extra(v) for k, v in value.items() if k not in known)
        if key == "propertyNames":
            key_check = self.compile(arg)
            return lambda value: not isinstance(value, dict) or all(key_check(k) for k in value)
        if key == "items":
            if not isinstance(arg, Mapping):
                raise _Unsupported("items as a list")
            item = self.compile(arg)
            return lambda value: not isinstance(value, list) or all(item(v) for v in value)
        if key in ("allOf", "anyOf", "oneOf"):
            subs = [self.compile(sub) for sub in arg]
            if key == "allOf":
                return lambda value: all(sub(value) for sub in subs)
            if key == "anyOf":
                return lambda value: any(sub(value) for sub in subs)
            return lambda value: sum(1 for sub in subs if sub(value)) == 1
        if key == "not":
            sub = self.compile(arg)
            return lambda value: not sub(value)
        if key == "if":
            condition = self.compile(arg)
            then = self.compile(schema.get("then", True))
            otherwise = self.compile(schema.get("else", True))
            return lambda value: then(value) if condition(value) else otherwise(value)
        raise _Unsupported(key)


def compile_schema(schema: Mapping[str, Any]) -> Check | None:
    """A function telling whether a value meets `schema`, or None if the schema uses a keyword we lack."""
    try:
        return _Compiler(schema).compile(schema)
    except _Unsupported:
        return None
