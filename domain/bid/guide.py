"""What the guide page (service/web/guide.py) cannot read off the event types: the rules each action's
check enforces (checks.py). tests/service/test_guide.py drives every fixture event of each type through
mutations and fails if a refusal cites a rule not declared here for that type."""

from __future__ import annotations

from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed
from domain.bid.rules import (
    CLUB_PILE,
    DECK,
    DISTRICT_UP,
    ROUNDS,
    SEALED_ALLOWED,
    SEALED_ONCE,
    SEALED_REVEAL,
    SHOW,
    SUIT_PER_PLAYER,
)
from domain.protocol import MatchSetup, Rule

CHECKED: dict[type, tuple[Rule, ...]] = {
    DistrictRevealed: (ROUNDS, DISTRICT_UP, CLUB_PILE, DECK),
    BidCommitted: (SUIT_PER_PLAYER, SEALED_ALLOWED, ROUNDS, DISTRICT_UP, SEALED_ONCE, SHOW, DECK),
    BidsRevealed: (SUIT_PER_PLAYER, ROUNDS, DISTRICT_UP, SHOW, DECK, SEALED_REVEAL),
}

EXAMPLE_SETUPS: tuple[MatchSetup, ...] = ()  # the fixtures record every action


def answers_to(event_type: type) -> list[Rule]:
    return list(CHECKED.get(event_type, ()))
