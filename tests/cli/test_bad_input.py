"""Every command given bad input: a message naming the file (and line, move or rule) and what
to do, a failing exit code, no traceback, and nothing lost or left behind."""

from __future__ import annotations

import builtins
import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from marblestudio.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "stay-alive-quick-3p.json"
BROKEN_YAML = "format: 1\nid: stay-alive/mine\n  name: [\n"  # line 3: an indented key under a scalar
WRONG_FAMILY = "format: 1\nextends: alive/standard\nid: stay-alive/mine\nname: Mine\ngame: stay-alive\n"
JUNK = bytes(range(256)) * 2


@pytest.fixture(autouse=True)
def _user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user-rulesets"
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(folder))
    monkeypatch.chdir(tmp_path)
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The message of an argument the parser refuses (argparse exits with 2)."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def unreadable(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Make `path` raise PermissionError when opened (the tests run as root, so chmod would not)."""
    target = str(path.resolve())
    real_open = io.open

    def guarded_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, Path)) and str(Path(file).resolve()) == target:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(builtins, "open", guarded_open)


def _record(**change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for edit in change.values():
        edit(data)
    return data


def write_record(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


# validate ---------------------------------------------------------------------------------------
def test_validate_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "nope.yaml")
    assert code == 2
    assert "nope.yaml:1:1: error: no such file or folder" in out


def test_validate_a_folder_without_rulesets_is_not_a_pass(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "empty-folder").mkdir()
    code, out, _ = run(capsys, "validate", "empty-folder")
    assert code == 2
    assert "empty-folder:1:1: error: the folder holds no ruleset files (*.yaml, *.yml)" in out


def test_validate_an_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("format: 1\n", encoding="utf-8")
    unreadable(monkeypatch, path)
    code, out, _ = run(capsys, "validate", "secret.yaml")
    assert code == 2
    assert "secret.yaml:1:1: error: cannot read the file: Permission denied" in out


@pytest.mark.parametrize(
    ("content", "expected", "code"),
    [
        (b"", "empty.yaml:1:1: error: the file is empty", 1),
        (JUNK, "error: the file holds binary data (NUL bytes), not YAML text", 1),
        (BROKEN_YAML.encode(), "broken.yaml:3:7: error: YAML syntax", 1),
        (WRONG_FAMILY.encode(), "wrong.yaml:2:10: error: the base 'alive/standard' is for the game 'alive', but this file is for 'stay-alive'", 1),
        (b"format: 1\nextends: stay-alive/standrd\nid: stay-alive/mine\nname: Mine\n",
         "typo.yaml:2:10: error: no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)", 1),
    ],
    ids=["empty", "binary", "broken-yaml", "wrong-family", "unknown-base"],
)
def test_validate_bad_ruleset_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, expected: str, code: int) -> None:
    name = {b"": "empty.yaml", JUNK: "junk.yaml"}.get(content)
    name = name or ("broken.yaml" if content == BROKEN_YAML.encode() else "wrong.yaml" if b"alive/standard" in content else "typo.yaml")
    (tmp_path / name).write_bytes(content)
    got, out, _ = run(capsys, "validate", name)
    assert got == code
    assert expected in out
    assert out.splitlines()[0].startswith(f"{name}:")


