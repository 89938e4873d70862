"""The options where the Presidential Bid text is silent or may be read two ways,
and the named presets that fix them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.bid.rules import SETUP, SUIT_PER_PLAYER
from domain.option_bounds import check_limits, limits
from domain.protocol import IllegalAction


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    suits: Annotated[
        tuple[str, ...],
        limits(
            max_items=3,
            description=(
                "The suit each player holds, in seat order: H hearts, S spades, D diamonds (a two-player "
                "game sets the third aside). presidential-bid.txt § setup says only “Give one of the "
                "remaining suits to each player in the game.”, not which: the three suits but clubs, so at "
                "most three."
            )
        ),
    ] = ("H", "S", "D")
    region_tie_cards: Annotated[
        Literal["two", "all"],
        msgspec.Meta(
            description=(
                "How far a region tie between the leaders is broken by their cards there. "
                "presidential-bid.txt § tally compares the highest cards, then the second highest, and stops: "
                "“If the second cards are also the same, the region remains neutral.” (“two”). "
                "“all” goes on to the third highest and so on, reading that sentence as the two-district "
                "case of a general rule."
            )
        ),
    ] = "two"
    sealed_bids: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "Beyond the text, which has bids shown at the table (“Each player chooses a card from their "
                "hand and shows it simultaneously.”, presidential-bid.txt § play): true lets a player bidding "
                "from afar (or through an app) commit a sealed bid in advance, revealed once every player "
                "has committed; false has every bid shown at the table, as the text says."
            )
        ),
    ] = True


PRESETS: dict[str, Ruleset] = {
    "text": Ruleset(),
    "all-cards": Ruleset(region_tie_cards="all"),
    "table": Ruleset(sealed_bids=False),
}
DEFAULT_PRESET = "text"


def resolve(preset: str | None, options: dict[str, Any]) -> Ruleset:
    """The full ruleset of a preset with option overrides; unknown names, wrong
    types and values past their bounds are refused (`check_ruleset`)."""
    name = preset or DEFAULT_PRESET
    if name not in PRESETS:
        raise IllegalAction(f"there is no preset {name!r} (known: {', '.join(PRESETS)})", SETUP)
    fields = msgspec.structs.asdict(PRESETS[name]) | dict(options)
    try:
        ruleset = msgspec.convert(fields, Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the options do not fit the ruleset: {error}", SETUP) from None
    check_ruleset(ruleset)
    return ruleset


PLAYABLE_SUITS = ("D", "H", "S")


def check_ruleset(ruleset: Ruleset) -> None:
    """Each option within its bounds, and the suits the players hold different ones other than clubs (clubs
    are the districts)."""
    check_limits(ruleset, SETUP)
    suits = ruleset.suits
    if any(suit not in PLAYABLE_SUITS for suit in suits) or len(set(suits)) != len(suits):
        raise IllegalAction("the players hold different suits other than clubs (D, H or S)", SUIT_PER_PLAYER)
