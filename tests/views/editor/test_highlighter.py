"""YAML colours: keys, values, comments, and block scalars whose text is never taken for keys."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from marblestudio.views.editor.highlighter import YamlHighlighter


def _colours(text: str) -> list[dict[str, str]]:
    """For each line, the colour of each coloured span: {span text: colour name}."""
    doc = QTextDocument()
    highlighter = YamlHighlighter(doc)
    doc.setPlainText(text)
    highlighter.rehighlight()
    out = []
    block = doc.firstBlock()
    while block.isValid():
        spans = {}
        for span in block.layout().formats():
            spans[block.text()[span.start : span.start + span.length]] = span.format.foreground().color().name()
        out.append(spans)
        block = block.next()
    return out


def test_keys_numbers_constants_and_comments_get_their_colours() -> None:
    fmt = YamlHighlighter(QTextDocument()).formats
    lines = _colours("stay_alive:\n  marbles_per_player: 3  # three\n  open: true\n")
    assert lines[0]["stay_alive"] == fmt["key"].foreground().color().name()
    assert lines[1]["3"] == fmt["number"].foreground().color().name()
    assert lines[1]["# three"] == fmt["comment"].foreground().color().name()
    assert lines[2]["true"] == fmt["constant"].foreground().color().name()


def test_a_number_inside_text_is_not_coloured_as_a_number() -> None:
    lines = _colours("description: The standard game with 3 marbles\n")
    assert "3" not in lines[0]


def test_the_text_of_a_block_scalar_is_text_even_where_it_looks_like_a_key() -> None:
    fmt = YamlHighlighter(QTextDocument()).formats
    lines = _colours("description: >-\n  Take all that fall: keep them.\n\n  More: text.\ngame: avalanche\n")
    string = fmt["string"].foreground().color().name()
    assert lines[1] == {"  Take all that fall: keep them.": string}
    assert lines[3] == {"  More: text.": string}
    assert lines[4]["game"] == fmt["key"].foreground().color().name()  # the block ended


def test_an_apostrophe_inside_plain_text_starts_no_string() -> None:
    lines = _colours("description: each player's first lost marble\nsays: don't stop, it's the others' turn\n")
    assert lines[0] == {"description": YamlHighlighter(QTextDocument()).formats["key"].foreground().color().name()}
    assert set(lines[1]) == {"says"}


def test_quoted_values_and_the_texts_of_an_expression_are_strings() -> None:
    string = YamlHighlighter(QTextDocument()).formats["string"].foreground().color().name()
    lines = _colours(
        "name: 'Stay Alive, mine'\n"
        "  - forbid: \"move.kind == 'slide'\"\n"
        "    if: event.card == 'SKIP' and mover's_turn\n"
        "    then: {mark: {name: said, text: 'a b'}}\n"
        "  - 'quoted'\n"
        "    if: event.card in ['7', \"8\"]\n"
        "    if: event.card == 'SK\n"
    )
    assert lines[0]["'Stay Alive, mine'"] == string
    assert lines[1]["\"move.kind == 'slide'\""] == string
    assert lines[2]["'SKIP'"] == string and not any(span.startswith("'s") for span in lines[2])
    assert lines[3]["'a b'"] == string
    assert lines[4]["'quoted'"] == string
    assert lines[5]["'7'"] == string and lines[5]['"8"'] == string
    assert lines[6]["'SK"] == string  # a text being typed, not yet closed
