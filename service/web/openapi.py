"""The OpenAPI document made exact: what each route really accepts (msgspec's own
schemas, the actions of every game system as one union tagged by `type`), the links
from a created match, an OPTIONS reply for the paths several handlers share, and the
Swagger UI page served from the service's own files."""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec
from litestar import HttpMethod, Litestar, Response, route
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import Link, OpenAPI, OpenAPIMediaType, OpenAPIType, Reference, RequestBody, Schema, Tag

import domain
from domain.corrections import EventAmended, EventVoided
from service.web.analysis import LINE_MAX, ParsedLine
from service.web.params import AppendRequest, errors_documented


SWAGGER_UI = "/static/vendor/swagger-ui-5.18.2"


class SchemaPage(SwaggerRenderPlugin):
    """Swagger UI under the site's header, as every other page."""

    def render(self, request: Any, openapi_schema: dict[str, Any]) -> bytes:
        page = super().render(request, openapi_schema)
        return page.replace(b"</head>", b"<script type='module' src='/static/site-header.js'></script></head>", 1)


def schema_page() -> SwaggerRenderPlugin:
    """`/schema`: Swagger UI from the service's own static files, so the API's
    documentation renders with no network (no CDN, no web fonts)."""
    return SchemaPage(
        path="/",
        js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
        css_url=f"{SWAGGER_UI}/swagger-ui.css",
        standalone_preset_js_url=f"{SWAGGER_UI}/swagger-ui-standalone-preset.js",
        favicon="<link rel='icon' href='data:,'>",
    )


def documented_actions() -> Any:
    """What `events` holds, for the OpenAPI document: the actions of every game system
    and the corrections, one union tagged by `type`. A match decodes only its own
    system's (`Recount.decode_actions`); the document cannot know the match."""
    actions = tuple(t for system in domain.systems().values() for t in system.action_types)
    return Union[(*actions, EventVoided, EventAmended[Union[actions]])]  # noqa: UP007 - a runtime union


def _documented_body(body_type: Any, documented: dict[Any, Any]) -> Any:
    """The type a request body is documented as: itself, but for `AppendRequest`, whose
    events the handler takes as raw objects, the same struct over the tagged union."""
    if body_type is AppendRequest and body_type not in documented:
        # At least one action: an empty list is refused ("no events to record", 400).
        events = Annotated[list[documented_actions()], msgspec.Meta(min_length=1)]  # type: ignore[misc]
        fields = [("events", events), ("expected_version", int | None, None)]
        documented[body_type] = msgspec.defstruct("AppendRequest", fields, frozen=True, kw_only=True, forbid_unknown_fields=True)
    return documented.get(body_type, body_type)


# The links a client follows from a created match (OpenAPI links, for a stateful tester too).
# Every operation on a match but `followLive` (an endless event stream, which no request-reply
# tester can finish); a stateful run found the others unreached ("no links point to them").
_MATCH_LINKS = (
    "getMatch", "recordEvents", "checkEvents", "allowedActions", "listEvents", "getState", "getStandings", "checkClaim", "getSeats",
    "getFrames", "getCertificate", "exportMatch", "listConfirmations", "confirmStandings", "listDisputes", "raiseDispute",
    "parseNotation", "matchNotation", "whatIf",
)


# Answers whose handler returns a `Response` it builds, so its signature says nothing of the
# body: the type each 200 is, or the media type and words of a body that is text.
_ANSWERS: dict[str, Any] = {"parseNotation": ParsedLine}
_TEXT_ANSWERS = {"matchNotation": ("text/plain", "the match as a notation file (docs/notation.md): a header of tags, then one action a line")}
# Answers that are a page for a browser (its Accept asks for HTML) beside their JSON.
_PAGE_ANSWERS = {"listLeaderboards": "the leaderboards page, for a browser whose Accept asks for text/html"}


