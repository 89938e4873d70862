"""Event files: a match's setup, its actions, and the standings expected of it.
Importing one records it through the application, so every action is checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from domain.protocol import MatchSetup
from service import claims
from service.app import Created, Recount
from service.claims import ClaimedPlacing

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
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


def read(path: Path) -> EventFile:
    return msgspec.json.decode(path.read_bytes(), type=EventFile)


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
