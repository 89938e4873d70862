"""Routes being written (issue 11): a placeholder."""

from __future__ import annotations

from typing import Any


def analysis_routes() -> list[Any]:
    return []
