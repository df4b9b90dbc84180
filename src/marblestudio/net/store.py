"""The server's games on disk, under `--data DIR`, so a restart (even after kill -9) resumes them.

Each game is up to three files:

- `GAME.seats.json`: the sha256 of each seat's token and of the spectator token (never a
  token), written once, atomically (`marblestudio.atomic`), when the game is created;
- `GAME.json`: its game record (docs/records.md), written atomically when the game is created
  (the rules and the set-up) and again, whole, with its result, when it ends;
- `GAME.log`: the journal of what happened since the record was written, one JSON object a
  line (`{"move": "R3+"}`, `{"rewind": 12}` for moves taken back by consent, `{"resign": 1}`),
  appended after every step before anyone hears of it, and removed once the game ended.

Appending a line costs the same at move 10 as at move 4,000, where rewriting the record after
every move cost more the longer the game (and held up every game on the server).  An append is
one `write` call; a line cut short by a crash is the move nobody was told of, and is dropped on
resume.  The journals, and the files written whole, are flushed to the disk (`fsync`) every
`SYNC_EVERY` seconds, in a thread: `kill -9` loses nothing (the kernel has the bytes), a power
cut can lose that last second.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import threading
from pathlib import Path
from typing import Any

import orjson

from marblestudio.atomic import write_atomic
from marblestudio.engine.core import IllegalMoveError, NotationError
from marblestudio.net.game import Logged, NetGame
from marblestudio.records import RecordError, load_record, play_moves, record_rules, start

log = logging.getLogger(__name__)

SIDECAR = ".seats.json"
JOURNAL = ".log"
OPEN_JOURNALS = 256
"""Journals kept open for appending at most (the games that moved last)."""
SYNC_EVERY = 1.0
"""Seconds between two flushes of a journal to the disk."""
_GAME_ID = re.compile(r"[0-9a-f]{1,32}")
_HASH = re.compile(r"[0-9a-f]{64}")


class Store:
    """The folder that holds the server's games."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._dirty: set[str] = set()  # games whose journal was appended to since the last `sync`
        self._journals: dict[str, int] = {}  # game id -> its journal, open for appending
        self._files: set[Path] = set()  # files replaced whole since the last `sync`, not yet flushed
        self._broken: set[str] = set()  # games whose last append failed: saved whole next time
        self._lock = threading.Lock()  # `sync` runs in a thread

    def record_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def seats_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}{SIDECAR}"

    def save_seats(self, game: NetGame) -> None:
        data = {"format": 1, "seats": game.seat_hashes, "spectator": game.spectator_hash}
        write_atomic(self.seats_path(game.game_id), json.dumps(data, indent=1) + "\n", fsync=False)
        self._written(self.seats_path(game.game_id))

    def _written(self, path: Path) -> None:
        """`path` was replaced without a flush to the disk: the next `sync` flushes it."""
        with self._lock:
            self._files.add(path)

    def journal_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}{JOURNAL}"

    def save(self, game: NetGame) -> None:
        """Write the game's whole record (atomically) and start its journal afresh.  orjson writes
        it: the standard library's encoder with indentation is pure Python, and took a
        millisecond a record, made once when a game starts and once when it ends."""
        data = orjson.dumps(game.record().to_json(), option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
        write_atomic(self.record_path(game.game_id), data, fsync=False)
        self._written(self.record_path(game.game_id))
        game.unsaved.clear()
        self.close(game.game_id)
        self.journal_path(game.game_id).unlink(missing_ok=True)

    def close(self, game_id: str | None = None) -> None:
        """Close the journal of `game_id` (of every game: None) kept open for appending."""
        with self._lock:
            ids = list(self._journals) if game_id is None else [game_id]
            fds = [fd for fd in (self._journals.pop(i, None) for i in ids) if fd is not None]
            self._dirty.difference_update(ids)
        for fd in fds:
            os.close(fd)

    def save_changes(self, game: NetGame) -> None:
        """Append what happened since the last save to the game's journal; a game that ended
        gets its whole record, with its result, instead, and so does a game whose journal could
        not be written last time (a full disk): the record replaces the journal cut short.
        Raises OSError (what was not saved is kept, for the next call)."""
        if game.is_over() or game.game_id in self._broken:
            self.save(game)
            self._broken.discard(game.game_id)
            return
        if not game.unsaved:
            return
        data = b"".join(orjson.dumps(entry) + b"\n" for entry in game.unsaved)
        with self._lock:
            fd = self._journals.pop(game.game_id, None)
            try:
                if fd is None:
                    fd = os.open(self.journal_path(game.game_id), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                    if len(self._journals) >= OPEN_JOURNALS:  # the longest unused one is closed (flushed by name)
                        oldest = next(iter(self._journals))
                        os.close(self._journals.pop(oldest))
                        if oldest in self._dirty:
                            self._dirty.discard(oldest)
                            self._files.add(self.journal_path(oldest))
                written = os.write(fd, data)  # one call: a crash leaves at most the last line cut short
                if written != len(data):
                    raise OSError(errno.ENOSPC, "the journal was cut short (is the disk full?)")
            except OSError:
                if fd is not None:
                    os.close(fd)
                self._broken.add(game.game_id)  # the next save writes the whole record instead
                raise
            self._journals[game.game_id] = fd  # the most recently used last
            self._dirty.add(game.game_id)
        game.unsaved.clear()

    def sync(self) -> None:
        """Flush to the disk the journals appended to since the last call (the server calls it
        every `SYNC_EVERY` seconds, in a thread, so that no game waits for the disk)."""
        with self._lock:  # copies of the descriptors: a journal closed meanwhile is still flushed, and no move waits
            copies = [os.dup(self._journals[i]) for i in self._dirty if i in self._journals]
            self._dirty = set()
            files, self._files = self._files, set()
        for fd in copies:
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        for path in files:  # records and seats files written whole since the last call, then their folder
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        if files:
            fd = os.open(self.folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def load_all(self) -> list[NetGame]:
        """Every unfinished game in the folder, replayed to where it was (a file that cannot be
        read or replayed is logged and skipped: one bad file stops no other game)."""
        games = []
        for sidecar in sorted(self.folder.glob(f"*{SIDECAR}")):
            game_id = sidecar.name[: -len(SIDECAR)]
            if not _GAME_ID.fullmatch(game_id):
                continue
            try:
                game = self._load(game_id, sidecar)
            except Exception as exc:  # noqa: BLE001 - a bad file (or a family not installed) stops no other game
                log.warning("game %s cannot be resumed: %s", game_id, exc)
                continue
            if game is not None:
                games.append(game)
        return games

    def _load(self, game_id: str, sidecar: Path) -> NetGame | None:
        seats: Any = json.loads(sidecar.read_text(encoding="utf-8"))
        hashes = seats["seats"]
        spectator = seats["spectator"]
        if not (isinstance(hashes, list) and all(isinstance(h, str) and _HASH.fullmatch(h) for h in hashes)):
            raise ValueError("the seats file holds no list of token hashes")
        if not (isinstance(spectator, str) and _HASH.fullmatch(spectator)):
            raise ValueError("the seats file holds no spectator hash")
        try:
            record = load_record(self.record_path(game_id))
        except RecordError as exc:
            raise ValueError(str(exc)) from None
        if record.result is not None:
            return None
        rules = record_rules(record)
        state = start(record, rules)
        steps = [Logged.of(step.seat, step.move, step.events) for step in play_moves(state, record.moves, record.source)]
        if len(hashes) != state.num_players:
            raise ValueError("the seats file and the record differ in the number of seats")
        game = NetGame(game_id, record.ruleset_id, record.resolved, state, hashes, spectator, list(record.moves), record.start, log=steps)
        self._replay_journal(game)
        if game.play_chance() or game.is_over():  # stopped between a move and its chance steps, or at the end
            self.save_changes(game)
        return None if game.is_over() else game

    def _replay_journal(self, game: NetGame) -> None:
        """Apply the journal's entries to the game read from its record (a last line cut short
        by a crash is dropped; any other fault raises ValueError)."""
        path = self.journal_path(game.game_id)
        try:
            lines = path.read_bytes().split(b"\n")
        except FileNotFoundError:
            return
        complete, tail = lines[:-1], lines[-1]
        if tail:
            log.warning("game %s: the journal's last line was cut short (a crash); that step is dropped", game.game_id)
        for number, line in enumerate(complete, 1):
            try:
                entry = json.loads(line)
                if "move" in entry:
                    game.apply_saved(str(entry["move"]))
                elif "rewind" in entry and 0 <= int(entry["rewind"]) <= game.ply:
                    game.rewind(int(entry["rewind"]))
                elif "resign" in entry and 0 <= int(entry["resign"]) < game.players:
                    game.resigned = int(entry["resign"])
                else:
                    raise ValueError(f"unknown entry {line[:80]!r}")
            except (ValueError, TypeError, KeyError, IllegalMoveError, NotationError) as exc:
                raise ValueError(f"{path.name} line {number}: {exc}") from None
        game.unsaved.clear()
        if tail:  # the cut line goes, so that the next append starts a line of its own
            path.write_bytes(b"".join(line + b"\n" for line in complete))
