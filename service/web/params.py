"""What every route reads from a request (the application, the bearer token, which
perspective the reader asks for, an append's body) and how each route declares the
errors it may answer."""

from __future__ import annotations

import re
from typing import Annotated, Any, Optional

import msgspec
from litestar import Request
from litestar.di import NamedDependency, Provide
from litestar.exceptions import ClientException, SerializationException, ValidationException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import QueryParameter

from service.errors import ErrorBody, Malformed
from service.usecases.app import Recount


class AppendRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Actions to record, in order, all or nothing. `expected_version` is the
    version the recorder last saw (omit it to append at the head)."""

    events: list[dict[str, Any]]
    expected_version: int | None = None


AsParam = Annotated[str | None, QueryParameter(name="as", description="spectator, everyone, or a player's name")]

# What each error status means in this API (README: "Errors are always JSON with `status` and `error`").
ERROR_MEANINGS = {
    400: "Malformed request: the body is not JSON or does not fit the schema, a parameter is out of range, or the Authorization header is not 'Bearer <token>'",
    401: "No token, where the request needs one",
    403: "A token that is not allowed this (a seat token cannot record; a token of another match; not the server's create token)",
    404: "Unknown match, step, player or page",
    409: "Stale `expected_version`, or an `Idempotency-Key` reused for a different request",
    413: "The request body is larger than this operation accepts",
    422: "An action (or a setup) the rules forbid: `rule` cites the rules text, `reason` says it in full",
    429: "Too many writes from this address: retry after `Retry-After` seconds; nothing was done",
    503: "The event store failed; nothing was recorded",
}


# The bound of a request body, in bytes, where an operation sets none of its own (README:
# "Bounds"); a larger body is refused with 413.
BODY_MAX = 1024 * 1024

# Who needs a token, for the OpenAPI document (the routes check which one, through Recount):
# a bearer token always (the write token to record, a seat token to confirm), or optionally
# (a reader without one is a spectator).
TOKEN_NEEDED = [{"BearerToken": []}]
TOKEN_OPTIONAL = [{}, {"BearerToken": []}]


def errors_documented(*statuses: int) -> dict[int, ResponseSpec]:
    """`responses=` for a route that may answer these error statuses, each with `ErrorBody`."""
    return {status: ResponseSpec(data_container=ErrorBody, description=ERROR_MEANINGS[status], generate_examples=False) for status in statuses}


def bearer(request: Request) -> str | None:
    """The bearer token, or None without one. "Bearer" with nothing after it is no token
    (a reader then sees what anyone may; a recorder is told a token is needed, 401), but
    another scheme is a malformed request."""
    return bearer_of(request.headers.get("authorization", ""))


def bearer_of(header: str) -> str | None:
    """`bearer` of an Authorization header's value ("" when there is none)."""
    header = header.strip()
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        raise Malformed("the Authorization header must be 'Bearer <token>'")
    return token.strip() or None


def recount_of(request: Request) -> Recount:
    return request.app.state.recount


# The routes' dependencies by name: the application, and the request's bearer token
# (None without one).
RecountApp = NamedDependency[Recount]
BearerToken = NamedDependency[Optional[str]]  # noqa: UP007 - a runtime alias, read from the routes' annotations

# What every route may ask for by name (Litestar's dependency injection): the application
# (`recount`) and the bearer token (`bearer_token`); the routes read neither from the request.
DEPENDENCIES = {"recount": Provide(recount_of, sync_to_thread=False), "bearer_token": Provide(bearer, sync_to_thread=False)}


async def append_request(request: Request) -> AppendRequest:
    """The body decoded as Litestar decodes a `data: AppendRequest` parameter, with the
    same 400s (the body is not JSON, nests too deep, or a field does not fit, at a key)."""
    try:
        raw = await request.json()
    except SerializationException as error:
        raise ClientException(str(error)) from error
    if raw is None and not await request.body():
        # Litestar said "'data'" here (a KeyError's words); say what is wrong instead.
        missing = {"message": "the body is empty: an object with `events` is needed", "key": "data", "source": "body"}
        raise ValidationException(detail=f"Validation failed for POST {request.url.path}", extra=[missing])
    try:
        return msgspec.convert(raw, AppendRequest, strict=False, str_keys=True)
    except msgspec.ValidationError as error:
        said, _, where = str(error).partition(" - ")
        at = re.search(r"`\$\.(.+)`$", where)
        detail = {"message": said, "key": at.group(1) if at else "data", "source": "body"}
        raise ValidationException(detail=f"Validation failed for POST {request.url.path}", extra=[detail]) from None
