"""Kept for the callers not yet moved: the random legal President match is now
fixtures/random_player.py `play_president`, built on the protocol's `allowed` (issue 15).
Import it from there; this module goes once nothing imports it."""

from __future__ import annotations

from fixtures.random_player import PLAYERS, play_president as play

__all__ = ["PLAYERS", "play"]
