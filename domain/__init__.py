"""Pure rules of the game systems Recount records. No I/O, no framework.

Each game system is a subpackage exposing `SYSTEM` (see `domain.protocol.GameSystem`,
built on `domain.system_base.SystemBase`; docs/game-template.md is the recipe for a new
one); `find(name)` looks one up by name, `systems()` lists them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from domain.protocol import GameSystem, IllegalAction, Rule

UNKNOWN_SYSTEM = Rule(
    id="recount.system",
    source="docs/house-rules.md § Recording",
    quote="A match is recorded by one of the game systems Recount knows; an action is one of the actions of its "
    "match's game system.",
)


@cache
def systems() -> dict[str, GameSystem]:
    """Every game system in `domain/`, by name (a subpackage with a `SYSTEM`)."""
    found: dict[str, GameSystem] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if system is not None:
            found[system.name] = system
    return found


def find(name: str) -> GameSystem:
    try:
        return systems()[name]
    except KeyError:
        known = ", ".join(sorted(systems())) or "none"
        raise IllegalAction(f"there is no game system named {name!r} (known: {known})", UNKNOWN_SYSTEM) from None
