"""Kept for tests/service (test_export.py, test_uecda.py) until they import it from its place: the random
legal player is fixtures/random_player.py, one for every game system (issue 15)."""

from __future__ import annotations

from fixtures.random_player import play_random

__all__ = ["play_random"]
