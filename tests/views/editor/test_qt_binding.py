"""The Qt binding keeps Python's reference counts: PySide6 6.12.0 on Python 3.11 did not.

It dropped a reference to None on every call of a method returning nothing, so any widget
(the editor's underlines, every animation frame) aborted Python after a few thousand calls.
pyproject.toml excludes that release; this test catches a binding that does it again.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QTextCharFormat


def test_calls_of_void_qt_methods_keep_the_reference_count_of_none() -> None:
    fmt = QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(2000):
        fmt.setFontItalic(True)
    # Other code may take or drop a few references meanwhile; a leak would be about -2000.
    assert sys.getrefcount(None) - before > -100
