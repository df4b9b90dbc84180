"""From a ruleset file to the engine's typed rules, or to positioned diagnostics.

The pipeline: safe YAML (`yamlio`) -> the schema (a house-rule file alone, with `required`
ignored, so its own lines are pointed at) -> `extends:` resolved and merged (mappings merge
key by key, anything else replaces) -> the schema on the merged data -> semantic checks (common
and the family's) -> the frozen dataclasses.  Each stage runs only when the one before found no
error, so a result is never half-built and errors do not cascade.
"""

from __future__ import annotations

import dataclasses
import difflib
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from marblestudio.engine import family as families
from marblestudio.engine.match import DEFAULT_POINTS, SCORE, MatchRules, MatchStart
from marblestudio.engine.pieces.spec import pieces_of
from marblestudio.engine.rules import DEFAULT_MOVE_LIMIT, Players, Presentation, Ruleset, Teams
from marblestudio.rulesets import catalog, checks, structure
from marblestudio.rulesets.trees import plain
from marblestudio.rulesets.diagnostics import ERROR, WARNING, Diagnostic, Problem, RulesetError, RulesetNotFound, pointer_parts, unique
from marblestudio.rulesets.yamlio import MAX_DEPTH, MAX_NODES, START, Document, Position, read_file, read_text

RESOLVED = "<resolved>"
log = logging.getLogger(__name__)
_GAME_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Loaded:
    """A loaded ruleset: its rules, the plain data after `extends:` is merged, where it came from."""

    rules: Ruleset
    resolved: dict[str, Any]
    path: Path | None
    warnings: tuple[Diagnostic, ...] = ()


@dataclass(slots=True)
class _Source:
    """One file being checked: its document and where diagnostics about merged data go."""

    doc: Document
    path: Path | None
    fallback: Position | None = None  # the `extends:` line, for values the file did not write
    bases: tuple[_Stamp, ...] = ()  # the stamps of the bases this file builds on
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def at(self, pointer: str, message: str, severity: str = ERROR, *, at_key: bool = False) -> None:
        position = self.doc.key_at(pointer) if at_key else None
        position = position or self.doc.value_at(pointer)
        if position is None:
            position = self.fallback if self.fallback is not None else self.doc.nearest(pointer)
        self.diagnostics.append(Diagnostic(self.doc.path, position.line, position.column, severity, message, pointer))

    def inside(self, pointer: str, line: int, column: int, message: str, severity: str = ERROR) -> None:
        """A problem at `line`, `column` of the expression written at `pointer` (its file position
        worked out from how the value was written: plain, quoted or a block)."""
        start = self.doc.value_at(pointer)
        if start is None or line < 1:
            self.at(pointer, message, severity)
            return
        style = self.doc.styles.get(pointer)
        if style in ("|", ">"):
            key = self.doc.key_at(pointer) or start
            at = Position(start.line + line, key.column + 1 + column)
        elif line == 1:
            at = Position(start.line, start.column + column - 1 + (1 if style in ("'", '"') else 0))
        else:
            at = Position(start.line + line - 1, column)
        self.diagnostics.append(Diagnostic(self.doc.path, at.line, at.column, severity, message, pointer))

    def problems(self, problems: list[Problem]) -> None:
        for problem in problems:
            self.at(problem.pointer, problem.message, problem.severity)

    def found(self, found: list[structure.Found]) -> None:
        for item in found:
            self.at(item.pointer, item.message, at_key=item.at_key)

    @property
    def failed(self) -> bool:
        return any(d.is_error for d in self.diagnostics)


_Stamp = tuple[str, int, int]  # a file's resolved path, modification time and size
_cache: dict[str, tuple[Loaded, tuple[_Stamp, ...]]] = {}
"""Loaded files by resolved path, with the stamps of the file and every base it builds on."""


def _stamp(path: Path) -> _Stamp:
    stat = os.stat(path)
    return (str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size)