@pytest.mark.parametrize(
    ("extends", "expected"),
    [
        ("../nowhere.yaml", "mine.yaml:2:10: error: the base '../nowhere.yaml' does not exist (looked for "),
        ("./rules.yaml", "mine.yaml:2:10: error: the base './rules.yaml' is a folder, not a ruleset file (looked for "),
        ("./broken.yaml", "mine.yaml:2:10: error: the base './broken.yaml' is not valid: "),
    ],
)
def test_validate_a_bad_base_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, extends: str, expected: str) -> None:
    (tmp_path / "rules.yaml").mkdir()
    (tmp_path / "broken.yaml").write_text(BROKEN_YAML, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(f"format: 1\nextends: {extends}\nid: stay-alive/mine\nname: Mine\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "mine.yaml")
    assert code == 1
    assert expected in out


def test_a_name_too_long_for_the_system(capsys: pytest.CaptureFixture[str]) -> None:
    long = "a" * 300
    code, out, _ = run(capsys, "validate", long)
    assert code == 2
    assert f"{long}:1:1: error: cannot read it: File name too long" in out
    code, _, err = run(capsys, "render", long, "--out", "o.png")
    assert code == 2
    assert f"no bundled or user ruleset has the id '{long}'" in err
    code, _, err = run(capsys, "replay", f"{long}.json")
    assert code == 2
    assert f"{long}.json: cannot read the record: File name too long" in err


def test_a_base_name_too_long_for_the_system_is_a_diagnostic() -> None:
    from marblestudio.rulesets import check_text

    found = check_text(f"format: 1\nextends: {'x' * 300}\nid: stay-alive/mine\nname: Mine\n", "mine.yaml")
    assert [(d.line, d.column) for d in found] == [(2, 10)]
    assert found[0].message.startswith(f"no bundled or user ruleset has the id '{'x' * 300}'")


# list and schema --------------------------------------------------------------------------------
def test_list_skips_a_broken_user_ruleset_naming_it(capsys: pytest.CaptureFixture[str], _user_dir: Path) -> None:
    (_user_dir / "stay-alive").mkdir(parents=True)
    (_user_dir / "stay-alive" / "broken.yaml").write_text(BROKEN_YAML, encoding="utf-8")
    (_user_dir / "stay-alive" / "junk.yaml").write_bytes(JUNK)
    code, out, err = run(capsys, "list")
    assert code == 0
    assert f"{_user_dir / 'stay-alive' / 'broken.yaml'}:3:7: error: YAML syntax" in err and "(skipped)" in err
    assert f"{_user_dir / 'stay-alive' / 'junk.yaml'}" in err
    assert "stay-alive/standard" in out  # the good ones are still listed


def test_list_with_a_file_where_the_user_folder_should_be(capsys: pytest.CaptureFixture[str], _user_dir: Path) -> None:
    _user_dir.write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "list")
    assert code == 0
    assert f"{_user_dir} is a file, not a folder: your own rulesets go in a folder of that name" in err
    assert "stay-alive/standard" in out


@pytest.mark.parametrize("where", ["folder", "missing-folder"])
def test_schema_to_a_place_it_cannot_write_leaves_nothing_behind(capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str) -> None:
    (tmp_path / "folder").mkdir()
    target = "folder" if where == "folder" else "missing/schema.json"
    code, _, err = run(capsys, "schema", "-o", target)
    assert code == 2
    assert err.startswith(f"marblestudio schema: {target}" if where == "folder" else f"marblestudio schema: cannot write {target}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
    assert list((tmp_path / "folder").iterdir()) == []


# new --------------------------------------------------------------------------------------------
def test_new_does_not_overwrite_an_existing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("# my work\n", encoding="utf-8")
    code, _, err = run(capsys, "new", "--from", "stay-alive/standard", "mine.yaml")
    assert code == 2  # usage: nothing is wrong with the input
    assert "mine.yaml exists already; use --force to overwrite it" in err
    assert (tmp_path / "mine.yaml").read_text(encoding="utf-8") == "# my work\n"


def test_new_into_a_folder_that_does_not_exist_creates_it_and_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "new", "--from", "stay-alive/standard", "no-such/place/mine.yaml")
    assert code == 0
    assert out.startswith("wrote no-such/place/mine.yaml (extends stay-alive/standard; created the folder no-such/place)")
    assert (tmp_path / "no-such" / "place" / "mine.yaml").is_file()


def test_new_where_the_folder_cannot_be_made(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "plain-file").write_text("x", encoding="utf-8")
    code, _, err = run(capsys, "new", "--from", "stay-alive/standard", "plain-file/mine.yaml")
    assert code == 2
    assert "marblestudio new: cannot write plain-file/mine.yaml: File exists" in err
    assert (tmp_path / "plain-file").read_text(encoding="utf-8") == "x"


def test_new_onto_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "rules.yaml").mkdir()
    code, _, err = run(capsys, "new", "--from", "stay-alive/standard", "rules.yaml", "--force")
    assert code == 2
    assert "rules.yaml is a folder; give a file name" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.yaml"]  # no temporary file left


