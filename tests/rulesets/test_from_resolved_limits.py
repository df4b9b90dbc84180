"""A resolved ruleset comes from a record, not from our YAML reader: it gets the reader's limits
(issue 13, defect 6: a 500-deep `ruleset.resolved` with a correct SHA-256 raised RecursionError)."""

from __future__ import annotations

from typing import Any

import pytest

from marblestudio.rulesets import RulesetError, from_resolved, load_with_source


def nested(depth: int, inner: Any = None) -> Any:
    value = inner
    for _ in range(depth):
        value = {"a": value}
    return value


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (nested(500), "it nests deeper than 64 levels"),
        (nested(100_000), "it nests deeper than 64 levels"),
        ([0] * 100_001, "it holds more than 100,000 values"),
        ({1: "x"}, "a key is not text"),
        ({"a": {1, 2}}, "it holds a set, which is not plain data"),
    ],
)
def test_a_resolved_ruleset_beyond_the_readers_limits_is_refused(extra: Any, reason: str) -> None:
    data = load_with_source("stay-alive/standard").resolved
    data["description"] = extra
    with pytest.raises(RulesetError) as caught:
        from_resolved(data)
    assert str(caught.value) == f"<resolved>:1:1: error: the resolved ruleset is not a ruleset: {reason}"


def test_a_resolved_ruleset_within_the_limits_builds() -> None:
    loaded = load_with_source("stay-alive/standard")
    assert from_resolved(loaded.resolved) == loaded.rules
