"""The family packages name their parts lazily (`engine.lazy`): checking a ruleset imports no
state, move-list or view module, and every name a package lists is still there when asked for."""

from __future__ import annotations

import importlib
import subprocess
import sys
import types

import pytest

from marblestudio.engine.lazy import exports

PACKAGES = [
    "marblestudio.engine.stay_alive",
    "marblestudio.engine.alive",
    "marblestudio.engine.avalanche",
    "marblestudio.engine.archimedes",
    "marblestudio_mancala.engine",
]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_listed_name_resolves_to_its_module_object(name: str) -> None:
    package = importlib.import_module(name)
    for export in package.__all__:
        value = getattr(package, export)
        assert value is not None
        assert export in dir(package)
    state = next(v for k, v in vars(package).items() if k.endswith("State") and isinstance(v, type))
    assert state.__module__.endswith(".state")  # the real class, from its own module


@pytest.mark.parametrize("name", PACKAGES)
def test_an_unknown_name_is_an_attribute_error_naming_the_package(name: str) -> None:
    package = importlib.import_module(name)
    with pytest.raises(AttributeError, match=f"module '{name}' has no attribute 'Nonesuch'"):
        package.Nonesuch  # noqa: B018


def test_exports_binds_a_name_on_first_use_and_keeps_it() -> None:
    module = types.ModuleType("lazy_probe")
    sys.modules["lazy_probe"] = module
    try:
        getter, lister = exports("lazy_probe", {"math": ["sqrt"]})
        assert "sqrt" not in vars(module)
        assert "sqrt" in lister()
        import math

        assert getter("sqrt") is math.sqrt
        assert vars(module)["sqrt"] is math.sqrt
        with pytest.raises(AttributeError):
            getter("cbrtx")
    finally:
        del sys.modules["lazy_probe"]


def test_checking_the_bundled_rulesets_imports_no_game_state() -> None:
    code = (
        "import sys\n"
        "from marblestudio.rulesets import catalog, load\n"
        "for ruleset in sorted(catalog.bundled_ids()):\n"
        "    load(ruleset)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.rsplit('.', 1)[-1] in ('state', 'view', 'cascade', 'hidden'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == ""


def test_a_new_game_still_imports_what_it_plays() -> None:
    from marblestudio.engine import CHANCE, new_game
    from marblestudio.rulesets import load

    for ruleset in ("stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"):
        state = new_game(load(ruleset))
        assert type(state).__module__.endswith(".state")
        assert state.outcome() is None
        assert state.to_move == CHANCE or state.legal_moves()
