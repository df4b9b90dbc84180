"""A combo box of the rulesets on the shelf (bundled, then the user's), each loaded on first use.

An item's data is how a game names its ruleset: a bundled ruleset's id, or a user ruleset's path
(as the New Game dialog offers them).  A ruleset the shelf does not hold (a game opened from a
record) is added when chosen, with the rules it was given.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QComboBox, QWidget

from marblestudio.engine.rules import Ruleset


class RulesetBox(QComboBox):
    """The shelf's rulesets; `rules_of(ref)` loads (once) the rules of one."""

    def __init__(self, known: Mapping[str, tuple[str, Ruleset]] | None = None, parent: QWidget | None = None) -> None:
        """`known`: rulesets already loaded, by reference, each with a name for one the shelf lacks."""
        super().__init__(parent)
        from marblestudio.rulesets.catalog import list_rulesets, shelf_order

        self._names = {ref: name for ref, (name, _) in (known or {}).items()}
        self._loaded = {ref: rules for ref, (_, rules) in (known or {}).items()}
        for entry in shelf_order(list_rulesets()):
            self.addItem(entry.name if entry.bundled else f"{entry.name} (yours)", entry.id if entry.bundled else str(entry.path))

    def ref(self) -> str:
        """The chosen ruleset's reference (an id or a path)."""
        return str(self.currentData() or "")

    def choose(self, ref: str) -> None:
        """Show `ref` as the choice, without a signal (added when the shelf lacks it)."""
        index = self.findData(ref)
        if index < 0:
            self.addItem(self._names.get(ref, ref), ref)
            index = self.count() - 1
        self.blockSignals(True)
        self.setCurrentIndex(index)
        self.blockSignals(False)

    def rules_of(self, ref: str) -> Ruleset:
        """The rules of `ref`, loaded once (raises `RulesetError` for one that does not load)."""
        from marblestudio.rulesets import load_with_source

        rules = self._loaded.get(ref)
        if rules is None:
            rules = self._loaded[ref] = load_with_source(ref).rules
        return rules
