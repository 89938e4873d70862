"""The server's signing key and the certificates it signs: a finished match's final
standings with its last step and that step's chain hash, signed with Ed25519
(the `cryptography` library), so anyone holding the public key can check offline
that this server recomputed these standings from exactly this record.

The private key lives in a file beside the store (data/recount.key beside
data/recount.sqlite; data/recount.key for PostgreSQL), created at first use with
mode 600. An in-memory store gets a key that lives as long as its process.
"""

from __future__ import annotations

import base64
import hashlib
import os
import weakref
from pathlib import Path
from typing import Any

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from service.store import storage

CERTIFICATE_FORMAT = "recount-certificate/1"
_keys: weakref.WeakKeyDictionary[Any, Ed25519PrivateKey] = weakref.WeakKeyDictionary()


class PublicKey(msgspec.Struct, frozen=True, kw_only=True):
    key_id: str
    algorithm: str
    pem: str


class Certificate(msgspec.Struct, frozen=True, kw_only=True):
    """What is signed: `body` (the standings, the last step, its chain hash) with its
    canonical JSON (keys sorted) as the signed bytes."""

    body: dict[str, Any]
    key_id: str
    signature: str  # base64 of the Ed25519 signature over canonical(body)


KEY_FILE_VARIABLE = "RECOUNT_KEY_FILE"


def key_file(location: str) -> Path:
    """Where the private key of a store is kept: $RECOUNT_KEY_FILE if set, else beside
    an SQLite store, else data/recount.key."""
    if os.environ.get(KEY_FILE_VARIABLE):
        return Path(os.environ[KEY_FILE_VARIABLE])
    file = storage.sqlite_file(location)
    return Path(file).with_suffix(".key") if file is not None else Path("data") / "recount.key"


def load_or_create(path: Path) -> Ed25519PrivateKey:
    """The key in `path`, or a new one written there (mode 600) if there is none."""
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path} does not hold an Ed25519 private key")
        return key
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created with mode 600 from the start: the key is never readable by others, even briefly.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    return key


def server_key(recount: Any) -> Ed25519PrivateKey:
    """The signing key of the store `recount` runs on: from its file, or (an in-memory
    store) one made for this process."""
    key = _keys.get(recount)
    if key is None:
        env = recount.store.env
        if env.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite" and env.get("SQLITE_DBNAME") not in (None, "", ":memory:"):
            key = load_or_create(key_file(env["SQLITE_DBNAME"]))
        elif env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
            key = load_or_create(key_file("postgresql://"))
        else:
            key = Ed25519PrivateKey.generate()
        _keys[recount] = key
    return key


def public_pem(public: Ed25519PublicKey) -> str:
    return public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def key_id(public: Ed25519PublicKey) -> str:
    """A short name for a public key: the first 16 hex digits of the sha256 of its raw bytes."""
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def public_key(private: Ed25519PrivateKey) -> PublicKey:
    public = private.public_key()
    return PublicKey(key_id=key_id(public), algorithm="Ed25519", pem=public_pem(public))


def load_public(pem: str | bytes) -> Ed25519PublicKey:
    key = serialization.load_pem_public_key(pem.encode() if isinstance(pem, str) else pem)
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("not an Ed25519 public key")
    return key


def signed_bytes(body: dict[str, Any]) -> bytes:
    return msgspec.json.encode(body, order="sorted")


def sign(private: Ed25519PrivateKey, body: dict[str, Any]) -> Certificate:
    signature = private.sign(signed_bytes(body))
    return Certificate(body=body, key_id=key_id(private.public_key()), signature=base64.b64encode(signature).decode())


def signature_holds(public: Ed25519PublicKey, certificate: Certificate) -> bool:
    try:
        public.verify(base64.b64decode(certificate.signature, validate=True), signed_bytes(certificate.body))
    except (InvalidSignature, ValueError):
        return False
    return True


def certificate_body(match_id: str, system: str, step: int, chain_hash: str | None, standings: Any, issued_at: float) -> dict[str, Any]:
    """What a certificate states: which match, at which step (and its chain hash), the
    final standings recomputed from the record, and when it was signed."""
    return {
        "format": CERTIFICATE_FORMAT,
        "match_id": match_id,
        "system": system,
        "last_step": step,
        "chain": chain_hash,
        "final": bool(standings.final),
        "placings": [{"player": p.player, "place": p.place, "score": p.score, "title": p.title} for p in standings.placings],
        "issued_at": issued_at,
    }
