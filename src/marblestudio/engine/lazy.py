"""A package that names its parts but imports each only when it is first asked for (PEP 562).

A family package's `__init__` lists its engine's names (`AliveState`, `Deal`, ...) for the code
that plays; checking a ruleset needs only the family's `rules` module, and importing that runs
the package's `__init__` first.  With `exports`, the package binds its names lazily:

    __getattr__, __dir__ = exports(__name__, {"marblestudio.engine.alive.state": ["AliveState"], ...})

so `from marblestudio.engine.alive import AliveState` still works (and imports `state` then),
while `marblestudio validate` imports no state, move or view module at all.  The package's own
functions import what they use locally: a module's `__getattr__` does not serve the module's
own global names.  A `TYPE_CHECKING` block repeats the imports for type checkers.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def exports(package: str, modules: Mapping[str, Iterable[str]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, which binds each name of `modules` (a module
    -> the names it defines, as an import statement lists them) on first use, and keeps it."""
    names = {name: module for module, listed in modules.items() for name in listed}

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # the next lookup is a plain attribute
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__
