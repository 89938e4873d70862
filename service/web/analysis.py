"""Routes that analyse a record: the text notation (a match's file, a typed line parsed),
what-if, and the leaderboards with their page."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from litestar import MediaType, Request, Response, get, post
from litestar.params import FromPath, JSONBody

from domain.notation import NotationError, parse_line, write_line
from service.errors import ErrorBody, Malformed, NotFound
from service.reads.leaderboard import Leaderboard
from service.reads.whatif import WhatIf
from service.records import heavy
from service.store.matchlog import MatchLog
from service.usecases import access
from service.web.params import TOKEN_NEEDED, TOKEN_OPTIONAL, BearerToken, RecountApp, errors_documented, recount_of
from service.web.viewer import page

LINE_MAX = 2000


class TypedLine(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One action as typed at the table, long or terse (docs/notation.md)."""

    line: str


class ParsedLine(msgspec.Struct, frozen=True, kw_only=True):
    """The event a line says, in the state the match is in now, and its long line."""

    match_id: str
    version: int
    event: dict[str, Any]
    line: str


class OtherRules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Another preset (its options start empty) or other options (laid over the match's own)."""

    preset: str | None = None
    options: dict[str, Any] | None = None


def _notation_error(error: NotationError) -> Response[ErrorBody]:
    body = ErrorBody(status=422, error=error.message, details={"token": error.token})
    return Response(body, status_code=422, media_type=MediaType.JSON)


@post("/matches/{match_id:str}/notation/parse", status_code=200, sync_to_thread=True, operation_id="parseNotation", security=TOKEN_NEEDED, responses=errors_documented(400, 401, 403, 404, 413, 422, 503))
def parse_notation(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str], data: JSONBody[TypedLine]) -> Response[Any]:
    """The event a typed line says (Bearer write token: a terse play is read against
    the hands the record knows), with the long line it would be written as; 422 names
    the token that does not parse. Records nothing: send the event to
    `/events/check` or `/events`."""
    log = recount.log(match_id)
    recount.authorize_write(log, bearer_token)
    if len(data.line) > LINE_MAX:
        raise Malformed(f"a line is at most {LINE_MAX} characters")
    state = log.state
    try:
        event = parse_line(log.system, state, data.line)
        words = write_line(log.system, state, event)
    except NotationError as error:
        return _notation_error(error)
    parsed = ParsedLine(match_id=match_id, version=log.version, event=msgspec.to_builtins(event), line=words)
    return Response(parsed, media_type=MediaType.JSON)


@get("/matches/{match_id:str}/notation", operation_id="matchNotation", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
async def match_notation(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> Response[str]:
    """The match as a notation file: the full record, so it needs the write token (or
    a finished match whose hands are open to everyone)."""
    log, events = await asyncio.to_thread(_whole_record, recount, match_id, bearer_token)
    text = await heavy.pool().run(heavy.notation, events, log.system.name, _date(log.created.meta.recorded_at))
    return Response(text, media_type="text/plain")


def _whole_record(app: Any, match_id: str, token: str | None) -> tuple[MatchLog, list[msgspec.Struct]]:
    """The match's log and every event it recorded, for a reader allowed the whole record
    (a store read for a log not in memory: off the event loop)."""
    log = app.log(match_id)
    access.whole_record(log, token)
    return log, [record.event for record in log.records]


def _date(timestamp: float) -> str:
    import datetime

    return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).strftime("%Y.%m.%d")




@post("/matches/{match_id:str}/what-if", status_code=200, operation_id="whatIf", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 413, 422, 503))
async def what_if(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str], data: JSONBody[OtherRules]) -> WhatIf:
    """The match replayed under another preset or other options: the first step they
    forbid (with the rule), or the standings under them beside the recorded ones. It
    reads the whole record: the write token, or a finished match open to everyone.
    Neither a preset nor options: the match's own rules, every step checked again."""
    log, events = await asyncio.to_thread(_whole_record, recount, match_id, bearer_token)
    if data.preset is not None and data.preset not in log.system.presets:
        raise NotFound(f"{log.system.name} has no preset {data.preset!r} (presets: {', '.join(log.system.presets)})")
    recorded = list(enumerate(events[1:], start=2))
    standings = log.system.standings(log.state)
    return await heavy.pool().run(heavy.what_if, log.system.name, events[0], recorded, standings, data.preset, data.options)


def leaderboard_of(request: Request) -> Leaderboard:
    """The application's leaderboard: beside the match index's file when it has one
    (`recount rebuild` rebuilds that file), else in memory, caught up when read."""
    state = request.app.state
    board = getattr(state, "leaderboard", None)
    if board is None:
        board = Leaderboard(recount_of(request), leaderboard_file(_index_path(state.index)))
        state.leaderboard = board
    return board


def _index_path(index: Any) -> str | None:
    rows = index.db.execute("pragma database_list").fetchall()
    return rows[0][2] or None if rows else None


def leaderboard_file(index_file: str | None) -> str | None:
    if not index_file:
        return None
    return index_file.removesuffix(".index.sqlite") + ".leaderboard.sqlite"


@get("/leaderboards", sync_to_thread=True, operation_id="listLeaderboards", responses=errors_documented(400, 503))
def list_leaderboards(request: Request) -> Response[Any]:
    """Every game system and preset with a finished match. A browser asking for HTML
    gets the leaderboard page."""
    accept = request.headers.get("accept", "")
    if "text/html" in accept:
        return page("leaderboard.html")
    return Response({"leaderboards": leaderboard_of(request).boards()}, media_type=MediaType.JSON)


@get("/leaderboards/{system:str}/{preset:str}", sync_to_thread=True, operation_id="getLeaderboard", responses=errors_documented(400, 404, 503))
def get_leaderboard(request: Request, system: FromPath[str], preset: FromPath[str]) -> dict[str, Any]:
    """Players by rating (openskill Plackett-Luce), matches played, places, points, and
    each player's rating after each finished match."""
    board = leaderboard_of(request).board(system, preset)
    if board is None:
        raise NotFound(f"no finished match of {system!r} with preset {preset!r} yet")
    return board


def analysis_routes() -> list[Any]:
    return [parse_notation, match_notation, what_if, list_leaderboards, get_leaderboard]
