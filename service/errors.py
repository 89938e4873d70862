"""The application's errors; `service.http` maps each to one status code."""

from __future__ import annotations


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
