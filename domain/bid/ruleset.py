"""The options where the Presidential Bid text is silent or may be read two ways,
and the named presets that fix them."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.bid.rules import SETUP
from domain.protocol import IllegalAction


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # The suit each player holds, in seat order (a two-player game sets the third
    # aside). presidential-bid.txt § setup says only “Give one of the remaining
    # suits to each player in the game.”, not which.
    suits: tuple[str, ...] = ("H", "S", "D")
    # How far a region tie between the leaders is broken by their cards there.
    # presidential-bid.txt § tally compares the highest cards, then the second
    # highest, and stops: “If the second cards are also the same, the region
    # remains neutral.” (“two”). “all” goes on to the third highest and so on,
    # reading that sentence as the two-district case of a general rule.
    region_tie_cards: Literal["two", "all"] = "two"
    # Beyond the text, which has bids shown at the table: a player bidding from
    # afar (or through an app) may commit a sealed bid in advance.
    sealed_bids: bool = True


PRESETS: dict[str, Ruleset] = {
    "text": Ruleset(),
    "all-cards": Ruleset(region_tie_cards="all"),
    "table": Ruleset(sealed_bids=False),
}
DEFAULT_PRESET = "text"


def resolve(preset: str | None, options: dict[str, Any]) -> Ruleset:
    """The full ruleset of a preset with option overrides; unknown names and wrong
    types are refused."""
    name = preset or DEFAULT_PRESET
    if name not in PRESETS:
        raise IllegalAction(f"there is no preset {name!r} (known: {', '.join(PRESETS)})", SETUP)
    fields = msgspec.structs.asdict(PRESETS[name]) | dict(options)
    try:
        return msgspec.convert(fields, Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the options do not fit the ruleset: {error}", SETUP) from None
