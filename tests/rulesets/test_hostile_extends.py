"""`extends:` names a file on the machine that checks the ruleset: it must never print that
file's text (issue 13, defect 5).  A shared ruleset or a CI job may be hostile."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.rulesets import catalog, check_path, check_text

from .helpers import check_written, only_error

SECRET = "API_TOKEN=tok-3f9a1c DB_PASSWORD=hunter2"


def house(extends: str) -> str:
    return f"format: 1\nextends: {extends}\nid: house/x\nname: X\n"


@pytest.fixture
def secrets(tmp_path: Path) -> Path:
    folder = tmp_path / "secrets"
    folder.mkdir()
    (folder / ".env").write_text(SECRET + "\n", encoding="utf-8")
    (folder / "keys.yaml").write_text("api_token: tok-3f9a1c\ndb_password: hunter2\n", encoding="utf-8")
    (folder / "one.yaml").write_text(f"'{SECRET}'\n", encoding="utf-8")
    (folder / "list.yml").write_text("- hunter2\n", encoding="utf-8")
    return folder


def assert_no_secret(message: str) -> None:
    for word in ("tok-3f9a1c", "hunter2", "API_TOKEN", "api_token", "DB_PASSWORD", "db_password"):
        assert word not in message


@pytest.mark.parametrize("base", ["../secrets/.env", "/etc/passwd", "/proc/self/environ", "/proc/self/mem"])
def test_a_base_that_is_not_a_ruleset_file_is_refused_unread(tmp_path: Path, secrets: Path, base: str) -> None:
    (tmp_path / "rules").mkdir()
    first = only_error(check_written(tmp_path / "rules", "house.yaml", house(base)))
    assert (first.line, first.column, first.pointer) == (2, 10, "/extends")
    assert first.message == f"the base '{base}' is not a ruleset file: a base is a bundled or user ruleset id, or a .yaml or .yml file"


@pytest.mark.parametrize("base", ["secrets/keys.yaml", "secrets/one.yaml", "secrets/list.yml"])
def test_a_yaml_base_that_is_no_ruleset_is_named_by_place_not_quoted(tmp_path: Path, secrets: Path, base: str) -> None:
    first = only_error(check_written(tmp_path, "house.yaml", house(base)))
    assert (first.line, first.column, first.pointer) == (2, 10, "/extends")
    assert first.message.startswith(f"the base '{base}' is not valid: ")
    assert f"check it with: marblestudio validate {tmp_path / base}" in first.message
    assert_no_secret(first.message)


def test_a_file_holding_one_value_says_what_kind_not_what_text(tmp_path: Path, secrets: Path) -> None:
    first = only_error(check_path(secrets / "one.yaml"))
    assert first.message == "a ruleset is a mapping of keys such as 'id:' and 'game:'; this file holds a single line of text"


def test_an_id_cannot_climb_out_of_the_user_folder() -> None:
    # '../../secrets/keys' is no id; looked up as one, it would name <user>/../../secrets/keys.yaml.
    own_user_dir = catalog.user_dir()
    (own_user_dir / "stay-alive").mkdir(parents=True)
    (own_user_dir.parent.parent / "secrets").mkdir(exist_ok=True)
    (own_user_dir.parent.parent / "secrets" / "keys.yaml").write_text("api_token: hunter2\n", encoding="utf-8")
    first = only_error(check_written(own_user_dir / "stay-alive", "house.yaml", house("../../secrets/keys")))
    assert first.message.startswith("no bundled or user ruleset has the id '../../secrets/keys'")
    assert_no_secret(first.message)


def test_an_unreadable_base_is_reported_at_the_extends_line(tmp_path: Path) -> None:
    base = tmp_path / "locked.yaml"
    base.mkdir()  # a folder named like a file: reading it fails
    found = check_text(house("locked.yaml"), tmp_path / "house.yaml")
    first = found[0]
    assert (first.line, first.column) == (2, 10)
    assert first.message.startswith("the base 'locked.yaml' is a folder")