def _fresh(stamps: tuple[_Stamp, ...]) -> bool:
    try:
        return all(_stamp(Path(p)) == (p, m, n) for p, m, n in stamps)
    except OSError:
        return False


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """`override` laid over `base`: mappings merge key by key, anything else (lists too) replaces."""
    out = dict(base)
    for key, value in override.items():
        old = out.get(key)
        if isinstance(old, Mapping) and isinstance(value, Mapping):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


def unread(data: Mapping[str, Any]) -> list[str]:
    """The pointers the family's `unused` warns of in a checked, resolved ruleset (a key its
    rules never read, such as the platform's height without a platform; or one that does not do
    what it seems to).  The loader warns only of those the file wrote; a file that writes out
    every key (`expand`) leaves out those the file it came from did not write."""
    module = _family_module(str(data["game"]))
    if isinstance(module, str):
        return []
    return [problem.pointer for problem in module.unused(data) if problem.severity == WARNING]


def _family_module(game: str) -> ModuleType | str:
    """The installed family's ruleset module (`check`, `build`, `unused`) for `game`, or why
    there is none (a plug-in whose module fails to import is a diagnostic, never a crash)."""
    found = families.family(game)
    if found is None:
        return _not_installed(game) or f"the game '{game}' is not installed"
    try:
        module: ModuleType = found.load("ruleset")
    except Exception as exc:  # noqa: BLE001 - a broken plug-in must not crash a check
        log.exception("the ruleset module of the game family %r failed to load", game)
        return f"the game '{game}' cannot be checked here: its ruleset module {found.ruleset!r} failed to load ({type(exc).__name__}: {exc})"
    return module


def _not_installed(game: Any) -> str | None:
    """Why `game` cannot be loaded here, when it looks like a family's name but none is installed."""
    if not isinstance(game, str) or families.family(game) is not None or not _GAME_NAME.fullmatch(game):
        return None
    if difflib.get_close_matches(game, families.names(), n=1, cutoff=0.8):
        return None  # a misspelling: the schema's message says "did you mean"
    installed = ", ".join(families.names())
    broken = [p for p in families.problems() if f"'{game}'" in p]
    why = f" ({broken[0]})" if broken else "; a plug-in package adds a game (docs/plugins.md)"
    return f"the game '{game}' is not installed in this Marble Studio (installed: {installed}){why}"


def _game_of(data: Mapping[str, Any]) -> str | None:
    """The game a house-rule file says it is for: its `game`, else the family section it writes."""
    if isinstance(data.get("game"), str):
        return str(data["game"])
    for family in families.families():
        if family.section in data:
            return family.game
    return None