@pytest.mark.parametrize(
    ("new_id", "example"), [("BAD_ID", "stay-alive/my-rules"), ("Stay Alive/My Rules", "stay-alive/my-rules"), ("a/b/c", "stay-alive/my-rules")]
)
def test_new_with_an_id_that_is_not_an_id(capsys: pytest.CaptureFixture[str], tmp_path: Path, new_id: str, example: str) -> None:
    code, _, err = run(capsys, "new", "--from", "stay-alive/standard", "mine.yaml", "--id", new_id)
    assert code == 2
    assert f"--id {new_id!r} is not an id: write '<game>/<name>' in lower-case letters, digits and '-', e.g. {example}" in err
    assert not (tmp_path / "mine.yaml").exists()


@pytest.mark.parametrize(
    ("base", "content", "expected"),
    [
        ("stay-alive/standrd", None, "stay-alive/standrd:1:1: error: no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"),
        ("broken.yaml", BROKEN_YAML, "broken.yaml:3:7: error: YAML syntax"),
        ("wrong.yaml", WRONG_FAMILY, "wrong.yaml:2:10: error: the base 'alive/standard' is for the game 'alive'"),
        ("missing.yaml", None, "missing.yaml:1:1: error: cannot read the file: No such file or directory"),
    ],
)
def test_new_from_a_bad_base(capsys: pytest.CaptureFixture[str], tmp_path: Path, base: str, content: str | None, expected: str) -> None:
    if content is not None:
        (tmp_path / base).write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "new", "--from", base, "mine.yaml")
    assert code == (2 if content is None else 1)  # nothing there: a usage error; a bad base: invalid input
    assert f"cannot use {base} as a base" in err and expected in err
    assert not (tmp_path / "mine.yaml").exists()


# replay -----------------------------------------------------------------------------------------
def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__(key, value)


BAD_RECORDS: list[tuple[str, Any, str]] = [
    ("format2.json", _record(f=_set("format", 2)), "format2.json: record format 2 is not supported (this version reads 1)"),
    ("tampered.json", _record(f=lambda d: d["ruleset"]["resolved"].__setitem__("name", "Hacked")),
     "tampered.json: the ruleset in the record was changed"),
    ("illegal.json", _record(f=lambda d: d["moves"].__setitem__(3, d["moves"][2])),
     "illegal.json: move 3 (place e3) is illegal: cell e3 is taken"),
    ("notation.json", _record(f=lambda d: d["moves"].__setitem__(4, "xyzzy")),
     "notation.json: move 4 (xyzzy): 'xyzzy' is not a Stay Alive move"),
    ("missing.json", _record(f=lambda d: d.pop("players")), "missing.json: not a game record: missing key(s) players"),
    ("short.json", _record(f=lambda d: d.__setitem__("moves", d["moves"][:10])),
     "short.json: the replay ends in an unfinished game, but the record says a win"),
    ("nobody.json", _record(f=_set("players", [])), "nobody.json: 'players' is empty: a record lists one object per seat"),
    ("one-player.json", _record(f=lambda d: (d.__setitem__("players", d["players"][:1]), d.__setitem__("result", None))),
     "one-player.json: cannot start a game of 'stay-alive/quick': stay-alive/quick is for 2 to 4 players, not 1"),
    ("list.json", [1, 2], "list.json: a game record is a JSON object, not list"),
    ("winner-text.json", _record(f=lambda d: d["result"].__setitem__("winners", ["x"])),
     "winner-text.json: 'result.winners' must list seats 0 to 2, not ['x']"),
    ("winner-seat.json", _record(f=lambda d: d["result"].__setitem__("winners", [5])),
     "winner-seat.json: 'result.winners' must list seats 0 to 2, not [5]"),
]


