"""Errors as answers: each exception a route may raise mapped to its status code and a
body that says what went wrong (service/errors.py ErrorBody), here and only here. A
fault of the request's own (JSON nested too deep, bytes that are not UTF-8, a field
that does not fit) is a 4xx naming it; an event store that does not answer a 503 with
Retry-After; anything else a 500 that says what it was, never a bare stack trace. Every
5xx is logged, with its traceback and a request id the answer carries."""

from __future__ import annotations

import json
import logging
import re
import secrets
import sqlite3
from typing import Any

from eventsourcing.persistence import InterfaceError as PersistenceInterfaceError
from eventsourcing.persistence import OperationalError as PersistenceOperationalError
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, ValidationException

from domain.protocol import NAME_PATTERN, IllegalAction
from service.errors import ErrorBody, RecountError
from service.web.params import BODY_MAX

STORE_UNAVAILABLE = (OSError, sqlite3.OperationalError, PersistenceOperationalError, PersistenceInterfaceError)
# Litestar's words when the client left before sending its whole body (a 500 no one receives).
CLIENT_LEFT = "client disconnected prematurely"
log = logging.getLogger("recount.http")


def _error(status: int, message: str, headers: dict[str, str] | None = None, **extra: Any) -> Response[ErrorBody]:
    return Response(ErrorBody(status=status, error=message, **extra), status_code=status, media_type=MediaType.JSON, headers=headers)


def _illegal(_: Request, exc: IllegalAction) -> Response[ErrorBody]:
    return _error(422, exc.what, rule=exc.rule, reason=str(exc))


def _recount_error(_: Request, exc: RecountError) -> Response[ErrorBody]:
    details = getattr(exc, "details", None)
    return _error(exc.status, exc.message, headers=getattr(exc, "headers", None), **({"details": details} if details else {}))


def _server_error(request: Request, exc: Exception, status: int, message: str, headers: dict[str, str] | None = None) -> Response[ErrorBody]:
    """A 5xx, logged with what failed, its traceback and a request id the answer carries
    (`X-Request-Id` and the body's `request_id`), by which a person who got it finds its line."""
    request_id = secrets.token_hex(8)
    if getattr(exc, "detail", None) == CLIENT_LEFT:
        log.info("%s %s: the client left before sending its whole body (request %s)", request.method, request.url.path, request_id)
    else:
        log.error("%s %s answered %d (request %s): %s", request.method, request.url.path, status, request_id, message, exc_info=exc)
    return _error(status, message, headers={**(headers or {}), "X-Request-Id": request_id}, request_id=request_id)


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


# msgspec names a pattern by its regex: a person reads what it means.
_PATTERNS_IN_WORDS = {f"`str` matching regex {NAME_PATTERN!r}": "a player's name: printable text with no space at either end, not 'everyone' or 'spectator' (the other views of ?as=)"}


def _in_words(message: str) -> str:
    for regex, words in _PATTERNS_IN_WORDS.items():
        message = message.replace(regex, words)
    return message


def _http_error(request: Request, exc: HTTPException) -> Response[ErrorBody]:
    if isinstance(exc, ValidationException):
        details = [{**item, "message": _in_words(item["message"])} if isinstance(item, dict) and isinstance(item.get("message"), str) else item for item in exc.extra] if exc.extra else None
        # Litestar's detail is only "Validation failed for POST /matches": say what failed.
        said = [
            f"{item['message']} (at {item['key']})" if item.get("key") else str(item["message"])
            for item in details or []
            if isinstance(item, dict) and item.get("message")
        ]
        return _error(400, f"malformed request: {'; '.join(said) or exc.detail}", details=details)
    if exc.status_code == 413:
        limit = request.route_handler.resolve_request_max_body_size() if request.scope.get("route_handler") else BODY_MAX
        return _error(413, f"the request body is larger than this operation accepts ({limit or BODY_MAX:,} bytes at most)")
    body = _body_read(request) if exc.status_code == 400 else None
    where = _json_position(body) if body else None
    if where is not None:
        message = re.sub(r" \(byte \d+\)$", "", exc.detail)  # the position is said below, with its line
        return _error(400, f"the body is not valid JSON: {message}{' ' + where if where else ''}")
    if exc.status_code >= 500:
        return _server_error(request, exc, exc.status_code, exc.detail, headers=exc.headers or None)
    # A 405 keeps its Allow header (RFC 9110 § 15.5.6), a 401 its WWW-Authenticate.
    return _error(exc.status_code, exc.detail, headers=exc.headers or None)


def _not_utf8(body: bytes | None) -> str | None:
    """Where `body` stops being UTF-8 ("byte N is not"), or None if it is (or was not read)."""
    try:
        (body or b"").decode("utf-8")
    except UnicodeDecodeError as error:
        return f"byte {error.start} is not ({error.reason})"
    return None


def _unexpected(request: Request, exc: Exception) -> Response[ErrorBody]:
    if isinstance(exc, RecursionError) and "deserializing" in str(exc):
        # msgspec gives up on JSON nested deeper than Python's recursion limit: the body, not the service.
        return _error(400, "the body is not valid JSON for this service: it nests arrays or objects too deep")
    if isinstance(exc, UnicodeDecodeError) and (not_utf8 := _not_utf8(_body_read(request))):
        # msgspec raises this past Litestar's decoding errors (a string of the body is not UTF-8): the body, not the service.
        return _error(400, f"the body is not valid JSON: JSON is UTF-8 text, and {not_utf8}")
    if isinstance(exc, STORE_UNAVAILABLE):
        # The store did not answer (a database restarting, a file locked past its timeout): a
        # retry shortly may succeed; nothing was recorded by this request.
        return _server_error(request, exc, 503, f"the event store is not answering ({type(exc).__name__}: {exc}); retry shortly", headers={"Retry-After": "1"})
    # Bugs: say so plainly, never a bare stack trace.
    return _server_error(request, exc, 500, f"{type(exc).__name__}: {exc}")


EXCEPTION_HANDLERS: dict[Any, Any] = {
    IllegalAction: _illegal,
    RecountError: _recount_error,
    HTTPException: _http_error,
    Exception: _unexpected,
}
