"""What a server open to anyone bounds: how long a client may take to send a request
(read by the server's protocol, service/web/server.py), how many connections it holds, who
may create matches, and how often one address may use the routes that write without a
match's token. Each is set by an environment variable read where the server starts
(`settings_from_environment`); an application made without them (the tests' test
client, a browser test's server) is open and unlimited."""

from __future__ import annotations

import math
import os
import resource
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from litestar import Litestar, Request
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.spec import OpenAPI, OpenAPIHeader, OpenAPIMediaType, OpenAPIResponse, OpenAPIType, Reference, Schema, SecurityScheme

from service.errors import Forbidden, RecountError, Unauthenticated
from service.web.params import ERROR_MEANINGS, bearer

# The operations that make a new match: with RECOUNT_CREATE_TOKEN set, only its holders may.
CREATING = ("createMatch", "importMatches", "importNotation")
# Every operation that writes (stores something, or computes on a body) without needing a
# match's token, or with the seat token anyone gets by creating a match: one budget an address.
RATE_LIMITED = (*CREATING, "checkClaim", "qrCode", "whatIf", "raiseDispute")
CREATE_SCHEME = "CreateToken"


class TooManyRequests(RecountError):
    status = 429

    def __init__(self, retry_after: int):
        super().__init__(f"too many writes from this address: retry in {retry_after} s")
        self.headers = {"Retry-After": str(retry_after)}


@dataclass(frozen=True)
class ReadTimeouts:
    """Seconds a client may take: to send a request's headers (from its connection or its
    request's first byte), between two pieces of a body, for a whole body, and idle between
    two requests. None of them bounds an answer: a live stream runs as long as its reader."""

    headers: float = 10.0
    body_gap: float = 30.0
    body_total: float = 120.0
    keep_alive: float = 5.0


@dataclass(frozen=True)
class Settings:
    timeouts: ReadTimeouts = field(default_factory=ReadTimeouts)
    max_connections: int = 4096  # room for a crowd of idle clients: closing them one by one stalls the accept loop
    create_token: str | None = None
    rate_limit: int = 60  # writes a minute an address (a burst of as many), 0 for no limit


# name: (the Settings or ReadTimeouts field, its type, what it is)
VARIABLES = {
    "RECOUNT_HEADER_TIMEOUT": ("headers", float, "seconds to send a request's headers"),
    "RECOUNT_BODY_TIMEOUT": ("body_gap", float, "seconds between two pieces of a request body"),
    "RECOUNT_BODY_TOTAL_TIMEOUT": ("body_total", float, "seconds to send a whole request body"),
    "RECOUNT_KEEPALIVE_TIMEOUT": ("keep_alive", float, "seconds a connection may idle between requests"),
    "RECOUNT_MAX_CONNECTIONS": ("max_connections", int, "open connections at most"),
    "RECOUNT_CREATE_TOKEN": ("create_token", str, "the bearer token that creating a match needs"),
    "RECOUNT_RATE_LIMIT": ("rate_limit", int, "writes a minute an address may make without a match's token"),
}
FILES_KEPT = 64  # open files the process keeps beside its connections: the store, the index, logs


def settings_from_environment(environ: Mapping[str, str] = os.environ) -> Settings:
    """The settings the environment gives, the defaults for the others. A value that is not
    a number of the right kind is said, by its variable's name (SystemExit at start)."""
    values: dict[str, Any] = {}
    for name, (key, kind, meaning) in VARIABLES.items():
        text = environ.get(name, "").strip()
        if not text:
            continue
        try:
            value = kind(text)
        except ValueError:
            raise SystemExit(f"{name}={text!r}: it is {meaning}, a {'number' if kind is float else 'whole number'}") from None
        if kind is not str and (not math.isfinite(value) or value < 0 or (value == 0 and key != "rate_limit")):
            raise SystemExit(f"{name}={text!r}: it is {meaning}, more than 0{' (or 0: no limit)' if key == 'rate_limit' else ''}")
        values[key] = value
    timeouts = ReadTimeouts(**{key: values.pop(key) for key in list(values) if key in ReadTimeouts.__dataclass_fields__})
    return Settings(timeouts=timeouts, **values)


def open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (a socket is a
    file: a soft limit of 1,024 was reached by 1,100 idle clients) and return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    unbounded = 1 << 20  # Linux's own bound on a process's open files, by default
    if soft == resource.RLIM_INFINITY:
        return unbounded
    wanted = unbounded if hard == resource.RLIM_INFINITY else hard
    if soft >= wanted:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


