"""The HTTP entry points: each route decodes its input, calls one application
function and returns a struct. Errors map to status codes in service/web/http_errors.py."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.config.compression import CompressionConfig
from litestar.datastructures import ResponseHeader
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.params import FromPath, JSONBody, QueryParameter

import domain
from domain.corrections import correction_types
from domain.protocol import MatchSetup, Standings, event_tag
from service.errors import Malformed, NotFound
from service.reads.readmodel import MatchIndex
from service.records import claims
from service.records.claims import ClaimedPlacing, ClaimVerdict
from service.usecases.app import Allowed, AppendResult, Created, DryRun, Recount, request_hash
from service.usecases.results import EventPage, MatchSummary, StateAt
from service.web import limits
from service.web.analysis import analysis_routes
from service.web.guide import guide_routes
from service.web.http_errors import EXCEPTION_HANDLERS
from service.web.newmatch import new_match_routes
from service.web.openapi import exact_contract, options_of_shared_paths, schema_page
from service.web.params import BODY_MAX, DEPENDENCIES, TOKEN_NEEDED, TOKEN_OPTIONAL, AppendRequest, AsParam, BearerToken, RecountApp, append_request, errors_documented
from service.web.records import records_routes
from service.web.viewer import viewer_routes


class Claim(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    placings: list[ClaimedPlacing]


# Bounds of a request body, in bytes (README: "Bounds"; BODY_MAX in service/web/params.py).
SETUP_BODY_MAX = 64 * 1024  # a match's setup, its options and board included
MATCHES_PAGE_DEFAULT = 100
MATCHES_PAGE_MAX = 500

# Keys of the ASGI scope by which the server's record fast path (service/web/server.py)
# hands a request it did not answer to `record_events`.
FAST_PATH_FAILURE = "recount.record_failure"
FAST_PATH_DECLINED = "recount.record_declined"



@post("/matches", status_code=201, sync_to_thread=True, operation_id="createMatch", request_max_body_size=SETUP_BODY_MAX, responses=errors_documented(400, 413, 422, 503))
def create_match(recount: RecountApp, data: JSONBody[MatchSetup]) -> Created:
    """Create a match; the reply holds the write token and the seat tokens (keep them)."""
    return recount.create(data)


@get(
    "/matches",
    sync_to_thread=True,
    operation_id="listMatches",
    responses=errors_documented(400, 404, 503),
    response_headers=[ResponseHeader(name="Link", documentation_only=True, required=False, description='The next page, if any: `</matches?limit=N&before=ID>; rel="next"`')],
)
def list_matches(
    request: Request,
    limit: Annotated[int, QueryParameter(ge=1, le=MATCHES_PAGE_MAX, description="at most this many matches")] = MATCHES_PAGE_DEFAULT,
    before: Annotated[str | None, QueryParameter(max_length=64, description="the id of the last match of the page before (from the `Link` header)")] = None,
) -> Response[list[MatchSummary]]:
    """The matches, newest first, a page at a time (a read model rebuilt from the stored
    events); the `Link` header holds the next page's address while there is one."""
    rows = sorted(request.app.state.index.list(), key=lambda row: (row.created_at, row.id), reverse=True)
    start = 0
    if before is not None:
        start = next((i + 1 for i, row in enumerate(rows) if row.id == before), -1)
        if start < 0:
            raise NotFound(f"there is no match {before!r} to list the matches before")
    page = rows[start : start + limit]
    more = start + limit < len(rows)
    headers = {"Link": f'</matches?limit={limit}&before={page[-1].id}>; rel="next"'} if more else {}
    return Response(page, headers=headers)


@get("/matches/{match_id:str}", sync_to_thread=True, operation_id="getMatch", responses=errors_documented(404, 503))
def match_summary(recount: RecountApp, match_id: FromPath[str]) -> MatchSummary:
    return recount.summary(recount.log(match_id))


