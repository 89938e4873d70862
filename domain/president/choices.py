"""What the rules allow now (the protocol's `allowed`): a placeholder being written."""

from __future__ import annotations

from typing import Any

from domain.protocol import Choice


def allowed(state: Any) -> list[Choice]:
    return []
