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
from litestar.openapi.spec import Link, OpenAPI, OpenAPIMediaType, OpenAPIType, Reference, RequestBody, Schema

import domain
from domain.corrections import EventAmended, EventVoided
from service.analysis import LINE_MAX, ParsedLine
from service.params import AppendRequest, errors_documented


SWAGGER_UI = "/static/vendor/swagger-ui-5.18.2"


def schema_page() -> SwaggerRenderPlugin:
    """`/schema`: Swagger UI from the service's own static files, so the API's
    documentation renders with no network (no CDN, no web fonts)."""
    return SwaggerRenderPlugin(
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
