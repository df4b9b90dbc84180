"""Editor help inside `rules:`: hooks, the game's events and actions, and the names of expressions,
completed and explained from the rules vocabulary (engine.pieces.vocab and the family's hooks)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from house_texts import FALL_AGAIN_EDITED
from marblestudio.engine.pieces import program, vocab
from marblestudio.rulesets.assist import completions, context_at, describe_at, word_before

HOUSE = FALL_AGAIN_EDITED


def _at(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line and column just after the first `needle` (which must end where the cursor is)."""
    index = text.index(needle) + len(needle)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def _offered(text: str, needle: str | None = None) -> list[str]:
    """The completions at the end of `text` (or just after `needle`)."""
    line, column = _at(text, needle) if needle is not None else _at(text, text)
    return [c.text for c in completions(text, line, column)]


def _hover(text: str, needle: str, back: int = 1) -> str | None:
    """The hover help `back` characters before the end of `needle` (on its last word)."""
    line, column = _at(text, needle)
    return describe_at(text, line, column - back)


def _stay_alive(rule: str) -> str:
    return HOUSE.split("rules:\n")[0] + "rules:\n" + rule


STAY_ALIVE = program.family_hooks("stay-alive")


# Hooks ---------------------------------------------------------------------------------------
def test_a_new_entry_offers_every_hook_of_a_rule() -> None:
    offered = _offered(_stay_alive("  - "))
    assert set(offered) == {"on", "if", "then", "forbid", "because", "turn", "power", "times", "per", "name", "says", "choose"}


KALAH = "format: 1\nid: house/k\nname: K\nextends: mancala/kalah\nrules:\n"


def test_prevent_is_offered_only_where_the_game_names_what_a_rule_may_prevent() -> None:
    assert "prevent" in _offered(KALAH + "  - ")
    assert set(_offered(KALAH + "  - prevent: ")) == {"capture", "extra_turn"}
    offered = set(_offered(KALAH + "  - prevent: capture\n    if: event."))
    assert offered == {"seat", "place", "seeds", "houses"}  # what would happen
    assert set(_offered(KALAH + "  - prevent: extra_turn\n    if: event.")) == {"seat"}


AVALANCHE = "format: 1\nid: house/a\nname: A\nextends: avalanche/standard\nrules:\n"


def test_choose_offers_what_this_game_s_powers_may_name() -> None:
    assert "choose" in _offered(AVALANCHE + "  - name: nudge\n    power: {flip_gate: choice}\n    ")
    assert _offered(AVALANCHE + "  - name: nudge\n    power: {flip_gate: choice}\n    choose: ") == ["gate"]
    assert _offered(_stay_alive("  - name: x\n    power: extra_turn\n    choose: ")) == ["slide"]
    assert "choose" not in _offered(_stay_alive("  - name: x\n    on: slide_moved\n    "))  # a trigger takes no choice


def test_a_power_that_chooses_completes_choice_in_its_condition() -> None:
    text = AVALANCHE + "  - name: nudge\n    power: {flip_gate: choice}\n    choose: gate\n    if: ch"
    assert "choice" in _offered(text)
    plain = AVALANCHE + "  - name: nudge\n    power: end_turn\n    if: ch"
    assert "choice" not in _offered(plain)


def test_the_hooks_an_entry_has_are_not_offered_again() -> None:
    text = _stay_alive("  - on: marble_fell\n    then: extra_turn\n    ")
    offered = set(_offered(text))
    assert "on" not in offered and "then" not in offered
    assert {"if", "times", "name"} <= offered


def test_the_next_entry_does_not_count_as_this_ones_keys() -> None:
    text = _stay_alive("  - name: a\n    \n  - forbid: \"move.kind == 'pass'\"\n    because: no passing\n")
    assert {"on", "forbid", "because"} <= set(_offered(text, "  - name: a\n    "))


def test_a_hook_completes_as_a_key() -> None:
    text = _stay_alive("  - o")
    found = {c.text: c for c in completions(text, *_at(text, text))}
    assert found["on"].kind == "key"


def test_hovering_a_hook_shows_its_doc_from_the_vocabulary() -> None:
    docs = {hook.name: hook.doc for hook in vocab.HOOKS}
    assert docs["on"] in (_hover(HOUSE, "    on") or "")
    assert docs["forbid"] in (_hover(HOUSE, "  - forbid") or "")
    assert docs["turn"] in (_hover(HOUSE, "  - turn") or "")


def test_hovering_a_key_that_is_not_a_hook_shows_the_schemas_description() -> None:
    assert "shown to a player who tries it" in (_hover(HOUSE, "    because") or "")


