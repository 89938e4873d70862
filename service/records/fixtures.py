"""Event files: a match's setup, its actions, and the standings expected of it.
Importing one records it through the application, so every action is checked."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

import msgspec

from domain.protocol import MatchSetup
from service.records import claims
from service.records.claims import ClaimedPlacing
from service.store import storage
from service.usecases.app import Created, Recount

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
BATCH = 200


class Expected(msgspec.Struct, frozen=True, kw_only=True):
    """The standings worked out for the file (other keys, e.g. tallies, are notes)."""

    final: bool = True
    placings: list[ClaimedPlacing] = []


class EventFile(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    setup: MatchSetup
    events: list[dict[str, Any]]
    description: str = ""
    expected: Expected | None = None


def decode(data: bytes) -> EventFile:
    return msgspec.json.decode(data, type=EventFile)


def read(path: Path) -> EventFile:
    return decode(path.read_bytes())


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*/*.json"))


def record(recount: Recount, match: EventFile, *, recorded_by: str = "import") -> Created:
    """Create the match and record its actions in batches, each batch one transaction."""
    created = recount.create(match.setup, recorded_by=recorded_by)
    version = created.version
    for start in range(0, len(match.events), BATCH):
        batch = match.events[start : start + BATCH]
        version = recount.append(created.match_id, created.write_token, batch, expected_version=version).version
    return created


def differences(recount: Recount, match_id: str, expected: Expected) -> list[str]:
    """Where the recomputed standings differ from the file's expected standings."""
    verdict = claims.check(recount.standings(match_id), expected.placings, final=expected.final)
    return [] if verdict.agree else [verdict.message]


# -- the fixture matches' tokens, kept on the operator's machine ---------------------------


class KeptTokens(msgspec.Struct, frozen=True, kw_only=True):
    """A fixture match's tokens as the tokens file keeps them (its links are rebuilt from these)."""

    title: str
    write_token: str
    seat_tokens: dict[str, str]


def tokens_file(location: str) -> Path:
    """Where the fixture matches' tokens are kept for this store: beside an SQLite file, else
    in data/ (the server never stores a token in clear; this file is the operator's, on
    their own machine)."""
    file = storage.sqlite_file(location)
    return Path(file).with_suffix(".tokens.json") if file is not None else Path("data") / "fixture-tokens.json"


def kept_tokens(created: list[tuple[str, Created]]) -> dict[str, KeptTokens]:
    return {c.match_id: KeptTokens(title=title, write_token=c.write_token, seat_tokens=c.seat_tokens) for title, c in created}


def read_tokens(path: Path) -> dict[str, KeptTokens] | None:
    """The tokens a file keeps; None when there is no such file or it is not one."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=dict[str, KeptTokens])
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def write_tokens(path: Path, kept: dict[str, KeptTokens], base: str) -> None:
    """The tokens with a recording link and a link per player, all at `base` (the address a
    phone can open, service/web/address.py); rewritten at every start, so a start on another
    address or port does not leave the last one's links. Mode 600 from the start."""
    linked = {
        match_id: {
            **msgspec.to_builtins(tokens),
            "record": f"{base}/record/{match_id}#token={tokens.write_token}",
            "view_as": {p: f"{base}/view/{match_id}?as={quote(p, safe='')}#token={t}" for p, t in tokens.seat_tokens.items()},
        }
        for match_id, tokens in kept.items()
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(json.dumps(linked, indent=2, ensure_ascii=False) + "\n")
    path.chmod(0o600)
