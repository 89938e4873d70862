"""Write and seat tokens. Only hashes are stored; a seat token is derived from the
write token, so the write-token holder can fetch the seat tokens again and the
server never stores a token it could leak."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def new_write_token() -> str:
    return secrets.token_urlsafe(24)


def seat_token(write_token: str, match_id: str, player: str) -> str:
    digest = hmac.new(write_token.encode(), f"{match_id}\x00{player}".encode(), hashlib.sha256).digest()
    return "seat_" + base64.urlsafe_b64encode(digest[:18]).decode()


def sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, digest: str | None) -> bool:
    return same_digest(sha256(token), digest)


def same_digest(digest: str, stored: str | None) -> bool:
    """Whether a token's SHA-256 is the stored one (in constant time)."""
    return stored is not None and hmac.compare_digest(digest, stored)