# Events --------------------------------------------------------------------------------------
def test_after_on_the_events_of_the_rulesets_family_are_offered() -> None:
    offered = _offered(_stay_alive("  - on: "))
    assert "marble_fell" in offered and "turn_over" in offered
    assert set(offered) == {*STAY_ALIVE.events, *vocab.CORE_EVENTS}


def test_after_on_another_familys_events_are_not_offered() -> None:
    offered = _offered(_stay_alive("  - on: "))
    assert "card_played" not in offered  # an ALIVE event


def test_after_on_in_a_flow_entry_the_events_are_offered() -> None:
    assert "marble_fell" in _offered(_stay_alive("  - {on: marb"))


def test_a_house_rule_of_a_user_ruleset_gets_its_familys_events(tmp_path: Path) -> None:
    folder = Path(os.environ["MARBLESTUDIO_USER_DIR"]) / "house"
    folder.mkdir(parents=True)
    (folder / "base.yaml").write_text(HOUSE.replace("house/fall-again", "house/base"), encoding="utf-8")
    text = "format: 1\nid: house/mine\nname: Mine\nextends: house/base\nrules:\n  - on: "
    assert "marble_fell" in _offered(text)
    top = _offered(text.replace("rules:\n  - on: ", "st"))
    assert "stay_alive" in top and "alive" not in top


def test_hovering_an_event_shows_its_doc_and_fields() -> None:
    help_text = _hover(HOUSE, "on: marble_fell") or ""
    assert STAY_ALIVE.events["marble_fell"].doc in help_text
    assert "event.seat (number)" in help_text and "event.cell (text)" in help_text


# Actions -------------------------------------------------------------------------------------
def test_after_then_the_core_actions_are_offered() -> None:
    offered = _offered(_stay_alive("  - on: marble_fell\n    then: "))
    assert set(offered) == set(vocab.ACTIONS)
    assert "lose_life" not in offered  # an ALIVE action


def test_after_then_a_familys_own_actions_are_offered_too() -> None:
    text = "format: 1\nid: alive/mine\nname: Mine\nextends: alive/standard\nrules:\n  - on: card_played\n    then: "
    offered = _offered(text)
    assert {"lose_life", "draw_cards", "extra_turn", "win"} <= set(offered)


@pytest.mark.parametrize(
    "then",
    ["    then:\n      ", "    then:\n      - extra_turn\n      - ", "    then: [extra_turn, "],
    ids=["block", "list item", "flow list"],
)
def test_actions_are_offered_wherever_then_takes_one(then: str) -> None:
    assert "extra_turn" in _offered(_stay_alive("  - on: marble_fell\n" + then))


def test_under_an_action_its_parameters_are_offered() -> None:
    text = _stay_alive("  - on: marble_fell\n    then:\n      - score:\n          ")
    assert set(_offered(text)) == {"points", "seat"}


def test_hovering_an_action_shows_its_doc() -> None:
    assert vocab.ACTIONS["extra_turn"].doc in (_hover(HOUSE, "then: extra_turn") or "")


def test_hovering_an_actions_parameter_shows_its_doc_and_default() -> None:
    text = _stay_alive("  - on: marble_fell\n    then:\n      score:\n        points: 2\n")
    help_text = _hover(text, "points") or ""
    assert vocab.ACTIONS["score"].params["points"].doc in help_text and "default 1" in help_text


# Expressions ---------------------------------------------------------------------------------
def test_in_a_condition_the_names_functions_event_and_move_are_offered() -> None:
    offered = set(_offered(HOUSE, "if: event.seat != mo"))
    assert {"mover", "players", "score", "fired"} <= offered  # the core's
    assert {"marbles_left", "phase", "is_out"} <= offered  # Stay Alive's
    assert "event" in offered and "move" in offered  # in a trigger, the move that made the event


def test_the_word_an_expression_completion_replaces_is_the_name_being_written() -> None:
    text = _stay_alive("  - on: marble_fell\n    if: event.seat==mo")
    assert word_before(text, *_at(text, text)) == "mo"
    text = _stay_alive("  - on: marble_fell\n    if: mover-1 == event.se")
    assert word_before(text, *_at(text, text)) == "se"


def test_after_event_dot_the_fields_of_the_entrys_event_are_offered() -> None:
    assert set(_offered(HOUSE, "if: event.")) == {"seat", "row", "col", "cell"}
    text = _stay_alive("  - on: slide_moved\n    if: event.")
    assert set(_offered(text)) == {"slide", "from", "to"}


def test_the_event_of_an_entry_written_below_the_condition_counts() -> None:
    text = _stay_alive("  - if: event.\n    on: slide_moved\n    then: extra_turn\n")
    assert set(_offered(text, "if: event.")) == {"slide", "from", "to"}


def test_without_a_known_event_there_is_no_event_to_read() -> None:
    text = _stay_alive("  - on: no_such_event\n    if: ev")
    assert "event" not in _offered(text)
    assert _offered(text + "ent.") == []


