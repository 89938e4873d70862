"""Access rules: who a token makes a reader or a recorder of a match, and what each
may see. Pure decisions over a match's stored token hashes; no I/O."""

from __future__ import annotations

from domain.protocol import EVERYONE, SPECTATOR, Perspective
from service.errors import Forbidden, NotFound, Unauthenticated
from service.store.matchlog import MatchLog
from service.usecases import tokens


def perspective(log: MatchLog, token: str | None, wanted: str | None) -> Perspective:
    """Who a reader is, from their token and what they ask to see.

    No token: a spectator. The write token sees everything or any seat. A seat
    token sees its own seat (a player who joined has one too: see
    `MatchLog.seat_token_hashes`, which may read the store). Once the match is over everyone sees everything,
    unless the match was created to keep hands private."""
    meta = log.created.meta
    is_writer = token is not None and tokens.matches(token, meta.write_token_sha256)
    seat = None
    if token is not None and not is_writer:
        seat = next((p for p, h in log.seat_token_hashes().items() if tokens.matches(token, h)), None)
        if seat is None:
            raise Forbidden("this token is neither the match's write token nor one of its seat tokens")
    players = list(log.system.players(log.state))
    opened = log.system.finished(log.state) and not meta.keep_hands_private
    if wanted in (None, ""):
        if is_writer or opened:
            return EVERYONE
        return Perspective("seat", seat) if seat else SPECTATOR
    if wanted == "spectator":
        return SPECTATOR
    if wanted == "everyone":
        if is_writer or opened:
            return EVERYONE
        raise (Forbidden if token else Unauthenticated)("seeing every hand needs the match's write token")
    if wanted not in players:
        raise NotFound(f"there is no player {wanted!r} in this match (players: {', '.join(players)})")
    if is_writer or opened or seat == wanted:
        return Perspective("seat", wanted)
    raise (Forbidden if token else Unauthenticated)(f"seeing {wanted}'s hand needs {wanted}'s seat token or the write token")


def authorize_write(log: MatchLog, token: str | None) -> str:
    """Only the match's write token records; a seat token follows but never writes.
    Returns the token's SHA-256, hashed once here (a record names its recorder by it)."""
    meta = log.created.meta
    if not token:
        raise Unauthenticated("recording needs the match's write token (Authorization: Bearer …)")
    digest = tokens.sha256(token)
    if not tokens.same_digest(digest, meta.write_token_sha256):
        # Called on the event loop (the record route): the seats held, no store read.
        if any(tokens.same_digest(digest, h) for h in log.seat_token_hashes(read_past=False).values()):
            raise Forbidden("a seat token can follow the match but not record in it")
        # A log loaded from a snapshot may not hold the seat tokens of players who joined
        # before it (their past is not read on the loop): the words cover a seat token too.
        raise Forbidden("this is not the match's write token (a seat token can follow the match but not record in it)")
    return digest


def seat_tokens(log: MatchLog, token: str | None) -> dict[str, str]:
    """Every seat's token, derived from the write token (which only its holder has)."""
    authorize_write(log, token)
    assert token is not None
    return {p: tokens.seat_token(token, log.stream, p) for p in log.system.players(log.state)}


def label(perspective: Perspective) -> str:
    """The perspective as answers name it: a seat's player, else its kind."""
    return perspective.seat if perspective.kind == "seat" and perspective.seat else perspective.kind
