"""The JSON Schema that the bundled Mancala ruleset files point ordinary editors at.

Marble Studio's bundled files name its static schema of the bundled games, which knows no
plug-in, and the installation's schema (every installed game) is kept in each user's cache
folder, a path no file shipped in a package can name.  So this package ships its own:
`schema/ruleset.schema.json`, Marble Studio's common part with this family's fragment, built
by Marble Studio's `schema_build` exactly as the installation's schema is.  Each bundled file's
first line is ``# yaml-language-server: $schema=../../schema/ruleset.schema.json``.

``python -m marblestudio_mancala.editor_schema`` writes the file again; ``--check`` exits 1 when
it is out of date (when Marble Studio's common part or this fragment changed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from marblestudio.rulesets import schema_build

from marblestudio_mancala.family import FAMILY

OUTPUT = Path(__file__).resolve().parent / "schema" / "ruleset.schema.json"
MODELINE = "# yaml-language-server: $schema=../../schema/ruleset.schema.json"
"""The first line of each bundled ruleset file (the path is relative to the file)."""


def text() -> str:
    """The schema of a Mancala ruleset file, as JSON text."""
    return schema_build.render(schema_build.build(schema_build.fragments([FAMILY])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m marblestudio_mancala.editor_schema", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the schema file is out of date")
    args = parser.parse_args(argv)
    wanted = text()
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if args.check:
        if current != wanted:
            print(f"{OUTPUT} is out of date: run python -m marblestudio_mancala.editor_schema", file=sys.stderr)
            return 1
        return 0
    if current != wanted:
        from marblestudio.atomic import write_atomic

        write_atomic(OUTPUT, wanted)  # whole or not at all
    print(OUTPUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
