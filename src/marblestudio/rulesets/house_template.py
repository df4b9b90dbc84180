"""The text of a new house rule file: a ruleset that extends a bundled or user ruleset.

It names its base with `extends:`, carries a `# yaml-language-server: $schema=` line that points
at the schema installed on this machine (so ordinary editors complete and check it), a new id and
name, and a commented hint listing some of the base's settings to change.  `marblestudio new`
writes it to a file; the rules editor's "New from base" opens it unsaved.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_HINT_KEYS = 8


def schema_uri() -> str:
    """The file URI of this installation's ruleset schema (every installed game, plug-ins
    included), kept in the user's cache folder; the static schema of the bundled games if the
    cache cannot be written."""
    from marblestudio.rulesets import schema
    from marblestudio.rulesets.assist import schema_path

    try:
        return schema.installed_file().resolve().as_uri()
    except OSError:
        return schema_path().resolve().as_uri()


def slug(text: str) -> str:
    """`text` as a ruleset id's part: lower-case letters, digits and '-' ("house-rule" if none);
    an accented letter keeps its letter (é is e: "Ünïcødé" was "n-c-d")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "house-rule"


ID = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")  # matched whole (fullmatch): no "x/y\n"


class BadPlace(ValueError):
    """A file in the user rulesets folder whose place cannot be a ruleset id."""


def _default_id(game: str, target: Path) -> str:
    from marblestudio.rulesets import catalog

    place = catalog.place_of(target)
    if place is not None and not place[1]:
        if not ID.fullmatch(place[0]):
            raise BadPlace(
                f"a file in the user rulesets folder has the id of its place ('{place[0]}'), and an id is "
                f"'<game>/<name>' in lower-case letters, digits and '-': save it as e.g. "
                f"{catalog.user_dir() / game / (slug(target.stem) + '.yaml')}"
            )
        return place[0]
    return f"{game}/{slug(target.stem)}"


def _extends_ref(base_ref: str, target: Path) -> str:
    from marblestudio.rulesets import catalog

    arg = catalog.resolve_ruleset_arg(base_ref)
    if isinstance(arg, str):
        return arg
    base = arg.resolve()
    try:
        return Path(os.path.relpath(base, target.resolve().parent)).as_posix()
    except ValueError:
        return base.as_posix()


def _scalar(value: Any) -> str:
    import yaml

    plain = dict(value) if isinstance(value, Mapping) else value
    text: str = yaml.safe_dump(plain, default_flow_style=True, width=10_000, allow_unicode=True, sort_keys=False).strip()
    return text.removesuffix("...").strip()


def _setting_line(nav: Any, path: tuple[str, ...], value: Any, indent: str) -> str:
    """"#   key: value   # or: a, b" for one setting of the base."""
    choices = [v for v in nav.values(nav.at(path)) if v != _scalar(value)]
    also = f"   # or: {', '.join(choices)}" if choices else ""
    return f"#{indent}{path[-1]}: {_scalar(value)}{also}"


def _hint(resolved: Mapping[str, Any]) -> list[str]:
    """Commented lines listing some of the base's settings, with the alternatives of enums."""
    from marblestudio.rulesets import assist

    nav = assist.SchemaNavigator(assist.load_schema())
    section = str(resolved.get("game", "")).replace("-", "_")
    lines = ["# Some settings of the base you can change (uncomment, edit, and delete the rest):"]
    players = resolved.get("players")
    if isinstance(players, Mapping):
        lines.append(f"# players: {_scalar(players)}")
    data = resolved.get(section)
    if not isinstance(data, Mapping):
        return lines
    lines.append(f"# {section}:")
    budget = _HINT_KEYS
    for key, value in data.items():
        if budget <= 0:
            break
        budget -= 1
        if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
            first = next(iter(value))
            lines.append(f"#   {key}:   # by id: one entry may be changed alone, e.g.")
            lines.append(f"#     {first}: {_scalar(value[first])}")
        elif isinstance(value, Mapping) and len(_scalar(value)) > 50:
            lines.append(f"#   {key}:")
            for sub, sub_value in list(value.items())[:4]:
                lines.append(_setting_line(nav, (section, key, sub), sub_value, "     "))
        elif len(_scalar(value)) > 60:
            count = len(value) if isinstance(value, (list, Mapping)) else 1
            lines.append(f"#   {key}: ...   # {count} entries; writing '{key}' replaces the whole list")
        else:
            lines.append(_setting_line(nav, (section, key), value, "   "))
    return lines


def template(base_ref: str, target: Path, new_id: str | None = None, name: str | None = None) -> str:
    """The text of a new house rule at `target` that extends `base_ref` (raises RulesetError)."""
    from marblestudio.rulesets import load_with_source

    loaded = load_with_source(base_ref)
    resolved = loaded.resolved
    game = str(resolved["game"])
    base_id = str(resolved.get("id", base_ref))
    base_name = str(resolved.get("name", base_id))
    new_id = new_id or _default_id(game, target)
    name = name or f"{base_name}, {target.stem.replace('-', ' ').replace('_', ' ')}"
    lines = [
        f"# yaml-language-server: $schema={schema_uri()}",
        f"# A house rule of {base_name} ({base_id}): write only what changes; everything else comes",
        f"# from the base. Check it with: marblestudio validate {target.name}",
        "#",
        *_hint(resolved),
        "",
        "format: 1",
        f"extends: {_scalar(_extends_ref(base_ref, target))}",
        f"id: {_scalar(new_id)}",
        f"name: {_scalar(name)}",
        f"description: {_scalar(f'{base_name} with house rules.')}",
        "",
    ]
    return "\n".join(lines)