def test_in_a_constraint_move_and_its_fields_are_offered() -> None:
    offered = set(_offered(HOUSE, "forbid: \"mo"))
    assert "move" in offered and "event" not in offered
    assert set(_offered(HOUSE, "forbid: \"move.kind == 'slide' and move.")) == {"kind", *STAY_ALIVE.move}


def test_inside_a_text_in_quotes_nothing_is_offered() -> None:
    assert _offered(HOUSE, "forbid: \"move.kind == 'sl") == []


def test_the_turn_shorthands_condition_reads_what_a_trigger_on_turn_over_reads() -> None:
    offered = set(_offered(HOUSE, "if: \"ph"))
    assert {"phase", "event", "move"} <= offered  # it expands into a trigger on turn_over (docs: if: "move.kind == 'slide'")
    assert set(_offered(_stay_alive("  - turn: {moves: 2, if: event."))) == {"seat"}


def test_in_a_turn_shorthand_written_as_a_block_the_condition_is_an_expression() -> None:
    text = _stay_alive("  - turn:\n      moves: 2\n      if: pha")
    assert context_at(text, *_at(text, text)).path == ("rules", 0, "turn")
    assert "phase" in _offered(text)


@pytest.mark.parametrize(
    "then",
    ["    then: {score: 2 * mo", "    then:\n      score: 2 * mo", "    then:\n      - score:\n          points: 2 * mo",
     "    then: {win: mo"],
    ids=["flow", "primary", "named parameter", "win"],
)
def test_an_actions_value_is_an_expression_that_may_read_the_event(then: str) -> None:
    offered = set(_offered(_stay_alive("  - on: marble_fell\n" + then)))
    assert {"mover", "marbles_left", "event"} <= offered


def test_every_line_of_a_block_condition_is_an_expression() -> None:
    text = _stay_alive("  - on: marble_fell\n    if: |\n      event.seat != mover and\n        marbles_left(event.")
    assert set(_offered(text)) == {"seat", "row", "col", "cell"}
    text = _stay_alive("  - on: marble_fell\n    if: event.seat != mover and\n      mo")
    assert "mover" in _offered(text)


def test_hovering_a_function_shows_its_signature_and_doc() -> None:
    help_text = _hover(HOUSE, "marbles_left") or ""
    assert "marbles_left(seat) → number" in help_text
    assert STAY_ALIVE.functions["marbles_left"].doc in help_text


def test_hovering_a_core_name_shows_its_type_and_doc() -> None:
    help_text = _hover(HOUSE, "!= mover") or ""
    assert "mover (number)" in help_text and vocab.core_names()["mover"].doc in help_text


def test_hovering_an_event_field_names_the_event() -> None:
    help_text = _hover(HOUSE, "if: event.seat") or ""
    assert "event.seat (number)" in help_text and "marble_fell" in help_text


def test_hovering_event_lists_its_fields() -> None:
    help_text = _hover(HOUSE, "if: event") or ""
    assert "event (the marble_fell event)" in help_text and "event.row (number)" in help_text


def test_hovering_a_move_field_in_a_constraint() -> None:
    assert "move.slide (text)" in (_hover(HOUSE, "move.slide") or "")


def test_hovering_an_unknown_name_explains_nothing() -> None:
    text = HOUSE.replace("marbles_left", "marbles_lef")
    assert _hover(text, "marbles_lef") is None


def test_outside_rules_the_schema_still_answers() -> None:
    assert "stay_alive" in _offered(HOUSE.replace("rules:\n", "st\nrules:\n"), "\nst")
    assert (describe_at(HOUSE, 4, 3) or "").startswith("extends")


def test_in_a_comment_after_an_expression_nothing_is_offered() -> None:
    assert _offered(_stay_alive("  - on: marble_fell\n    if: mover == 0  # the first pl")) == []


def test_an_entry_of_one_kind_is_offered_only_the_keys_of_its_kind() -> None:
    trigger = set(_offered(_stay_alive("  - on: marble_fell\n    ")))
    assert trigger == {"if", "then", "times", "per", "name", "says"}
    constraint = set(_offered(_stay_alive("  - forbid: move.kind == 'pass'\n    ")))
    assert constraint == {"because", "name", "says"}
    power = set(_offered(_stay_alive("  - name: double\n    power: extra_turn\n    ")))
    assert power == {"if", "times", "says", "choose"}
    per = set(_offered(_stay_alive("  - on: marble_fell\n    times: 1\n    per: event.")))
    assert "seat" in per  # per: reads the event, as the condition does