@pytest.mark.parametrize(("name", "data", "expected"), BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_replay_a_bad_record(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: Any, expected: str) -> None:
    write_record(tmp_path, name, data)
    code, _, err = run(capsys, "replay", name)
    assert code == 1
    assert f"replay: {expected}" in err


def test_replay_prints_the_moves_before_an_illegal_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = _record(f=lambda d: d["moves"].__setitem__(3, d["moves"][2]))
    write_record(tmp_path, "illegal.json", data)
    code, out, _ = run(capsys, "replay", "--json", "illegal.json")
    printed = json.loads(out)
    assert code == 1
    assert [m["move"] for m in printed["moves"]] == data["moves"][:3]
    assert printed["error"]["message"].startswith("illegal.json: move 3 (place e3) is illegal")
    assert printed["error"]["kind"] == "illegal-move" and printed["error"]["move"] == 3


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("empty.json", b"", "empty.json: the file is empty: a game record is a JSON object"),
        ("blank.json", b"  \n\n", "blank.json: the file is empty"),
        ("junk.json", JUNK, "junk.json: not a game record: the file is not UTF-8 text"),
        ("text.json", b"hello\n", "text.json:1:1: the record is not valid JSON: Expecting value"),
        ("cut.json", GOLDEN.read_bytes()[:300], "cut.json:14:3: the record is not valid JSON"),
    ],
)
def test_replay_a_file_that_is_not_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, content: bytes, expected: str) -> None:
    (tmp_path / name).write_bytes(content)
    code, _, err = run(capsys, "replay", name)
    assert code == 1
    assert expected in err


def test_replay_a_missing_folder_or_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "secret.json").write_bytes(GOLDEN.read_bytes())
    unreadable(monkeypatch, tmp_path / "secret.json")
    for name, reason in (("nope.json", "No such file or directory"), ("folder.json", "Is a directory"), ("secret.json", "Permission denied")):
        code, _, err = run(capsys, "replay", name)
        assert code == 2  # an unreadable path is a usage error (the README's exit-code table)
        assert f"replay: {name}: cannot read the record: {reason}" in err


# render -----------------------------------------------------------------------------------------
def test_render_a_move_past_the_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    moves = len(json.loads(GOLDEN.read_text(encoding="utf-8"))["moves"])
    code, _, err = run(capsys, "render", str(GOLDEN), "--out", "o.png", "--move", str(moves + 1))
    assert code == 2  # a value that does not fit the record: usage, as --move -1 is
    assert f"{GOLDEN}: --move {moves + 1}: the record has only {moves} moves; give --move 0 to {moves}" in err
    assert not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("size", ["12x", "big", "1280*720", "-5x10"])
def test_render_a_malformed_size(capsys: pytest.CaptureFixture[str], size: str) -> None:
    code, _, err = run(capsys, "render", "stay-alive/standard", "--out", "o.png", f"--size={size}")
    assert code == 2
    assert f"--size {size!r}: write WIDTHxHEIGHT, e.g. 1280x720" in err


@pytest.mark.parametrize("command", ["render", "play"])
def test_a_seed_that_is_not_a_number(capsys: pytest.CaptureFixture[str], command: str) -> None:
    extra = ["--out", "o.png"] if command == "render" else []
    err = usage_error(capsys, command, "stay-alive/standard", *extra, "--seed", "abc")
    assert "argument --seed: invalid int value: 'abc'" in err


