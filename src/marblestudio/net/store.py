"""The server's games on disk, under `--data DIR`, so a restart (even after kill -9) resumes them.

Each game is two files, both written atomically (`marblestudio.atomic`): `GAME.json`, its game
record (docs/records.md), rewritten after every move, and `GAME.seats.json`, the sha256 of each
seat's token and of the spectator token (never a token), written once when the game is created.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

from marblestudio.atomic import write_atomic
from marblestudio.engine.core import Outcome
from marblestudio.net.game import NetGame
from marblestudio.records import RecordError, load_record, play_moves, record_rules, start

log = logging.getLogger(__name__)

SIDECAR = ".seats.json"
_GAME_ID = re.compile(r"[0-9a-f]{1,32}")
_HASH = re.compile(r"[0-9a-f]{64}")


class Store:
    """The folder that holds the server's games."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def record_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def seats_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}{SIDECAR}"

    def save_seats(self, game: NetGame) -> None:
        data = {"format": 1, "seats": game.seat_hashes, "spectator": game.spectator_hash}
        write_atomic(self.seats_path(game.game_id), json.dumps(data, indent=1) + "\n")

    def save(self, game: NetGame) -> None:
        """Write the game's record (atomically)."""
        self.save_moves(game, tuple(game.moves), game.state.outcome())

    def save_moves(self, game: NetGame, moves: tuple[str, ...], outcome: Outcome | None) -> None:
        """Write the record of `game` after `moves` ending in `outcome` (atomically); safe in a
        worker thread, as it reads only what does not change during a game besides these two."""
        from marblestudio.records import save_record

        save_record(self.record_path(game.game_id), game.record(moves, outcome))

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
        for _ in play_moves(state, record.moves, record.source):
            pass
        if len(hashes) != state.num_players:
            raise ValueError("the seats file and the record differ in the number of seats")
        game = NetGame(game_id, record.ruleset_id, record.resolved, state, hashes, spectator, list(record.moves), record.start)
        if game.play_chance():  # the server stopped between a move and its chance steps
            self.save(game)
        return game
