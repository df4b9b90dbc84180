"""The protocol's checks of client messages: each valid message passes, and a message mutated
one way gets the one error code that says what is wrong with it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marblestudio.net import protocol
from marblestudio.net.ratelimit import TokenBucket

TOKEN = "0123456789abcdef0123456789abcdef"
VALID: list[dict[str, Any]] = [
    {"type": "hello", "protocol": 1, "token": TOKEN},
    {"type": "hello", "protocol": 1, "game": "abc123"},
    {"type": "move", "move": "place a1", "ply": 3},
    {"type": "create", "admin": TOKEN, "ruleset": "alive/standard", "players": 2},
    {"type": "ping"},
]


@pytest.mark.parametrize("message", VALID, ids=lambda m: str(m["type"]))
def test_every_valid_message_passes(message: dict[str, Any]) -> None:
    assert protocol.parse_client(json.dumps(message)) == message


@pytest.mark.parametrize(("mutated", "code", "says"), [
    ({"type": "hello", "protocol": 1, "token": TOKEN.upper()}, protocol.BAD_MESSAGE, "token"),
    ({"type": "hello", "protocol": "1"}, protocol.BAD_MESSAGE, "protocol"),
    ({"type": "hello", "protocol": True}, protocol.BAD_MESSAGE, "protocol"),
    ({"type": "move", "move": "a1"}, protocol.BAD_MESSAGE, "'ply' is a required property"),
    ({"type": "move", "move": "", "ply": 0}, protocol.BAD_MESSAGE, "move"),
    ({"type": "move", "move": "a1", "ply": -1}, protocol.BAD_MESSAGE, "ply"),
    ({"type": "move", "move": "a1", "ply": 0, "seat": 1}, protocol.BAD_MESSAGE, "'seat' was unexpected"),
    ({"type": "create", "admin": TOKEN, "ruleset": "../x.yaml", "players": 2}, protocol.BAD_MESSAGE, "ruleset"),
    ({"type": "whisper", "text": "hi"}, protocol.UNKNOWN_TYPE, "'whisper'"),
    ({"kind": "ping"}, protocol.BAD_MESSAGE, "'type'"),
    ([{"type": "ping"}], protocol.BAD_MESSAGE, "JSON object"),
])
def test_a_mutated_message_gets_the_error_that_names_its_fault(mutated: Any, code: str, says: str) -> None:
    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.parse_client(json.dumps(mutated))
    assert caught.value.code == code and says in str(caught.value)


def test_every_client_type_has_a_schema_with_descriptions() -> None:
    definitions = protocol.schema()["$defs"]
    for name in protocol.CLIENT_TYPES:
        assert definitions[name]["description"]
        for field, spec in definitions[name]["properties"].items():
            assert field == "type" or "description" in spec or "$ref" in spec


def test_the_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=2, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5
    assert [bucket.take() for _ in range(2)] == [True, False]
    now[0] = 100.0
    assert sum(bucket.take() for _ in range(10)) == 3


def test_every_client_message_shown_in_the_protocol_document_is_accepted() -> None:
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    shown = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S) if "..." not in block]
    clients = [message for message in shown if message.get("type") in protocol.CLIENT_TYPES]
    assert {m["type"] for m in clients} >= {"hello", "move", "chat", "resign", "undo"}
    for message in clients:
        assert protocol.parse_client(json.dumps(message)) == message


def test_the_quick_check_of_a_move_accepts_only_what_the_schema_accepts() -> None:
    import random

    from jsonschema import Draft202012Validator

    full = protocol.schema()
    validator = Draft202012Validator({**full["$defs"]["move"], "$defs": full["$defs"]})
    rng = random.Random(11)
    values: list[object] = ["", "a1", "R3+", "x" * 10_000, "x" * 10_001, 0, 5, -1, 100_000_000, 100_000_001, 5.0, True, None, [], {}]
    accepted = 0
    for _ in range(3_000):
        data: dict[str, object] = {"type": "move"}
        for key in ("move", "ply", "seat"):
            if rng.random() < (0.15 if key == "seat" else 0.9):
                data[key] = rng.choice(values)
        if protocol.plain_move(data):
            accepted += 1
            assert validator.is_valid(data), data
    assert accepted > 50


def test_the_quick_check_of_a_hello_accepts_only_what_the_schema_accepts() -> None:
    import random

    from jsonschema import Draft202012Validator

    full = protocol.schema()
    validator = Draft202012Validator({**full["$defs"]["hello"], "$defs": full["$defs"]})
    rng = random.Random(12)
    tokens: list[object] = ["a" * 32, "0123456789abcdef" * 2, "A" * 32, "a" * 31, "a" * 33, "g" * 32, "", "1", "f" * 12, 7, None, True, []]
    values: dict[str, list[object]] = {
        "protocol": [1, 2, 1000, 1001, 0, -1, 1.0, True, "1", None],
        "token": tokens,
        "game": tokens,
        "positions": [True, False, 0, 1, None, "true"],
        "sample": [True, False, 0, None],
        "extra": [1, None],
    }
    accepted = rejected_by_both = 0
    for _ in range(4_000):
        data: dict[str, object] = {"type": "hello"}
        for key, choices in values.items():
            if rng.random() < {"protocol": 0.9, "extra": 0.05}.get(key, 0.5):
                data[key] = rng.choice(choices)
        if protocol.plain_hello(data):
            accepted += 1
            assert validator.is_valid(data), data
        elif not validator.is_valid(data):
            rejected_by_both += 1
    assert accepted > 200 and rejected_by_both > 200
    # and what it passes on, the schema still judges: a bad hello is refused with the fault named
    with pytest.raises(protocol.ProtocolError, match="token"):
        protocol.parse_client(json.dumps({"type": "hello", "protocol": 1, "token": "A" * 32}))


def test_a_view_goes_into_a_frame_as_plain_would_write_it() -> None:
    # Frames carry the family's views as they are; orjson must write each as `core.plain` does.
    import json
    import random

    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE, plain
    from marblestudio.rulesets import catalog, load_with_source
    from marblestudio.rulesets.catalog import list_rulesets

    checked = 0
    for entry in sorted(list_rulesets(), key=lambda e: e.id):
        if not entry.bundled:
            continue
        rules = load_with_source(catalog.find(entry.id)).rules  # type: ignore[arg-type]
        state = new_game(rules, rules.players.default)
        rng = random.Random(entry.id)
        for _ in range(40):
            if state.outcome() is not None:
                break
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for view in [state.public_view(), *(state.observation(s) for s in range(state.num_players))]:
                assert json.loads(protocol.dump({"view": view}))["view"] == plain(view)
                checked += 1
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 1000