# What a person reads on `/schema`: who may call, and the groups the operations are under.
_TOKENS = (
    "Who may call each operation: anyone with **no token**; the match's **write token** (given once, when the match is "
    "created: it records, and sees every hand); a **seat token** (one a player, from the same answer or `GET /matches/{match_id}/seats`: "
    "it sees that seat's hand and confirms or disputes the standings, and never records); the server's **create token**, "
    "needed to create or import a match only where the server sets one (RECOUNT_CREATE_TOKEN). "
    "A token goes in `Authorization: Bearer …`. Every error answers an `ErrorBody` that says what is wrong."
)
_TAGS = {
    "matches": "Create a match, list the matches, read one's summary, fetch its seat tokens again.",
    "recording": "Record actions in a match, or try them first: the actions the rules allow now, a dry run, a typed line parsed. The write token only.",
    "reading": "What was recorded, as the reader's token lets them see it: events, state, standings, replay frames, the live stream, "
    "the notation file, a replay under other rules, and the leaderboards of finished matches.",
    "records": "Records that travel and settle disputes: export and import, the signed certificate and the server's key, "
    "a claimed standings checked against the record, the players' confirmations and disputes.",
    "systems": "The game systems Recount knows: their named rulesets, and what a new match of each may choose.",
    "pages": "What the web pages need besides the API: the address links are built from, a link as a QR code.",
}
# operationId: (tag, summary, description). Every operation in the document has a row
# (tests/service/test_api_document.py): the routes' modules say what they do to the code, this says it to a person.
_OPERATIONS = {
    "createMatch": ("matches", "Create a match", "Starts a match of a game system with its players and ruleset. No token, or the create token where the server sets one; "
                    "the 201 holds the write token (shown only this once) and the seat tokens, and a 422 says which rule a setup breaks."),
    "listMatches": ("matches", "List the matches", "The matches, newest first, a page at a time; the `Link` header holds the next page while there is one. "
                    "No token; a 404 if `before` names no match."),
    "getMatch": ("matches", "Read a match's summary", "A match's game system, preset, recording mode, players, version and whether it is finished. No token; a 404 for an unknown match."),
    "getSeats": ("matches", "Fetch the seat tokens again", "Every player's seat token, derived again from the write token. The write token only: a seat token gets a 403."),
    "recordEvents": ("recording", "Record actions", "Checks a batch of actions against the match's rules and stores them all or none. The write token only; "
                     "a 422 names the rule an action breaks, a 409 says `expected_version` is stale, and a retry with the same Idempotency-Key returns the first answer and records nothing."),
    "checkEvents": ("recording", "Try actions without recording them", "A dry run of recording: the same checks and the same 4xx answers as recording, "
                    "or the words each action would be recorded with. The write token only; records nothing."),
    "allowedActions": ("recording", "List the actions allowed now", "The actions the rules allow at the match's current step, each with the fields left to choose. "
                       "The write token only, since they come from every known hand."),
    "parseNotation": ("recording", "Parse a typed line", "The event one line of notation says in the match's current state, with the long line it would be written as; "
                      "records nothing. The write token only; a 422 names the part of the line that does not parse."),
    "listEvents": ("reading", "List the recorded events", "The events with their step numbers and words, a page at a time, as the reader may see them. "
                   "No token (a spectator), a seat token or the write token; a 401 or 403 when `as` asks for a hand the token does not see."),
    "getState": ("reading", "Read the state at a step", "The match as it stood after a step (default: now), as the reader may see it. "
                 "No token, a seat token or the write token; a 401 or 403 when `as` asks for a hand the token does not see."),
    "getStandings": ("reading", "Read the standings", "The standings recomputed from the record, each placing with the steps that decided it; with `step`, as they stood then. "
                     "No token; a 404 for an unknown match."),
    "getFrames": ("reading", "Read replay frames", "What the reader sees after each step of a range, with each step's event in words, paged; "
                  "with `patches`, only what changed. No token, a seat token or the write token."),
    "followLive": ("reading", "Follow a match live", "Server-sent events: frames as each step is recorded, then `finished`; a reconnecting reader resumes after its Last-Event-ID. "
                   "No token, a seat token or the write token (in `token` for a reader that cannot send headers)."),
    "matchNotation": ("reading", "Download the notation file", "The whole match as a notation file (text, one action a line). "
                      "The write token, or no token once the match is finished and its hands are not private; otherwise a 401 or 403."),
    "whatIf": ("reading", "Replay under other rules", "The match replayed under another preset or other options: the first step they forbid with its rule, "
               "or the standings they give beside the recorded ones. Needs the whole record (as the notation file); a 404 for a preset the system lacks."),
    "listLeaderboards": ("reading", "List the leaderboards", "Every game system and preset with a finished match. No token; a browser asking for HTML gets the leaderboards page."),
    "getLeaderboard": ("reading", "Read a leaderboard", "The players of a system and preset by rating, with matches played, places, points and each rating's history. "
                       "No token; a 404 until a match of that preset has finished."),
    "exportMatch": ("records", "Export a match", "The match as JSON Lines: a header, then each event with its recorded metadata and chain hash. "
                    "The write token, or no token once the match is finished and its hands are not private."),
    "importMatches": ("records", "Import an export", "Records the matches of a JSON Lines export, every action checked again and the chain verified, or nothing. "
                      "No token, or the create token where the server sets one; a 422 names the bad line, a 409 a match stored already, a 413 a file too long."),
    "importNotation": ("records", "Import a notation file", "A new match from a notation file, every line parsed and checked, then recorded whole with new tokens, or nothing. "
                       "No token, or the create token where the server sets one; a 422 names the line that does not parse or that the rules refuse."),
    "getSigningKey": ("records", "Read the server's signing key", "The Ed25519 public key (PEM) that certificates are signed with. No token."),
    "getCertificate": ("records", "Read a signed certificate", "A finished match's final standings, last step and chain hash, signed with the server's key. "
                       "No token; a 409 while the match runs."),
    "checkClaim": ("records", "Check claimed standings", "Compares standings someone claims with the record: they agree, or the first difference and the step that shows it. "
                   "No token; records nothing."),
    "confirmStandings": ("records", "Confirm the final standings", "A player confirms the finished match's standings, once. "
                         "Their seat token only (the write token gets a 403); a 409 while the match runs or when they have confirmed already."),
    "listConfirmations": ("records", "List the confirmations", "Who has confirmed the final standings, as in \"confirmed by 3 of 4\". No token; with a seat token, `you` names that seat."),
    "raiseDispute": ("records", "Dispute the standings", "A player claims other standings; kept beside the match with the record's verdict: they agree, or the first difference. "
                     "Their seat token only (the write token gets a 403)."),
    "listDisputes": ("records", "List the disputes", "The disputes raised on a match, each with its verdict. No token."),
    "listSystems": ("systems", "List the game systems", "Every game system Recount knows, with its named rulesets (presets), its event types and its guide's address. No token."),
    "systemSetup": ("systems", "Read what a new match may choose", "A game system's presets, its ruleset's options as a JSON schema described by the rules text, "
                    "and its recording modes. No token; a 404 for an unknown system."),
    "getPublicAddress": ("pages", "Read the address links use", "The address the links and QR codes a phone opens are built from, and whether only this computer can open it. No token."),
    "qrCode": ("pages", "Draw a link as a QR code", "A text (a link) as a QR code in SVG; POST keeps a token in the link out of URLs and access logs. "
               "No token; a 400 for a text too long for a QR code."),
}


