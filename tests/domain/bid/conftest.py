"""A compact notation for Presidential Bid rule tables, so a row reads like the table:

    "up 7C"                        district 7♣ is drawn
    "show Al 9H Betty QS"          the bids are shown
    "commit Al 9H"                 Al commits a sealed bid
    "round 7C Al 9H Betty QS"      both of the above in one line
    "rounds 13"                    thirteen rounds: club, heart and spade of each rank in turn
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.bid import SYSTEM
from domain.cards import RANKS
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed
from domain.fold import record
from domain.protocol import IllegalAction, MatchSetup


def _bids(words: list[str]) -> tuple[Bid, ...]:
    return tuple(Bid(player=player, card=card) for player, card in zip(words[::2], words[1::2], strict=True))


def events(lines: list[str], players: tuple[str, ...]) -> list[msgspec.Struct]:
    out: list[msgspec.Struct] = []
    for line in lines:
        verb, *words = line.split()
        if verb == "up":
            out.append(DistrictRevealed(district=words[0]))
        elif verb == "show":
            out.append(BidsRevealed(bids=_bids(words)))
        elif verb == "commit":
            out.append(BidCommitted(player=words[0], card=words[1]))
        elif verb == "round":
            out += [DistrictRevealed(district=words[0]), BidsRevealed(bids=_bids(words[1:]))]
        elif verb == "rounds":
            suits = SYSTEM.presets["text"].suits
            for rank in RANKS[: int(words[0])]:
                shown = tuple(Bid(player=p, card=rank + s) for p, s in zip(players, suits))
                out += [DistrictRevealed(district=rank + "C"), BidsRevealed(bids=shown)]
        else:
            raise ValueError(f"unknown verb in {line!r}")
    return out


class Table:
    """Builds matches and states from the notation (every event checked)."""

    def setup(self, players: tuple[str, ...] = ("Al", "Betty"), **fields: Any) -> MatchSetup:
        return MatchSetup(system="bid", players=list(players), **fields)

    def state(self, given: list[str], players: tuple[str, ...] = ("Al", "Betty"), **fields: Any) -> Any:
        created = SYSTEM.start(self.setup(players, **fields))
        return record(SYSTEM, SYSTEM.initial(created), events(given, players))

    def action(self, line: str) -> msgspec.Struct:
        """The one event a line of the notation says ("up 7C", "show …", "commit …")."""
        [event] = events([line], ())
        return event

    def refusal(self, state: Any, line: str) -> str | None:
        """The id of the rule that refuses `line` in `state`, or None if it is legal."""
        players = tuple(SYSTEM.players(state))
        try:
            for event in events([line], players):
                SYSTEM.check(state, event)
                state = SYSTEM.evolve(state, event)
        except IllegalAction as refused:
            return refused.rule.id
        return None


@pytest.fixture(scope="session")
def table() -> Table:
    return Table()
