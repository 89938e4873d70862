"""Count Up's options and presets."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.option_bounds import check_limits, limits
from domain.protocol import IllegalAction

from .rules import SETUP


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    target: Annotated[int, limits(minimum=2, maximum=100, description="The number that wins (docs/game-template.md § The toy game).")] = 10
    step: Annotated[int, limits(minimum=1, maximum=10, description="How much higher than the one before a number may be, at most.")] = 3


PRESETS: dict[str, Ruleset] = {"short": Ruleset(), "long": Ruleset(target=21)}
DEFAULT_PRESET = "short"


def resolve(preset: str | None, options: dict[str, Any]) -> Ruleset:
    """The preset's ruleset with the options given; an unknown preset or option, or one past its bounds, refused."""
    name = preset or DEFAULT_PRESET
    if name not in PRESETS:
        raise IllegalAction(f"there is no preset {name!r} (known: {', '.join(PRESETS)})", SETUP)
    try:
        ruleset = msgspec.convert(msgspec.structs.asdict(PRESETS[name]) | dict(options), Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the options do not fit the ruleset: {error}", SETUP) from None
    check_limits(ruleset, SETUP)
    return ruleset