@post(
    "/matches/{match_id:str}/events",
    status_code=201,
    operation_id="recordEvents",
    security=TOKEN_NEEDED,
    responses=errors_documented(400, 401, 403, 404, 409, 413, 422, 503),
    opt={"documented_body": AppendRequest},  # the handler reads the body itself; `exact_contract` (service/web/openapi.py) documents it
)
async def record_events(request: Request, recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> AppendResult:
    """Record actions (Bearer write token; or a seat token, for its seat's own actions
    only: another's is 403 naming whose it is). 409 if `expected_version` is stale; a
    retry with the same Idempotency-Key returns the first result and records nothing."""
    # The body is decoded once, straight into the match's actions (the hot path: a
    # `data: AppendRequest` parameter decoded it into dicts first, then each dict again).
    # One that does not fit them is decoded as that parameter was, for the same 400s.
    body = await request.body()
    # The server's fast path (service/web/server.py) tried this request first and hands on
    # what it raised, to be answered here as any error of this route is.
    failure = request.scope.get(FAST_PATH_FAILURE)
    if failure is not None:
        raise failure
    key = request.headers.get("idempotency-key")
    # Only a keyed request can be retried, so only its body needs remembering.
    hashed = request_hash(body) if key else None
    # The fast path found no match or a body that does not fit it: nothing to try again.
    if not request.scope.get(FAST_PATH_DECLINED):
        result = await recount.append_body_async(match_id, bearer_token, body, idempotency_key=key, request_hash=hashed)
        if result is not None:
            return result
    data = await append_request(request)
    return await recount.append_async(match_id, bearer_token, data.events, expected_version=data.expected_version, idempotency_key=key, request_hash=hashed)


@post("/matches/{match_id:str}/events/check", status_code=200, sync_to_thread=True, operation_id="checkEvents", security=TOKEN_NEEDED, responses=errors_documented(400, 401, 403, 404, 409, 413, 422, 503))
def check_events(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str], data: JSONBody[AppendRequest]) -> DryRun:
    """A dry run of recording (Bearer write token or seat token): the same checks and
    the same 4xx as a real append, or the words each action would be recorded with.
    Records nothing."""
    return recount.dry_run(match_id, bearer_token, data.events, expected_version=data.expected_version)