def _sorted(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The first (most useful) diagnostic stays first; the rest follow in file order."""
    diagnostics = unique(diagnostics)
    if len(diagnostics) < 2:
        return diagnostics
    errors = [d for d in diagnostics if d.is_error]
    warnings = [d for d in diagnostics if not d.is_error]
    if errors:
        first, rest = errors[0], errors[1:]
        return [first, *sorted(rest, key=lambda d: (d.line, d.column)), *warnings]
    return warnings


def _check(
    doc: Document, path: Path | None, stack: tuple[str, ...], bases_out: list[tuple[_Stamp, ...]] | None = None
) -> tuple[Loaded | None, list[Diagnostic]]:
    """Check one document through every stage; `bases_out` receives the stamps of its bases."""
    source = _Source(doc, path)
    data = doc.data
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single {_kind(data)}"  # never its text: see _resolve_base
        source.at("", f"a ruleset is a mapping of keys such as 'id:' and 'game:'; this file holds {kind}")
        return None, source.diagnostics
    if {"moves", "players", "ruleset"} <= data.keys() and isinstance(data["ruleset"], dict):
        source.at(
            "",
            "this is a game record, not a ruleset: replay it with 'marblestudio replay FILE' or open it in the app; "
            "its ruleset is the one named in 'ruleset.id'",
        )
        return None, source.diagnostics
    source.problems(checks.format_warning(data))
    base_data: Mapping[str, Any] | None = None
    if "extends" not in data:
        merged = data
        missing = _not_installed(data.get("game"))
        if missing is not None:
            source.at("/game", missing)
            return None, _sorted(source.diagnostics)
        source.found(structure.check(data))
    else:
        source.found(structure.check(data))
        if source.failed:
            base_id = data.get("extends")
            _check_sound_pieces(source, data, base_id.split("/")[0] if isinstance(base_id, str) and "/" in base_id else None)
            return None, _sorted(source.diagnostics)
        base = _resolve_base(source, data["extends"], stack)
        if base is None:
            return None, _sorted(source.diagnostics)
        source.fallback = doc.value_at("/extends") or START
        if "id" not in data:
            source.at("", f"a house rule needs its own 'id' (else it would take '{base.rules.id}' from its base)")
        own_game = _game_of(data)
        if own_game is not None and own_game != base.rules.game:
            source.at(
                "/extends",
                f"the base '{data['extends']}' is for the game '{base.rules.game}', but this file is for '{own_game}'",
            )
        if source.failed:
            return None, _sorted(source.diagnostics)
        base_data = base.resolved
        merged = merge(base.resolved, {k: v for k, v in data.items() if k != "extends"})
        source.found(structure.check(merged))
    if source.failed:
        _check_sound_pieces(source, data, _game_of(merged) if isinstance(merged, Mapping) else None)
        return None, _sorted(source.diagnostics)
    _check_place(source, merged)
    source.problems(checks.check(merged))
    module = _family_module(merged["game"])
    if isinstance(module, str):
        source.at("/game", module)
        return None, _sorted(source.diagnostics)
    source.problems(module.check(merged))
    source.problems(_written_unused(doc, module.unused(merged), base_data))
    _check_pieces(source, merged["game"], data.get("rules", []))
    if source.failed:
        return None, _sorted(source.diagnostics)
    if base_data is not None and "rules" in data:  # a house rule's pieces come after its base's
        merged["rules"] = [*base_data.get("rules", []), *data["rules"]]
    if "rules" in merged:
        from marblestudio.engine.pieces import program as pieces_program  # only a file with rule pieces needs it

        merged["rules"] = pieces_program.expanded(merged["rules"])
    source.problems(checks.score_points_problems(merged))  # the pieces of the house rule and its bases
    if source.failed:
        return None, _sorted(source.diagnostics)
    resolved = plain(merged)
    rules = _build(resolved, module)
    if data.get("rules"):
        _check_texts(source, data["rules"], rules)
    warnings = tuple(d for d in _sorted(source.diagnostics) if not d.is_error)
    if bases_out is not None:
        bases_out.append(source.bases)
    return Loaded(rules, resolved, path, warnings), list(warnings)


_MISSING = object()


def _at_pointer(data: Any, pointer: str) -> Any:
    for part in pointer_parts(pointer):
        if not isinstance(data, Mapping) or part not in data:
            return _MISSING
        data = data[part]
    return data


def _written_unused(doc: Document, unused: list[Problem], base: Mapping[str, Any] | None) -> list[Problem]:
    """The keys a family's rules never read that this file itself wrote (issue 13: 'teams' in Stay
    Alive validated and played as every player alone).  A value a house rule repeats from its
    base changes nothing and is not reported."""
    out = []
    for problem in unused:
        if doc.key_at(problem.pointer) is None:
            continue  # a base wrote it
        if base is not None and _at_pointer(base, problem.pointer) == _at_pointer(doc.data, problem.pointer):
            continue
        out.append(problem)
    return out


def _check_pieces(source: _Source, game: str, entries: Any) -> None:
    """The problems of this file's own rule pieces, at their line and column (inside an expression too)."""
    if not entries:
        return
    from marblestudio.engine.pieces import program as pieces_program  # only a file with rule pieces needs it

    try:
        found = pieces_program.check(game, entries)
    except Exception as exc:  # noqa: BLE001 - a plug-in's hooks that fail to load are a diagnostic, not a crash
        log.exception("the rule pieces of %r could not be checked", game)
        source.at("/rules", f"the rules of the game '{game}' cannot be checked here ({type(exc).__name__}: {exc})")
        return
    for problem in found:
        if problem.line:
            source.inside(problem.pointer, problem.line, problem.column, problem.message)
        else:
            source.at(problem.pointer, problem.message, at_key=problem.pointer.rsplit("/", 1)[-1] in ("on", "forbid", "then"))


