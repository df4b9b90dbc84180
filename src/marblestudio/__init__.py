"""Marble Studio: play, watch and invent rules for marble and card games."""

from __future__ import annotations

__version__ = "0.1.0"
