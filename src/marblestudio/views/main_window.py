"""The main window: the library, the 3D board in the middle, the move list, replay and status.

Menus and shortcuts: New (Ctrl+N), Play Again (Ctrl+R: the same rules and seats, a new deal or
set-up), Open (Ctrl+O: a record to watch, or an unfinished game to
play on), Save (Ctrl+S, atomic through QSaveFile), Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z) of
moves, Hint (Ctrl+H: the computer suggests a move for you, worked out in its worker process and
shown in the status bar and on the board), Analyse Game (Ctrl+Shift+A: every position searched
in worker processes, graphed under the timeline; `window_analysis`), View > Evaluation Bar
(`eval_bar`), Resign (Ctrl+Shift+G, asks first), full screen (F11), Quit (Ctrl+Q, asking when the game is
unsaved), View > Rules Editor (Ctrl+Shift+E), Help > Rules of this game (Ctrl+Shift+R: the rules sheet) and
Help > Controls (the board's own, from its `<game>_help` module), and the Replay menu (first,
back, forward, last: Ctrl+Home, Ctrl+Left, Ctrl+Right, Ctrl+End, on while a record is watched).  A click on a row of the move
list shows that position: in a replay it moves the timeline, during a game it shows the
position read-only above a bar that leads back (Escape) or plays on from there.  Window
geometry, dock layout and recent files are kept in QSettings.  Docks are added through
`add_dock`, so other panels (the rules editor) can join without changing this file much.
"""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from marblestudio.engine.core import CHANCE, Outcome
from marblestudio.engine.partners import Partners
from marblestudio.engine.pieces.runtime import rules_of
from marblestudio.session import HUMAN, Session
from marblestudio.views.app import settings
from marblestudio.views.elided_label import ElidedLabel
from marblestudio.views.eval_bar import WindowEvalBar
from marblestudio.views.game_view import GameView, outcome_text
from marblestudio.views.library import LibraryWidget
from marblestudio.views.move_log import MovePanel
from marblestudio.views.new_game import DEFAULT_LEVEL, SEAT_CHOICES, GameChoice, NewGameDialog, default_seats
from marblestudio.views.palette import seat_hex
from marblestudio.views.replay import SPEEDS, ReplayControls
from marblestudio.views.status_seats import SeatsBar
from marblestudio.views.window_analysis import WindowAnalysis
from marblestudio.views.window_files import WindowFiles
from marblestudio.views.window_help import WindowHelp
from marblestudio.views.window_hints import WindowHints
from marblestudio.views.window_layout import MovesPlacement
from marblestudio.views.window_match import WindowMatch
from marblestudio.views.window_network import WindowNetwork
from marblestudio.views.window_position import install_position_actions
from marblestudio.views.window_viewing import ViewingBar, WindowViewing

if TYPE_CHECKING:
    from marblestudio.views.board.scene import Scene

log = logging.getLogger(__name__)

_NEXT = object()
"""`show_message`'s mark of a message about the position still to come."""
DOCK_MENU_TEXTS = {
    "Moves": "M&oves", "Replay": "&Replay", "Analysis": "Ana&lysis", "Table Talk": "T&able Talk", "Rules Editor": "Rules E&ditor",
}
"""The View menu's text of each dock's toggle, with a mnemonic no other item of the menu has
(View From &My Seat has M, Animation &Speed S)."""
EDITOR_KEY = "Ctrl+Shift+E"
"""View > Rules Editor: shows the editor with the focus in its text, or hides it (none of the
editor's own keys, nor a text box's)."""
FIRST_SIZE = QSize(1280, 800)
"""The window's size at its first start (on a screen with room for it)."""
TURN_ROOM_MOST = 220
"""The most width the status bar keeps for '<seat> to move (human)' in a narrow window (a long
seat name is cut short beyond it)."""


def _new_seed() -> int:
    """The seed of a game the player did not seed (a new game, a game played again)."""
    import random

    return random.randrange(1_000_000)


