"""The President tests' `kit` fixture: the helpers of tests/support/president.py (a match
from a setup, and actions written the way a scorekeeper says them)."""

from __future__ import annotations

import pytest

from tests.support.president import Kit


@pytest.fixture(scope="session")
def kit() -> type[Kit]:
    return Kit
