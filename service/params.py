"""What every route reads from a request: the application, the bearer token, and
which perspective the reader asks for."""

from __future__ import annotations

from typing import Annotated

from litestar import Request
from litestar.params import QueryParameter

from domain.protocol import Perspective
from service.app import Recount
from service.errors import Malformed

AsParam = Annotated[str | None, QueryParameter(name="as", description="spectator, everyone, or a player's name")]


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Malformed("the Authorization header must be 'Bearer <token>'")
    return token.strip()


def recount_of(request: Request) -> Recount:
    return request.app.state.recount


def label(perspective: Perspective) -> str:
    return perspective.seat if perspective.kind == "seat" and perspective.seat else perspective.kind
