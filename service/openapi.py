"""The OpenAPI document made exact: what each route really accepts (msgspec's own
schemas, the actions of every game system as one union tagged by `type`), the links
from a created match, an OPTIONS reply for the paths several handlers share, and the
Swagger UI page served from the service's own files."""

from __future__ import annotations

from typing import Any, Union

import msgspec
from litestar import HttpMethod, Litestar, Response, route
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import Link, OpenAPI, OpenAPIMediaType, OpenAPIType, Reference, RequestBody, Schema

import domain
from domain.corrections import EventAmended, EventVoided
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
        fields = [("events", list[documented_actions()]), ("expected_version", int | None, None)]
        documented[body_type] = msgspec.defstruct("AppendRequest", fields, frozen=True, kw_only=True, forbid_unknown_fields=True)
    return documented.get(body_type, body_type)


# The links a client follows from a created match (OpenAPI links, for a stateful tester too).
_MATCH_LINKS = ("getMatch", "recordEvents", "checkEvents", "allowedActions", "listEvents", "getState", "getStandings", "checkClaim", "getSeats")


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
            data = handler.parsed_fn_signature.parameters.get("data")
            body_type = data.annotation if data is not None else handler.opt.get("documented_body")
            if body_type is not None:
                for method in handler.http_methods:
                    bodies[(app_route.path_format, method.lower())] = _documented_body(body_type, documented)
    types = list(dict.fromkeys(bodies.values()))
    refs, components = msgspec.json.schema_components(types, ref_template="#/components/schemas/{name}")
    # msgspec names a parametrised generic by its full type; the union has one EventAmended.
    text = msgspec.json.encode(components).decode()
    for name in components:
        if name.startswith("EventAmended_"):
            text = text.replace(name, "EventAmended")
    assert document.components is not None and document.components.schemas is not None and document.paths is not None
    document.components.schemas.update(msgspec.json.decode(text))
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
