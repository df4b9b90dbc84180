"""TLS for the game server, with self-signed certificates pinned by fingerprint.

A host rarely has a certificate a public authority signed, so a client does not check the
certificate's chain: it checks that the server's certificate has the SHA-256 fingerprint the
invitation gave (`serve --tls-cert` prints it), before it sends anything, the token included.
"""

from __future__ import annotations

import hashlib
import hmac
import ssl
from pathlib import Path
from typing import Any


class FingerprintMismatch(ConnectionError):
    """The server's certificate is not the one the invitation named."""


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """A server's TLS context from a PEM certificate and key (raises OSError or ssl.SSLError)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def fingerprint(cert: str | Path) -> str:
    """The SHA-256 of a PEM certificate's DER bytes, as 64 lowercase hex digits."""
    der = ssl.PEM_cert_to_DER_cert(Path(cert).read_text(encoding="ascii"))
    return hashlib.sha256(der).hexdigest()


def pinned_context() -> ssl.SSLContext:
    """A client's TLS context that accepts any certificate: `check` pins it afterwards."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check(transport: Any, expected: str) -> None:
    """Raise `FingerprintMismatch` unless the peer's certificate has the fingerprint `expected`."""
    check_peer(transport.get_extra_info("ssl_object"), expected)


def check_peer(ssl_object: ssl.SSLObject | ssl.SSLSocket | None, expected: str) -> None:
    """`check` for a TLS socket or object (None: the connection has no TLS, and fails)."""
    der = None if ssl_object is None else ssl_object.getpeercert(binary_form=True)
    actual = "" if der is None else hashlib.sha256(der).hexdigest()
    if not hmac.compare_digest(actual, expected.lower().replace(":", "")):
        raise FingerprintMismatch("the server's certificate is not the one the invitation names (its fingerprint differs)")
