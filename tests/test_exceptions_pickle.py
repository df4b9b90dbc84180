"""Every exception type of ours survives pickling, because worker processes send errors back.

The list is found by walking the package, so a new exception type without an example here fails
the test: an exception that cannot cross a process boundary turns into a `TypeError` in the
parent (issue 13, defect 2: `IllegalMoveError.__init__() missing 1 required positional argument`).
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable
from pathlib import Path

import pytest

import marblestudio
from marblestudio.engine.stay_alive.moves import PASS
from marblestudio.rulesets.diagnostics import Diagnostic

DIAGNOSTIC = Diagnostic("house.yaml", 3, 7, "error", "players.min must be a whole number", "/players/min")

def _piece_problem() -> object:
    from marblestudio.engine.pieces.program import PieceProblem

    return PieceProblem("/rules/0/if", "unknown name 'x'", 1, 5)


EXAMPLES: dict[str, Callable[[], BaseException]] = {
    "marblestudio.engine.core.IllegalMoveError": lambda: _new("marblestudio.engine.core.IllegalMoveError", PASS, "a player may pass only when no move is legal"),
    "marblestudio.engine.pieces.expr.ExpressionError": lambda: _new("marblestudio.engine.pieces.expr.ExpressionError", "unknown name 'x'", 1, 5),
    "marblestudio.engine.pieces.program.PieceError": lambda: _new(
        "marblestudio.engine.pieces.program.PieceError", _piece_problem()),
    "marblestudio.engine.core.NotationError": lambda: _new("marblestudio.engine.core.NotationError", "'zz9' is not a cell"),
    "marblestudio.rulesets.diagnostics.RulesetError": lambda: _new("marblestudio.rulesets.diagnostics.RulesetError", [DIAGNOSTIC, DIAGNOSTIC]),
    "marblestudio.rulesets.diagnostics.RulesetNotFound": lambda: _new("marblestudio.rulesets.diagnostics.RulesetNotFound", [DIAGNOSTIC]),
    "marblestudio.rulesets.yamlio._Fatal": lambda: _new("marblestudio.rulesets.yamlio._Fatal", _position(), "too deep"),
    "marblestudio.rulesets.fastcheck._Unsupported": lambda: _new("marblestudio.rulesets.fastcheck._Unsupported", "patternProperties"),
    "marblestudio.records.RecordError": lambda: _new("marblestudio.records.RecordError", "g.json: move 3 (b7) is illegal: the cell is open", 3),
    "marblestudio.engine.position.PositionError": lambda: _new("marblestudio.engine.position.PositionError", "cell c4 holds two marbles", "marbles", True),
    "marblestudio.cli.position_arg.PositionArgError": lambda: _new("marblestudio.cli.position_arg.PositionArgError", "x.txt: no such file", 2),
    "marblestudio.net.protocol.ProtocolError": lambda: _new("marblestudio.net.protocol.ProtocolError", "not-your-turn", "it is Blue's turn"),
    "marblestudio.net.client.ServerError": lambda: _new("marblestudio.net.client.ServerError", {"type": "error", "code": "stale", "message": "an old position"}),
    "marblestudio.net.tls.FingerprintMismatch": lambda: _new("marblestudio.net.tls.FingerprintMismatch", "the certificate's fingerprint is not the invitation's"),
    "marblestudio.net.invitation.InvitationError": lambda: _new("marblestudio.net.invitation.InvitationError", "not an invitation code"),
    "marblestudio.records.RecordUnreadable": lambda: _new("marblestudio.records.RecordUnreadable", "g.json: cannot read the record: No such file or directory"),
    "marblestudio.agents.AgentSpecError": lambda: _new("marblestudio.agents.AgentSpecError", "'mcts:x': write mcts:<iterations>"),
    "marblestudio.playtest.workers.WorkersError": lambda: _new("marblestudio.playtest.workers.WorkersError", "--workers must be at least 1, not 0"),
    "marblestudio.playtest.workers._Interrupted": lambda: _new("marblestudio.playtest.workers._Interrupted"),
    "marblestudio.playtest.pool.Stopped": lambda: _new("marblestudio.playtest.pool.Stopped", 15),
    "marblestudio.records._Refused": lambda: _new("marblestudio.records._Refused", "NaN is not a number a record holds", "NaN"),
    "marblestudio.playtest.pool.WorkerDied": lambda: _new("marblestudio.playtest.pool.WorkerDied", "a worker process (pid 12) stopped"),
    "marblestudio.playtest.pool._RemoteError": lambda: _new("marblestudio.playtest.pool._RemoteError", "ValueError: x (in ok reply)"),
    "marblestudio.rulesets.house_template.BadPlace": lambda: _new("marblestudio.rulesets.house_template.BadPlace", "a file in the user folder has no id"),
    "marblestudio.playtest.workers.StopRun": lambda: _new("marblestudio.playtest.workers.StopRun", "cannot write r/g-3.json: No space left on device (ENOSPC)", 3),
    "marblestudio.cli.render._Usage": lambda: _new("marblestudio.cli.render._Usage", "--players is for a RULESET"),
    "marblestudio.views.editor.files.SaveError": lambda: _new("marblestudio.views.editor.files.SaveError", "cannot write x.yaml: No space left on device (ENOSPC)"),
    "marblestudio.net.limits.Dropped": lambda: _new("marblestudio.net.limits.Dropped"),
    "marblestudio.playtest.pool.RemoteTraceback": lambda: _new("marblestudio.playtest.pool.RemoteTraceback", "Traceback (most recent call last): ..."),
    "marblestudio.rulesets.schema_build.FragmentError": lambda: _new("marblestudio.rulesets.schema_build.FragmentError", "definition 'pile' must start with 'nim__'"),
    "marblestudio.engine.family.PluginFault": lambda: _new("marblestudio.engine.family.PluginFault", "nim", "marblestudio-nim",
                                                            "offered no legal move although the game is not over"),
}


def _class(qualified: str) -> type[BaseException]:
    module, name = qualified.rsplit(".", 1)
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, BaseException)
    return cls


def _new(qualified: str, *args: object) -> BaseException:
    return _class(qualified)(*args)


def _position() -> object:
    from marblestudio.rulesets.yamlio import Position

    return Position(4, 2)


def _exception_types() -> list[str]:
    """Every exception class defined in a module of the package (views too)."""
    found: set[str] = set()
    root = Path(marblestudio.__file__).parent
    for info in pkgutil.walk_packages([str(root)], "marblestudio."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == info.name:
                found.add(f"{info.name}.{name}")
    return sorted(found)


def test_every_exception_type_has_an_example() -> None:
    assert sorted(EXAMPLES) == _exception_types()


def _state(error: BaseException) -> dict[str, object]:
    attributes = {k: v for k, v in vars(error).items() if not k.startswith("__")}
    return {"type": type(error), "str": str(error), **attributes}


@pytest.mark.parametrize("qualified", sorted(EXAMPLES))
def test_an_exception_round_trips_through_pickle(qualified: str) -> None:
    error = EXAMPLES[qualified]()
    assert type(error) is _class(qualified)
    clone = pickle.loads(pickle.dumps(error))
    assert _state(clone) == _state(error)
