"""The rules-language part of docs/rulesets.md: the vocabulary tables and the cookbook, generated
from `engine.pieces.vocab`, each family's `FamilyHooks` and `examples/house-rules/` (so the page,
the schema, the editor's hover and the rules sheet say the same words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from marblestudio.engine import family as families
from marblestudio.engine.pieces import program, vocab
from marblestudio.engine.pieces.expr import KEYWORDS

COOKBOOK = Path(__file__).resolve().parents[3] / "examples" / "house-rules"


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _fields(fields: Mapping[str, str]) -> str:
    return ", ".join(f"`{k}`" for k in fields) or "–"


def tables(games: Iterable[str]) -> list[str]:
    """The vocabulary: hooks, shared actions, names and functions, then each family's own."""
    lines = ["## The vocabulary", "", "### Hooks", "", "| Hook | What it does |", "|---|---|"]
    lines += [f"| `{h.name}` | {_cell(h.doc)} |" for h in vocab.HOOKS]
    lines += ["", "### Actions every game has", "", "| Action | Parameters | What it does |", "|---|---|---|"]
    for action in vocab.ACTIONS.values():
        params = ", ".join(f"`{k}` ({vocab.TYPES_IN_WORDS[p.type]}, default `{p.default}`)" if p.default else f"`{k}`"
                           for k, p in action.params.items()) or "–"
        lines.append(f"| `{action.name}` | {_cell(params)} | {_cell(action.doc)} |")
    lines += ["", "### Names and functions every expression may use", "", "| Name | Type | Meaning |", "|---|---|---|"]
    for name, value in vocab.core_names().items():
        lines.append(f"| `{name}` | {vocab.TYPES_IN_WORDS.get(str(value.type), str(value.type))} | {_cell(value.doc)} |")
    for name, function in vocab.core_functions().items():
        lines.append(f"| `{function.signature(name)}` | {vocab.TYPES_IN_WORDS[function.returns]} | {_cell(function.doc)} |")
    lines += ["", "`event` holds the fields of the trigger's event (below); `turn_over` has `event.seat`. `move` holds "
              "the move being judged: in `forbid:` the move about to be made, in a trigger the move that made the event "
              "(`move.kind` is 'chance' for a die roll or a deal), with the fields each game lists below.", ""]
    lines += ["### Words of the expression language", "", "| Word | What it does |", "|---|---|"]
    lines += [f"| `{word}` | {_cell(doc)} |" for word, doc in KEYWORDS.items()]
    lines.append("")
    for game in games:
        found = families.family(game)
        hooks = program.family_hooks(game)
        title = found.title if found is not None else game
        lines += [f"### {title} (`{game}`)", "", "| Event (`on:`) | Fields | What happened |", "|---|---|---|"]
        for kind, doc in {**hooks.events, **vocab.CORE_EVENTS}.items():
            lines.append(f"| `{kind}` | {_fields(doc.fields)} | {_cell(doc.doc)} |")
        if hooks.names or hooks.functions:
            lines += ["", "| Name | Type | Meaning |", "|---|---|---|"]
            for name, value in hooks.names.items():
                lines.append(f"| `{name}` | {vocab.TYPES_IN_WORDS.get(str(value.type), str(value.type))} | {_cell(value.doc)} |")
            for name, function in hooks.functions.items():
                lines.append(f"| `{function.signature(name)}` | {vocab.TYPES_IN_WORDS[function.returns]} | {_cell(function.doc)} |")
        if hooks.move:
            lines += ["", f"`move` (in `forbid:` and in triggers) has `kind` and {_fields(hooks.move)}."]
        if hooks.prevents:
            lines += ["", "| What a rule may prevent (`prevent:`) | Fields of `event` | What it stops |", "|---|---|---|"]
            for what, doc in hooks.prevents.items():
                lines.append(f"| `{what}` | {_fields(doc.fields)} | {_cell(doc.doc)} |")
        own = {**hooks.actions}
        if own:
            lines += ["", "| Its own action | Parameters | What it does |", "|---|---|---|"]
            for action in own.values():
                params = ", ".join(f"`{k}`" for k in action.params) or "–"
                lines.append(f"| `{action.name}` | {params} | {_cell(action.doc)} |")
        lines.append("")
    return lines


def cookbook() -> list[str]:
    """Every house rule of examples/house-rules/, with its text."""
    lines = ["## Cookbook", "",
             "Each of these files extends a bundled ruleset; `tests/test_house_rules.py` finds a seeded game where "
             "each rule fires with its effect, and checks that `marblestudio compare BASE FILE` shows a different game "
             "(a match ruleset: that its single games are the base's, and docs/matches.md shows its standings).", ""]
    for path in sorted(COOKBOOK.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0].lstrip("# ").strip() if text.startswith("#") else path.stem
        lines += [f"### {first}", "", f"`examples/house-rules/{path.name}`", "", "```yaml", text.rstrip(), "```", ""]
    return lines


__all__ = ["cookbook", "tables"]
