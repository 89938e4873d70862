"""Routes being written (issue 12: a page of docs per game system): a placeholder."""

from __future__ import annotations

from typing import Any


def guide_routes() -> list[Any]:
    return []