def _check_texts(source: _Source, entries: list[Any], rules: Ruleset) -> None:
    """A warning for each text this file's rule pieces compare with that the game never shows
    (`engine.pieces.texts`: `event.card == 'DRAW'` with a deck of DRAW1 and DRAW2)."""
    from marblestudio.engine.pieces import texts  # only a file with rule pieces needs it

    found = texts.comparisons(entries)
    if not found:
        return
    from marblestudio.engine import new_game
    from marblestudio.engine.pieces import program as pieces_program

    try:
        known = texts.domains(pieces_program.family_hooks(rules.game).texts, new_game(rules))
    except Exception:  # noqa: BLE001 - a plug-in's texts that fail are no reason to refuse the file
        log.exception("the texts of the game %r could not be worked out", rules.game)
        return
    for problem in texts.unknown_texts(found, known):
        source.inside(problem.pointer, problem.line, problem.column, problem.message, WARNING)


def _check_sound_pieces(source: _Source, data: Mapping[str, Any], game: str | None = None) -> None:
    """With other errors in the file: the problems of each rule that the schema's diagnostics do
    not already tell (an unknown name in an expression), so that one run of `validate` tells them
    all.  A rule with a wrong key is checked too, but nothing is told at, inside or around that
    key: the engine's own words for it, or what follows from it."""
    entries = data.get("rules")
    game = game or _game_of(data)
    if not isinstance(entries, list) or not isinstance(game, str) or _not_installed(game) is not None:
        return
    if any(d.is_error and d.pointer in ("", "/rules") for d in source.diagnostics):
        return  # the list itself is wrong (too long, not a list): its entries are not judged one by one
    told: dict[str, list[str]] = {}  # the pointers already told, by the entry's index
    for d in source.diagnostics:
        if d.pointer.startswith("/rules/"):
            told.setdefault(d.pointer.split("/")[2], []).append(d.pointer)
    from marblestudio.engine.pieces import program as pieces_program  # only a file with rule pieces needs it

    for index, entry in enumerate(entries):
        at = f"/rules/{index}"
        wrong = told.get(str(index), [])
        if at in wrong or not isinstance(entry, Mapping):
            continue  # the entry as a whole is wrong
        try:
            found = pieces_program.check(game, [entry], entries)
        except Exception:  # noqa: BLE001 - a shape the schema refuses: left to its own diagnostic
            continue
        for problem in found:
            pointer = at + problem.pointer[len("/rules/0"):]
            if any(_related(pointer, w) for w in wrong):
                continue
            if problem.line:
                source.inside(pointer, problem.line, problem.column, problem.message)
            else:
                source.at(pointer, problem.message, at_key=pointer.rsplit("/", 1)[-1] in ("on", "forbid", "then"))


def _related(pointer: str, other: str) -> bool:
    """Whether one JSON pointer is the other or inside it."""
    return pointer == other or pointer.startswith(other + "/") or other.startswith(pointer + "/")


def _check_place(source: _Source, data: Mapping[str, Any]) -> None:
    """A file in the bundled or user folder has the id of its place; a user id may not hide a bundled one."""
    if source.path is None:
        return
    place = catalog.place_of(source.path)
    if place is None:
        return
    place_id, bundled = place
    if not bundled and place_id in catalog.bundled_ids():
        source.at("/id", f"the user ruleset '{place_id}' would hide the bundled ruleset of that id: rename the file and its id")
    elif data["id"] != place_id:
        message = f"the id '{data['id']}' must match the file's place in its folder: '{place_id}'"
        if not bundled and catalog.ID.fullmatch(str(data["id"])):  # where a file of that id goes
            message += f", or move the file to {catalog.user_dir() / data['id']}{source.path.suffix}"
        source.at("/id", message)


