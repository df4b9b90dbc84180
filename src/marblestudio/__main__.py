"""`python -m marblestudio` is the `marblestudio` command."""

from __future__ import annotations

import sys

from marblestudio.cli import main

sys.exit(main())