@pytest.mark.parametrize(
    ("source", "content", "expected"),
    [
        ("stay-alive/standrd", None, "stay-alive/standrd:1:1: error: no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"),
        ("broken.yaml", BROKEN_YAML, "broken.yaml:3:7: error: YAML syntax"),
        ("wrong.yaml", WRONG_FAMILY, "wrong.yaml:2:10: error: the base 'alive/standard' is for the game 'alive'"),
        ("nope.json", None, "nope.json: cannot read the record: No such file or directory"),
        ("illegal.json", json.dumps(_record(f=lambda d: d["moves"].__setitem__(3, d["moves"][2]))),
         "illegal.json: move 3 (place e3) is illegal: cell e3 is taken"),
        ("tampered.json", json.dumps(_record(f=lambda d: d["ruleset"]["resolved"].__setitem__("name", "X"))),
         "tampered.json: the ruleset in the record was changed"),
    ],
)
def test_render_a_bad_source(capsys: pytest.CaptureFixture[str], tmp_path: Path, source: str, content: str | None, expected: str) -> None:
    if content is not None:
        (tmp_path / source).write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "render", source, "--out", "o.png")
    assert code == (2 if content is None else 1)  # nothing there: a usage error; a bad file: invalid input
    assert f"marblestudio render: {expected}" in err
    assert not (tmp_path / "o.png").exists()


def test_render_a_folder_given_as_a_ruleset(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    code, _, err = run(capsys, "render", "rules", "--out", "o.png")
    assert code == 2
    assert "'rules' is a folder: give a ruleset file in it" in err


def test_render_onto_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "out.png").mkdir()
    code, _, err = run(capsys, "render", "stay-alive/standard", "--out", "out.png")
    assert code == 2
    assert "--out out.png is a folder; give a file name such as" in err


def test_did_you_mean_knows_the_user_rulesets(capsys: pytest.CaptureFixture[str], _user_dir: Path) -> None:
    (_user_dir / "house").mkdir(parents=True)
    (_user_dir / "house" / "long-game.yaml").write_text("format: 1\nextends: stay-alive/standard\nid: house/long-game\nname: Long\n", encoding="utf-8")
    code, _, err = run(capsys, "render", "house/long-gam", "--out", "o.png")
    assert code == 2
    assert "(did you mean 'house/long-game'?)" in err


@pytest.mark.parametrize("command", ["validate", "play", "new", "render"])
def test_a_game_record_given_as_a_ruleset(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    (tmp_path / "game.yaml").write_bytes(GOLDEN.read_bytes())  # .yaml: read as a ruleset even by render
    args = {"validate": ["game.yaml"], "play": ["game.yaml"], "new": ["--from", "game.yaml", "mine.yaml"],
            "render": ["game.yaml", "--out", "o.png"]}[command]
    code, out, err = run(capsys, command, *args)
    assert code in (1, 2)
    assert "game.yaml:1:1: error: this is a game record, not a ruleset: replay it with 'marblestudio replay FILE'" in out + err
    assert "unknown key" not in out + err  # one message, not one per key


def test_render_zero_players_is_refused_not_taken_as_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", "stay-alive/standard", "--out", "o.png", "--players", "0")
    assert code == 2
    assert "stay-alive/standard is for 2 to 4 players, not 0" in err


# play and compare -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "code", "expected"),
    [
        (["stay-alive/standrd"], 2, "stay-alive/standrd:1:1: error: no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"),
        (["broken.yaml"], 1, "broken.yaml:3:7: error: YAML syntax"),
        (["stay-alive/standard", "--seats", "human,bogus"], 2, "--seats: 'bogus' is not a player"),
        (["stay-alive/standard", "--seats", "human"], 2, "Stay Alive is for 2 to 4 players, but --seats names 1"),
    ],
)
def test_play_with_bad_input_says_so_even_without_a_display(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], code: int, expected: str
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    (tmp_path / "broken.yaml").write_text(BROKEN_YAML, encoding="utf-8")
    got, _, err = run(capsys, "play", *args)
    assert got == code
    assert expected in err
    assert "no display" not in err