def _described(document: OpenAPI) -> None:
    """Each operation's tag, summary and description from `_OPERATIONS`, the tags declared
    with their words, and the tokens said once in the document's own description."""
    assert document.paths is not None
    document.info.description = _TOKENS
    document.tags = [Tag(name=name, description=words) for name, words in _TAGS.items()]
    for item in document.paths.values():
        for method in ("get", "post"):
            operation = getattr(item, method)
            if operation is not None and operation.operation_id in _OPERATIONS:
                tag, operation.summary, operation.description = _OPERATIONS[operation.operation_id]
                operation.tags = [tag]


def _operation_id(handler: HTTPRouteHandler) -> str:
    """An operationId from the handler's name (`system_setup` -> `systemSetup`), for a route
    that names none: Litestar's own joins the path and the name (`SystemsNameSystemSetup`)."""
    first, *rest = handler.handler_name.split("_")
    return first + "".join(word.title() for word in rest)


def _exact_parameters(document: OpenAPI) -> None:
    """Path parameters that take only known names say which: a game system, a preset."""
    systems = domain.systems()
    presets = sorted({preset for system in systems.values() for preset in system.presets})
    for path, name, values in (("/systems/{name}", "name", sorted(systems)), ("/leaderboards/{system}/{preset}", "system", sorted(systems)), ("/leaderboards/{system}/{preset}", "preset", presets)):
        assert document.paths is not None
        for operation in (document.paths[path].get,):
            for parameter in operation.parameters or []:
                if getattr(parameter, "name", None) == name and isinstance(parameter.schema, Schema):
                    parameter.schema.enum = values


def _exact_components(schemas: dict[str, Any]) -> None:
    """What msgspec's schemas of the request bodies leave out and the routes refuse: a game
    system Recount does not know or a preset none has (422), an empty or overlong typed line
    (422 "the line is empty", 400 past LINE_MAX). A generic `EventAmended` is titled by its name."""
    systems = domain.systems()
    setup = schemas["MatchSetup"]["properties"]
    setup["system"]["enum"] = sorted(systems)
    presets = sorted({preset for system in systems.values() for preset in system.presets})
    for choice in setup["preset"]["anyOf"]:
        if choice.get("type") == "string":
            choice["enum"] = presets
    schemas["TypedLine"]["properties"]["line"].update(maxLength=LINE_MAX, pattern=r"\S")
    schemas["EventAmended"]["title"] = "EventAmended"


