"""Count Up, the toy game of docs/game-template.md: a whole game made of only the files the template
lists, registered in tests/domain/test_template.py and driven through the service there."""

from .system import SYSTEM

__all__ = ["SYSTEM"]