def connections_cap(settings: Settings, files: int) -> int:
    """The connections the server holds at most: the setting, below the open-file limit."""
    return max(1, min(settings.max_connections, files - FILES_KEPT))


class TokenBuckets:
    """A token bucket per client address, in memory: `per_minute` writes at once, then one
    every 60/`per_minute` s. The addresses seen least recently are forgotten past
    `addresses_max` (a forgotten address starts full again, as one that waited would)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic, addresses_max: int = 100_000):
        self.capacity = float(per_minute)
        self.per_second = per_minute / 60
        self.clock = clock
        self.addresses_max = addresses_max
        self._buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when counted), least recent first

    def take(self, address: str) -> int:
        """0 if `address` may write now (one token taken), else the seconds until it may."""
        now = self.clock()
        tokens, then = self._buckets.pop(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.per_second)
        if tokens >= 1:
            tokens -= 1
            wait = 0
        else:
            wait = max(1, math.ceil((1 - tokens) / self.per_second))
        self._buckets[address] = (tokens, now)
        while len(self._buckets) > self.addresses_max:
            del self._buckets[next(iter(self._buckets))]
        return wait


@dataclass
class WriteAccess:
    """Who may use the writing routes that need no match's token, checked before the
    body is read: the create token's holders only, where one is set, and each address
    within its rate. A holder of the create token is not rate limited on creating."""

    create_token: str | None = None
    buckets: TokenBuckets | None = None
    guarded: dict[int, str] = field(default_factory=dict)  # id of a route handler: its operationId

    @classmethod
    def of(cls, settings: Settings) -> WriteAccess:
        return cls(create_token=settings.create_token, buckets=TokenBuckets(settings.rate_limit) if settings.rate_limit else None)

    def admit(self, request: Request) -> None:
        operation = self.guarded.get(id(request.route_handler))
        if operation is None:
            return
        if operation in CREATING and self.create_token is not None:
            token = bearer(request)
            if token is None:
                raise Unauthenticated("creating a match on this server needs its create token (Authorization: Bearer <token>)")
            if not secrets.compare_digest(token.encode(), self.create_token.encode()):
                raise Forbidden("that is not this server's create token")
            return
        if self.buckets is not None:
            client = request.scope.get("client")
            if wait := self.buckets.take(client[0] if client else ""):
                raise TooManyRequests(wait)


def guard(app: Litestar, access: WriteAccess) -> None:
    """Set `access` to the app (`app.state.write_access`, which `WriteAccess.admit` is read
    from before each request) with the route handlers of the guarded operations."""
    assert app.openapi_schema.paths is not None
    by_operation = {}
    for app_route in app.routes:
        for handler in getattr(app_route, "route_handlers", []):
            if isinstance(handler, HTTPRouteHandler):
                for method in handler.http_methods:
                    operation = getattr(app.openapi_schema.paths.get(app_route.path_format), method.lower(), None)
                    if operation is not None and operation.operation_id in RATE_LIMITED:
                        by_operation[operation.operation_id] = id(handler)
    missing = set(RATE_LIMITED) - set(by_operation)
    assert not missing, f"service/web/limits.py guards operations the app does not have: {sorted(missing)}"
    access.guarded = {handler: operation for operation, handler in by_operation.items()}
    app.state.write_access = access


def document(document: OpenAPI) -> None:
    """Say it in the OpenAPI document: the create token (optional: it is needed only where
    the server sets one) with its 401 and 403, and the 429 with Retry-After."""
    assert document.components is not None and document.paths is not None
    schemes = document.components.security_schemes or {}
    schemes[CREATE_SCHEME] = SecurityScheme(
        type="http", scheme="bearer", description="The server's create token: needed to create a match where the server sets one (RECOUNT_CREATE_TOKEN)"
    )
    document.components.security_schemes = schemes
    error_body = {"application/json": OpenAPIMediaType(schema=Reference(ref="#/components/schemas/ErrorBody"))}
    retry_after = {"Retry-After": OpenAPIHeader(schema=Schema(type=OpenAPIType.INTEGER), description="seconds to wait before writing again")}
    for item in document.paths.values():
        for operation in (item.get, item.post):
            if operation is None or operation.operation_id not in RATE_LIMITED:
                continue
            operation.responses["429"] = OpenAPIResponse(description=ERROR_MEANINGS[429], content=error_body, headers=retry_after)
            if operation.operation_id in CREATING:
                operation.security = [{}, {CREATE_SCHEME: []}]
                for status in (401, 403):
                    operation.responses.setdefault(str(status), OpenAPIResponse(description=ERROR_MEANINGS[status], content=error_body))
