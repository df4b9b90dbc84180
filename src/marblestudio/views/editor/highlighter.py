"""YAML colouring for the rules editor: keys, comments, strings, numbers, constants, markers.

A line-by-line highlighter (YAML that matters here has no multi-line tokens except block
scalars, which read fine uncoloured).  The colours follow common light editor themes.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

# A number or constant is a whole value: after "key: ", "- ", "[", "{" or ",", before the value ends.
_VALUE_START = r"""(?:(?<=:\s)|(?<=^-\s)|(?<=\s-\s)|(?<=[\[{,])|(?<=[\[{,]\s))"""
_VALUE_END = r"""(?=\s*(?:$|[,\]}]|\s#))"""
# A quote opens a text where a value or an expression's text may start (after a blank, "[", "{",
# ",", "(", "=", ...), not inside a word: the apostrophe of "player's" in plain text is no quote.
_TEXT_START = r"""(?<!\w)"""

_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(_VALUE_START + r"""-?\d+(\.\d+)?""" + _VALUE_END), "number"),
    (re.compile(_VALUE_START + r"""(true|false|null|yes|no|on|off|~)""" + _VALUE_END, re.IGNORECASE), "constant"),
    (re.compile(r"""^\s*((-\s+)*)([^\s#:{}\[\],][^:#{}\[\],]*?)\s*(?=:(\s|$))"""), "key"),
    (re.compile(r"""[{,]\s*([^\s#:{}\[\],'"][^:#{}\[\],]*?)\s*(?=:(\s|$))"""), "flow_key"),
    (re.compile(r"""^\s*(-)(?=\s|$)|^\s*(?:-\s+)+"""), "dash"),
    (re.compile(r"""[&*][\w\-]+|![\w!\-]*"""), "anchor"),
    (re.compile(r"""^(---|\.\.\.)\s*$"""), "marker"),
    (re.compile(_TEXT_START + r""""(?:[^"\\]|\\.)*"?|""" + _TEXT_START + r"""'(?:[^']|'')*'?"""), "string"),
]
_BLOCK_SCALAR = re.compile(r""":\s+[|>][-+0-9]*\s*(#.*)?$""")


def _format(colour: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(colour))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


class YamlHighlighter(QSyntaxHighlighter):
    """Colours a ruleset's YAML as it is typed."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self.formats: dict[str, QTextCharFormat] = {
            "key": _format("#0b5394", bold=True),
            "flow_key": _format("#0b5394"),
            "dash": _format("#7f6000", bold=True),
            "number": _format("#a64d79"),
            "constant": _format("#8e24aa"),
            "string": _format("#38761d"),
            "anchor": _format("#b45f06"),
            "marker": _format("#666666", bold=True),
            "comment": _format("#7a7a7a", italic=True),
        }

    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt's name)
        # Inside a block scalar ("key: >-" and the more indented lines after it) all is text.
        # The block state is the indentation of the key that opened it, plus one (-1: none).
        inside = self.previousBlockState()
        indent = len(text) - len(text.lstrip(" "))
        if inside > 0 and (not text.strip() or indent >= inside):
            self.setFormat(0, len(text), self.formats["string"])
            self.setCurrentBlockState(inside)
            return
        self.setCurrentBlockState(indent + 1 if _BLOCK_SCALAR.search(text) else -1)
        comment_at = _comment_start(text)
        code = text if comment_at is None else text[:comment_at]
        for pattern, kind in _RULES:
            for m in pattern.finditer(code):
                if kind == "key":
                    start, end = m.start(3), m.end(3)
                elif kind == "flow_key":
                    start, end = m.start(1), m.end(1)
                else:
                    start, end = m.start(), m.end()
                if end > start:
                    self.setFormat(start, end - start, self.formats[kind])
        if comment_at is not None:
            self.setFormat(comment_at, len(text) - comment_at, self.formats["comment"])


def _comment_start(text: str) -> int | None:
    """Where a comment starts on the line (a '#' outside quotes at the start or after a blank)."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'" and (i == 0 or text[i - 1] in " \t[{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return i
    return None
