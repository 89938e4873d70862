"""Confirmations and disputes, stored beside a match, never in its stream: they are
not table actions, and the game's rules know nothing of them.

Each match has a second stream of its own, in a table of its own (the event store's
"claims" aggregate recorder: `stored_claims` in SQLite, `stored_claims` in
PostgreSQL, a dict in memory), so it works on every store and across processes,
and the same (stream, version) uniqueness refuses a lost update. Its events:

- `StandingsConfirmed(player, step)`: a player (by their seat token) confirms the
  final standings as recorded at `step`; once per player.
- `DisputeRaised(player, placings, verdict)`: a player claims other standings; the
  claim is checked against the record (service/records/claims.py) and stored with that
  verdict: agree, or the first place where claim and record differ and its step.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, Union

import msgspec
from eventsourcing.persistence import AggregateRecorder, IntegrityError, StoredEvent

from service.errors import Conflict, Forbidden, Unauthenticated
from service.records import claims
from service.records.claims import ClaimedPlacing, ClaimVerdict
from service.store.matchlog import MatchLog
from service.usecases import tokens
from service.usecases.app import Recount

ATTEMPTS = 5
_recorders: weakref.WeakKeyDictionary[Any, AggregateRecorder] = weakref.WeakKeyDictionary()


class StandingsConfirmed(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    player: str
    step: int
    at: float


class DisputeRaised(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    player: str
    placings: list[ClaimedPlacing]
    verdict: ClaimVerdict
    step: int
    at: float


ClaimEvent = Union[StandingsConfirmed, DisputeRaised]  # noqa: UP007 - a runtime union
_decoder = msgspec.json.Decoder(ClaimEvent)


class Confirmations(msgspec.Struct, frozen=True, kw_only=True):
    """Who confirmed; `you` is the reader's seat when they sent a seat token (the viewer
    offers that player the button)."""

    match_id: str
    players: list[str]
    confirmed_by: list[str]
    final: bool
    words: str
    you: str | None = None


class Dispute(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    player: str
    placings: list[ClaimedPlacing]
    verdict: ClaimVerdict
    step: int
    at: float


def _recorder(recount: Recount) -> AggregateRecorder:
    recorder = _recorders.get(recount)
    if recorder is None:
        recorder = _recorders[recount] = recount.store.factory.aggregate_recorder("claims")
    return recorder


def _stream(match_id: str) -> str:
    return f"{match_id}/claims"


def events(recount: Recount, match_id: str) -> list[ClaimEvent]:
    return [_decoder.decode(stored.state) for stored in _recorder(recount).select_events(_stream(match_id))]


def _append(recount: Recount, match_id: str, event: ClaimEvent, allowed: Any) -> list[ClaimEvent]:
    """Append after `allowed(events so far)` raises nothing; again if another process
    appended to the stream meanwhile (its version taken). The events before it."""
    for _ in range(ATTEMPTS):
        held = events(recount, match_id)
        allowed(held)
        stored = StoredEvent(originator_id=_stream(match_id), originator_version=len(held) + 1, topic=f"claims:{type(event).__name__}", state=msgspec.json.encode(event))
        try:
            _recorder(recount).insert_events([stored])
            return held
        except IntegrityError:
            continue
    raise Conflict("other confirmations or disputes kept reaching this match first; retry")


def seat_of(recount: Recount, log: MatchLog, token: str | None) -> str:
    """The player whose seat token this is (only a seat token confirms or disputes)."""
    if not token:
        raise Unauthenticated("confirming or disputing needs the player's seat token (Authorization: Bearer …)")
    seat = _seat(log, token)
    if seat is None:
        if tokens.matches(token, log.created.meta.write_token_sha256):
            raise Forbidden("the write token records the match; a player confirms or disputes with their own seat token")
        raise Forbidden("this is not one of the match's seat tokens")
    return seat


def _seat(log: MatchLog, token: str) -> str | None:
    """The player whose seat token this is, among every seat's (joined mid-match included)."""
    return next((p for p, h in log.seat_token_hashes().items() if tokens.matches(token, h)), None)


def confirm(recount: Recount, match_id: str, token: str | None) -> Confirmations:
    """A player confirms the final standings (409 while the match runs, or twice)."""
    log = recount.log(match_id)
    player = seat_of(recount, log, token)
    if not log.system.finished(log.state):
        raise Conflict(f"match {match_id} is not finished: there are no final standings to confirm yet")

    def once(held: Sequence[ClaimEvent]) -> None:
        if any(isinstance(e, StandingsConfirmed) and e.player == player for e in held):
            raise Conflict(f"{player} has confirmed these standings already")

    _append(recount, match_id, StandingsConfirmed(player=player, step=log.version, at=recount.clock()), once)
    return confirmations(recount, match_id, token)


def confirmations(recount: Recount, match_id: str, token: str | None = None) -> Confirmations:
    log = recount.log(match_id)
    you = _seat(log, token) if token else None
    players = list(log.system.players(log.state))
    by = list(dict.fromkeys(e.player for e in events(recount, match_id) if isinstance(e, StandingsConfirmed)))
    return Confirmations(
        match_id=match_id,
        players=players,
        confirmed_by=by,
        final=log.system.finished(log.state),
        words=f"confirmed by {len(by)} of {len(players)}",
        you=you,
    )


def dispute(recount: Recount, match_id: str, token: str | None, placings: list[ClaimedPlacing]) -> Dispute:
    """Store a player's claimed standings with the record's verdict on it. A claim that
    names someone who did not play is refused (422) and nothing is stored."""
    log = recount.log(match_id)
    player = seat_of(recount, log, token)
    verdict = claims.check(log.system.standings(log.state), placings)
    raised = DisputeRaised(player=player, placings=placings, verdict=verdict, step=log.version, at=recount.clock())
    held = _append(recount, match_id, raised, lambda held: None)
    number = 1 + sum(isinstance(e, DisputeRaised) for e in held)
    return Dispute(number=number, player=player, placings=placings, verdict=verdict, step=raised.step, at=raised.at)


def disputes(recount: Recount, match_id: str) -> list[Dispute]:
    recount.log(match_id)  # NotFound for an unknown match
    raised = [e for e in events(recount, match_id) if isinstance(e, DisputeRaised)]
    return [Dispute(number=i, player=e.player, placings=e.placings, verdict=e.verdict, step=e.step, at=e.at) for i, e in enumerate(raised, start=1)]