@get("/matches/{match_id:str}/allowed", sync_to_thread=True, operation_id="allowedActions", security=TOKEN_NEEDED, responses=errors_documented(400, 401, 403, 404, 503))
def allowed_actions(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> Allowed:
    """The actions the rules allow now, each with the fields left to choose: all of them
    for the write token (they come from every known hand), a seat's own for its seat token."""
    return recount.allowed(match_id, bearer_token)


@get("/matches/{match_id:str}/events", sync_to_thread=True, operation_id="listEvents", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
def list_events(
    recount: RecountApp, bearer_token: BearerToken,
    match_id: FromPath[str],
    as_: AsParam = None,
    start: Annotated[int, QueryParameter(name="from", ge=1)] = 1,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 200,
) -> EventPage:
    """The recorded events with their step numbers, as the perspective may see them."""
    return recount.events(match_id, bearer_token, as_, start, limit)


@get("/matches/{match_id:str}/state", sync_to_thread=True, operation_id="getState", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
def state_at(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str], as_: AsParam = None, step: Annotated[int | None, QueryParameter(ge=1)] = None) -> StateAt:
    """The state after `step` events (default: now), as the perspective may see it."""
    return recount.state(match_id, bearer_token, as_, step)


@get("/matches/{match_id:str}/standings", sync_to_thread=True, operation_id="getStandings", responses=errors_documented(400, 404, 503))
def standings(recount: RecountApp, match_id: FromPath[str], step: Annotated[int | None, QueryParameter(ge=1)] = None) -> Standings:
    """Standings recomputed from the record, each placing with the steps that decided it;
    with `step`, as they stood after that step (a replay shows those, not the result)."""
    return recount.standings(match_id, step)


@post("/matches/{match_id:str}/standings/check", status_code=200, sync_to_thread=True, operation_id="checkClaim", request_max_body_size=SETUP_BODY_MAX, responses=errors_documented(400, 404, 413, 422, 503))
def check_claim(recount: RecountApp, match_id: FromPath[str], data: JSONBody[Claim]) -> ClaimVerdict:
    """Compare a claimed standings with the record: agree, or the first difference."""
    return claims.check(recount.standings(match_id), data.placings)


@get("/matches/{match_id:str}/seats", sync_to_thread=True, operation_id="getSeats", security=TOKEN_NEEDED, responses=errors_documented(400, 401, 403, 404, 503))
def seat_tokens(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> dict[str, str]:
    """The seat tokens again (needs the write token)."""
    return recount.seat_tokens(match_id, bearer_token)


@get("/systems", sync_to_thread=False, operation_id="listSystems")
def list_systems() -> list[dict[str, Any]]:
    """The game systems and their named rulesets."""
    return [
        {
            "name": s.name,
            "title": s.title,
            "presets": {name: msgspec.to_builtins(preset) for name, preset in s.presets.items()},
            "events": [event_tag(t) for t in (*s.action_types, *correction_types(s))],
            "guide": f"/guide/{s.name}",
        }
        for s in domain.systems().values()
    ]


def _query_names(handler: Any) -> tuple[str, ...]:
    """The query parameters a route reads, by the names a request gives them (`as`, `from`)."""
    names = _QUERY_NAMES.get(id(handler))
    if names is None:
        fields = handler.parsed_fn_signature.parameters.values()
        names = tuple(field.kwarg_definition.name or field.name for field in fields if isinstance(field.kwarg_definition, QueryParameter))
        _QUERY_NAMES[id(handler)] = names
    return names


_QUERY_NAMES: dict[int, tuple[str, ...]] = {}


def _before_each_request(request: Request) -> None:
    request.app.state.write_access.admit(request)
    _each_parameter_once(request)


def _each_parameter_once(request: Request) -> None:
    """A query parameter the route reads, given twice (`?as=Al&as=Betty`), is a malformed
    request: each is one value (the document says so), and Litestar silently kept the last,
    so a reader asking for two views got one of them (schemathesis, negative data: ST201)."""
    for name in _query_names(request.route_handler):
        given = request.query_params.getall(name, [])
        if len(given) > 1:
            raise Malformed(f"the query parameter {name!r} is given {len(given)} times; it takes one value")


def create_app(recount: Recount, index: MatchIndex, extra_routes: list[Any] | None = None) -> Litestar:
    routes: list[Any] = [create_match, list_matches, match_summary, record_events, check_events, allowed_actions, list_events, state_at, standings, check_claim, seat_tokens, list_systems]
    routes.extend(viewer_routes())
    routes.extend(new_match_routes())
    routes.extend(records_routes())
    routes.extend(analysis_routes())
    routes.extend(guide_routes())
    routes.extend(extra_routes or [])
    app = Litestar(
        route_handlers=[*options_of_shared_paths(routes), *routes],
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=OpenAPIConfig(
            title="Recount",
            version="0.1.0",
            path="/schema",
            render_plugins=[schema_page()],
            components=Components(
                security_schemes={
                    "BearerToken": SecurityScheme(
                        type="http", scheme="bearer", description="A match's write token (records, sees everything) or a seat token (sees that seat)"
                    )
                }
            ),
        ),
        request_max_body_size=BODY_MAX,
        # A replay's pages and frames are JSON that gzip makes a fraction of (bench/replay_bytes.py). The live
        # stream is left out: a follower's messages go at once, the same bytes to every reader; a recorder's
        # channel is gzipped for its one connection (service/web/viewer.py).
        compression_config=CompressionConfig(backend="gzip", gzip_compress_level=6, minimum_size=1024, exclude=["/live$"]),
        dependencies=DEPENDENCIES,
        before_request=_before_each_request,
        on_shutdown=[recount.close],
    )
    exact_contract(app)
    limits.document(app.openapi_schema)
    limits.guard(app, limits.WriteAccess())  # open; service/web/server.py sets the environment's limits
    app.state.recount = recount
    app.state.index = index
    return app
