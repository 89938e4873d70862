"""A match brought in from its notation file (docs/notation.md): `recount import
FILE` and `POST /imports/notation`.

The file is a match as a person or another program wrote it: its header says the
system, the preset, the options and the players, its lines the actions. It becomes a
new match, all or nothing: every line is parsed and checked (`parse_match`), then the
whole match is recorded on a store of its own in memory, corrections and the follow-ups
the service records by itself included, exactly as the record route would; only a match
that got through whole is copied into the store, as an export is imported (its id, its
metadata, its chain). A refused file records nothing and says the line at fault.
"""

from __future__ import annotations

import msgspec

from domain.notation import NotationError
from domain.notation_file import parse_match
from domain.protocol import IllegalAction
from service.errors import RecountError
from service.records import export
from service.store.match_store import MatchStore, Recorded
from service.usecases.app import Recount
from service.usecases.results import Created

# An in-memory store whatever the process's own is (its variables may name PostgreSQL).
_SCRATCH = {"PERSISTENCE_MODULE": "eventsourcing.popo", "ORIGINATOR_ID_TYPE": "text"}
BOM = "\ufeff"


class BadNotation(RecountError):
    """A notation file that cannot be recorded: the line, the word at fault and why."""

    status = 422

    def __init__(self, message: str, token: str = "", line: int = 0):
        super().__init__(message)
        self.details = {"token": token, "line": line}


def looks_like_notation(text: str) -> bool:
    """Whether a file reads as a notation file: its first line that is not blank or a
    comment is a header tag (`[System "…"]`)."""
    for line in text.removeprefix(BOM).splitlines():
        line = line.strip()
        if line and not line.startswith(";"):
            return line.startswith("[") and " " in line and line.endswith("]")
    return False


REPLACEMENT = "\ufffd"  # what a reader puts for bytes that were not UTF-8


def _refuse_undecoded(text: str) -> None:
    """A file read as UTF-8 that was not (a page's `file.text()` of a Latin-1 file) holds U+FFFD where its accents
    were: recorded, `José` would become a player `Jos\ufffd`. No notation file means the character, so it is refused
    naming its line."""
    if REPLACEMENT not in text:
        return
    line = text.count("\n", 0, text.index(REPLACEMENT)) + 1
    raise BadNotation(
        f"line {line}: the file is not UTF-8 text (a character could not be read, shown as {REPLACEMENT}): "
        "save it as UTF-8 and import it again", REPLACEMENT, line
    )


def import_notation(recount: Recount, text: str) -> Created:
    """Record the match of a notation file as a new match; its id and tokens."""
    created, records = checked_notation(text, recount.clock())
    export.store_checked(recount, [records])
    return created


def refuse_too_long(text: str) -> None:
    """TooLong for a file of more action lines than one import may record (a line read
    as an action: not blank, not a comment, not a header tag)."""
    actions = 0
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if line and line[0] not in ";[":
            actions += 1
            if actions > export.EVENTS_MAX:
                raise export.too_long(f"line {number}")


def checked_notation(text: str, now: float) -> tuple[Created, list[Recorded]]:
    """The match of a notation file, recorded on a store of its own in memory (at time
    `now`): its id and tokens, and its records as the store would hold them. No I/O of
    the process's own: a worker process runs it for a request (service/records/heavy.py)."""
    _refuse_undecoded(text)
    refuse_too_long(text)
    try:
        setup, events = parse_match(text.removeprefix(BOM))
    except NotationError as error:
        raise BadNotation(str(error), error.token, error.line) from None
    except msgspec.ValidationError as error:  # a header whose setup does not fit (a tag's JSON)
        raise BadNotation(f"the header does not make a match: {error}") from None
    scratch = Recount(MatchStore(_SCRATCH), clock=lambda: now)
    try:
        try:
            created = scratch.create(setup, recorded_by="import:notation")
        except (IllegalAction, ValueError) as error:
            raise BadNotation(f"the header does not make a match: {error}") from None
        if events:
            try:
                scratch.append(created.match_id, created.write_token, [msgspec.to_builtins(event) for event in events])
            except IllegalAction as error:
                raise BadNotation(f"the lines are refused: {error}") from None
        # Checked as they were appended, by the application's own check: stored as they are.
        records = list(scratch.store.read(created.match_id))
    finally:
        scratch.close()
    return msgspec.structs.replace(created, version=len(records)), records