def _kind(value: Any) -> str:
    """What sort of value `value` is, in words, without its text."""
    if isinstance(value, bool):
        return "true or false value"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "line of text" if "\n" not in value.strip() else "block of text"
    return "value"


def _resolve_base(source: _Source, ref: str, stack: tuple[str, ...]) -> Loaded | None:
    """Load the base named by `extends:`; a problem becomes a diagnostic at the `extends:` line.

    A ruleset may come from anyone (a shared file, a CI job), and `extends:` names a file on the
    machine that checks it.  So a path base must be a .yaml or .yml file, and what is wrong with
    a path base is reported by place and count, never by its text: a hostile `extends:
    ../secrets/.env` or `/etc/passwd` learns nothing of the file it names."""
    here = source.path.parent if source.path is not None else Path.cwd()
    trusted = False  # a bundled or user ruleset, whose problems may be quoted
    suffix = Path(ref).suffix.lower()
    if suffix in catalog.SUFFIXES or catalog.is_file(here / ref) or catalog.is_dir(here / ref):  # a path, relative to this file
        base_path = (here / ref).resolve()
        if catalog.is_dir(base_path):
            source.at("/extends", f"the base '{ref}' is a folder, not a ruleset file (looked for {base_path})")
            return None
        if suffix not in catalog.SUFFIXES:
            source.at("/extends", f"the base '{ref}' is not a ruleset file: a base is a bundled or user ruleset id, or a .yaml or .yml file")
            return None
        if not catalog.is_file(base_path):
            source.at("/extends", f"the base '{ref}' does not exist (looked for {base_path})")
            return None
    else:
        found = catalog.find(ref)
        if found is None:
            source.at("/extends", _unknown_id(ref))
            return None
        base_path, trusted = found, True
    key = str(base_path.resolve())
    if key in stack or (source.path is not None and key == str(source.path.resolve())):
        own_name = (str(source.path.resolve()),) if source.path is not None else ()
        chain = " -> ".join(Path(p).name for p in (*stack, *own_name, key))
        source.at("/extends", f"'extends' makes a cycle: {chain}")
        return None
    own = (str(source.path.resolve()),) if source.path is not None else ()
    try:
        loaded, diagnostics = _load_file(base_path, (*stack, *own))
    except OSError as exc:
        source.at("/extends", f"the base '{ref}' cannot be read: {exc.strerror or type(exc).__name__}")
        return None
    if loaded is None:
        source.at("/extends", _invalid_base(ref, [d for d in diagnostics if d.is_error], trusted))
        return None
    source.bases = _cache[str(base_path.resolve())][1]
    return loaded


def _invalid_base(ref: str, errors: list[Diagnostic], trusted: bool) -> str:
    """Why a base is invalid: its first error in full for a bundled or user ruleset, or when it is
    about the base's own `extends:`; otherwise, for a path, only where the errors are (their
    messages may quote the file's text)."""
    if not errors:
        return f"the base '{ref}' is not valid"
    first = errors[0]
    if trusted or first.pointer == "/extends":  # a base's own base: names of files, which one must follow
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return f"the base '{ref}' is not valid: {first}{more}"
    count = f"{len(errors)} errors, the first" if len(errors) > 1 else "an error"
    return f"the base '{ref}' is not valid: {count} at {first.path}:{first.line}:{first.column}; check it with: marblestudio validate {first.path}"


