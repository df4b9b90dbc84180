"""Editor help from the schema, without Qt: where the cursor is, what may be written there.

`context_at(text, line, column)` reads the YAML text around a cursor the way a person does, by
indentation and brackets, so that it works on half-written, invalid text too.  The schema then
says which keys are allowed in the mapping at the cursor (`completions`), which values an enum
key takes, and what each key means (`describe_at`, for hovering).  Inside `rules:` the rules
language's own words take over (`pieces`, with the words of `vocabulary`): the hooks, the
game's events and actions, and the names an expression may read.  `changes(base, resolved)`
lists what a house rule changes from its base, and `resolved_lines` prints a resolved ruleset
as YAML with each line tagged by its JSON pointer so that a view can highlight the changes.
"""

from __future__ import annotations

from marblestudio.rulesets.assist.cursor import CursorContext, context_at
from marblestudio.rulesets.assist.diff import MISSING, Change, changed_lines, changes, resolved_lines
from marblestudio.rulesets.assist.help import Completion, completions, describe_at, ruleset_ids, word_at, word_before
from marblestudio.rulesets.assist.navigator import (
    JsonPath,
    PathPart,
    SchemaNavigator,
    description,
    load_schema,
    schema_path,
)

__all__ = [
    "MISSING",
    "Change",
    "Completion",
    "CursorContext",
    "JsonPath",
    "PathPart",
    "SchemaNavigator",
    "changed_lines",
    "changes",
    "completions",
    "context_at",
    "describe_at",
    "description",
    "load_schema",
    "resolved_lines",
    "ruleset_ids",
    "schema_path",
    "word_at",
    "word_before",
]
