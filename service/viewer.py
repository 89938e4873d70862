"""Routes of the replay viewer (pages, frames, live stream)."""

from __future__ import annotations

from typing import Any


def viewer_routes() -> list[Any]:
    return []