def _unknown_id(ref: str) -> str:
    known = sorted(set(catalog.bundled_ids()) | catalog.user_ids())
    game, _, variant = ref.partition("/")
    same_game = [i for i in known if i.split("/", 1)[0] == game]
    if same_game:  # a known game: a close variant of it, or the game's own list
        variants = [i.split("/", 1)[1] for i in same_game]
        close = [f"{game}/{v}" for v in difflib.get_close_matches(variant, variants, n=1, cutoff=0.75)]
        hint = f"did you mean '{close[0]}'?" if close else f"the {game} rulesets are: {', '.join(same_game)}"
    else:
        close = difflib.get_close_matches(ref, known, n=1, cutoff=0.75)
        games = sorted({i.split("/", 1)[0] for i in known})
        hint = f"did you mean '{close[0]}'?" if close else f"ids are '<game>/<variant>' and start with {', '.join(g + '/' for g in games)}: marblestudio list shows them"
    if not ref.strip():  # Path("") is the working folder: not what an empty argument means
        return "the ruleset is empty: give a ruleset id (stay-alive/standard) or a file (marblestudio list shows the ids)"
    folder = f"; '{ref}' is a folder: give a ruleset file in it" if catalog.is_dir(Path(ref)) else ""
    return f"no bundled or user ruleset has the id '{ref}' ({hint}){folder}"


def _build(data: dict[str, Any], module: ModuleType) -> Ruleset:
    players = data["players"]
    teams = data.get("teams")
    presentation = data.get("presentation", {})
    default_presentation = Presentation()
    match = data.get("match")
    return Ruleset(
        id=data["id"],
        name=data["name"],
        description=data.get("description", ""),
        game=data["game"],
        players=Players(players["min"], players["max"], players.get("default", players["min"])),
        family=module.build(data),
        teams=None if teams is None else Teams(teams.get("count", 2), teams.get("seating", "alternate")),
        presentation=Presentation(
            colours=tuple(presentation.get("colours", default_presentation.colours)),
            seat_names=tuple(presentation.get("seat_names", ())),
            labels=tuple(presentation.get("labels", {}).items()),
        ),
        move_limit=data.get("move_limit", DEFAULT_MOVE_LIMIT),
        format=data.get("format", checks.FORMAT),
        pieces=pieces_of(data.get("rules", [])),
        match=None if match is None else MatchRules(
            rounds=match.get("rounds"),
            to=match.get("to"),
            points=() if match.get("points") == SCORE else tuple(match.get("points", DEFAULT_POINTS)),
            start=MatchStart(match.get("start", MatchStart.SAME.value)),
            by_score=match.get("points") == SCORE,
        ),
    )


def _load_file(path: Path, stack: tuple[str, ...] = ()) -> tuple[Loaded | None, list[Diagnostic]]:
    """Load `path`, cached while it and its bases are unchanged.  Raises OSError when unreadable."""
    stamp = _stamp(path)
    cached = _cache.get(stamp[0])
    if cached is not None and cached[1][0] == stamp and _fresh(cached[1][1:]):
        return cached[0], list(cached[0].warnings)
    doc, problems = read_file(path)
    if doc is None or any(d.is_error for d in problems):
        return None, problems
    source_bases: list[tuple[_Stamp, ...]] = []
    loaded, diagnostics = _check(doc, Path(path), stack, source_bases)
    if loaded is not None:
        _cache[stamp[0]] = (loaded, (stamp, *(source_bases[0] if source_bases else ())))
    return loaded, diagnostics


def _unreadable(path: Path | str, exc: OSError) -> Diagnostic:
    reason = exc.strerror or str(exc)
    return Diagnostic(str(path), 1, 1, ERROR, f"cannot read the file: {reason}")


def check_file_loaded(path: Path | str) -> tuple[Loaded | None, list[Diagnostic]]:
    """Load a file: the result (None when invalid) and every diagnostic (warnings included)."""
    try:
        return _load_file(Path(path))
    except OSError as exc:
        return None, [_unreadable(path, exc)]


def check_path(path: Path | str) -> list[Diagnostic]:
    """Every problem of the ruleset file at `path` (warnings included); [] when it is valid."""
    return check_file_loaded(path)[1]


def check_text(text: str, path: Path | str = "<text>") -> list[Diagnostic]:
    """Every problem of ruleset `text`, as if it were the file `path` (for relative `extends:`)."""
    doc, problems = read_text(text, str(path))
    if doc is None or any(d.is_error for d in problems):
        return problems
    file_path = Path(path) if str(path) != "<text>" else None
    return _check(doc, file_path, ())[1]