def test_the_expression_languages_own_words_are_completed_and_explained() -> None:
    text = _stay_alive("  - on: marble_fell\n    if: event.seat != mover an")
    assert "and" in _offered(text)
    hover = _hover(_stay_alive("  - on: marble_fell\n    if: event.seat != mover and mover in [0, 1]\n    then: draw\n"), "mover in")
    assert hover is not None and "a word of the expression language" in hover and "one of a list" in hover


# The words a parameter of an action takes, by its type ----------------------------------------
ALIVE = "format: 1\nid: alive/mine\nname: Mine\nextends: alive/standard\nrules:\n"


@pytest.mark.parametrize(
    "then",
    ["    then: {score: {seat: ", "    then: {draw_cards: {count: 1, seat: ", "    then:\n      draw_cards:\n        seat: ",
     "    then: {win: "],
    ids=["flow", "second parameter", "block", "primary"],
)
def test_a_seat_parameter_offers_the_groups_of_seats_and_the_expression_names(then: str) -> None:
    offered = _offered(ALIVE + "  - on: card_played\n" + then)
    assert set(program.SEAT_GROUPS) <= set(offered)
    assert "mover" in offered and "event" in offered  # a seat is an expression too


def test_a_group_of_seats_completes_from_its_first_letters_and_is_explained() -> None:
    for typed, prefix, word in (("{score: {seat: oth", "oth", "others"), ("{draw_cards: {count: 1, seat: ever", "ever", "everyone")):
        text = ALIVE + "  - on: card_played\n    then: " + typed
        assert word_before(text, *_at(text, text)) == prefix
        assert [w for w in _offered(text) if w.startswith(prefix)] == [word]  # the editor keeps those the word starts
    text = ALIVE + "  - on: card_played\n    then: {draw_cards: {seat: others, count: 1}}\n"
    assert program.SEAT_GROUPS["others"] in (_hover(text, "seat: others") or "")


def test_a_parameter_that_is_not_a_seat_offers_no_group_of_seats() -> None:
    offered = set(_offered(ALIVE + "  - on: card_played\n    then: {score: {points: "))
    assert "mover" in offered and not offered & set(program.SEAT_GROUPS)
    assert not set(_offered(_stay_alive("  - on: marble_fell\n    if: "))) & set(program.SEAT_GROUPS)


# `move` in a trigger: the move that made the event ----------------------------------------------
@pytest.mark.parametrize(
    "where",
    ["    if: ", "    times: 1\n    per: ", "    then: {score: {points: ", "    then:\n      score: "],
    ids=["if", "per", "parameter", "primary"],
)
def test_in_a_trigger_move_and_its_fields_are_offered(where: str) -> None:
    text = _stay_alive("  - on: marble_fell\n" + where)
    assert {"move", "mover", "moves_played"} <= set(_offered(text + "mo"))
    assert set(_offered(text + "move.")) == {"kind", *STAY_ALIVE.move}


def test_hovering_move_in_a_trigger_says_it_is_the_move_that_made_the_event() -> None:
    text = _stay_alive("  - on: marble_fell\n    if: move.kind == 'slide'\n    then: extra_turn\n")
    help_text = _hover(text, "if: move") or ""
    assert "the move that made the event" in help_text and "move.slide (text)" in help_text
    field = _hover(text, "move.kind") or ""
    assert "move.kind (text)" in field and "the move that made the event" in field and "being judged" not in field


def test_a_power_reads_no_move_and_a_trigger_on_an_unknown_event_none_either() -> None:
    assert "move" not in _offered(_stay_alive("  - name: p\n    power: extra_turn\n    if: mo"))
    assert "move" not in _offered(_stay_alive("  - on: no_such_event\n    if: mo"))


# `waive`: a constraint of the ruleset, by its name ----------------------------------------------
WAIVING = (
    "  - name: b\n    forbid: move.slide == 'R1'\n    because: R1 is jammed\n"
    "  - forbid: move.kind == 'pass'\n"
    "  - name: a\n    on: marble_fell\n"
)


@pytest.mark.parametrize(
    "then",
    ["    then: {waive: {rule: ", "    then: {waive: ", "    then:\n      - waive:\n          rule: "],
    ids=["parameter", "primary", "block"],
)
def test_waive_offers_the_constraints_of_the_ruleset_by_name(then: str) -> None:
    offered = _offered(_stay_alive(WAIVING + then))
    assert offered == ["b", "rule 2 (forbid)"]  # a constraint without a name goes by its default name


def test_a_power_that_waives_offers_the_constraints_and_hovering_one_explains_it() -> None:
    text = _stay_alive(WAIVING.replace("  - name: a\n    on: marble_fell\n", "  - name: pass\n    power: {waive: "))
    assert _offered(text) == ["b", "rule 2 (forbid)"]
    help_text = _hover(text + "b}\n", "waive: b") or ""
    assert "b (a constraint of this ruleset)" in help_text and "R1 is jammed" in help_text