def exact_contract(app: Litestar) -> None:
    """Make the generated OpenAPI document say exactly what the routes accept: each
    request body gets msgspec's own JSON schema of the type the route decodes (Litestar's
    leaves out `additionalProperties: false` and some bounds), the actions become a union
    with a discriminator, and a created match links to the operations on it."""
    document: OpenAPI = app.openapi_schema
    bodies: dict[tuple[str, str], Any] = {}
    raw_bodies: dict[tuple[str, str], tuple[str, str]] = {}  # (media type, words) of a body a route reads as it is
    documented: dict[Any, Any] = {}
    for app_route in app.routes:
        for handler in getattr(app_route, "route_handlers", []):
            if not isinstance(handler, HTTPRouteHandler) or not handler.resolve_include_in_schema():
                continue
            if (raw := handler.opt.get("raw_body")) is not None:
                raw_bodies.update({(app_route.path_format, method.lower()): raw for method in handler.http_methods})
            if handler.operation_id is None:
                for method in handler.http_methods:
                    getattr(document.paths[app_route.path_format], method.lower()).operation_id = _operation_id(handler)
            data = handler.parsed_fn_signature.parameters.get("data")
            body_type = data.annotation if data is not None else handler.opt.get("documented_body")
            if body_type is not None:
                for method in handler.http_methods:
                    bodies[(app_route.path_format, method.lower())] = _documented_body(body_type, documented)
    types = list(dict.fromkeys([*bodies.values(), *_ANSWERS.values()]))
    refs, components = msgspec.json.schema_components(types, ref_template="#/components/schemas/{name}")
    # msgspec names a parametrised generic by its full type; the union has one EventAmended.
    text = msgspec.json.encode(components).decode()
    for name in components:
        if name.startswith("EventAmended_"):
            text = text.replace(name, "EventAmended")
    assert document.components is not None and document.components.schemas is not None and document.paths is not None
    document.components.schemas.update(msgspec.json.decode(text))
    _exact_components(document.components.schemas)
    _exact_parameters(document)
    _described(document)
    for (path, method), (media_type, description) in raw_bodies.items():
        # A body the route reads as it is (an export, a notation file): its media type, in words.
        # The route reads the bytes whatever the Content-Type says, so text/plain is listed too
        # (a generic client or tester has a serializer for it, and none for JSON Lines).
        schema = Schema(type=OpenAPIType.STRING, description=description)
        content = {media: OpenAPIMediaType(schema=schema) for media in dict.fromkeys((media_type, "text/plain"))}
        getattr(document.paths[path], method).request_body = RequestBody(content=content, required=True)
    for (path, method), body_type in bodies.items():
        operation = getattr(document.paths[path], method)
        schema = Reference(ref=refs[types.index(body_type)]["$ref"])
        if operation.request_body is None:  # a handler that reads its body itself
            operation.request_body = RequestBody(content={"application/json": OpenAPIMediaType(schema=schema)})
        operation.request_body.content["application/json"].schema = schema
        operation.request_body.required = True
    for path, item in document.paths.items():
        for method in ("get", "post"):
            operation = getattr(item, method)
            if operation is None or "200" not in operation.responses:
                continue
            answer = operation.responses["200"]
            if operation.operation_id in _ANSWERS:
                schema = Reference(ref=refs[types.index(_ANSWERS[operation.operation_id])]["$ref"])
                answer.content = {"application/json": OpenAPIMediaType(schema=schema)}
            if operation.operation_id in _TEXT_ANSWERS:
                media_type, words = _TEXT_ANSWERS[operation.operation_id]
                answer.content = {media_type: OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING, description=words))}
            if operation.operation_id in _PAGE_ANSWERS:
                page = OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING, description=_PAGE_ANSWERS[operation.operation_id]))
                answer.content = {**(answer.content or {}), "text/html": page}
    malformed = errors_documented(400)[400]
    for path, item in document.paths.items():
        for method in ("get", "post"):
            operation = getattr(item, method)
            if operation is None:
                continue
            if "400" in operation.responses and operation.responses["400"].description != malformed.description:
                # Litestar documents its own 400 body for every route with parameters; `_http_error` answers ours.
                operation.responses["400"] = document.paths["/matches"].get.responses["400"]
            if operation.operation_id not in ("createMatch", "recordEvents"):
                continue
            created = operation.responses["201"]
            created.links = {
                target: Link(operation_id=target, parameters={"match_id": "$response.body#/match_id"}, description=f"{target} on this match")
                for target in _MATCH_LINKS
            }




def options_of_shared_paths(handlers: list[Any]) -> list[HTTPRouteHandler]:
    """An OPTIONS reply for each path that several handlers share (GET and POST /matches).
    Litestar's own lists only the methods of the first handler registered on the path
    (schemathesis found `Allow: OPTIONS, POST` for /matches); one registered first wins."""
    methods: dict[str, set[str]] = {}
    for handler in handlers:
        if isinstance(handler, HTTPRouteHandler):
            for path in handler.paths:
                methods.setdefault(path, set()).update(handler.http_methods)

    def options(allow: str) -> HTTPRouteHandler:
        def reply() -> Response[None]:
            return Response(None, status_code=204, headers={"Allow": allow})

        return reply

    return [
        route(path, http_method=HttpMethod.OPTIONS, include_in_schema=False, sync_to_thread=False)(options(", ".join(sorted(shared | {"OPTIONS"}))))
        for path, shared in methods.items()
        if len(shared) > 1
    ]
