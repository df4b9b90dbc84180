"""The main window's match play (issue 16): a game of a ruleset with `match:` is the first game
of a match; the status bar shows the running score, Game > Next Game plays the next game of the
match and Game > Save Match… writes the match record.  A part of `MainWindow` (its `matches`).

The match's score (`engine.match.Match`) holds the games that are over and done with: the game
on the table counts in the score shown as soon as it is over, and is added for good when the
next game starts, so that undoing its last move (or a resignation) takes it out of the score
again.  Players keep their numbers from their seats in the first game; with `start: rotate` they
move on one seat each game (`Match.seating`), and each seat's badge shows the points of the
player in it.  Game k is seeded from the match's seed (`engine.match.round_seed`).

An opened match record is watched the same way (`watch`): the seats bar shows the score before
the game on the table, with that game counted once its replay reaches the end, and Next Game
opens the record's next game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from marblestudio.engine.match import Match, round_seed
from marblestudio.engine.pieces.runtime import rule_scores
from marblestudio.session import Session, from_record

if TYPE_CHECKING:
    from collections.abc import Sequence

    from marblestudio.match_records import MatchRecord, ReplayedGame
    from marblestudio.records import GameRecord
    from marblestudio.views.main_window import MainWindow

MATCH_FILTER = "Match records (*.json);;All files (*)"


class WindowMatch:
    """The match being played in one window, if any: its score, its players and its games."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.match: Match | None = None  # the games over and done with (not the one on the table)
        self.session: Session | None = None  # the match's game on the table
        self.kinds: list[str] = []  # who plays each player: "human" or an agent spec
        self.seed = 0
        self.records: list[GameRecord] = []  # the records of the games in `match`
        self.next_action: QAction | None = None
        self.save_action: QAction | None = None
        self.watched: MatchRecord | None = None  # the match record being watched, if any
        self.replayed: Sequence[ReplayedGame] = ()  # ... its games, replayed when it was opened
        self.number = 0  # the game on the table: its number in the match (0-based)

    def install(self, menu: QMenu) -> None:
        """Add Next Game (Ctrl+Shift+N) and Save Match… to the Game menu."""
        self.next_action = QAction("Ne&xt Game of the Match", self.window)
        self.next_action.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.next_action.triggered.connect(self.next_game)
        self.save_action = QAction("Save &Match…", self.window)
        self.save_action.triggered.connect(lambda: self.save_dialog())
        for action in (self.next_action, self.save_action):
            menu.addAction(action)
            self.window.addAction(action)

    # The match -------------------------------------------------------------------------------
    def begin(self, session: Session) -> None:
        """`session` (a new game) starts a match when its ruleset has `match:`."""
        rules = session.rules.match
        if rules is None:
            self.forget()
            return
        self.match = Match(rules, session.num_players)
        self.session = session
        self.kinds = list(session.seats)
        self.seed = session.seed
        self.records = []
        self.watched, self.replayed, self.number = None, (), 0

    def watch(self, record: MatchRecord, games: Sequence[ReplayedGame], number: int, session: Session) -> None:
        """Watch game `number` (0-based) of the match record `record` on `session`; `games` is
        the record replayed and checked (`match_records.replay_match`), which gives the score
        before that game."""
        self.match = games[number - 1].match if number else Match(games[0].match.rules, len(record.players))
        self.session = session
        self.kinds = [str(p.get("kind", "human")) for p in record.players]
        self.records = list(record.games[:number])
        self.watched, self.replayed, self.number = record, games, number

    def forget(self) -> None:
        self.match, self.session, self.records = None, None, []
        self.watched, self.replayed, self.number = None, (), 0

    def playing(self) -> bool:
        """True when the game on the table (the game page is shown) is the match's."""
        window = self.window
        return (self.match is not None and self.session is not None and window.game.session is self.session
                and window.stack.currentIndex() == 1)

    def score(self) -> Match | None:
        """The match with the game on the table counted once it is over (None outside a match)."""
        if not self.playing() or self.match is None or self.session is None:
            return None
        outcome = self.session.outcome()
        if outcome is None or self.match.is_over:
            return self.match
        return self.match.add(outcome, (step.events for step in self.session.history), rule_scores(self.session.state))

    def under_way(self) -> bool:
        """Whether a match is being played and is not over: its next game is Next Game's."""
        score = self.score()
        return self.watched is None and score is not None and not score.is_over

    def can_play_next(self) -> bool:
        score = self.score()
        if self.watched is not None:
            return score is not None and self.number + 1 < len(self.watched.games)
        return score is not None and self.session is not None and self.session.is_over() and not score.is_over

    def next_game(self) -> bool:
        """Start the match's next game (its seats and seed from the match), or open the watched
        record's next game; False when there is none."""
        if self.watched is not None:
            return self._watch_next()
        score = self.score()
        if score is None or self.session is None or not self.can_play_next():
            self.window.show_message("The next game of a match starts once the game of the match on the table is over.")
            return False
        self.records.append(self._record(self.session))
        self.match = score
        previous = self.session
        session = Session(previous.rules, score.seats_of(self.kinds), round_seed(self.seed, score.rounds_played),
                          previous.resolved, previous.ruleset_ref)
        self.session = session
        self.window.path = None
        self.window.set_session(session)
        return True

    def _watch_next(self) -> bool:
        """Open the watched record's next game at its start, the score counting the game before."""
        record = self.watched
        if record is None or not self.can_play_next():
            self.window.show_message("This is the last game of the match record.")
            return False
        number = self.number + 1
        session = from_record(record.games[number])
        session.goto(0)
        session.saved = True
        self.watch(record, self.replayed, number, session)
        self.window.set_session(session, interactive=False)
        return True

    # Records -----------------------------------------------------------------------------------
    def players(self) -> list[dict[str, str]]:
        """The match's players: named by their seats in the first game, with who plays them."""
        assert self.session is not None
        return [{"name": self.session.rules.presentation.seat_name(p), "kind": kind} for p, kind in enumerate(self.kinds)]

    def _record(self, session: Session) -> GameRecord:
        """The record of the match's game `session`, its players named as the match names them."""
        from marblestudio.records import record_from_game

        assert self.match is not None and session.resolved is not None
        players = self.players()
        resigned = session.resigned
        return record_from_game(
            session.rules.id, session.resolved, [players[p] for p in self.match.seating()], session.moves,
            session.outcome(), session.seed, resigned=None if resigned is None else resigned[0],
        )

    def record(self) -> MatchRecord | None:
        """The match so far as a match record (the game on the table last, finished or not)."""
        from marblestudio.match_records import match_record

        score = self.score()
        if score is None or self.session is None:
            return None
        return match_record(self.players(), [*self.records, self._record(self.session)], score, self.seed)

    def save_to(self, path: Path) -> bool:
        """Write the match record to `path` atomically; False (with a message) if it cannot be."""
        from marblestudio.atomic import describe
        from marblestudio.match_records import save_match_record

        record = self.record()
        if record is None:
            return False
        try:
            save_match_record(path, record)
        except OSError as exc:
            QMessageBox.warning(self.window, "Cannot save the match", f"{path}: {describe(exc)}")
            return False
        self.window.show_message(f"Match saved to {path}.")
        return True

    def save_dialog(self) -> bool:
        if self.record() is None:
            self.window.show_message("Save Match is for a game of a match (a ruleset with 'match:').")
            return False
        name, _ = QFileDialog.getSaveFileName(self.window, "Save the match", str(Path.home() / "match.json"), MATCH_FILTER)
        return bool(name) and self.save_to(Path(name))

    # What the window shows ---------------------------------------------------------------------
    def update(self) -> None:
        """The seats bar's match line and each seat's points; the actions' state."""
        bar = self.window.seats_bar
        score = self.score()
        if score is None or self.session is None:
            bar.show_match("", None)
        else:
            over = self.session.is_over()
            number = score.rounds_played if over else score.rounds_played + 1
            rounds = f" of {score.rules.rounds}" if score.rules.rounds is not None else ""
            to = f", first to {score.rules.to}" if score.rules.to is not None else ""
            title = f"Match over after {score.rounds_played} games:" if score.is_over else f"Match, game {number}{rounds}{to}:"
            if self.watched is not None:
                title = f"Match record, game {self.number + 1} of {len(self.watched.games)}{to}:"
            bar.show_match(title, [_points(score.scores[player]) for player in self._seating(score)])
        if self.next_action is not None:
            self.next_action.setEnabled(self.can_play_next())
        if self.save_action is not None:
            self.save_action.setEnabled(score is not None and self.watched is None)

    def _seating(self, score: Match) -> tuple[int, ...]:
        """Who sits where in the game on the table (once it is over, the score has counted it)."""
        assert self.session is not None
        return score.games[-1].seating if self.session.is_over() and score.games else score.seating()

    def result_text(self) -> str:
        """What the banner adds when a game of the match ends: the score and what comes next,
        naming each player by the seat it has in the game on the table."""
        score = self.score()
        if score is None or self.session is None:
            return ""
        seats = self._seating(score)
        name = {player: self.session.seat_name(seat) for seat, player in enumerate(seats)}
        line = ", ".join(f"{name[p]} {score.scores[p]}" for p in seats)
        if score.is_over:
            winners = " and ".join(name[p] for p in seats if p in score.winners)
            verb = "wins" if len(score.winners) == 1 else "share"
            return f"Match: {line}. {winners} {verb} the match."
        if self.watched is not None:
            more = self.can_play_next()
            return f"Match: {line}." + (f" Game > Next Game (Ctrl+Shift+N) opens game {self.number + 2}." if more else "")
        return f"Match: {line}. Game > Next Game (Ctrl+Shift+N) plays game {score.rounds_played + 1}."


def _points(score: int) -> str:
    return f"{score} pt" if score == 1 else f"{score} pts"
