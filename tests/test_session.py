"""The Qt-free game session: undo and redo by replaying, chance never drawn again, records."""

from __future__ import annotations

import random
import re

import pytest

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE, IllegalMoveError, Termination
from marblestudio.records import GameRecord, load_record, replay, save_record
from marblestudio.agents.tasks import computer_move
from marblestudio.session import HUMAN, Change, Session, from_record, to_record


def _session(seats: list[str] | None = None, seed: int = 7, ref: str = "stay-alive/standard") -> Session:
    loaded = rulesets.load_with_source(ref)
    return Session(loaded.rules, seats or [HUMAN, HUMAN], seed, loaded.resolved, ref)


def _play_random(session: Session, steps: int, seed: str = "x") -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            return
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))


def test_chance_is_drawn_from_the_seed_so_a_seeded_game_repeats() -> None:
    a, b, c = _session(seed=3), _session(seed=3), _session(seed=4)
    for s in (a, b, c):
        s.advance_chance()
    assert str(a.moves[0]) == str(b.moves[0])
    assert a.moves[0].is_chance
    assert str(a.moves[0]) != str(c.moves[0])


def test_undo_goes_back_before_the_last_human_move_and_redo_replays_it() -> None:
    session = _session([HUMAN, "medium"])
    session.advance_chance()
    setup = str(session.moves[0])
    first = session.state.legal_moves()[0]
    session.play(first)  # human (seat 0)
    reply = session.state.legal_moves()[-1]
    session.play(reply)  # "computer" (seat 1)
    view_after = session.state.public_view()
    assert session.undo()
    assert session.ply == 1  # only the set-up is left: the computer's reply went too
    assert str(session.moves[0]) == setup  # the set-up was not drawn again
    assert session.state.to_move == 0
    assert session.redo()
    assert [str(m) for m in session.moves] == [setup, str(first), str(reply)]
    assert session.state.public_view() == view_after
    assert not session.can_redo()


def test_undo_with_no_human_move_is_refused() -> None:
    session = _session([HUMAN, "medium"])
    session.advance_chance()
    assert not session.can_undo()
    assert not session.undo()
    assert session.ply == 1


def test_a_new_move_after_undo_clears_the_redo() -> None:
    session = _session()
    session.advance_chance()
    moves = session.state.legal_moves()
    session.play(moves[0])
    session.undo()
    assert session.can_redo()
    session.play(moves[1])
    assert not session.can_redo()


def test_illegal_move_leaves_the_session_unchanged_and_names_the_rule() -> None:
    session = _session()
    session.advance_chance()
    before = session.state.public_view()
    with pytest.raises(IllegalMoveError) as info:
        session.play_text("R1+")  # sliding before every marble is placed
    assert "place a marble" in info.value.rule
    assert session.ply == 1
    assert session.state.public_view() == before


def test_subscribers_hear_every_change_with_its_events() -> None:
    session = _session()
    heard: list[Change] = []
    session.subscribe(heard.append)
    session.advance_chance()
    session.play(session.state.legal_moves()[0])
    session.undo()
    assert [c.what for c in heard] == ["played", "played", "undone"]
    assert heard[0].events[0].kind == "slides_set"
    assert heard[1].events[0].kind == "marble_placed"


def test_goto_shows_an_earlier_position_and_keeps_the_rest_for_redo() -> None:
    session = _session()
    _play_random(session, 12)
    all_moves = [str(m) for m in session.moves]
    final = session.state.public_view()
    session.goto(4)
    assert session.ply == 4
    assert [str(m) for m in session.all_moves()] == all_moves
    while session.redo():
        pass
    assert session.state.public_view() == final


def test_resign_ends_the_game_for_the_other_player_and_undo_takes_it_back() -> None:
    session = _session()
    _play_random(session, 3)
    outcome = session.resign(0)
    assert session.is_over()
    assert outcome.termination is Termination.WIN
    assert outcome.winners == (1,)
    assert session.undo()
    assert not session.is_over()


def test_a_resigned_game_is_saved_as_finished_and_reopens_resigned(tmp_path) -> None:  # type: ignore[no-untyped-def]
    session = _session([HUMAN, "easy"], seed=5)
    _play_random(session, 6)
    outcome = session.resign(0)
    path = tmp_path / "resigned.json"
    save_record(path, to_record(session))
    record = load_record(path)
    assert record.resigned == 0
    assert record.outcome == outcome and outcome.winners == (1,) and "resigned" in outcome.reason
    replay(record)  # the moves, then the resignation, reach the recorded result
    again = from_record(record)
    assert again.is_over() and again.outcome() == outcome and again.saved
    assert again.undo() and not again.is_over()  # taking the resignation back, as in play


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"resigned": 5}, "'resigned' must be the seat that resigned, 0 to 1, not 5"),
        ({"resigned": "0"}, "'resigned' must be the seat that resigned"),
        ({"result": None}, "says seat 0 resigned but has no 'result'"),
        ({"result": {"termination": "win", "winners": [0], "reason": "Black resigned"}}, "the replay ends in a win for seat(s) 1"),
    ],
)
def test_a_bad_resignation_in_a_record_is_named(tmp_path, change: dict, message: str) -> None:  # type: ignore[no-untyped-def]
    import json

    from marblestudio.records import RecordError

    session = _session([HUMAN, HUMAN], seed=5)
    _play_random(session, 6)
    session.resign(0)
    data = to_record(session).to_json()
    data.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape(message)):
        replay(load_record(path))


