"""The application's errors; `service.web.routes` maps each to one status code, and answers
every error with one body, `ErrorBody`."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.protocol import Rule


class ErrorBody(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Every error reply: the status again, what is wrong in words, and where there is one,
    the rule that forbids the action (422), the full reason with the rule cited, what a
    malformed request got wrong field by field (`details`), and on a 5xx the id of the
    server log's line about it (`request_id`, also the `X-Request-Id` header)."""

    status: int
    error: str
    rule: Rule | None = None
    reason: str | None = None
    details: list[dict[str, Any]] | dict[str, Any] | None = None
    request_id: str | None = None


class RecountError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Malformed(RecountError):
    status = 400


class Unauthenticated(RecountError):
    status = 401


class Forbidden(RecountError):
    status = 403


class NotFound(RecountError):
    status = 404


class Conflict(RecountError):
    status = 409
