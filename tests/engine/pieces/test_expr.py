"""The expression language of rule pieces: what it computes, what it refuses, and where it says so."""

from __future__ import annotations

import pickle
from types import SimpleNamespace
from typing import Any

import pytest

from marblestudio.engine.pieces.expr import (
    BOOL,
    INT,
    MAX_DEPTH,
    MAX_LENGTH,
    MAX_NODES,
    SEAT,
    STR,
    ExpressionError,
    Function,
    Name,
    Record,
    Scope,
    compile_expression,
)

EVENT = Record("event", {"seat": INT, "card": STR})
SCOPE = Scope(
    names={
        "mover": Name(INT, lambda c: c.mover),
        "phase": Name(STR, lambda c: c.phase),
        "event": Name(EVENT, lambda c: c.event),
    },
    functions={
        "lives": Function((SEAT,), INT, lambda c, s: c.lives[s], default=-1),
        "is_out": Function((SEAT,), BOOL, lambda c, s: c.lives[s] == 0, default=False),
    },
)


def ctx(**overrides: Any) -> Any:
    values: dict[str, Any] = {"mover": 1, "phase": "sliding", "event": {"seat": 0, "card": "DRAW"}, "lives": [3, 0, 2], "players": 3}
    values.update(overrides)
    return SimpleNamespace(**values)


def run(text: str, want: str | None = None, **overrides: Any) -> Any:
    return compile_expression(text, SCOPE, want).evaluate(ctx(**overrides))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("event.seat != mover and lives(mover) <= 2", True),  # the example, by hand: 0 != 1, lives(1) = 0
        ("mover + 2 * 3 - 1", 6),
        ("7 // 2 + 7 % 2", 4),
        ("7 // 0", 0),  # division by zero gives 0, never an error
        ("5 % 0", 0),
        ("-mover", -1),
        ("not is_out(0)", True),
        ("1 < mover <= 3", False),  # chained: 1 < 1 fails
        ("0 <= mover < 3", True),
        ("event.card in ['DRAW', 'SKIP']", True),
        ("event.card not in ['DRAW']", False),
        ("'a' if phase == 'sliding' else 'b'", "a"),
        ("true or false", True),
        ("True and not False", True),
        ("lives(7)", -1),  # a seat that does not exist gives the function's default
        ("lives(-1)", -1),
        ("is_out(99)", False),
        ("phase == 'placing' or lives(2) == 2", True),
    ],
)
def test_expressions_compute_what_they_say(text: str, value: Any) -> None:
    assert run(text) == value


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("__import__('os')", "unknown function '__import__'", 1),
        ("event.__class__", "event has no field '__class__'", 1),
        ("mover.real", "'mover' has no fields", 1),
        ("(lambda: 1)()", "only the rules' own functions can be called", 1),
        ("[x for x in [1]]", "a comprehension is not allowed", 1),
        ("mover ** 99", "'**' is not allowed", 1),
        ("mover / 2", "use // for whole-number division", 1),
        ("event['seat']", "indexing with [...] is not allowed", 1),
        ("open('/etc/passwd')", "unknown function 'open'", 1),
        ("mover and true", "each side of 'and' must be true or false, not a number", 1),
        ("mover == 'x'", "cannot compare a number with a text", 10),
        ("phase < 'z'", "only numbers are ordered", 9),
        ("lives(mover, 2)", "takes 1 value(s), not 2", 1),
        ("lives(seat=1)", "takes its values in order", 1),
        ("mover && true", "'&&' is not an operator here: write 'and'", 7),
        ("mover == 1 || true", "write 'or'", 12),
        ("1.5 > mover", "whole numbers only", 1),
        ("10000000 > mover", "at most 1,000,000", 1),
        ("mover >", "this is not an expression", 8),
        ("  livs(mover)", "unknown function 'livs' (did you mean 'lives'?)", 3),
        ("moverr == 1", "unknown name 'moverr' (did you mean 'mover'?)", 1),
        ("lives == 1", "'lives' is a function: call it", 1),
        ("f'{mover}'", "an f-string is not allowed", 1),
        ("mover if true else 'x'", "both sides of 'if ... else' must be of one type", 1),
        ("x := 1", "this is not an expression", 3),
        ("", "the expression is empty", 1),
    ],
)
def test_what_is_not_allowed_is_refused_at_its_column(text: str, message: str, column: int) -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(text, SCOPE)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (1, column)


def test_a_condition_must_be_true_or_false() -> None:
    with pytest.raises(ExpressionError, match="gives a number, but true or false is needed"):
        compile_expression("mover + 1", SCOPE, BOOL)
    assert compile_expression("mover + 1", SCOPE, INT).type == INT


def test_an_expression_on_several_lines_reports_the_line_inside_it() -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression("event.seat != mover\nand lives(movr) <= 2", SCOPE)
    assert caught.value.message.startswith("unknown name 'movr'")
    assert (caught.value.line, caught.value.column) == (2, 11)


def test_the_size_caps_bound_the_cost() -> None:
    with pytest.raises(ExpressionError, match=f"at most {MAX_LENGTH} are allowed"):
        compile_expression("1 + " * 200 + "1", SCOPE)
    with pytest.raises(ExpressionError, match=f"at most {MAX_NODES} parts"):
        compile_expression(" or ".join(["1 == 1"] * 30), SCOPE)  # 30 comparisons of 4 nodes each, and the 'or'
    with pytest.raises(ExpressionError, match=f"at most {MAX_DEPTH} levels"):
        compile_expression("+".join(["1"] * 40), SCOPE)  # a sum nests to the left: 40 levels
    with pytest.raises(ExpressionError, match="texts in rules are at most"):
        compile_expression("phase == '" + "x" * 100 + "'", SCOPE)


def test_errors_pickle_with_their_place() -> None:
    error = ExpressionError("unknown name 'x'", 2, 7)
    back = pickle.loads(pickle.dumps(error))
    assert (back.message, back.line, back.column) == ("unknown name 'x'", 2, 7)