def load_text(text: str, path: Path | str = "<text>") -> Loaded:
    """The ruleset `text` loaded as if it were the file `path` (for relative `extends:`): the same
    reading, merging (a house rule's pieces after its base's) and expansion as a file gets.
    Raises RulesetError with its diagnostics when invalid."""
    doc, problems = read_text(text, str(path))
    if doc is None or any(d.is_error for d in problems):
        raise RulesetError(problems)
    file_path = Path(path) if str(path) != "<text>" else None
    loaded, diagnostics = _check(doc, file_path, ())
    if loaded is None:
        raise RulesetError(diagnostics)
    return dataclasses.replace(loaded, resolved=plain(loaded.resolved))


def load_with_source(ref: str | os.PathLike[str]) -> Loaded:
    """Load a ruleset by id or path; raises RulesetError with its diagnostics when invalid."""
    target = catalog.resolve_ruleset_arg(os.fspath(ref)) if not isinstance(ref, Path) else ref
    if isinstance(target, str):
        found = catalog.find(target)
        if found is None:
            raise RulesetNotFound([Diagnostic(target, 1, 1, ERROR, _unknown_id(target))])
        target = found
    try:
        loaded, diagnostics = _load_file(Path(target))
    except OSError as exc:  # missing, a folder, no permission: nothing to load
        raise RulesetNotFound([_unreadable(target, exc)]) from None
    except ValueError as exc:  # a name the system refuses (a NUL byte)
        raise RulesetNotFound([Diagnostic(str(target), 1, 1, ERROR, f"cannot read the file: {exc}")]) from None
    if loaded is None:
        raise RulesetError(diagnostics)
    return dataclasses.replace(loaded, resolved=plain(loaded.resolved))  # the caller's own copy


def load(ref: str | os.PathLike[str]) -> Ruleset:
    """The rules of a ruleset given by id or path; raises RulesetError when invalid."""
    return load_with_source(ref).rules


def _plain_data_problem(data: Any) -> str | None:
    """Why `data` (a resolved ruleset from a record, not from our YAML reader) is not plain data
    within the reader's limits (nesting, values, kinds), or None.  Iterative: a 100,000-deep
    list must give this message, not a RecursionError."""
    todo: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while todo:
        value, depth = todo.pop()
        count += 1
        if count > MAX_NODES:
            return f"it holds more than {MAX_NODES:,} values"
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                return f"it nests deeper than {MAX_DEPTH} levels"
            if isinstance(value, dict):
                if not all(isinstance(k, str) for k in value):
                    return "a key is not text"
                todo.extend((v, depth + 1) for v in value.values())
            else:
                todo.extend((v, depth + 1) for v in value)
        elif value is not None and not isinstance(value, (str, int, float, bool)):
            return f"it holds a {type(value).__name__}, which is not plain data"
    return None


def from_resolved(data: Mapping[str, Any]) -> Ruleset:
    """Check and build a resolved ruleset (no `extends:`), e.g. one stored in a game record."""
    problem = _plain_data_problem(data)
    if problem is not None:
        raise RulesetError([Diagnostic(RESOLVED, 1, 1, ERROR, f"the resolved ruleset is not a ruleset: {problem}")])
    copied = plain(data)
    doc = Document(RESOLVED, copied)
    if isinstance(copied, dict) and "extends" in copied:
        raise RulesetError([Diagnostic(RESOLVED, 1, 1, ERROR, "a resolved ruleset has no 'extends:'", "/extends")])
    loaded, diagnostics = _check(doc, None, ())
    if loaded is None:
        raise RulesetError(diagnostics)
    return loaded.rules


__all__ = [
    "Loaded",
    "check_file_loaded",
    "check_path",
    "check_text",
    "from_resolved",
    "load",
    "load_text",
    "load_with_source",
    "merge",
]