class MainWindow(QMainWindow):
    """Marble Studio's window.  Its parts (composition, each in a module of its own): `files`
    (open, save, recent files), `hints`, `help` and `viewing` (earlier positions)."""

    def __init__(self, library: bool = True) -> None:
        """`library=False` makes the library only when it is first needed (`marblestudio play`
        opens on a game: reading every ruleset for the shelf would only delay the board)."""
        super().__init__()
        self.setWindowTitle("Marble Studio")
        self.resize(self._first_size())  # the saved geometry, if any, replaces it (`_restore_settings`)
        self.path: Path | None = None
        self.resign_box: QMessageBox | None = None  # the "Resign?" question while it is asked
        self.rules_dialog: QDialog | None = None  # the last rules sheet shown
        self.camera_actions: list[QAction] = []  # Home, Ctrl+1, Ctrl+2, once the 3D scene is made
        self._library: LibraryWidget | None = None
        self._pending_game: tuple[str, list[str] | None, int | None, str | None] | None = None
        self._editor_dock: QDockWidget | None = None
        self._library_picked = False  # the player chose a ruleset in the library since the last game began
        self._refreshing_library = False
        self._editor_made = False  # the rules editor is made once the window is up (`editor_dock`)
        self._state_restored = False  # docks made after the saved layout was restored take their place from it
        self._shown_by_state = False
        self.game = GameView()
        self.game.scene_ready.connect(self._on_scene_ready)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("QLabel#banner { font-size: 18pt; font-weight: bold; padding: 6px; }")
        self.banner.setWordWrap(True)  # a long result ("Draw: stalemate (...)") wraps rather than widening the window
        self.banner.hide()
        self.viewing_bar = ViewingBar()
        game_page = QWidget()
        page_layout = QVBoxLayout(game_page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.setSpacing(0)
        page_layout.addWidget(self.banner)
        page_layout.addWidget(self.viewing_bar)
        page_layout.addWidget(self.game, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(LibraryWidget() if library else QWidget())  # a stand-in until `library` is needed
        self.stack.addWidget(game_page)
        self.setCentralWidget(self.stack)
        self.move_panel = MovePanel()
        self.move_log = self.move_panel.log
        self.replay = ReplayControls(self.game)
        self.log_dock = self.add_dock("Moves", self.move_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.replay_dock = self.add_dock("Replay", self.replay, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.replay_dock.hide()
        self.turn_label = QLabel()
        self.turn_label.setTextFormat(Qt.TextFormat.RichText)  # always: an escaped reason ("the house rule 'x'") has no tags to tell
        self.seats_bar = SeatsBar()
        self.message_label = ElidedLabel()
        self._message_at: tuple[int, int, int | None, bool] | object | None = None  # see `show_message`
        # The status bar's texts may be long (a game's result): they are cut short in a narrow
        # window, never widen it (a label's smallest size is otherwise its whole text).
        self.turn_label.setMinimumWidth(1)
        self.statusBar().addWidget(self.message_label, 1)
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.seats_bar)
        self.files = WindowFiles(self)
        self.hints = WindowHints(self)
        self.help = WindowHelp(self)
        self.viewing = WindowViewing(self)
        self.matches = WindowMatch(self)
        self.analysis = WindowAnalysis(self)  # its dock goes under the replay's
        self.eval_bar = WindowEvalBar(self)
        page_layout.insertWidget(page_layout.indexOf(self.game), self.eval_bar.bar)
        self.network = WindowNetwork(self)  # Host, Join, the connection bar, table talk
        page_layout.insertWidget(0, self.network.bar)
        self._build_actions()
        self.positions = install_position_actions(self)  # Copy, Paste and Set Up Position
        first_page = self.stack.widget(0)
        if library and first_page is not None:
            self._wire_library(first_page)
        self.game.message.connect(self.show_message)
        self.move_panel.entry.returnPressed.connect(self._on_move_typed)
        self.move_panel.powers.chosen.connect(self.game.play_text)
        self.move_panel.powers.choices = self._power_choices
        self.move_log.position_clicked.connect(self.viewing.on_position_clicked)
        self.viewing_bar.back.clicked.connect(self.game.view_live)
        self.viewing_bar.branch.clicked.connect(self.viewing.play_from_viewed)
        self.game.changed.connect(self._on_game_change)
        self.game.game_over.connect(self._on_game_over)
        self.replay.play_from_here.connect(self.play_from_here)
        self._restore_settings()
        self.moves_placement = MovesPlacement(self, self.log_dock, settings())  # after the saved layout: its moves are not the player's
        self.stack.currentChanged.connect(lambda index: self.moves_placement.library_shown(index == 0))
        self.moves_placement.library_shown(self.stack.currentIndex() == 0)
        self._update_actions()
        if self._library is not None:
            self._library.list.setFocus()  # the window's shortcuts, not a restored dock's, at first
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.game.shutdown)
            app.aboutToQuit.connect(self.hints.hint_worker.shutdown)
            app.aboutToQuit.connect(self.analysis.shutdown)
            app.aboutToQuit.connect(self.eval_bar.shutdown)

    def _first_size(self) -> QSize:
        """The window's size before any is saved: `FIRST_SIZE`, within 90% of the screen's
        available area (a title bar and a frame still fit).  At a scale factor of 2 the window
        was larger than the screen, its move box and status bar out of sight."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return FIRST_SIZE
        room = screen.availableGeometry().size()
        return FIRST_SIZE.boundedTo(QSize(room.width() * 9 // 10, room.height() * 9 // 10))

    # The parts' actions that others call ---------------------------------------------------------
    def open_path(self, path: Path) -> bool:
        """Open a game record (see `WindowFiles.open_path`)."""
        return self.files.open_path(path)

    def save(self, ask: bool = False) -> bool:
        return self.files.save(ask)

    def save_to(self, path: Path) -> bool:
        return self.files.save_to(path)

    def maybe_save(self) -> bool:
        """Ask before throwing away an unsaved game; False when the user cancels."""
        return self.files.maybe_save()

    def hint(self) -> bool:
        return self.hints.hint()

    def show_help(self) -> None:
        self.help.show_help()

    def show_rules(self) -> None:
        self.help.show_rules()

    # Layout ------------------------------------------------------------------------------------
    @property
    def library(self) -> LibraryWidget:
        """The ruleset library (the first page), made on first use when the window was made without it."""
        if self._library is None:
            stand_in = self.stack.widget(0)
            library = LibraryWidget()
            self.stack.insertWidget(0, library)
            if stand_in is not None:
                self.stack.removeWidget(stand_in)
                stand_in.deleteLater()
            self._wire_library(library)
        assert self._library is not None
        return self._library

    def _wire_library(self, library: QWidget) -> None:
        assert isinstance(library, LibraryWidget)
        self._library = library
        library.play_requested.connect(lambda ref: self.start_game(ref))
        library.list.currentItemChanged.connect(self._on_library_pick)
        library.new_game_requested.connect(self.new_game_dialog)

    def _on_scene_ready(self, scene: Scene) -> None:
        """The game view has made its 3D scene: the camera actions can act on it now (they join
        the View menu before Skip Animation)."""
        from marblestudio.views.camera_actions import install_camera_actions

        staging = QMenu(self)
        self.camera_actions = install_camera_actions(self, staging, scene)
        self.view_menu.insertActions(self.skip_action, self.camera_actions)
        staging.deleteLater()
        scene.stepped.connect(self.replay.board_step)  # Left/Right on the board of a replay step it

    def add_dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        """Add a dock panel (named after `title`, so its place is remembered)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title.lower().replace(' ', '-')}")
        dock.setWidget(widget)
        if self._state_restored and self.restoreDockWidget(dock):
            self._shown_by_state = not dock.isHidden()  # a dock made after the saved layout was restored
        else:
            self.addDockWidget(area, dock)
        toggle = dock.toggleViewAction()  # its text follows the title: the View menu's mnemonic is put back
        menu_text = DOCK_MENU_TEXTS.get(title, f"&{title}")
        toggle.setText(menu_text)
        dock.windowTitleChanged.connect(lambda _title: toggle.setText(menu_text))
        self.view_menu_docks = getattr(self, "view_menu_docks", [])
        self.view_menu_docks.append(dock)
        return dock

    @property
    def editor_dock(self) -> QDockWidget | None:
        """The rules editor's dock (None when the editor could not be loaded).  It is made after
        the window's first paint (or a `marblestudio play` game's first frame), or when first
        asked for: the window shows without waiting for it."""
        if not self._editor_made:
            self._editor_made = True
            self._shown_by_state = False
            dock = self._editor_dock = self._install_editor()  # placed where the user left it (add_dock)
            if dock is not None:
                dock.setVisible(self._shown_by_state)
                toggle = dock.toggleViewAction()
                toggle.setShortcut(QKeySequence(EDITOR_KEY))
                self.view_menu.addAction(toggle)
                self.addAction(toggle)
        return self._editor_dock

    def _make_editor_soon(self) -> None:
        if not self._editor_made:
            QTimer.singleShot(0, lambda: self.editor_dock)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._editor_made and self._pending_game is None and self._library is not None:
            self._make_editor_soon()  # the library is on screen; a game being opened waits for its board
        return super().event(event)

    def _install_editor(self) -> QDockWidget | None:
        """The rules editor, as a dock tabbed beside the move list (hidden until asked for)."""
        try:
            from marblestudio.views.editor import install_editor

            dock: QDockWidget = install_editor(self)
        except Exception:  # noqa: BLE001 - the app works without the editor
            log.exception("the rules editor could not be loaded")
            return None
        return dock

    def _action(
        self, text: str, slot: Any, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None, menu: QMenu | None = None
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        if menu is not None:
            menu.addAction(action)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.new_action = self._action("&New Game…", lambda: self.new_game_dialog(None), QKeySequence.StandardKey.New, game)
        self.again_action = self._action("Play &Again", self.play_again, QKeySequence("Ctrl+R"), game)
        self.open_action = self._action("&Open…", lambda: self.files.open_dialog(), QKeySequence.StandardKey.Open, game)
        self.recent_menu = game.addMenu("Open &Recent")
        self.save_action = self._action("&Save", lambda: self.save(), QKeySequence.StandardKey.Save, game)
        self.save_as_action = self._action("Sa&ve As…", lambda: self.save(ask=True), QKeySequence("Ctrl+Shift+S"), game)
        game.addSeparator()
        self.matches.install(game)
        game.addSeparator()
        self.network.install(game)
        game.addSeparator()
        self.hint_action = self._action("H&int", self.hints.hint, QKeySequence("Ctrl+H"), game)
        self.analysis.install(game)
        self.resign_action = self._action("Resi&gn", self.resign, QKeySequence("Ctrl+Shift+G"), game)  # it asks first
        self.library_action = self._action("&Library", self.show_library, QKeySequence("Ctrl+L"), game)
        game.addSeparator()
        self.quit_action = self._action("&Quit", self.close, QKeySequence("Ctrl+Q"), game)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action("&Undo Move", self.undo, QKeySequence("Ctrl+Z"), edit)
        self.redo_action = self._action("&Redo Move", self.redo, QKeySequence("Ctrl+Shift+Z"), edit)
        view = bar.addMenu("&View")
        self.fullscreen_action = self._action("&Full Screen", self.toggle_fullscreen, QKeySequence("F11"), view)
        self.fullscreen_action.setCheckable(True)
        self.view_menu = view  # the camera actions join it once the scene is made (`_on_scene_ready`)
        self.skip_action = self._action("S&kip Animation", self.viewing.on_escape, QKeySequence("Escape"), view)
        self.palette_action = self._action("Colour-&Blind-Safe Colours", self.set_colour_blind, None, view)
        self.palette_action.setCheckable(True)
        self.eval_bar.install(view)
        speed_menu = view.addMenu("Animation &Speed")
        self.speed_group = QActionGroup(self)
        for label, value in SPEEDS:
            action = speed_menu.addAction(f"&{label}")  # its first character: &0.5×, &1×, ... &instant
            action.setCheckable(True)
            action.setData(value)
            action.setChecked(value == 1.0)
            action.triggered.connect(lambda _=False, v=value: self.set_animation_speed(v))
            self.speed_group.addAction(action)
        view.addSeparator()
        for dock in self.view_menu_docks:
            view.addAction(dock.toggleViewAction())
        self.replay_menu = bar.addMenu("&Replay")  # on while a game is watched (`_update_actions`)
        self.replay_menu.addActions(self.replay.actions_list)
        self.addActions(self.replay.actions_list)
        help_menu = bar.addMenu("&Help")
        self.rules_action = self._action("&Rules of This Game", self.help.show_rules, QKeySequence("Ctrl+Shift+R"), help_menu)
        self.notation_action = self._action("Move &Notation", self.help.show_notation, None, help_menu)
        self.controls_action = self._action("&Controls", self.help.show_help, QKeySequence.StandardKey.HelpContents, help_menu)
        self.files.rebuild_recent_menu()

    # Settings ----------------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        store = settings()
        geometry = store.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = store.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self._state_restored = True
        speed = store.value("view/animation_speed", 1.0)
        try:
            self.set_animation_speed(float(speed) if isinstance(speed, (int, float, str)) else 1.0)
        except ValueError:
            self.set_animation_speed(1.0)
        colour_blind = store.value("view/colour_blind", False)
        self.palette_action.setChecked(colour_blind in (True, "true"))
        if self.palette_action.isChecked():
            self.set_colour_blind(True)

    def save_settings(self) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/state", self.saveState())
        store.setValue("view/colour_blind", self.palette_action.isChecked())
        store.setValue("view/animation_speed", self.game.clock.speed)
        self.moves_placement.save(store)
        store.sync()

    # Starting games ----------------------------------------------------------------------------
    def new_game_dialog(self, ruleset: str | None = None) -> None:
        """Ask for a new game's ruleset and seats.  Offered first: `ruleset` (the library's New
        Game… button gives its selection), else a ruleset the player picked in the library since
        the last game began, else the last game's ruleset and seats (kept in the settings, also
        over a restart), else the library's default.  Whatever the ruleset, its computer seats
        are offered at the level last played."""
        last, seats = self._last_game()
        chosen = ruleset or (self.library.selected() if self._library_picked else None) or last or self.library.selected()
        level = next((seat for seat in reversed(seats) if seat != HUMAN), DEFAULT_LEVEL)
        dialog = NewGameDialog(self, chosen, seats if chosen == last else None, level)
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            self.start_choice(dialog.choice())

    @staticmethod
    def _last_game() -> tuple[str | None, list[str]]:
        """The ruleset and seats of the last game started (the settings may hold anything: what
        is not a ruleset reference and a list of seat kinds is left out)."""
        store = settings()
        ruleset = store.value("new_game/ruleset")
        seats = store.value("new_game/seats")
        kinds = {kind for _label, kind in SEAT_CHOICES}
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) and s in kinds for s in seats):
            seats = []
        return (ruleset if isinstance(ruleset, str) and ruleset else None), [str(s) for s in seats]

    @staticmethod
    def _remember_game(session: Session) -> None:
        """Keep the ruleset and seats of a game begun, for the next New Game dialog."""
        if not session.ruleset_ref:
            return
        store = settings()
        store.setValue("new_game/ruleset", session.ruleset_ref)
        store.setValue("new_game/seats", list(session.seats))
        store.sync()

    def _on_library_pick(self, *_: object) -> None:
        if not self._refreshing_library:
            self._library_picked = True

    def start_choice(self, choice: GameChoice) -> bool:
        return self.start_game(choice.ruleset, choice.seats, choice.seed)

    def open_game(self, ref: str, seats: list[str] | None = None, seed: int | None = None, start: str | None = None) -> None:
        """Start a game of `ref` (at the position `start`, if given) once the window is on screen
        (`marblestudio play`): the game page says "Loading the board…" until the 3D view, made
        behind it, draws the board."""
        self._pending_game = (ref, seats, seed, start)
        self.stack.setCurrentIndex(1)
        self.game.loading.installEventFilter(self)
        QTimer.singleShot(2000, self._start_pending_game)  # should the window never be painted

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.game.loading and event.type() == QEvent.Type.Paint and self._pending_game is not None:
            QTimer.singleShot(0, self._start_pending_game)  # once this first paint is on screen
        return super().eventFilter(watched, event)

    def _start_pending_game(self) -> None:
        pending, self._pending_game = self._pending_game, None
        if pending is None:
            return
        self.game.loading.removeEventFilter(self)
        if not self.start_game(*pending):
            self.show_library()
        if self.game.has_scene():
            self.game.scene.frame_painted.connect(self._make_editor_soon, Qt.ConnectionType.SingleShotConnection)
        else:
            self._make_editor_soon()

    def start_game(self, ref: str, seats: list[str] | None = None, seed: int | None = None, start: str | None = None) -> bool:
        """Start a new game of ruleset `ref` (an id or a path), from the position `start` when
        given; False (with a message) if not."""
        if not self.maybe_save():
            return False
        from marblestudio.rulesets import RulesetError, load_with_source

        try:
            loaded = load_with_source(ref)
        except RulesetError as exc:
            first = exc.diagnostics[0] if exc.diagnostics else None
            QMessageBox.warning(self, "Cannot open the ruleset", str(first) if first else str(exc))
            return False
        rules = loaded.rules
        count = len(seats) if seats else rules.players.default
        if start is not None and not seats:
            from marblestudio.engine.position import Fields, PositionError

            try:
                count = Fields.parse(start).players
            except PositionError as exc:
                QMessageBox.warning(self, "Not a position", str(exc))
                return False
        if seed is None:
            seed = _new_seed()
        try:
            session = Session(rules, seats or default_seats(count), seed, loaded.resolved, ref, start)
        except ValueError as exc:  # a position the rules refuse (PositionError), or seats that do not fit
            QMessageBox.warning(self, "Cannot start the game", str(exc))
            return False
        self._begin(session)
        return True

    def _begin(self, session: Session) -> None:
        """Play `session`, a new game: not yet saved anywhere; a ruleset with `match:` starts a
        match (a game begun from a position is one game)."""
        self.path = None
        if session.start is None:
            self.matches.begin(session)
        self._remember_game(session)
        self._library_picked = False  # the next New Game offers this game's ruleset again
        self.set_session(session)

    def can_play_again(self) -> bool:
        """Whether Play Again may start another game (not over the network, nor inside a match
        under way: Next Game goes on with it)."""
        return self.game.session is not None and not self.network.is_network_game() and not self.matches.under_way()

    def play_again(self) -> bool:
        """Another game of the game on the table: its rules as played (a ruleset file changed since
        does not change them), its seats, its start (the set-up, or the position it began from),
        a new seed for the deal, the dice and the computer players.  Asks first about an unsaved
        game.  Not in a network game, nor in a match under way (Next Game goes on with it); once a
        match is over, a new match.  True if started."""
        session = self.game.session
        if session is None or not self.can_play_again() or not self.maybe_save():
            return False
        self._begin(session.again(seed=_new_seed()))
        return True

    def set_session(self, session: Session, interactive: bool = True) -> None:
        """Show and play (or watch) `session`; what the window said of the last game goes."""
        self.network.forget(session)  # another game replaces a network game: its connection closes
        self.banner.hide()
        self.show_message("")
        self.hints.forget_hint()
        self.stack.setCurrentIndex(1)
        self.replay_dock.setVisible(not interactive)
        self.move_panel.entry.clear()  # a move typed for the last game is not one of this game's
        self.game.set_session(session, interactive)  # its `changed` (and each animated step's, at its end) updates the window
        self.move_panel.set_help(self.help.current_help())
        self.game.scene.setFocus()  # arrow keys and Enter play at once
        self.update_title()

    def play_from_here(self) -> None:
        """Branch a new game at the shown position: you take the seat to move."""
        session = self.game.session
        if session is None:
            return
        seat = session.state.to_move
        seats = ["medium"] * session.num_players
        seats[seat if seat not in (CHANCE, None) and not session.is_over() else 0] = HUMAN
        branch = session.branch(seats)
        self.path = None
        self.set_session(branch)

    def show_library(self) -> None:
        """Back to the library: the page shows no trace of the game (its moves, turn, messages)."""
        made = self._library is not None
        library = self.library
        if made:
            self._refreshing_library = True  # its selection kept, not picked by the player
            try:
                library.refresh()  # a library made just now has read the rulesets already
            finally:
                self._refreshing_library = False
        self.stack.setCurrentWidget(library)
        self.replay_dock.hide()
        self.banner.hide()
        self.show_message("")
        self.hints.forget_hint()
        self.move_panel.set_help(None)
        self._on_game_change()
        library.list.setFocus()

    def focus_page(self) -> None:
        """Put the keyboard focus on the page shown: the board during a game, else the library's
        list (where Escape in the rules editor's text leads)."""
        if self.stack.currentIndex() == 1 and self.game.has_scene():
            self.game.scene.setFocus(Qt.FocusReason.ShortcutFocusReason)
        elif self._library is not None:
            self._library.list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        placement = getattr(self, "moves_placement", None)  # None while the window is being made
        if placement is not None:
            placement.fit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.network.may_close() or not self.maybe_save():
            event.ignore()
            return
        self.save_settings()
        self.game.shutdown()
        self.hints.hint_worker.shutdown()
        self.analysis.shutdown()
        self.eval_bar.shutdown()
        self.network.shutdown()
        event.accept()

    # Playing -------------------------------------------------------------------------------------
    def undo(self) -> None:
        session = self.game.session
        if self.network.is_network_game():  # every other seat must agree: the server asks them
            self.network.request_undo()
            return
        if session is not None and self.game.interactive:
            self.game.view_live()
            if session.undo():
                self.banner.hide()

    def redo(self) -> None:
        session = self.game.session
        if session is not None and self.game.interactive:
            self.game.view_live()
            session.redo()

    def resign(self) -> bool:
        """Resign for the human to move (or the first human), after asking; True if resigned."""
        session = self.game.session
        if session is None or session.is_over() or not self.game.interactive:
            return False
        seat = session.state.to_move
        humans = [s for s in range(session.num_players) if session.is_human(s)]
        if seat not in humans:
            seat = humans[0] if humans else seat
        if not self._confirm_resign(session, seat):
            return False
        self.game.view_live()
        try:
            session.resign(seat)
        except ConnectionError as exc:  # a network game whose connection is down
            self.show_message(f"Not resigned: {exc}.")
            return False
        return True

    def _confirm_resign(self, session: Session, seat: int) -> bool:
        """Ask whether `seat` really resigns, naming the seat and the result (Escape cancels)."""
        from marblestudio.records import resignation

        name = session.seat_name(seat)
        result = outcome_text(session, resignation(session.state, session.rules, seat))
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, "Resign", f"Resign the game for {name}?\n\n{result}", buttons.Yes | buttons.Cancel, self)
        box.button(buttons.Yes).setText(f"Resign for {name}")
        box.setDefaultButton(buttons.Cancel)
        box.setEscapeButton(buttons.Cancel)
        self.resign_box = box  # for tests: the question being asked
        try:
            return box.exec() == buttons.Yes
        finally:
            self.resign_box = None

    def _on_move_typed(self) -> None:
        """Play the move typed in the Moves panel, or say why not; Enter in the empty box plays
        the hint shown for this position."""
        text = self.move_panel.entry.text().strip()
        if not text:
            hint = self.hints.current_hint()
            if hint is None:
                self.show_message("Type a move, or ask for a hint (Ctrl+H) and press Enter to play it.")
                return
            text = hint
        if self.game.play_text(text):
            self.move_panel.entry.clear()

    def set_animation_speed(self, speed: float) -> None:
        """Play animations at `speed` times normal (0: at once)."""
        self.game.clock.set_speed(speed)
        for action in self.speed_group.actions():
            action.setChecked(action.data() == speed)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.fullscreen_action.setChecked(self.isFullScreen())

    def set_colour_blind(self, on: bool | None = None) -> None:
        value = self.palette_action.isChecked() if on is None or not isinstance(on, bool) else on
        self.game.set_colour_blind(value)
        self.move_log.colour_blind = value
        self._on_game_change()

    def show_message(self, text: str, *, of_next_position: bool = False) -> None:
        """Say `text` in the status bar (its tooltip says it whole when the window cuts it short)
        until the position changes: a move played, undone or redone, another one viewed, the game
        resigned.  A message is about the position it was said at (a refused move, a hint, who
        won), and left standing it would speak of another (a win after Undo).

        `of_next_position`: the message is about the position still to come (a network game's
        server says a move was taken back before it sends the position without it), and lasts
        until the one after that."""
        self.message_label.setText(text)
        self._message_at = _NEXT if of_next_position else self._position_key()

    def _position_key(self) -> tuple[int, int, int | None, bool] | None:
        """What a message is about: the game, its position (its steps, and a resignation), the
        position viewed, whether it is over."""
        session = self.game.session
        if session is None:
            return None
        return id(session), session.position, self.game.viewing, session.is_over()

    # Keeping the window in step with the game -----------------------------------------------------------
    def _powers(self, session: Session) -> list[tuple[str, bool, str]]:
        """The house rule's powers for the Moves panel: usable by a human to move, live, in play
        (in team play of a two-sided game, the powers of the side whose partner is to move)."""
        state = rules_of(session.state)
        if state is None:
            return []
        mine = session.waiting_for_human() and self.game.viewing is None and self.game.interactive
        return [(name, usable and mine, why if mine else "only the human to move may use it") for name, usable, why in state.powers()]

    def _power_choices(self, name: str) -> tuple[str, list[tuple[str, str]]]:
        """What the power `name` lets the player name, and the options now (for the Moves panel's menu)."""
        session = self.game.session
        state = rules_of(session.state) if session is not None else None
        if state is None:
            return "", []
        return state.power_choices(name)

    def _on_game_change(self) -> None:
        if self._message_at is _NEXT:
            self._message_at = self._position_key()  # the position it spoke of has come
        elif self.message_label.text() and self._position_key() != self._message_at:
            self.message_label.setText("")  # it spoke of the position before
        playing = self.stack.currentIndex() == 1
        live = self.game.session if playing else None  # the library shows no game
        # While the board is still drawing moves, the window says what it has drawn (`behind`)
        session = (self.game.behind() or live) if live is not None else None
        self.move_log.show_session(session, self.game.shown_position() if session is not None else None)
        self._update_actions()
        self.update_title()
        self.viewing.update_bar()
        self.analysis.update()
        self.eval_bar.update()
        if session is None:
            self.turn_label.setText("")
            self.seats_bar.show_seats([])
            self.matches.update()
            self.move_panel.powers.show_powers([])
            return
        assert live is not None
        self.move_panel.powers.show_powers(self._powers(live))
        view = session.state.public_view()
        texts = self.game.board.describe(view) if self.game.board is not None else []
        self.seats_bar.show_seats(self.seat_entries(session, texts))
        self.matches.update()
        outcome = session.outcome()
        if outcome is not None:
            head = html.escape(outcome_text(session, outcome))
        elif session.to_move == CHANCE:
            head = "Setting up…"
        else:
            seat = session.state.to_move
            if session.is_remote(seat):
                who = "on the network"
            else:
                who = "you" if session.is_human(seat) and session.seats.count(HUMAN) == 1 else "human" if session.is_human(seat) else "computer"
            head = f"<b>{html.escape(session.seat_name(seat))}</b> to move ({who})"
        self.turn_label.setText(head)
        # In a narrow window the turn's line keeps its room (the seats' texts and badges give way
        # first); a result may be long: cut short, it never widens the window.
        whose_turn = outcome is None and session.to_move != CHANCE
        self.turn_label.setMinimumWidth(min(TURN_ROOM_MOST, self.turn_label.sizeHint().width()) if whose_turn else 1)
        if outcome is None:
            self.banner.hide()

    def seat_entries(self, session: Session, texts: list[str]) -> list[tuple[str, str, str]]:
        """Each seat's name, colour (in the palette chosen) and status text, for the seats bar."""
        colour_blind = self.palette_action.isChecked()
        state = session.state
        ruled = rules_of(state)
        scores = ruled.rule_state.scores if ruled is not None and ruled.rule_state.program.keeps_score else None
        sides = len(texts)  # a team game of two sides (engine.partners) describes its sides: a seat shows its side's
        entries = []
        for seat in range(session.num_players):
            text = texts[seat % sides] if sides and isinstance(state, Partners) else texts[seat] if seat < len(texts) else ""
            if scores is not None:  # a house rule's points (its `score` actions; partners': their side's)
                mine = scores[seat % len(scores)]
                points = f"{mine} point" + ("" if mine == 1 else "s")
                text = f"{text} · {points}" if text else points
            entries.append((session.seat_name(seat), seat_hex(session.rules.presentation, seat, colour_blind), text))
        return entries

    def _on_game_over(self, outcome: Outcome) -> None:
        session = self.game.session
        if session is None:
            return
        text = outcome_text(session, outcome)
        self.banner.setText(text)
        self.banner.show()
        match = self.matches.result_text()
        again = "Game > Play Again (Ctrl+R) starts another." if self.can_play_again() else ""
        self.show_message(" ".join(filter(None, (text, match, again))))
        self._update_actions()

    def _update_actions(self) -> None:
        session = self.game.session
        playing = session is not None and self.game.interactive
        networked = self.network.is_network_game()  # the server keeps the record; undo asks the others
        remote = self.network.session  # the network game connected, if any
        seated = networked and remote is not None and session is remote and remote.has_human()
        self.undo_action.setEnabled(bool(playing and session is not None and (seated and not session.is_over() or session.can_undo())))
        self.redo_action.setEnabled(bool(playing and session is not None and session.can_redo()))
        self.resign_action.setEnabled(bool(playing and session is not None and not session.is_over() and (seated or not networked)))
        self.hint_action.setEnabled(bool(playing and session is not None and session.waiting_for_human() and not networked))
        self.save_action.setEnabled(session is not None and not networked)
        self.again_action.setEnabled(self.can_play_again())
        self.save_as_action.setEnabled(session is not None and not networked)
        self.replay.enable_actions(self.stack.currentIndex() == 1 and session is not None and not self.game.interactive)
        self.network.update()
        self.matches.update()

    def update_title(self) -> None:
        session = self.game.session
        if session is None:
            self.setWindowTitle("Marble Studio")
            return
        name = self.path.name if self.path else "new game"
        star = " *" if self.files.unsaved() else ""  # exactly when leaving the game asks first
        self.setWindowTitle(f"{session.rules.name} — {name}{star} — Marble Studio")

