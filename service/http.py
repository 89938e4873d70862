"""The HTTP entry points: each route decodes its input, calls one application
function and returns a struct. Errors map to status codes here and only here."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import msgspec
from litestar import Litestar, MediaType, Request, Response, get, post
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.params import FromPath, JSONBody, QueryParameter

import domain
from domain.corrections import correction_types
from domain.protocol import IllegalAction, MatchSetup, Standings, event_tag
from service import claims
from service.app import Allowed, AppendResult, Created, DryRun, Recount, request_hash
from service.claims import ClaimedPlacing, ClaimVerdict
from service.errors import RecountError
from service.params import AsParam, bearer, label, recount_of
from service.readmodel import MatchIndex
from service.newmatch import new_match_routes
from service.recording import recording_routes
from service.viewer import viewer_routes


class AppendRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Actions to record, in order, all or nothing. `expected_version` is the
    version the recorder last saw (omit it to append at the head)."""

    events: list[dict[str, Any]]
    expected_version: int | None = None


class Claim(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    placings: list[ClaimedPlacing]


class EventEntry(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    event: dict[str, Any]


class EventPage(msgspec.Struct, frozen=True, kw_only=True):
    match_id: str
    version: int
    perspective: str
    events: list[EventEntry]
    next_step: int | None


class StateAt(msgspec.Struct, frozen=True, kw_only=True):
    match_id: str
    step: int
    version: int
    perspective: str
    finished: bool
    view: dict[str, Any]


@post("/matches", status_code=201, sync_to_thread=True)
def create_match(request: Request, data: JSONBody[MatchSetup]) -> Created:
    """Create a match; the reply holds the write token and the seat tokens (keep them)."""
    return recount_of(request).create(data)


@get("/matches", sync_to_thread=True)
def list_matches(request: Request) -> list[dict[str, Any]]:
    """Every match, newest first (a read model rebuilt from the stored events)."""
    return request.app.state.index.list()


@get("/matches/{match_id:str}", sync_to_thread=True)
def match_summary(request: Request, match_id: FromPath[str]) -> dict[str, Any]:
    app = recount_of(request)
    return app.summary(app.log(match_id))


@post("/matches/{match_id:str}/events", status_code=201)
async def record_events(request: Request, match_id: FromPath[str], data: JSONBody[AppendRequest]) -> AppendResult:
    """Record actions (Bearer write token). 409 if `expected_version` is stale; a retry
    with the same Idempotency-Key returns the first result and records nothing."""
    key = request.headers.get("idempotency-key")
    return await recount_of(request).append_async(
        match_id,
        bearer(request),
        data.events,
        expected_version=data.expected_version,
        idempotency_key=key,
        # Only a keyed request can be retried, so only its body needs remembering.
        request_hash=request_hash(await request.body()) if key else None,
    )


@post("/matches/{match_id:str}/events/check", status_code=200, sync_to_thread=True)
def check_events(request: Request, match_id: FromPath[str], data: JSONBody[AppendRequest]) -> DryRun:
    """A dry run of recording (Bearer write token): the same checks and the same 4xx
    as a real append, or the words each action would be recorded with. Records
    nothing."""
    return recount_of(request).dry_run(match_id, bearer(request), data.events, expected_version=data.expected_version)


@get("/matches/{match_id:str}/allowed", sync_to_thread=True)
def allowed_actions(request: Request, match_id: FromPath[str]) -> Allowed:
    """The actions the rules allow now (Bearer write token: they come from every known
    hand), each with the fields left to choose."""
    return recount_of(request).allowed(match_id, bearer(request))


@get("/matches/{match_id:str}/events", sync_to_thread=True)
def list_events(
    request: Request,
    match_id: FromPath[str],
    as_: AsParam = None,
    start: Annotated[int, QueryParameter(name="from", ge=1)] = 1,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 200,
) -> EventPage:
    """The recorded events with their step numbers, as the perspective may see them."""
    app = recount_of(request)
    log = app.log(match_id)
    perspective = app.perspective(log, bearer(request), as_)
    last = min(log.version, start + limit - 1)
    entries = []
    for record, before, after in log.walk(start, last):
        entries.append(
            EventEntry(
                step=record.version,
                type=event_tag(type(record.event)),
                description=log.describe(record, before, after, perspective),
                recorded_at=record.meta.recorded_at,
                recorded_by=record.meta.recorded_by,
                event=log.redact(record, before, perspective),
            )
        )
    return EventPage(
        match_id=match_id,
        version=log.version,
        perspective=label(perspective),
        events=entries,
        next_step=last + 1 if last < log.version else None,
    )


@get("/matches/{match_id:str}/state", sync_to_thread=True)
def state_at(request: Request, match_id: FromPath[str], as_: AsParam = None, step: Annotated[int | None, QueryParameter(ge=1)] = None) -> StateAt:
    """The state after `step` events (default: now), as the perspective may see it."""
    app = recount_of(request)
    log = app.log(match_id)
    perspective = app.perspective(log, bearer(request), as_)
    n = log.version if step is None else step
    state = log.state_at(n)
    return StateAt(
        match_id=match_id,
        step=n,
        version=log.version,
        perspective=label(perspective),
        finished=log.system.finished(state),
        view=msgspec.to_builtins(log.system.view(state, perspective)),
    )


@get("/matches/{match_id:str}/standings", sync_to_thread=True)
def standings(request: Request, match_id: FromPath[str], step: Annotated[int | None, QueryParameter(ge=1)] = None) -> Standings:
    """Standings recomputed from the record, each placing with the steps that decided it;
    with `step`, as they stood after that step (a replay shows those, not the result)."""
    app = recount_of(request)
    if step is None:
        return app.standings(match_id)
    log = app.log(match_id)
    return log.system.standings(log.state_at(step))


@post("/matches/{match_id:str}/standings/check", status_code=200, sync_to_thread=True)
def check_claim(request: Request, match_id: FromPath[str], data: JSONBody[Claim]) -> ClaimVerdict:
    """Compare a claimed standings with the record: agree, or the first difference."""
    return claims.check(recount_of(request).standings(match_id), data.placings)


@get("/matches/{match_id:str}/seats", sync_to_thread=True)
def seat_tokens(request: Request, match_id: FromPath[str]) -> dict[str, str]:
    """The seat tokens again (needs the write token)."""
    return recount_of(request).seat_tokens(match_id, bearer(request))


@get("/systems", sync_to_thread=False)
def list_systems() -> list[dict[str, Any]]:
    """The game systems and their named rulesets."""
    return [
        {
            "name": s.name,
            "title": s.title,
            "presets": {name: msgspec.to_builtins(preset) for name, preset in s.presets.items()},
            "events": [event_tag(t) for t in (*s.action_types, *correction_types(s))],
        }
        for s in domain.systems().values()
    ]


def _error(status: int, message: str, **extra: Any) -> Response[dict[str, Any]]:
    return Response({"status": status, "error": message, **extra}, status_code=status, media_type=MediaType.JSON)


def _illegal(_: Request, exc: IllegalAction) -> Response[dict[str, Any]]:
    rule = exc.rule
    return _error(422, exc.what, rule={"id": rule.id, "source": rule.source, "quote": rule.quote}, reason=str(exc))


def _recount_error(_: Request, exc: RecountError) -> Response[dict[str, Any]]:
    return _error(exc.status, exc.message)


def _body_read(request: Request) -> bytes | None:
    """The request body if the route has read it already. Exception handlers are called
    synchronously, so the body cannot be awaited here; Litestar keeps what it read in the
    connection state (a private attribute: None if that ever changes, and the reply only
    loses the position)."""
    body = getattr(getattr(request, "_connection_state", None), "body", None)
    return body if isinstance(body, bytes) else None


def _json_position(body: bytes) -> str | None:
    """Where `body` stops being JSON: "at byte N (line L, column C), after '…'", or None if it
    is JSON. msgspec does not say where for some errors ("Input data was truncated"); the
    standard library's decoder always does."""
    text = body.decode("utf-8", errors="replace")
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        at = len(text[: error.pos].encode())
        before = text[max(0, error.pos - 24) : error.pos].replace("\n", " ")
        after = text[error.pos : error.pos + 16].replace("\n", " ")
        where = f"at byte {at} (line {error.lineno}, column {error.colno}), after '{before}'"
        return where + (f" before '{after}'" if after else ", where the body ends")
    except (RecursionError, ValueError):
        return ""
    return None


def _http_error(request: Request, exc: HTTPException) -> Response[dict[str, Any]]:
    if isinstance(exc, ValidationException):
        details = exc.extra if exc.extra else None
        return _error(400, f"malformed request: {exc.detail}", details=details)
    body = _body_read(request) if exc.status_code == 400 else None
    where = _json_position(body) if body else None
    if where is not None:
        message = re.sub(r" \(byte \d+\)$", "", exc.detail)  # the position is said below, with its line
        return _error(400, f"the body is not valid JSON: {message}{' ' + where if where else ''}")
    return _error(exc.status_code, exc.detail)


def _unexpected(request: Request, exc: Exception) -> Response[dict[str, Any]]:
    if isinstance(exc, RecursionError) and "deserializing" in str(exc):
        # msgspec gives up on JSON nested deeper than Python's recursion limit: the body, not the service.
        return _error(400, "the body is not valid JSON for this service: it nests arrays or objects too deep")
    # Storage failures and bugs: say so plainly, never a bare stack trace.
    return _error(503 if isinstance(exc, OSError) else 500, f"{type(exc).__name__}: {exc}")


SWAGGER_UI = "/static/vendor/swagger-ui-5.18.2"


def _schema_page() -> SwaggerRenderPlugin:
    """`/schema`: Swagger UI from the service's own static files, so the API's
    documentation renders with no network (no CDN, no web fonts)."""
    return SwaggerRenderPlugin(
        path="/",
        js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
        css_url=f"{SWAGGER_UI}/swagger-ui.css",
        standalone_preset_js_url=f"{SWAGGER_UI}/swagger-ui-standalone-preset.js",
        favicon="<link rel='icon' href='data:,'>",
    )


def create_app(recount: Recount, index: MatchIndex, extra_routes: list[Any] | None = None) -> Litestar:
    routes: list[Any] = [create_match, list_matches, match_summary, record_events, check_events, allowed_actions, list_events, state_at, standings, check_claim, seat_tokens, list_systems]
    routes.extend(viewer_routes())
    routes.extend(new_match_routes())
    routes.extend(recording_routes())
    routes.extend(extra_routes or [])
    app = Litestar(
        route_handlers=routes,
        exception_handlers={
            IllegalAction: _illegal,
            RecountError: _recount_error,
            HTTPException: _http_error,
            Exception: _unexpected,
        },
        openapi_config=OpenAPIConfig(title="Recount", version="0.1.0", path="/schema", render_plugins=[_schema_page()]),
        on_shutdown=[recount.close],
    )
    app.state.recount = recount
    app.state.index = index
    return app

