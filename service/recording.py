"""Routes of the recording pages: a placeholder being written."""

from __future__ import annotations

from typing import Any


def recording_routes() -> list[Any]:
    return []
