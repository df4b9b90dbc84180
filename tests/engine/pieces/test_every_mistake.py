"""Validation tells every independent mistake of a rule at its line and column (docs/rulesets.md:
"`marblestudio validate FILE` reports every mistake at its line and column"): each expression and
action of an entry is checked on its own, and a wrong key hides only what depends on it."""

from __future__ import annotations

from marblestudio.engine.pieces import program
from marblestudio.rulesets.loader import check_text

HEAD = "format: 1\nextends: stay-alive/standard\nid: stay-alive/t-two\nname: two\nrules:\n"


def errors(body: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.message) for d in check_text(HEAD + body) if d.is_error]


def pointers(game: str, *entries: dict) -> list[tuple[str, str]]:
    return [(p.pointer, p.message) for p in program.check(game, list(entries))]


def test_two_bad_expressions_of_one_rule_are_both_told_at_their_places() -> None:
    found = errors("  - name: two expr mistakes\n"
                   "    on: marble_fell\n"
                   "    if: marbles_lef(mover) < 2\n"
                   "    then: {score: {points: falen(mover)}}\n")
    assert found == [
        (8, 9, "unknown function 'marbles_lef' (did you mean 'marbles_left'?)"),
        (9, 28, "unknown function 'falen' (did you mean 'fallen'?)"),
    ]


def test_every_part_of_a_rule_is_checked_on_its_own() -> None:
    # if, per, and two parameters of one action: four mistakes, four diagnostics, in file order
    found = errors("  - on: marble_fell\n"
                   "    if: mover == 'a'\n"
                   "    times: 2\n"
                   "    per: event.sat\n"
                   "    then: {score: {points: falen(mover), seat: mover +}}\n")
    assert [(line, column) for line, column, _ in found] == [(7, 18), (9, 10), (10, 28), (10, 55)]
    assert [message.split(" (")[0] for _, _, message in found] == [
        "cannot compare a number with a text",
        "event has no field 'sat' here",
        "unknown function 'falen'",
        "this is not an expression: invalid syntax",
    ]


def test_a_wrong_action_hides_nothing_of_the_other_actions_or_the_condition() -> None:
    assert pointers("stay-alive", {"on": "marble_fell", "if": "nosuch", "then": ["extra_trun", {"win": "mover +"}, {"score": {"pionts": 1}}]}) == [
        ("/rules/0/if", "unknown name 'nosuch'"),
        ("/rules/0/then/0", "'extra_trun' is not an action (actions: " + ", ".join(sorted(program.actions_of(program.family_hooks("stay-alive"), "stay-alive"))) + ")"),
        ("/rules/0/then/1/win", "this is not an expression: invalid syntax"),
        ("/rules/0/then/2/score", "score takes points, seat, not 'pionts'"),
    ]


def test_a_schema_error_in_one_key_leaves_the_rule_s_other_expressions_checked() -> None:
    found = errors("  - name: two mistakes\n"
                   "    on: marble_fall\n"
                   "    if: marbles_lef(mover) < 2\n"
                   "    then: extra_turn\n")
    assert [(line, column) for line, column, _ in found] == [(7, 9), (8, 9)]
    assert "not text 'marble_fall'; did you mean 'marble_fell'?" in found[0][2]
    assert found[1][2] == "unknown function 'marbles_lef' (did you mean 'marbles_left'?)"


def test_an_unknown_event_hides_only_what_reads_the_event_and_brings_no_follow_on_error() -> None:
    # the event's fields cannot be known, nor whether an action acts on it: only the on: error,
    # and the mistake of the expression that does not read the event
    found = errors("  - on: marble_fall\n"
                   "    if: event.seat == mover and marbles_lef(mover) < 2\n"
                   "    then: [extra_turn, {score: {points: event.seat}}, {win: falen(mover)}]\n")
    assert [(line, column) for line, column, _ in found] == [(6, 9), (8, 61)]
    assert "did you mean 'marble_fell'?" in found[0][2]
    assert found[1][2] == "unknown function 'falen' (did you mean 'fallen'?)"
    # the same where the engine finds the event unknown itself (the schema's enum is the family's only)
    assert pointers("stay-alive", {"on": "card_played", "if": "event.card == 'x' and mover == 'a'", "then": {"score": "nosuch"}}) == [
        ("/rules/0/on", "'card_played' is not an event of this game (its events: " + ", ".join(sorted(program.events_of(program.family_hooks("stay-alive")))) + ")"),
        ("/rules/0/then/score", "unknown name 'nosuch'"),
    ]


def test_a_schema_error_in_an_action_s_value_is_told_once_and_the_condition_still_checked() -> None:
    found = errors("  - on: marble_fell\n"
                   "    if: fallen(mover) > 'a'\n"
                   "    then: {score: {points: 2000000}}\n")
    assert [(line, column) for line, column, _ in found] == [(8, 28), (7, 25)]  # the first error first, the rest in file order
    assert found[0][2] == "rules[1].then.score.points (2000000) must be at most 1000000"
    assert found[1][2] == "cannot compare a number with a text"


def test_a_key_that_does_not_belong_is_told_with_the_mistakes_of_the_rest_of_the_rule() -> None:
    assert pointers("stay-alive", {"on": "marble_fell", "because": "x", "says": "y", "if": "nosuch", "then": "extra_turn"}) == [
        ("/rules/0/because", "'because' does not belong in a trigger"),
        ("/rules/0/if", "unknown name 'nosuch'"),
    ]
    # a trigger has no choice: reading it is no second mistake
    assert pointers("avalanche", {"on": "turn_over", "choose": "gate", "if": "choice == 1", "then": "extra_turn"}) == [
        ("/rules/0/choose", "'choose' does not belong in a trigger"),
    ]


def test_a_power_s_unknown_choice_hides_only_what_reads_the_choice() -> None:
    found = pointers("stay-alive", {"name": "p", "power": [{"score": "choice"}, {"win": "nosuch"}], "choose": "gate", "if": "mover == 'a'"})
    assert [pointer for pointer, _ in found] == ["/rules/0/choose", "/rules/0/if", "/rules/0/power/1/win"]


def test_a_rule_without_mistakes_of_its_own_gets_no_diagnostic_beside_its_neighbours() -> None:
    found = errors("  - on: marble_fell\n    if: nosuch\n    then: extra_turn\n"
                   "  - on: marble_fell\n    if: mover == 1\n    then: {score: 2}\n")
    assert found == [(7, 9, "unknown name 'nosuch'")]


def test_waive_may_name_another_rule_while_the_file_has_a_schema_error() -> None:
    # With a schema error in the file, each rule is checked on its own; a waive of another rule's
    # constraint was then "unknown" (a false error beside the true one).
    found = errors("  - name: bad\n"
                   "    on: marble_fall\n"
                   "    then: score\n"
                   "  - name: lift the jam\n"
                   "    on: marble_fell\n"
                   "    then: {waive: {rule: jam}}\n"
                   "  - name: jam\n"
                   "    forbid: move.kind == 'pass'\n"
                   "    because: no passing\n")
    assert [(line, column) for line, column, _ in found] == [(7, 9)]
    assert "marble_fell" in found[0][2]  # the unknown event, with its suggestion, and nothing else
