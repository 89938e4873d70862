"""Words about placings that every game system's standings share."""

from __future__ import annotations

import msgspec

from domain.protocol import Placing


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def tied_for(place: int, others: list[str]) -> str:
    """“tied for 1st with Carl”, “tied for 2nd with Al and Dana”; "" when no one shares the place.
    A placing's number alone does not say that a place is shared: a table reads the words."""
    if not others:
        return ""
    names = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    return f"tied for {ordinal(place)} with {names}"


def with_ties(placings: list[Placing]) -> list[Placing]:
    """Each placing whose place another shares, its reason prefixed with the tie in words."""
    told = []
    for placing in placings:
        others = [other.player for other in placings if other.place == placing.place and other.player != placing.player]
        if others:
            placing = msgspec.structs.replace(placing, reason=f"{tied_for(placing.place, others)}; {placing.reason}")
        told.append(placing)
    return told
