"""The engine contract's shared pieces (engine/core.py), on a tiny made-up game."""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import pytest

from marblestudio.engine.core import (
    CHANCE,
    Event,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    State,
    Termination,
    plain,
    play_random,
)


@dataclass(frozen=True)
class Coin(Move):
    is_chance: ClassVar[bool] = True
    heads: bool

    def __str__(self) -> str:
        return "heads" if self.heads else "tails"


@dataclass(frozen=True, slots=True)
class CoinView:
    """The made-up game's table: the stones left."""

    stones: int


@dataclass(frozen=True)
class Take(Move):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class CoinGame(State):
    """A coin decides who starts; then players take 1 or 2 from 5 stones; who takes the last wins."""

    def __init__(self) -> None:
        self.num_players = 2
        self.stones = 5
        self.taken = [0, 0]
        self.seat = CHANCE
        self.winner: int | None = None

    @property
    def to_move(self) -> int:
        return self.seat

    def legal_moves(self) -> list[Move]:
        if self.winner is not None or self.seat == CHANCE:
            return []
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        return [(Coin(True), 0.5), (Coin(False), 0.5)]

    def apply(self, move: Move) -> list[Event]:
        if isinstance(move, Coin) and self.seat == CHANCE:
            self.seat = 0 if move.heads else 1
            return [Event.of("coin", heads=move.heads)]
        if not isinstance(move, Take) or move not in self.legal_moves():
            raise IllegalMoveError(move, "take 1 or 2 of the stones left")
        self.stones -= move.n
        self.taken[self.seat] += move.n
        events = [Event.of("took", seat=self.seat, n=move.n), Event.of("turn_over", seat=self.seat)]
        if self.stones == 0:
            self.winner = self.seat
            events.append(Event.of("game_over", winners=(self.seat,)))
        else:
            self.seat = 1 - self.seat
        return events

    def copy(self) -> CoinGame:
        new = CoinGame()
        new.stones, new.taken, new.seat, new.winner = self.stones, list(self.taken), self.seat, self.winner
        return new

    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome(Termination.WIN, (self.winner,), "took the last stone")

    def parse_move(self, text: str) -> Move:
        if text in ("heads", "tails"):
            return Coin(text == "heads")
        if text.startswith("take ") and text[5:].isdigit():
            return Take(int(text[5:]))
        raise NotationError(text)

    def public_view(self) -> CoinView:
        return CoinView(self.stones)

    def counts(self) -> Mapping[str, int]:
        return {"pile": self.stones, "taken": sum(self.taken)}


def test_outcome_round_trips_through_json() -> None:
    outcome = Outcome(Termination.CAPPED, (), "move limit")
    assert outcome.to_json() == {"termination": "capped", "winners": [], "reason": "move limit"}
    assert Outcome.from_json(outcome.to_json()) == outcome and outcome.is_draw
    assert not Outcome(Termination.WIN, (1,)).is_draw


def test_event_data_is_sorted_and_readable() -> None:
    event = Event.of("slide_moved", slide="R3", to=2, **{"from": 1})
    assert event.data == (("from", 1), ("slide", "R3"), ("to", 2))
    assert event["to"] == 2 and event.get("nothing", 7) == 7
    assert str(event) == "slide_moved from=1 slide=R3 to=2"
    assert event.to_json() == {"kind": "slide_moved", "from": 1, "slide": "R3", "to": 2}
    assert Event.of("fell", cells=(1, 2)).to_json()["cells"] == [1, 2]
    with pytest.raises(KeyError):
        event["nothing"]


def test_illegal_move_error_names_the_rule() -> None:
    error = IllegalMoveError("R3+", "slide R3 was moved by the previous player")
    assert error.rule == "slide R3 was moved by the previous player" and error.move == "R3+"
    assert str(error) == "illegal move R3+: slide R3 was moved by the previous player"
    assert isinstance(error, ValueError)


def test_sample_chance_draws_from_chance_outcomes_with_the_callers_generator() -> None:
    game = CoinGame()
    draws = {str(game.sample_chance(random.Random(seed))) for seed in range(20)}
    assert draws == {"heads", "tails"}
    assert str(game.sample_chance(random.Random(5))) == str(game.sample_chance(random.Random(5)))


def test_play_random_and_random_playout_make_the_same_draws() -> None:
    a, b = CoinGame(), CoinGame()
    moves = [str(m) for m, _ in play_random(a, random.Random(3))]
    played = b.random_playout(random.Random(3))
    assert a.outcome() == b.outcome() is not None
    assert played == len(moves) - 1  # the coin is chance, not a player move
    assert a.taken == b.taken


def test_defaults_for_perfect_information() -> None:
    game = CoinGame()
    assert game.observation(0) == game.public_view() == CoinView(5)
    twin = game.determinize(1, random.Random(0))
    twin.apply(Coin(True))
    assert game.to_move == CHANCE and not game.is_terminal()


class _Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True, slots=True)
class _Nested:
    colour: _Colour
    cells: tuple[tuple[int, str], ...]
    seats: frozenset[int]
    extra: Mapping[str, int]


def test_plain_gives_a_view_as_json_like_data_field_by_field() -> None:
    view = _Nested(_Colour.RED, ((1, "a1"), (2, "b2")), frozenset({2, 0}), {"k": 1})
    data = plain(view)
    assert data == {"colour": "red", "cells": [[1, "a1"], [2, "b2"]], "seats": [0, 2], "extra": {"k": 1}}
    assert json.loads(json.dumps(data)) == data
    assert plain(CoinView(3)) == {"stones": 3} and plain(None) is None


def test_tell_adds_the_event_of_its_arguments_or_builds_none_without_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio.engine import core
    from marblestudio.engine.core import CoreEvent, Event, tell

    story: list[Event] = []
    tell(story, CoreEvent.TURN_OVER, seat=2)
    tell(story, CoreEvent.RULE_FIRED, frozenset({1}), seat=1, rule="x")
    assert story == [Event.of(CoreEvent.TURN_OVER, seat=2), Event.of(CoreEvent.RULE_FIRED, frozenset({1}), rule="x", seat=1)]
    built: list[object] = []
    monkeypatch.setattr(core, "Event", lambda *args: built.append(args))  # what `tell` would build with
    tell(None, CoreEvent.TURN_OVER, seat=2)  # nothing to add to, nothing built
    assert built == []
    tell(story, CoreEvent.TURN_OVER, seat=3)
    assert built == [(CoreEvent.TURN_OVER, (("seat", 3),), None)]


def test_players_are_counted_in_words() -> None:
    from marblestudio.engine.rules import Players

    assert [str(Players(1, 1, 1)), str(Players(4, 4, 4)), str(Players(2, 6, 4))] == ["1 player", "4 players", "2 to 6 players"]
