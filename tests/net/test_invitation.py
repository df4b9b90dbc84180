"""Invitation codes: a seat's token (and the certificate's fingerprint) in the server URL's fragment."""

from __future__ import annotations

import pytest

from marblestudio.net.invitation import Invitation, InvitationError, parse

TOKEN = "6b1f0c4e9a2d7e3b5c8f1a0d2e4b6c8a"
PIN = "ab" * 32


@pytest.mark.parametrize("invitation", [
    Invitation("ws://192.168.1.20:8765/", TOKEN),
    Invitation("wss://203.0.113.7:9000/", TOKEN, PIN),
])
def test_an_invitation_reads_back(invitation: Invitation) -> None:
    assert parse(str(invitation)) == invitation
    assert "#" not in parse(str(invitation)).url


@pytest.mark.parametrize(("text", "says"), [
    ("http://host:1/#token=" + TOKEN, "ws://"),
    ("ws://host:1/", "#token="),
    ("ws://host:1/#token=" + TOKEN[:-1], "#token="),
    ("ws://host:1/#token=" + TOKEN.upper(), "#token="),
    ("wss://host:1/#token=" + TOKEN + "&fp=abc", "64 hex digits"),
])
def test_a_bad_invitation_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(InvitationError, match=says):
        parse(text)
