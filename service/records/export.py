"""A match as JSON Lines, and back.

The format ("recount-match/1"): a header line, then one line per event.

    {"format": "recount-match/1", "match_id", "system", "exported_at", "events": N,
     "public_key": {key_id, algorithm, pem} | null, "certificate": {...} | null}
    {"step": 1, "type": "MatchCreated", "event": {...}, "meta": {...}}
    …

`meta` is the metadata as recorded (when, by which token's hash, the chain hash;
on the first event the hashes of the write and seat tokens, so the same tokens keep
working after an import: they are hashes, never tokens). A file may hold several
matches, each from its header. An import keeps the match id (refused if the store
has that match already) and the metadata, verifies the chain (a file from before
the chain is refused unless unchained records are allowed), checks the first event as
creation checks a new match (its ruleset within the bounds, `check_created`) and every
action against the rules; a bad file is refused naming its line, and nothing of that
match is recorded.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Annotated, Any, Union

import msgspec
from eventsourcing.persistence import StoredEvent

import domain
from domain.corrections import correction_types
from domain.protocol import GameSystem, IllegalAction, MatchSetup, event_tag
from service.errors import Conflict, NotFound, RecountError
from service.records import signing
from service.store import chain
from service.store.match_store import MatchStore, Meta, MsgspecMapper, Recorded, VersionConflict
from service.store.matchlog import MatchLog
from service.usecases import access
from service.usecases.app import Recount
from service.usecases.checking import Checking

FORMAT = "recount-match/1"


class BadFile(RecountError):
    """An export that cannot be imported: says which line and what is wrong with it."""

    status = 422


class TooLong(RecountError):
    """A file with more events than one request may record (`EVENTS_MAX`)."""

    status = 413


# The most events (corrections included) one import or notation file may hold: the work
# of one request has a ceiling. A notation import, the costliest per event, takes about
# 100 µs of CPU an event on a 2-core machine of 2026 (bench/request_cost.py), so this is
# about 2 s of work; a JSON Lines import of as many takes under 1 s.
EVENTS_MAX = 20_000


def too_long(where: str) -> TooLong:
    return TooLong(f"{where}: the file holds more than {EVENTS_MAX:,} events (corrections included), the most one import may record")


MatchId = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{1,64}$")]


class Damaged(RecountError):
    """A stored record whose chain does not hold: changed behind the application's back."""

    status = 500


