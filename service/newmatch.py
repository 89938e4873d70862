"""Routes of the new-match page: a placeholder being written."""

from __future__ import annotations

from typing import Any


def new_match_routes() -> list[Any]:
    return []
