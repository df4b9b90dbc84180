"""Rule pieces at play, each worked out by hand from what the piece says (house rules on Stay Alive's
placing phase, where every seat places one marble a turn in seat order, GAMES.md section 1)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, GAME_OVER, CoreEvent, IllegalMoveError, State, Termination, play_random
from marblestudio.engine.pieces.runtime import Ruled
from marblestudio.rulesets import from_resolved, load_with_source


def house(tmp_path: Path, rules: list[dict[str, Any]], base: str = "stay-alive/standard", **extra: Any) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/test", "name": "Test", "extends": base, "rules": rules, **extra}))
    return load_with_source(path)


def placing(tmp_path: Path, rules: list[dict[str, Any]], players: int = 2) -> State:
    """A game of the house rule after its random set-up: the placing phase, seat 0 to move."""
    state = new_game(house(tmp_path, rules).rules, players)
    state.apply(state.sample_chance(random.Random(0)))
    assert state.to_move == 0
    return state


def place(state: State) -> list[Any]:
    """The seat to move places a marble on its first legal cell."""
    return state.apply(state.legal_moves()[0])


def movers(state: State, moves: int) -> list[int]:
    out = []
    for _ in range(moves):
        out.append(state.to_move)
        place(state)
    return out


def test_a_ruleset_without_pieces_plays_the_familys_own_class(tmp_path: Path) -> None:
    state = new_game(load_with_source("stay-alive/standard").rules)
    assert not isinstance(state, Ruled)
    assert isinstance(new_game(house(tmp_path, [{"on": "turn_over", "if": "false", "then": "extra_turn"}]).rules), Ruled)


def test_turn_shorthand_gives_each_turn_two_moves(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"turn": {"moves": 2}}])
    assert movers(state, 6) == [0, 0, 1, 1, 0, 0]


def test_extra_turn_with_times_one_is_a_once_a_game_power_for_each_seat(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"name": "double", "on": "marble_placed", "times": 1, "then": "extra_turn"}])
    # each seat's first placing gives it one more; later placings do not
    assert movers(state, 7) == [0, 0, 1, 1, 0, 1, 0]
    assert state.fired() == {"double": 2}  # type: ignore[attr-defined]


def test_skip_next_passes_over_the_next_seat(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"on": "marble_placed", "if": "mover == 0", "then": "skip_next"}], players=3)
    assert movers(state, 5) == [0, 2, 0, 2, 0]


def test_give_turn_names_who_moves_next(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"on": "turn_over", "then": {"give_turn": "(mover + 2) % players"}}], players=3)
    assert movers(state, 4) == [0, 2, 1, 0]


def test_win_ends_the_game_at_once_with_the_rule_as_reason(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"name": "three placed", "on": "marble_placed", "if": "moves_played >= 3", "then": "win"}])
    place(state)
    place(state)
    events = place(state)  # the third move, by seat 0
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.termination is Termination.WIN
    assert "three placed" in outcome.reason
    kinds = [e.kind for e in events]
    assert kinds[-1] == GAME_OVER and kinds[-2] == CoreEvent.RULE_FIRED and kinds.count(GAME_OVER) == 1
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply(state.parse_move(str(events[0]["cell"])))


def test_lose_gives_the_game_to_every_other_seat(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"on": "marble_placed", "if": "mover == 1", "then": {"lose": "mover"}}], players=3)
    movers(state, 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_draw_ends_the_game_without_winners(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"on": "marble_placed", "then": "draw"}])
    place(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW and outcome.winners == ()


def test_score_counts_points_that_a_later_rule_reads(tmp_path: Path) -> None:
    rules = [
        {"name": "point", "on": "marble_placed", "then": {"score": {"points": "1 + mover"}}},
        {"name": "five", "on": "turn_over", "if": "score(mover) >= 5", "then": "win"},
    ]
    state = placing(tmp_path, rules)
    # seat 0 scores 1 a placing, seat 1 scores 2: seat 1 reaches 6 on its third placing (move 6),
    # while seat 0 has 3
    movers(state, 6)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert state.rule_state.scores == [3, 6]  # type: ignore[attr-defined]


def test_a_constraint_leaves_moves_out_and_refuses_them_with_its_reason(tmp_path: Path) -> None:
    rule = {"name": "no top row", "forbid": "move.kind == 'place' and move.row == 0", "because": "the top row is the river"}
    state = placing(tmp_path, [rule])
    legal = state.legal_moves()
    assert legal and all(m.row != 0 for m in legal)  # type: ignore[attr-defined]
    plain = new_game(load_with_source("stay-alive/standard").rules, 2)
    plain.apply(plain.sample_chance(random.Random(0)))
    top = [m for m in plain.legal_moves() if m.row == 0]  # type: ignore[attr-defined]
    assert top, "the set-up leaves closed cells in the top row"
    with pytest.raises(IllegalMoveError, match="the rule 'no top row' forbids it: the top row is the river"):
        state.apply(state.parse_move(str(top[0])))
    assert state.to_move == 0  # unchanged


def test_a_constraint_that_forbids_every_move_leaves_the_pass_of_a_player_with_no_move(tmp_path: Path) -> None:
    # as a Stay Alive player with no legal move: the player passes, and the rule is counted
    state = placing(tmp_path, [{"name": "never", "forbid": "true"}])
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    events = state.apply(state.legal_moves()[0])
    assert "passed" in [e.kind for e in events] and state.to_move == 1
    assert state.fired() == {"never": 1}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("ruleset_id", "expected"), [("alive/standard", "flip"), ("avalanche/standard", "pass"),
                                                       ("archimedes/standard", "pass")])
def test_in_every_game_a_rule_that_forbids_every_move_leaves_its_move_for_having_none(ruleset_id: str, expected: str) -> None:
    from marblestudio.rulesets.loader import from_resolved

    rules = from_resolved({**load_with_source(ruleset_id).resolved, "rules": [{"name": "never", "forbid": "true"}]})
    state = new_game(rules, 2)
    rng = random.Random(0)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    assert [str(m) for m in state.legal_moves()] == [expected]
    state.apply(state.legal_moves()[0])
    assert state.fired() == {"never": 1}  # type: ignore[attr-defined]


def test_in_mancala_a_rule_that_forbids_every_sowing_forbids_none() -> None:
    # a Kalah player must sow, and the game has no move for having none
    from marblestudio.rulesets.loader import from_resolved

    rules = from_resolved({**load_with_source("mancala/kalah").resolved, "rules": [{"name": "never", "forbid": "true"}]})
    state = new_game(rules, 2)
    plain = new_game(load_with_source("mancala/kalah").rules, 2)
    assert state.legal_moves() == plain.legal_moves() and len(state.legal_moves()) == 6


def test_a_copy_keeps_and_separates_the_rule_state(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"name": "p", "on": "marble_placed", "then": {"score": 1}}])
    place(state)
    twin = state.copy()
    assert isinstance(twin, Ruled) and twin.fired() == {"p": 1}
    place(twin)
    assert twin.fired() == {"p": 2} and state.fired() == {"p": 1}  # type: ignore[attr-defined]


def test_a_ruleset_with_pieces_pickles_as_plain_data_and_plays_the_same_after(tmp_path: Path) -> None:
    loaded = house(tmp_path, [{"name": "again", "on": "marble_fell", "if": "event.seat != mover", "then": "extra_turn"}])
    again = pickle.loads(pickle.dumps(loaded.rules))
    rebuilt = from_resolved(loaded.resolved)
    results = []
    for rules in (loaded.rules, again, rebuilt):
        state = new_game(rules, 2)
        moves = [str(m) for m, _ in play_random(state, random.Random(11))]
        results.append((moves, state.outcome(), state.fired()))  # type: ignore[attr-defined]
    assert results[0] == results[1] == results[2]
    assert results[0][2]["again"] > 0


@pytest.mark.parametrize(
    ("base", "rules"),
    [
        ("stay-alive/standard", [{"on": "marble_fell", "if": "event.seat != mover", "then": "extra_turn"}]),
        ("alive/standard", [{"on": "card_played", "if": "event.card == 'SKIP'", "then": {"draw_cards": {"seat": "next_seat()", "count": 1}}}]),
        ("avalanche/standard", [{"on": "gate_flipped", "then": {"score": 1}}, {"on": "turn_over", "if": "score(mover) >= 6", "then": "win"}]),
        ("archimedes/standard", [{"on": "marble_placed", "times": 2, "then": "extra_turn"}]),
    ],
)
def test_every_family_plays_house_rules_to_the_end_and_conserves_its_pieces(tmp_path: Path, base: str, rules: list[dict[str, Any]]) -> None:
    loaded = house(tmp_path, rules, base)
    for seed in range(4):
        state = new_game(loaded.rules)
        start = sum(state.counts().values())
        replay = new_game(loaded.rules)
        for move, _ in play_random(state, random.Random(seed)):
            replay.apply(replay.parse_move(str(move)))
            assert sum(state.counts().values()) == start  # no marble or card created or lost
        assert state.outcome() is not None
        assert replay.outcome() == state.outcome() and replay.fired() == state.fired()  # type: ignore[attr-defined]


def test_a_set_up_trigger_chooses_who_starts(tmp_path: Path) -> None:
    # the set-up (a chance step) is no one's turn: give_turn there takes effect before the first move
    state = new_game(house(tmp_path, [{"name": "second starts", "on": "slides_set", "then": {"give_turn": 1}}]).rules, 2)
    events = state.apply(state.sample_chance(random.Random(0)))
    assert [str(e.kind) for e in events] == ["slides_set", "rule_fired"]
    assert state.to_move == 1
    assert movers(state, 3) == [1, 0, 1]


def test_a_power_is_a_move_the_player_chooses_once_a_game(tmp_path: Path) -> None:
    rules = [{"name": "double", "power": "extra_turn"}]
    state = placing(tmp_path, rules)
    uses = [m for m in state.legal_moves() if str(m) == "use double"]
    assert len(uses) == 1 and state.legal_moves()[-1] == uses[0]  # after the family's own moves
    events = state.apply(state.parse_move("use double"))
    assert [(str(e.kind), e["rule"]) for e in events] == [("rule_fired", "double")]
    assert state.to_move == 0 and "use double" not in [str(m) for m in state.legal_moves()]  # used up for seat 0
    with pytest.raises(IllegalMoveError, match="the power 'double' is used up"):
        state.apply(state.parse_move("use double"))
    # the turn goes on: seat 0 places, then (the extra turn) places again; seat 1 still has its own power
    assert movers(state, 3) == [0, 0, 1]
    assert state.to_move == 0 and "use double" not in [str(m) for m in state.legal_moves()]
    place(state)
    assert state.to_move == 1 and "use double" in [str(m) for m in state.legal_moves()]


def test_a_power_with_a_condition_is_offered_only_when_it_holds(tmp_path: Path) -> None:
    state = placing(tmp_path, [{"name": "late", "power": {"score": 5}, "if": "moves_played >= 2", "times": 2}])
    assert "use late" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError, match="may not be used now"):
        state.apply(state.parse_move("use late"))
    movers(state, 2)
    state.apply(state.parse_move("use late"))
    state.apply(state.parse_move("use late"))
    assert state.rule_state.scores == [10, 0]  # type: ignore[attr-defined]
    with pytest.raises(Exception, match="no power 'early'"):
        state.parse_move("use early")


def test_a_game_with_powers_replays_from_its_notation(tmp_path: Path) -> None:
    loaded = house(tmp_path, [{"name": "double", "power": "extra_turn", "if": "phase == 'sliding'"}])
    for seed in range(6):
        state = new_game(loaded.rules, 2)
        played = [str(m) for m, _ in play_random(state, random.Random(seed))]
        again = new_game(loaded.rules, 2)
        for text in played:
            again.apply(again.parse_move(text))
        assert again.outcome() == state.outcome() and again.fired() == state.fired()  # type: ignore[attr-defined]
    assert any(t == "use double" for t in played)


def test_a_constraint_reads_turn_moves_as_the_number_of_the_move_it_judges(tmp_path: Path) -> None:
    # two placings a turn, and the second may not be in row 7: the first placing of a turn is
    # free, the second (turn_moves == 2 while it is judged) is not
    rules = [{"turn": {"moves": 2}}, {"name": "not 7 twice", "forbid": "turn_moves == 2 and move.row == 6"}]
    state = placing(tmp_path, rules)
    assert any(m.row == 6 for m in state.legal_moves())  # type: ignore[attr-defined]
    first = next(m for m in state.legal_moves() if m.row != 6)  # type: ignore[attr-defined]
    state.apply(first)
    assert state.to_move == 0 and not any(m.row == 6 for m in state.legal_moves())  # type: ignore[attr-defined]
    state.apply(state.legal_moves()[0])
    assert state.to_move == 1 and any(m.row == 6 for m in state.legal_moves())  # type: ignore[attr-defined]


def test_the_hooked_fast_playout_runs_every_rule_and_keeps_count(tmp_path: Path) -> None:
    # Stay Alive's fast loop plays the moves that drop nothing and sends every move that drops a
    # marble through apply: a point per fallen marble must then equal the marbles fallen, and the
    # rules' move count the family's
    loaded = house(tmp_path, [{"name": "count", "on": "marble_fell", "then": {"score": {"seat": "event.seat"}}}])
    for seed in range(30):
        state = new_game(loaded.rules, 2)
        state.random_playout(random.Random(seed))
        assert state.outcome() is not None
        assert state.rule_state.scores == state.fallen  # type: ignore[attr-defined]
        assert state.rule_state.moves == state.moves_played  # type: ignore[attr-defined]


def test_the_hooked_fast_playout_plays_like_legal_moves_and_apply(tmp_path: Path) -> None:
    # the same distribution of games as the generic loop (different draws): mean length and the
    # mean number of firings agree within a few standard errors over 400 games each
    from statistics import mean, stdev

    loaded = house(tmp_path, [{"name": "again", "on": "marble_fell", "if": "event.seat != mover and turn_moves == 1", "then": "extra_turn"}])
    fast, slow = [], []
    for seed in range(400):
        for out, generic in ((fast, False), (slow, True)):
            state = new_game(loaded.rules, 2)
            moves = State.random_playout(state, random.Random(seed)) if generic else state.random_playout(random.Random(seed))
            out.append((moves, state.fired()["again"]))  # type: ignore[attr-defined]
    for k in (0, 1):
        a, b = [x[k] for x in fast], [x[k] for x in slow]
        error = ((stdev(a) ** 2 + stdev(b) ** 2) / 400) ** 0.5
        assert abs(mean(a) - mean(b)) < 4 * error, (k, mean(a), mean(b), error)


def test_avalanche_playouts_leave_out_the_story_only_when_no_rule_reads_it(tmp_path: Path) -> None:
    # card again triggers on marble_on_card (not the story): the playout may leave the story out and
    # still fires it; gate points triggers on gate_flipped (the story): the playout must tell it
    root = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
    for name, rule in (("avalanche-card-again.yaml", "card again"), ("avalanche-gate-points.yaml", "gate point")):
        rules = load_with_source(root / name).rules
        fired = 0
        for seed in range(10):
            state = new_game(rules)
            state.random_playout(random.Random(seed))
            assert state.outcome() is not None and state.story  # type: ignore[attr-defined]
            fired += state.fired()[rule]  # type: ignore[attr-defined]
        assert fired > 0, name
    # the gate rule cannot be played without the story: the hook declines
    state = new_game(load_with_source(root / "avalanche-gate-points.yaml").rules)
    assert state.hooked_playout(random.Random(0), 10, {"gate_flipped"}, lambda n: None) is None  # type: ignore[attr-defined]


def test_a_plug_ins_hooked_playout_runs_every_capture_through_the_rules() -> None:
    # Mancala (a plug-in) sows each move on a copy first and sends a capture through apply: its fast
    # playouts fire the capture rule as often as legal_moves + apply does (means within 4 standard
    # errors over 300 games each), and the rules' move count is the family's
    from statistics import mean, stdev

    root = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
    rules = load_with_source(root / "mancala-capture-again.yaml").rules
    fast, slow = [], []
    for seed in range(300):
        for out, generic in ((fast, False), (slow, True)):
            state = new_game(rules)
            State.random_playout(state, random.Random(seed)) if generic else state.random_playout(random.Random(seed))
            assert state.outcome() is not None
            assert state.rule_state.moves == state.moves_played  # type: ignore[attr-defined]
            out.append(state.fired()["capture again"])  # type: ignore[attr-defined]
    error = ((stdev(fast) ** 2 + stdev(slow) ** 2) / 300) ** 0.5
    assert mean(fast) > 1 and abs(mean(fast) - mean(slow)) < 4 * error, (mean(fast), mean(slow), error)


def _replayed(rules: Any, seed: int, players: int) -> State:
    """A game played through legal_moves + apply with the draws a family's fast loop makes from
    `random.Random(seed)`: one `random()` a player move (the move at that fraction of the legal
    list) and `sample_chance` at a chance step."""
    from marblestudio.engine.core import CHANCE

    rng = random.Random(seed)
    state = new_game(rules, players)
    while state.outcome() is None:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.apply(moves[int(rng.random() * len(moves))])
    return state


def _fast_and_slow_agree(rules: Any, seeds: range, players: int = 2) -> set[str]:
    """Each seed's fast playout (with its rule pieces told) and its replay through apply end in
    the same position with the same scores, firings and counts; the rules that fired somewhere."""
    fired: set[str] = set()
    for seed in seeds:
        fast = new_game(rules, players)
        fast.random_playout(random.Random(seed))
        slow = _replayed(rules, seed, players)
        assert slow.outcome() == fast.outcome(), seed
        assert slow.position() == fast.position(), seed  # type: ignore[attr-defined]
        a, b = fast.rule_state, slow.rule_state  # type: ignore[attr-defined]
        assert (a.scores, a.fired, a.moves) == (b.scores, b.fired, b.moves), seed
        fired |= {name for name, count in fast.fired().items() if count}  # type: ignore[attr-defined]
    return fired


@pytest.mark.parametrize("base", ["mancala/kalah", "mancala/oware"])
def test_a_plug_ins_told_fast_moves_fire_the_rules_exactly_as_apply(tmp_path: Path, base: str) -> None:
    # Mancala's hooked playout plays a move that fires a rule itself and tells the triggers its
    # events: replaying the same draws through legal_moves + apply must end in the same position
    # with the same scores, firings and counts (every kind the loop may tell is listened to, and one
    # rule gives extra turns, so turns that go on are told too)
    rules = [
        {"name": "captures", "on": "seeds_captured", "then": {"score": {"seat": "event.seat", "points": "event.seeds"}}},
        {"name": "slam", "on": "grand_slam", "then": {"score": {"seat": "event.seat", "points": 5}}},
        {"name": "again", "on": "seeds_captured", "if": "event.seeds >= 3 and turn_moves == 1", "then": "extra_turn"},
        {"name": "store landing", "on": "extra_turn", "then": {"score": {"points": "turn_moves"}}},
    ]
    fired = _fast_and_slow_agree(house(tmp_path, rules, base=base).rules, range(60))
    assert {"captures", "again"} <= fired
    if base == "mancala/kalah":
        assert "store landing" in fired


@pytest.mark.parametrize("listens", ["card_played", "total"])
def test_alives_told_fast_moves_fire_the_rules_exactly_as_apply(tmp_path: Path, listens: str) -> None:
    # ALIVE's fast loop tells every move's events to the rules (quietly: card_played made by the
    # loop; loudly, with every event, when a rule reads `total`); the same draws through apply agree
    rules: list[dict[str, Any]] = [
        {"name": "sevens", "on": "card_played", "if": "event.card == '7' and event.left > 0", "then": "extra_turn"},
        {"name": "exact", "on": "card_played", "if": "event.total == limit", "then": {"score": {"points": "event.left"}}},
        {"name": "lives", "on": "life_lost", "then": {"score": {"seat": "event.seat", "points": 3}}},
        {"name": "skips", "on": "player_skipped", "then": {"draw_cards": {"seat": "event.seat", "count": 1}}},
    ]
    if listens == "total":
        rules.append({"name": "totals", "on": "total", "if": "event.total > 15", "then": {"score": {"points": 1}}})
    fired = _fast_and_slow_agree(house(tmp_path, rules, base="alive/standard").rules, range(40), players=3)
    assert {"sevens", "exact", "lives", "skips"} <= fired
    if listens == "total":
        assert "totals" in fired


def test_a_trigger_reads_the_move_that_made_its_event(tmp_path: Path) -> None:
    # two slides a turn, written on the move: the last placing makes the sliding phase begin, but
    # it is a placing, so its player does not slide in the same turn (an audit found `phase ==
    # 'sliding'` giving the last placer a slide move); every slide move gets its second one
    loaded = house(tmp_path, [{"name": "two slides", "turn": {"moves": 2, "if": "move.kind == 'slide'"}},
                              {"name": "rolls", "on": "slides_set", "if": "move.kind == 'chance'", "then": {"score": {"seat": 1, "points": 1}}}])
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(loaded.rules, 2)
        history: list[tuple[int, str]] = []
        while state.outcome() is None:
            if state.to_move < 0:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_move
            move = rng.choice(state.legal_moves())
            state.apply(move)
            history.append((seat, str(move)))
        kinds = ["place" if "+" not in m and "-" not in m and m != "pass" else "slide" for _, m in history]
        for i in range(1, len(history)):
            if kinds[i] == "slide" and kinds[i - 1] == "place":  # the first slide of the game: another player's
                assert history[i][0] != history[i - 1][0], (seed, history[i - 1:i + 1])
        assert state.rule_state.scores[1] == 1  # type: ignore[attr-defined]
        assert state.fired()["two slides"] > 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("base", ["mancala/kalah", "stay-alive/standard", "alive/standard", "archimedes/standard"])
def test_a_rule_on_game_over_scores_the_winners_and_its_draw_replaces_the_result(tmp_path: Path, base: str) -> None:
    # a point for each winner at the end (a match scored by points reads it), then a rule that
    # makes every won game a draw: the rule's result replaces the game's own.  Played through
    # apply and through the fast playouts
    rules: list[dict[str, Any]] = [{"name": f"won {s}", "on": "game_over", "if": f"won({s}) and event.termination == 'win'",
                                    "then": {"score": {"seat": s, "points": 1}}} for s in (0, 1)]
    rules.append({"name": "no winners", "on": "game_over", "if": "event.termination == 'win'", "then": "draw"})
    loaded = house(tmp_path, rules, base=base)
    won = 0
    for seed in range(6):
        for fast in (False, True):
            state = new_game(loaded.rules, 2)
            if fast:
                state.random_playout(random.Random(seed))
                events: list[Any] = []
            else:
                events = [e for _, step in play_random(state, random.Random(seed)) for e in step]
            outcome = state.outcome()
            assert outcome is not None and outcome.termination is not Termination.WIN
            scores = state.rule_state.scores  # type: ignore[attr-defined]
            assert sum(scores) == state.fired()["no winners"]  # type: ignore[attr-defined]  # one winner a won game
            if events:  # the log ends with the rule's result, once
                assert [e.kind for e in events].count(GAME_OVER) == 1 and events[-1].kind == GAME_OVER
                assert events[-1]["termination"] == outcome.termination.value
            won += sum(scores)
    assert won > 0


def test_partners_rule_coverage_counts_the_rules_of_the_two_sided_game(tmp_path: Path) -> None:
    # four players as two sides of Kalah (engine.partners): simulate, compare and the playtest read
    # the firings of the game inside (an audit found no coverage reported for partners' games)
    from marblestudio.playtest.workers import fired_in

    loaded = house(tmp_path, [{"name": "captures", "on": "seeds_captured", "then": {"score": {"seat": "event.seat"}}}],
                   base="mancala/kalah", teams={"count": 2}, players={"min": 4, "max": 4, "default": 4})
    state = new_game(loaded.rules, 4)
    for _ in play_random(state, random.Random(1)):
        pass
    assert state.outcome() is not None
    fired = fired_in(state)
    assert fired["captures"] > 0 and fired["captures"] == sum(state.inner.rule_state.scores)  # type: ignore[attr-defined]


def test_avalanches_quiet_rule_playout_tells_the_rules_what_they_read_exactly_as_apply(tmp_path: Path) -> None:
    # Avalanche's house-rule playout plays quietly (no story, few events) but builds the kinds its
    # rules read: with the same draws, legal_moves + apply ends in the same position, scores and counts
    rules = [
        {"name": "card again", "on": "marble_on_card", "if": "event.seat == mover and turn_moves < 3", "then": "extra_turn"},
        {"name": "picked", "on": "marble_picked", "if": "event.colour == 'red'", "then": {"score": 1}},
        {"name": "held", "on": "marbles_to_hand", "then": {"score": {"seat": "event.seat", "points": 2}}},
        {"name": "turns", "on": "turn_over", "if": "event.seat == 1", "then": {"score": {"seat": 2, "points": 1}}},
    ]
    loaded = house(tmp_path, rules, base="avalanche/standard")
    fired: set[str] = set()
    for seed in range(12):
        fast = new_game(loaded.rules, 3)
        fast.random_playout(random.Random(seed))
        slow = new_game(loaded.rules, 3)
        rng = random.Random(seed)
        while slow.outcome() is None:
            if slow.to_move < 0:
                slow.apply(slow.sample_chance(rng))
            else:
                moves = slow.legal_moves()
                slow.apply(moves[rng.randrange(len(moves))])
        assert slow.position() == fast.position(), seed  # type: ignore[attr-defined]
        a, b = fast.rule_state, slow.rule_state  # type: ignore[attr-defined]
        assert (a.scores, a.fired, a.moves) == (b.scores, b.fired, b.moves), seed
        fired |= {name for name, count in fast.fired().items() if count}  # type: ignore[attr-defined]
    assert fired == {"card again", "picked", "held", "turns"}


def test_a_field_named_from_is_read_although_from_is_a_python_keyword(tmp_path: Path) -> None:
    # slide_moved has `from` and `to` (an audit found `event.from` refused as bad syntax): a slide
    # moved out from its inside position scores a point for the mover
    loaded = house(tmp_path, [{"name": "out", "on": "slide_moved", "if": "event.from == 0 and event.to == 1", "then": {"score": 1}}])
    state = new_game(loaded.rules, 2)
    fired = 0
    for _, events in play_random(state, random.Random(2)):
        moved = [e for e in events if e.kind == "slide_moved"]
        fired += sum(1 for e in moved if e["from"] == 0 and e["to"] == 1)
    assert fired > 0 and sum(state.rule_state.scores) == fired  # type: ignore[attr-defined]


def test_an_action_that_acts_only_on_one_event_is_refused_on_another_at_its_line(tmp_path: Path) -> None:
    # add_to_roll changes the roll just made: on marble_placed it would never do anything (an audit
    # found it accepted, firing hundreds of times with no effect)
    from marblestudio.rulesets import RulesetError

    with pytest.raises(RulesetError) as caught:
        house(tmp_path, [{"name": "longer", "on": "marble_placed", "then": {"add_to_roll": 1}}], base="archimedes/standard")
    message = str(caught.value)
    assert "add_to_roll acts only in a trigger on die_rolled" in message and "house.yaml:" in message
    assert house(tmp_path, [{"name": "longer", "on": "die_rolled", "then": {"add_to_roll": 1}}], base="archimedes/standard")
    assert house(tmp_path, [{"name": "boost", "power": {"add_to_roll": 1}}], base="archimedes/standard")


def test_max_and_min_give_the_larger_and_the_smaller_number(tmp_path: Path) -> None:
    from marblestudio.engine.pieces.expr import BOOL, INT, compile_expression
    from marblestudio.engine.pieces.program import _scope, family_hooks

    scope = _scope(family_hooks("stay-alive"), None, "")
    assert compile_expression("max(3, 7) * 10 + min(3, 7)", scope, INT).evaluate(None) == 73  # type: ignore[arg-type]
    assert compile_expression("max(-2, -5) == -2 and min(4, 4) == 4", scope, BOOL).evaluate(None)  # type: ignore[arg-type]


def test_a_trigger_reading_move_on_a_chance_step_reads_its_fields_as_nothing(tmp_path: Path) -> None:
    # a die roll is a chance step: move.kind is 'chance' and its other fields are 0 or '' (the
    # fuzz property found `move.spaces // 2` raising on None there)
    loaded = house(tmp_path, [{"name": "rolls", "on": "die_rolled", "if": "move.kind == 'chance' and move.spaces // 2 == 0 and move.to == '' and mover >= 0",
                               "then": {"score": 1}}], base="archimedes/standard")
    state = new_game(loaded.rules, 2)
    rolls = 0
    for _, events in play_random(state, random.Random(3), max_steps=300):
        rolls += sum(1 for e in events if e.kind == "die_rolled")
    assert rolls > 0 and sum(state.rule_state.scores) == state.fired()["rolls"] > 0  # type: ignore[attr-defined]


def test_insert_turn_slips_a_turn_in_and_play_goes_back_to_the_seat_that_would_have_moved(tmp_path: Path) -> None:
    # three players: when your marble falls on another's move, you take a turn at once; then play
    # goes on with the seat that would have moved (the order does not change)
    loaded = house(tmp_path, [{"name": "at once", "on": "marble_fell", "if": "event.seat != mover", "then": {"insert_turn": "event.seat"}}])
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(loaded.rules, 3)
        while state.outcome() is None:
            if state.to_move < 0:
                state.apply(state.sample_chance(rng))
                continue
            mover = state.to_move
            events = state.apply(rng.choice(state.legal_moves()))
            fired = [e for e in events if e.kind == "rule_fired"]
            rs = state.rule_state  # type: ignore[attr-defined]
            if not fired or state.outcome() is not None or rs.inserted < 0:
                continue
            inserted, resume = rs.inserted, rs.resume
            assert state.to_move == inserted != mover
            assert 0 <= resume != inserted
            from marblestudio.engine import from_position

            assert from_position(loaded.rules, state.position()).rule_state.resume == resume  # type: ignore[attr-defined]
            events = state.apply(rng.choice(state.legal_moves()))  # the slipped-in turn
            if state.outcome() is None and not any(e.kind == "rule_fired" for e in events) and not state.is_out(resume):  # type: ignore[attr-defined]
                assert state.to_move == resume
                checked += 1
    assert checked > 3


def test_insert_turn_for_two_seats_slips_both_turns_in_in_order(tmp_path: Path) -> None:
    # found by an audit: one slide that drops two other players' marbles gave only one of them the
    # turn; each now takes one, in the order the rule named them, then play goes back
    loaded = house(tmp_path, [{"name": "at once", "on": "marble_fell", "if": "event.seat != mover", "then": {"insert_turn": "event.seat"}}])
    from marblestudio.engine import from_position

    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(loaded.rules, 4)
        while state.outcome() is None and checked < 3:
            if state.to_move < 0:
                state.apply(state.sample_chance(rng))
                continue
            mover, after = state.to_move, state.copy()
            events = state.apply(rng.choice(state.legal_moves()))
            named = list(dict.fromkeys(e["seat"] for e in events if e.kind == "marble_fell" and e["seat"] != mover))
            rs = state.rule_state  # type: ignore[attr-defined]
            if len(named) < 2 or state.outcome() is not None or rs.inserted < 0:
                continue
            waiting = [s for s in named if s != after.seat_after(mover)]  # the seat to move anyway needs no slipped-in turn
            if len(waiting) < 2 or any(state.is_out(s) for s in waiting):  # type: ignore[attr-defined]
                continue
            assert state.to_move == waiting[0] and rs.queued == tuple(waiting[1:])
            assert from_position(loaded.rules, state.position()).rule_state.queued == rs.queued  # type: ignore[attr-defined]
            events = state.apply(rng.choice(state.legal_moves()))  # the first slipped-in turn
            if state.outcome() is None and not any(e.kind == "rule_fired" for e in events) and not state.is_out(waiting[1]):  # type: ignore[attr-defined]
                assert state.to_move == waiting[1]
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3