class Header(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str
    match_id: MatchId
    system: str
    exported_at: float
    events: int
    public_key: signing.PublicKey | None = None
    certificate: signing.Certificate | None = None


class Line(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    step: int
    type: str
    event: dict[str, Any]
    meta: dict[str, Any]


class MatchFile(msgspec.Struct, frozen=True, kw_only=True):
    """One match read from a file: its header, its event lines, and the line number
    (1-based, in the whole file) of its header."""

    header: Header
    lines: list[Line]
    first_line: int

    def line_of(self, step: int) -> int:
        return self.first_line + step


# --- export ---------------------------------------------------------------------------


def certificate(recount: Recount, match_id: str) -> signing.Certificate:
    """The signed final standings of a finished match (Conflict while it runs). The
    record's chain is checked first: a damaged record is never signed."""
    log = recount.log(match_id)
    if not log.system.finished(log.state):
        raise Conflict(f"match {match_id} is not finished: its standings are not final, so there is nothing to certify yet")
    report = chain.verify_records(log.records)
    if report.broken is not None:
        raise Damaged(f"match {match_id} cannot be certified: {report.words()}")
    body = signing.certificate_body(match_id, log.system.name, log.version, log.records[-1].meta.chain, log.system.standings(log.state), recount.clock())
    return signing.sign(signing.server_key(recount), body)


def may_export(recount: Recount, match_id: str, token: str | None) -> None:
    """An export holds every hand as recorded (its chain verifies only unredacted): the
    write token's, or anyone's once the match is over and was not created to keep hands
    private; a running match's not while a sealed bid waits for its reveal
    (`access.whole_record`)."""
    access.whole_record(recount.log(match_id), token)


def export_lines(recount: Recount, match_id: str) -> Iterator[bytes]:
    """The match's JSON Lines, header first, each line ending in a newline. Read
    straight from the store (not replayed), so a damaged record still exports and
    `verify` can say where it is damaged."""
    records = recount.store.read(match_id)
    if not records:
        raise NotFound(f"there is no match {match_id!r}")
    cert = None
    try:
        if domain.find(records[0].system).finished(recount.log(match_id).state):
            cert = certificate(recount, match_id)
    except (RecountError, IllegalAction):
        cert = None  # a damaged record: exported without a certificate, for `verify` to say why
    header = Header(
        format=FORMAT,
        match_id=match_id,
        system=records[0].system,
        exported_at=recount.clock(),
        events=len(records),
        public_key=signing.public_key(signing.server_key(recount)),
        certificate=cert,
    )
    encoder = msgspec.json.Encoder()
    yield encoder.encode(header) + b"\n"
    for record in records:
        meta, event = chain.builtins(record)
        yield encoder.encode(Line(step=record.version, type=event_tag(type(record.event)), event=event, meta=meta)) + b"\n"


# --- reading a file -------------------------------------------------------------------


def parse(lines: Iterable[bytes | str]) -> list[MatchFile]:
    """The matches of a JSON Lines export; BadFile names the first line that does not fit."""
    matches: list[MatchFile] = []
    current: tuple[Header, list[Line], int] | None = None
    header_decoder, line_decoder = msgspec.json.Decoder(Header), msgspec.json.Decoder(Line)
    number = events = 0
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if number == 1:  # "UTF-8 with BOM", as Windows Notepad saves a file again
            text = text.removeprefix(b"\xef\xbb\xbf" if isinstance(text, bytes) else "\ufeff")
        if not text:
            continue
        try:
            probe = msgspec.json.decode(text)
        except msgspec.DecodeError as error:
            raise BadFile(f"line {number}: not JSON ({error})") from None
        if not isinstance(probe, dict):
            raise BadFile(f"line {number}: expected a JSON object, got {type(probe).__name__}")
        try:
            if "format" in probe:
                header = header_decoder.decode(text)
                if header.format != FORMAT:
                    raise BadFile(f"line {number}: format {header.format!r} is not one this version reads ({FORMAT})")
                if current is not None:
                    matches.append(_finished(*current))
                current = (header, [], number)
                continue
            if current is None:
                raise BadFile(f"line {number}: the file must start with a header line (with \"format\": \"{FORMAT}\")")
            current[1].append(line_decoder.decode(text))
            events += 1
            if events > EVENTS_MAX:
                raise too_long(f"line {number}")
        except msgspec.ValidationError as error:
            raise BadFile(f"line {number}: {error}") from None
    if current is None:
        raise BadFile(f"line {number or 1}: the file holds no match (no header line)")
    matches.append(_finished(*current))
    return matches


def _finished(header: Header, lines: list[Line], first_line: int) -> MatchFile:
    match = MatchFile(header=header, lines=lines, first_line=first_line)
    if not lines:
        raise BadFile(f"line {first_line}: match {header.match_id} has no events: an export holds at least the event that created it")
    if len(lines) != header.events:
        raise BadFile(f"line {first_line}: the header of match {header.match_id} announces {header.events} events, the file holds {len(lines)}: it was cut short or added to")
    return match


@functools.cache
def _event_union(system: GameSystem) -> Any:
    return Union[(system.created_type, *system.action_types, *correction_types(system))]  # noqa: UP007 - a runtime union


def records_of(match: MatchFile, *, allow_unchained: bool = False) -> list[Recorded]:
    """The file's records, decoded, their chain verified and every action checked
    against the rules from the first event on; BadFile names the first bad line."""
    header = match.header
    try:
        system = domain.find(header.system)
    except IllegalAction as error:
        raise BadFile(f"line {match.first_line}: {error.what}") from None
    report = chain.verify((line.step, line.meta, line.event) for line in match.lines)
    if report.broken is not None:
        raise BadFile(f"line {match.line_of(report.broken.step)}: {report.words()}")
    if report.unchained and not allow_unchained:
        raise BadFile(
            f"line {match.line_of(1)}: steps 1 to {report.unchained} carry no chain hash (recorded before the chain existed); "
            "import it only if you trust its source (--allow-unchained, or ?allow_unchained=true)"
        )
    union = _event_union(system)
    records: list[Recorded] = []
    for line in match.lines:
        try:
            event = msgspec.convert(line.event, union)
            meta = msgspec.convert(line.meta, Meta)
        except msgspec.ValidationError as error:
            raise BadFile(f"line {match.line_of(line.step)}: step {line.step} does not fit the {system.name} events: {error}") from None
        expected_first = line.step == 1
        if expected_first != isinstance(event, system.created_type):
            raise BadFile(f"line {match.line_of(line.step)}: step {line.step} is a {line.type}; a match starts with its {event_tag(system.created_type)} and has it only once")
        records.append(Recorded(header.match_id, line.step, system.name, event, meta))
    return records


def checked(match: MatchFile, records: list[Recorded]) -> None:
    """Check the first event as creation checks it (`check_created`: its ruleset stands as
    recorded, within the bounds), then every action as if it were being recorded now, in
    order (the application's own check, corrections included); BadFile names the line of
    the first illegal one."""
    system, first = domain.find(records[0].system), records[0]
    try:
        system.check_created(first.event)
    except IllegalAction as error:
        raise _refused(match, first, error) from None
    _check_names(match, system, first)
    log = MatchLog(system, first)
    checking = Checking(log, log.state, 1, lambda: [first.event])
    for record in records[1:]:
        try:
            checking.add(record.event)
        except IllegalAction as error:
            raise _refused(match, record, error) from None


def _check_names(match: MatchFile, system: GameSystem, first: Recorded) -> None:
    """The players and the title within the bounds a new match's setup has (`MatchSetup`):
    an import brings in no name or title that creating the match would refuse."""
    setup = {"system": system.name, "players": list(system.players(system.initial(first.event))), "title": getattr(first.event, "title", "")}
    try:
        msgspec.convert(setup, MatchSetup)
    except msgspec.ValidationError as error:
        raise BadFile(f"line {match.line_of(1)}: step 1 (the match's setup) does not fit: {error}") from None


def _refused(match: MatchFile, record: Recorded, error: IllegalAction) -> BadFile:
    return BadFile(f"line {match.line_of(record.version)}: step {record.version} ({event_tag(type(record.event))}) is refused: {error}")


def import_match(recount: Recount, match: MatchFile, *, allow_unchained: bool = False) -> str:
    """Record one match from a file, all or nothing, keeping its id and metadata; its id."""
    [match_id] = import_all(recount, [match], allow_unchained=allow_unchained)
    return match_id


def import_all(recount: Recount, matches: list[MatchFile], *, allow_unchained: bool = False) -> list[str]:
    """Record every match of a file, each all or nothing, after checking them all: a
    bad line anywhere records nothing of the file."""
    refuse_stored(recount, [(match.first_line, match.header.match_id) for match in matches])
    return store_checked(recount, checked_matches(matches, allow_unchained=allow_unchained))


def refuse_stored(recount: Recount, named: list[tuple[int, str]]) -> None:
    """Conflict if a match of the file (its header's line and id) is in the store
    already: asked before any check, so a file imported twice costs a read, not a check."""
    for first_line, match_id in named:
        if recount.store.read(match_id, upto=1):
            raise Conflict(f"line {first_line}: match {match_id} is in this store already: nothing imported")


def checked_matches(matches: list[MatchFile], *, allow_unchained: bool = False) -> list[list[Recorded]]:
    """Each match's records, decoded, their chain verified and every action checked (no
    I/O: a worker process runs it for a request, service/records/heavy.py)."""
    ready = []
    for match in matches:
        records = records_of(match, allow_unchained=allow_unchained)
        checked(match, records)
        ready.append(records)
    return ready


# A worker process hands checked records back as msgpack chunks of this many rows: the
# server decodes and stores them a chunk at a time (`stored_events`).
ROWS_PER_CHUNK = 400


class Encoded(msgspec.Struct, frozen=True, array_like=True):
    """One match's checked records as the store keeps them (`MsgspecMapper`), in
    msgpack chunks of (version, topic, state) rows. What a worker process returns: a
    few bytes objects, unpickled at once, where the records themselves (thousands of
    structs) took the server's interpreter lock for tens of milliseconds in one piece."""

    match_id: str
    chunks: list[bytes]


@functools.cache
def _mapper() -> MsgspecMapper:
    return MsgspecMapper()


_rows_decoder = msgspec.msgpack.Decoder(list[tuple[int, str, bytes]])


def encoded(records: Sequence[Recorded]) -> Encoded:
    """A match's checked records, encoded in the worker as `MatchStore.append` would."""
    encoder, mapper = msgspec.msgpack.Encoder(), _mapper()
    rows = [(stored.originator_version, stored.topic, stored.state) for stored in map(mapper.to_stored_event, records)]
    return Encoded(records[0].stream, [encoder.encode(rows[start : start + ROWS_PER_CHUNK]) for start in range(0, len(rows), ROWS_PER_CHUNK)])


def stored_events(store: MatchStore, match: Encoded) -> list[StoredEvent]:
    """The stored events of an `Encoded` match, with the store's compressor and cipher
    if it has them (as its mapper would have applied), decoded a chunk at a time: the
    thread gives the interpreter lock away between chunks, so the event loop waits for
    it at most a chunk's work, not a switch interval behind a whole match."""
    compressor, cipher = store.mapper.compressor, store.mapper.cipher
    events = []
    for chunk in match.chunks:
        for version, topic, state in _rows_decoder.decode(chunk):
            if compressor:
                state = compressor.compress(state)
            if cipher:
                state = cipher.encrypt(state)
            events.append(StoredEvent(originator_id=match.match_id, originator_version=version, topic=topic, state=state))
        time.sleep(0)
    return events


def store_checked(recount: Recount, ready: Sequence[Sequence[Recorded] | Encoded]) -> list[str]:
    """Append the checked records of each match (`checked_matches`, or as a worker
    process returns them, `encoded`), in order; their ids."""
    ids = []
    for records in ready:
        if isinstance(records, Encoded):
            match_id, rows = records.match_id, stored_events(recount.store, records)
        else:
            match_id, rows = records[0].stream, records
        try:
            # Its own commit moves the follower past these events, as the writer's do: the
            # catch-up below then reads none of them back (a whole match, read on this thread
            # or, first to ask, by a small request).
            recount.services.repository.follower.own(recount.store.append(rows))
        except VersionConflict:
            raise Conflict(f"match {match_id} was recorded in this store meanwhile: it and the matches after it were not imported") from None
        ids.append(match_id)
    recount.catch_up()
    return ids
