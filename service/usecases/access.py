"""Access rules: who a token makes a reader or a recorder of a match, and what each
may see. Pure decisions over a match's stored token hashes; no I/O."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from domain.corrections import EventAmended, is_correction
from domain.protocol import EVERYONE, RECORDER, SPECTATOR, Perspective
from service.errors import Forbidden, NotFound, Unauthenticated
from service.store.match_store import Recorded
from service.store.matchlog import MatchLog
from service.usecases import tokens


def perspective(log: MatchLog, token: str | None, wanted: str | None) -> Perspective:
    """Who a reader is, from their token and what they ask to see.

    No token: a spectator. The write token sees everything or any seat; while the match
    runs its everything is the recorder's (`RECORDER`: not a sealed bid before its reveal,
    as its holder may be a player too), and so is its view of a seat. A seat token sees its own seat (a player who
    joined has one too: see `MatchLog.seat_token_hashes`, which may read the store).
    Once the match is over everyone sees everything, unless the match was created to keep
    hands private (the write token then still does)."""
    meta = log.created.meta
    is_writer = token is not None and tokens.matches(token, meta.write_token_sha256)
    seat = None
    if token is not None and not is_writer:
        seat = next((p for p, h in log.seat_token_hashes().items() if tokens.matches(token, h)), None)
        if seat is None:
            raise Forbidden("this token is neither the match's write token nor one of its seat tokens")
    players = list(log.system.players(log.state))
    finished = log.system.finished(log.state)
    opened = finished and not meta.keep_hands_private
    everything = EVERYONE if finished else RECORDER
    if wanted in (None, ""):
        if is_writer or opened:
            return everything
        return Perspective("seat", seat) if seat else SPECTATOR
    if wanted == "spectator":
        return SPECTATOR
    if wanted == "everyone":
        if is_writer or opened:
            return everything
        raise (Forbidden if token else Unauthenticated)("seeing every hand needs the match's write token")
    if wanted not in players:
        raise NotFound(f"there is no player {wanted!r} in this match (players: {', '.join(players)})")
    if is_writer and not finished:
        # The recorder reading a seat's view: not the seat's sealed bid, which RECORDER hides.
        return Perspective("seat", wanted, sees_sealed=False)
    if is_writer or opened or seat == wanted:
        return Perspective("seat", wanted)
    raise (Forbidden if token else Unauthenticated)(f"seeing {wanted}'s hand needs {wanted}'s seat token or the write token")


class Recorder(NamedTuple):
    """Who a recording token is: its SHA-256 (a record names its recorder by it) and the
    seat it is the token of (None: the write token, which records anything)."""

    digest: str
    seat: str | None


def authorize_record(log: MatchLog, token: str | None, read_past: bool = False) -> Recorder:
    """The write token records anything; a seat token only its seat's own actions (the
    checks say which those are, event by event: `checking.owned`). `read_past`: look
    for a newcomer's seat token in the past of a log loaded from a snapshot (a store read:
    not on the event loop)."""
    meta = log.created.meta
    if not token:
        raise Unauthenticated("recording needs the match's write token or a seat token (Authorization: Bearer …)")
    digest = tokens.sha256(token)
    if tokens.same_digest(digest, meta.write_token_sha256):
        return Recorder(digest, None)
    seat = next((p for p, h in log.seat_token_hashes(read_past=read_past).items() if tokens.same_digest(digest, h)), None)
    if seat is None:
        raise Forbidden("this is neither the match's write token nor one of its seat tokens")
    return Recorder(digest, seat)


def authorize_write(log: MatchLog, token: str | None) -> str:
    """Only the match's write token: for what reads or makes every seat's part (the seat
    tokens, the notation's terse lines). Returns the token's SHA-256."""
    recorder = authorize_record(log, token)
    if recorder.seat is not None:
        raise Forbidden(f"this needs the match's write token: {recorder.seat}'s seat token records only {recorder.seat}'s own actions")
    return recorder.digest


def whose(actors: tuple[str, ...] | list[str]) -> str:
    """Whose action it is, in words: "Carl's", "Al's or Betty's", "the table's"."""
    return " or ".join(f"{a}'s" for a in actors) if actors else "the table's"


def not_yours(seat: str, actors: tuple[str, ...] | list[str], what: str = "action") -> Forbidden:
    """The refusal of a seat token recording what is not its seat's own."""
    if not actors:
        return Forbidden(f"this is the table's {what}: only the write token records it, not {seat}'s seat token")
    tokens_ = " or ".join(f"{a}'s seat token" for a in actors)
    return Forbidden(f"this is {whose(actors)} {what}: only {tokens_} or the write token records it")


def owned(log: MatchLog, state: Any, event: msgspec.Struct, seat: str, record_at: Callable[[int], Recorded], first: int, last: int) -> None:
    """Raise Forbidden (nothing recorded) unless `seat`'s token may record `event` next: an
    action whose `actors` (in the state the events before it leave) include the seat; a
    correction of a step the seat recorded itself or whose action is its own, and an
    amendment only to an action of its own (docs/design-notes.md, "Each player on their own
    phone"). `state` is the state after step `last`; the request's own actions start at step
    `first`; `record_at(step)` is the record at a step before it. A correction that names no
    recorded step is left to the rules' check (422)."""
    actors = log.system.actors
    if not is_correction(event):
        theirs = tuple(actors(state, event))
        if seat not in theirs:
            raise not_yours(seat, theirs)
        return
    step = event.step
    if isinstance(event, EventAmended) and 2 <= step <= last:
        before = log.state_at(step - 1) if step <= log.version else state
        if seat not in (theirs := tuple(actors(before, event.event))):
            raise not_yours(seat, theirs, "action to put in its place")
    if not 2 <= step < first:
        return  # one of this request's own actions (checked as the seat's), or no step at all
    target = record_at(step)
    if target.meta.recorded_as == seat:
        return
    theirs = () if is_correction(target.event) or step > log.version else tuple(actors(log.state_at(step - 1), target.event))
    if seat not in theirs:
        raise not_yours(seat, theirs, f"action at step {step} (recorded by {_recorder_of(target)})")


def _recorder_of(record: Recorded) -> str:
    seat = record.meta.recorded_as
    return f"{seat}'s seat token" if seat else "the write token"


def sealed_pending(log: MatchLog) -> bool:
    """Whether the match, running, holds something the rules keep from the whole table
    until they reveal it (a sealed bid): what `RECORDER` does not see."""
    state = log.state
    return not log.system.finished(state) and log.system.view(state, RECORDER) != log.system.view(state, EVERYONE)


def whole_record(log: MatchLog, token: str | None) -> None:
    """Whether the reader may have the whole record as stored (an export, the notation,
    what-if): everything it holds, sealed bids included, as nothing is redacted from it.
    The write token's, or everyone's once the match is over and open; a running match's
    only while no sealed bid waits for its reveal (its holder may be a bidder)."""
    seen = perspective(log, token, None)
    if seen.kind != "everyone":
        raise (Forbidden if token else Unauthenticated)("this needs the whole record (every hand): the match's write token, or the match finished")
    if not seen.sees_sealed and sealed_pending(log):
        raise Forbidden("a sealed bid waits for its reveal: the whole record would show it; ask again once the bids are revealed")


def seat_tokens(log: MatchLog, token: str | None) -> dict[str, str]:
    """Every seat's token, derived from the write token (which only its holder has)."""
    authorize_write(log, token)
    assert token is not None
    return {p: tokens.seat_token(token, log.stream, p) for p in log.system.players(log.state)}


def label(perspective: Perspective) -> str:
    """The perspective as answers name it: a seat's player, else its kind."""
    return perspective.seat if perspective.kind == "seat" and perspective.seat else perspective.kind
