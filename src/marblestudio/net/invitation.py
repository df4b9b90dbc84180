"""Invitation codes: one copyable line that takes a friend to a seat.

An invitation is the server's URL with the seat's token (and, with TLS, the certificate's
fingerprint) in its fragment: ``wss://203.0.113.7:8765/#token=6b1f...&fp=9f86...``.  A browser or
proxy never sends a fragment on, and the client strips it before connecting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit, urlunsplit

_HEX = re.compile(r"[0-9a-f]+")


class InvitationError(ValueError):
    """Text that is no invitation; the message says what is wrong."""


@dataclass(frozen=True)
class Invitation:
    """Where to connect, the seat's (or spectator's) token, and the certificate's fingerprint."""

    url: str
    token: str
    fingerprint: str | None = None

    def __str__(self) -> str:
        fragment = f"token={self.token}" + (f"&fp={self.fingerprint}" if self.fingerprint else "")
        return f"{self.url.rstrip('/')}/#{fragment}"


def parse(text: str) -> Invitation:
    """The invitation in `text` (raises `InvitationError`)."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("ws", "wss") or not parts.netloc:
        raise InvitationError("an invitation starts with ws:// or wss:// and the server's address")
    fields = parse_qs(parts.fragment)
    token = fields.get("token", [""])[0]
    if len(token) != 32 or not _HEX.fullmatch(token):
        raise InvitationError("an invitation ends with #token= and 32 hex digits")
    fingerprint = fields.get("fp", [None])[0]
    if fingerprint is not None and (len(fingerprint) != 64 or not _HEX.fullmatch(fingerprint)):
        raise InvitationError("an invitation's fp= is a SHA-256 fingerprint: 64 hex digits")
    url = urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))
    return Invitation(url, token, fingerprint)
