"""`marblestudio new --from BASE FILE`: a house rule that extends its base, checks clean, and says what to change."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from project import BUNDLED
from marblestudio.cli import main
from marblestudio.rulesets import check_path, load


@pytest.fixture(autouse=True)
def _user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user-rulesets"
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(folder))
    return folder


def test_new_writes_a_house_rule_that_extends_the_base(tmp_path: Path, capsys) -> None:
    target = tmp_path / "my-rules.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "\nextends: stay-alive/standard\n" in text
    assert "\nid: stay-alive/my-rules\n" in text
    assert "wrote" in capsys.readouterr().out
    assert check_path(target) == []
    rules = load(target)
    assert rules.id == "stay-alive/my-rules"
    assert rules.family == load("stay-alive/standard").family  # nothing changed yet


def test_the_schema_line_points_at_the_schema_on_this_machine(tmp_path: Path) -> None:
    target = tmp_path / "my-rules.yaml"
    main(["new", "--from", "stay-alive/standard", str(target)])
    first = target.read_text(encoding="utf-8").split("\n", 1)[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    uri = urlparse(first[len(prefix):])
    assert uri.scheme == "file"
    schema = Path(unquote(uri.path))
    assert schema.is_absolute() and schema.is_file()
    assert "stay_alive" in json.loads(schema.read_text(encoding="utf-8"))["properties"]


def test_the_hint_lists_some_of_the_bases_settings_as_comments(tmp_path: Path) -> None:
    target = tmp_path / "my-rules.yaml"
    main(["new", "--from", "stay-alive/standard", str(target)])
    text = target.read_text(encoding="utf-8")
    comments = [line for line in text.split("\n") if line.startswith("#")]
    assert "#   marbles_per_player: 5" in comments
    assert any(line.startswith("#   previous_slide: forbidden") and "allowed" in line for line in comments)
    assert "# players: {min: 2, max: 4, default: 2}" in comments
    assert any(line.startswith("#   slides:") for line in comments)
    assert "#     R1: {layer: red, line: 1, open: [" in text


def test_new_refuses_to_overwrite_without_force(tmp_path: Path, capsys) -> None:
    target = tmp_path / "my-rules.yaml"
    target.write_text("mine\n", encoding="utf-8")
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert "--force" in capsys.readouterr().err
    assert main(["new", "--from", "stay-alive/standard", str(target), "--force"]) == 0
    assert "extends: stay-alive/standard" in target.read_text(encoding="utf-8")


def test_an_unknown_base_is_a_clear_error(tmp_path: Path, capsys) -> None:
    target = tmp_path / "my-rules.yaml"
    assert main(["new", "--from", "stay-alive/nonesuch", str(target)]) == 2
    err = capsys.readouterr().err
    assert "stay-alive/nonesuch" in err and "Traceback" not in err
    assert not target.exists()


def test_a_base_given_by_path_is_extended_by_a_relative_path(tmp_path: Path) -> None:
    base = tmp_path / "bases" / "quick.yaml"
    base.parent.mkdir()
    base.write_text((BUNDLED / "stay-alive" / "quick.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "mine" / "quicker.yaml"
    assert main(["new", "--from", str(base), str(target), "--id", "stay-alive/quicker", "--name", "Quicker"]) == 0
    text = target.read_text(encoding="utf-8")
    assert "\nextends: ../bases/quick.yaml\n" in text
    assert "\nname: Quicker\n" in text
    assert check_path(target) == []
    assert load(target).family.marbles_per_player == 3


def test_a_file_in_the_user_folder_takes_the_id_of_its_place(_user_dir: Path) -> None:
    target = _user_dir / "house" / "long-game.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 0
    assert "\nid: house/long-game\n" in target.read_text(encoding="utf-8")
    assert check_path(target) == []


def test_a_user_folder_place_that_cannot_be_an_id_is_refused(_user_dir: Path, capsys) -> None:
    target = _user_dir / "stay-alive" / "Long Game.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 2
    assert "long-game.yaml" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize("base", sorted(f"{p.parent.name}/{p.stem}" for p in BUNDLED.glob("*/standard.yaml")))
def test_every_bundled_family_can_be_a_base(base: str, tmp_path: Path) -> None:
    target = tmp_path / "house.yaml"
    assert main(["new", "--from", base, str(target)]) == 0
    assert [d for d in check_path(target) if d.is_error] == []
    assert "# yaml-language-server: $schema=file://" in target.read_text(encoding="utf-8")


def test_new_does_not_load_qt(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from marblestudio.cli import main\n"
        f"assert main(['new', '--from', 'stay-alive/standard', {str(tmp_path / 'x.yaml')!r}]) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'OpenGL')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("[]")


def test_the_new_file_points_editors_at_the_installations_schema(tmp_path: Path) -> None:
    # Every installed game, plug-ins included: the cached copy `marblestudio schema` keeps current.
    from marblestudio.rulesets import schema

    target = tmp_path / "mine.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 0
    first = target.read_text(encoding="utf-8").splitlines()[0]
    cached = schema.cache_dir() / "ruleset.schema.json"
    assert first == f"# yaml-language-server: $schema={cached.resolve().as_uri()}"
    assert json.loads(cached.read_text(encoding="utf-8")) == schema.combined()


@pytest.mark.parametrize(("name", "words"), [
    ("n" * 201, "--name: name is 201 characters long; at most 200 are allowed"),
    ("line one\nline two", "--name: name must be one line of text, without tabs or other control characters"),
])
def test_a_name_validate_would_refuse_is_refused_before_writing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                name: str, words: str) -> None:
    # new wrote such a file and said "edit it, then validate", which then failed on its name
    target = tmp_path / "house.yaml"
    assert main(["new", "--from", "stay-alive/standard", "--name", name, str(target)]) == 2
    assert words in capsys.readouterr().err and not target.exists()


def test_the_base_itself_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "base.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(base)]) == 0
    before = base.read_bytes()
    assert main(["new", "--from", str(base), str(base), "--force"]) == 2  # it wrote a file that extends itself
    assert "is the base itself" in capsys.readouterr().err and base.read_bytes() == before


def test_a_name_ending_in_a_slash_is_a_folder_not_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--from", "stay-alive/standard", f"{tmp_path / 'newdir'}/"]) == 2
    assert "is a folder; give a file name such as" in capsys.readouterr().err
    assert not (tmp_path / "newdir").exists()


def test_an_accented_file_name_keeps_its_letters_in_the_id_and_the_hint_can_be_pasted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "Règle Été.yaml"  # the id was stay-alive/r-gle-t (accented letters dropped)
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 0
    assert load(str(target)).id == "stay-alive/regle-ete"
    assert capsys.readouterr().out.endswith(f"then: marblestudio validate '{target}'\n")  # quoted for the shell


def test_the_base_named_by_its_id_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the review: --from stay-alive/mine onto the user's own stay-alive/mine.yaml replaced it
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(tmp_path))
    mine = tmp_path / "stay-alive" / "mine.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(mine)]) == 0
    before = mine.read_bytes()
    assert main(["new", "--from", "stay-alive/mine", str(mine), "--force"]) == 2
    assert "is the base itself" in capsys.readouterr().err and mine.read_bytes() == before