def test_compare_a_broken_ruleset(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text(BROKEN_YAML, encoding="utf-8")
    code, _, err = run(capsys, "compare", "broken.yaml", "stay-alive/standard")
    assert code == 1
    assert "broken.yaml:3:7: error: YAML syntax" in err


# the unforeseen ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "target"),
    [
        (["validate", "x.yaml"], "marblestudio.rulesets.loader.check_file_loaded"),
        (["list"], "marblestudio.rulesets.catalog.scan"),
        (["schema"], "marblestudio.rulesets.schema.text"),
        (["new", "--from", "stay-alive/standard", "y.yaml"], "marblestudio.rulesets.house_template.template"),
        (["render", "stay-alive/standard", "--out", "o.png"], "marblestudio.rulesets.load_with_source"),
    ],
)
def test_an_unexpected_error_is_logged_not_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], target: str
) -> None:
    (tmp_path / "x.yaml").write_text("format: 1\n", encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def boom(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(target, boom)
    code, _, err = run(capsys, *args)
    log = tmp_path / "marblestudio-errors.log"
    assert code == 3
    assert f"{args[0]}: unexpected error: RuntimeError('boom') (details in {log}); please report it" in err
    assert "Traceback" in log.read_text(encoding="utf-8")



def test_a_closed_pipe_is_not_an_unexpected_error(tmp_path: Path) -> None:
    """`marblestudio replay --json R | head -1`: the reader goes away; no error message, exit 0."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "marblestudio", "replay", "--json", str(GOLDEN)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().strip() == b"{"
        proc.stdout.close()  # far more than a pipe's buffer is still to come
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=120)
    assert "unexpected error" not in err and "Traceback" not in err
    assert code == 0


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", ""], "the ruleset is empty: give a ruleset id (stay-alive/standard) or a file"),  # was "'' is a folder"
    (["schema", "--output", ""], "marblestudio schema: --output is empty: give a file name such as ruleset.schema.json"),
    (["render", "stay-alive/standard", "--out", ""], "marblestudio render: --out is empty: give a file name such as board.png"),
    (["analyse", "game.json", "--workers", "0"], "analyse: --workers must be at least 1, not 0\n"),  # named the option twice
])
def test_an_empty_or_odd_argument_is_told_plainly(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and message in err


def test_render_to_a_name_of_another_format_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # x.jpg was written with PNG bytes in it
    code, _, err = run(capsys, "render", "stay-alive/standard", "--out", str(tmp_path / "x.jpg"))
    assert code == 2 and "render writes PNG pictures; give a name ending in .png" in err
    assert not (tmp_path / "x.jpg").exists()


def test_a_ruleset_with_several_errors_has_each_named_by_render_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nextends: stay-alive/standard\nid: x/bad\nmove_limit: many\nplayers: {max: lots}\n", encoding="utf-8")
    code, _, err = run(capsys, "render", str(bad), "--out", str(tmp_path / "x.png"))
    assert code == 1 and f"{bad}:4:" in err and f"{bad}:5:" in err  # render showed the first only


def test_a_warning_validate_gives_is_given_by_simulate_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    future = tmp_path / "future.yaml"
    future.write_text("format: 99\nid: stay-alive/fut\nname: Future\nextends: stay-alive/standard\n", encoding="utf-8")
    code, _, err = run(capsys, "simulate", str(future), "--games", "1", "--workers", "1")
    assert code == 0 and f"{future}:1:9: warning: this file is written for ruleset format 99" in err  # it ran without a word


def test_render_says_the_warnings_of_its_ruleset(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    future = tmp_path / "future.yaml"
    future.write_text("format: 99\nid: stay-alive/fut\nname: Future\nextends: stay-alive/standard\n", encoding="utf-8")
    code, _, err = run(capsys, "render", str(future), "--out", str(tmp_path / "x.png"), "--players", "9")
    assert code == 2 and f"{future}:1:9: warning: this file is written for ruleset format 99" in err