def test_a_resignation_recorded_after_the_end_of_the_game_is_refused() -> None:
    from marblestudio.records import RecordError

    session = _session([HUMAN, HUMAN], seed=5)
    rng = random.Random("end")
    while not session.is_over():
        session.play(rng.choice(session.state.legal_moves())) if session.state.to_move != CHANCE else session.advance_chance()
    record = to_record(session)
    record.resigned = 0
    with pytest.raises(RecordError, match="resigned after the game was over"):
        replay(record)


def test_record_of_an_unfinished_game_loads_and_plays_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    session = _session([HUMAN, "hard"], seed=11)
    _play_random(session, 9)
    path = tmp_path / "game.json"
    save_record(path, to_record(session))
    record = load_record(path)
    assert record.result is None
    again = from_record(record)
    assert again.seats == [HUMAN, "hard"]
    assert again.seed == 11
    assert again.state.public_view() == session.state.public_view()
    assert again.saved


def test_record_of_a_finished_game_replays_to_its_result() -> None:
    session = _session(ref="stay-alive/quick")
    _play_random(session, 5000, seed="to the end")
    assert session.is_over()
    record = GameRecord.from_json(to_record(session).to_json())
    state, _ = replay(record)
    assert state.outcome() == session.outcome()


def test_computer_move_returns_a_legal_move_in_notation() -> None:
    session = _session([HUMAN, "random"])
    session.advance_chance()
    text = computer_move(session.rules, 2, [str(m) for m in session.moves], "random", 1)
    assert text in {str(m) for m in session.state.legal_moves()}


# A resignation on the timeline (issue 14, items 1 and 12) ----------------------------------------
def _resigned_record(tmp_path, ref: str = "stay-alive/standard", players: int = 2):  # type: ignore[no-untyped-def]
    seats = [HUMAN] + ["easy"] * (players - 1)
    session = _session(seats, seed=5, ref=ref)
    _play_random(session, 8)
    session.resign(0)
    path = tmp_path / "resigned.json"
    save_record(path, to_record(session))
    return load_record(path), session


def test_a_resigned_game_steps_from_its_start_to_the_resignation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record, played = _resigned_record(tmp_path)
    session = from_record(record)
    moves = len(record.moves)
    assert session.timeline_length == moves + 1 and session.position == moves + 1
    session.goto(0)
    assert session.position == 0 and not session.is_over()  # the start, before anyone resigned
    assert [str(m) for m in session.all_moves()] == record.moves
    while session.redo():  # every step, then the resignation: no "the game is over"
        pass
    assert session.ply == moves and session.position == moves + 1
    assert session.outcome() == played.outcome()


def test_goto_reaches_the_resignation_after_the_last_move_and_leaves_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record, played = _resigned_record(tmp_path)
    session = from_record(record)
    moves = len(record.moves)
    session.goto(moves)
    assert session.ply == moves and not session.is_over() and session.can_redo()
    session.goto(moves + 1)
    assert session.outcome() == played.outcome() and not session.can_redo()
    session.goto(3)
    assert session.ply == 3 and session.timeline_length == moves + 1


def test_redo_restores_a_resignation_that_undo_took_back() -> None:
    session = _session()
    _play_random(session, 5)
    outcome = session.resign(1)
    assert session.undo() and not session.is_over()
    assert session.can_redo()
    assert session.redo()
    assert session.outcome() == outcome and session.resigned is not None and session.resigned[0] == 1
    assert not session.can_redo()


def test_a_move_after_the_end_never_names_a_hidden_card() -> None:
    session = _session([HUMAN, HUMAN], ref="alive/standard")
    session.advance_chance()
    deal = session.history[0].move
    session.resign(0)
    with pytest.raises(IllegalMoveError) as info:
        session.play(deal)
    assert str(deal) not in str(info.value) and deal.public_text in str(info.value)


def test_state_at_shows_an_earlier_position_without_changing_the_game() -> None:
    session = _session()
    _play_random(session, 10)
    now = session.state.public_view()
    probe = _session()
    for move in session.moves[:4]:
        probe.play(move)
    assert session.state_at(4).public_view() == probe.state.public_view()
    assert session.state.public_view() == now and session.ply == 10


def test_branch_at_starts_a_new_unsaved_game_from_an_earlier_position() -> None:
    session = _session([HUMAN, "easy"])
    _play_random(session, 10)
    session.resign(0)
    branch = session.branch_at(6)
    assert [str(m) for m in branch.moves] == [str(m) for m in session.moves[:6]]
    assert branch.seats == [HUMAN, "easy"] and not branch.is_over() and not branch.saved


def test_player_moves_counts_the_players_moves_and_not_the_chance_steps() -> None:
    session = _session(ref="archimedes/standard")
    session.advance_chance()  # the starting rolls
    assert session.ply == 1 and session.player_moves == 0
    session.play(session.state.legal_moves()[0])  # a marble added
    assert session.player_moves == 1
    while session.state.to_move != CHANCE:
        roll = next((m for m in session.state.legal_moves() if str(m) == "roll"), None)
        session.play(roll if roll is not None else session.state.legal_moves()[0])
    session.advance_chance()  # the die
    assert session.ply == session.player_moves + 2
