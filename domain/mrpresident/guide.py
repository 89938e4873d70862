"""What the guide page (service/web/guide.py) cannot read off the event types: the rules each action's
check enforces (checks.CHECKS), and how to complete a Choice whose hints ask the page for Ballots.
tests/service/test_guide.py drives every fixture event of each type (and the guide's own example of
an action no fixture records) through mutations and fails if a refusal cites a rule not declared here
for that type."""

from __future__ import annotations

from typing import Any

from domain.mrpresident import events as ev
from domain.mrpresident.guide_advanced import ADVANCED_CHECKED, BASIC_ADDITIONS, EVERY_ADDITION
from domain.mrpresident.rules import (
    ABSENTEE,
    ABSENTEE_COUNT,
    ABSENTEE_DEAL,
    ABSENTEE_POPULAR,
    AT_LEAST_ONE,
    BALLOT_STATE,
    BULLETIN,
    CAMPAIGN_END,
    CANDIDATES,
    EFFECTIVE_TOTAL,
    FIRST_PLAYER,
    HOLD,
    HOME_STATE,
    HOME_STATE_CARD,
    HOME_STATE_TWO,
    HQ_CARD,
    HQ_ROLL,
    LIMIT,
    MAJORITY,
    ORDER_FOUR,
    ORDER_TWO,
    PARTY_LOT,
    PLAYERS,
    POPULAR_WIN,
    PRESS_DICE,
    PRESS_PLACES,
    PRESS_RATING,
    PRESS_REPLACE,
    REACH,
    REGION,
    RUMOR,
    RUMOR_GIVEN,
    SEAL,
    TALLY,
    TALLY_TOTAL,
    TICKET_FOUR,
    TICKET_TWO,
    UNDECIDED,
)
from domain.protocol import Choice, MatchSetup, Rule

# Every action: nothing once the election is decided (system.check cites how the election is won).
_EVERY = (MAJORITY, POPULAR_WIN)
# A campaign turn: the right player, in the order of play, once the first player is known.
_TURN = (PLAYERS, FIRST_PLAYER, ORDER_FOUR, ORDER_TWO, CAMPAIGN_END)
_AT_HEADQUARTERS = (*_TURN, REGION, HQ_ROLL, HQ_CARD)

CHECKED: dict[type, tuple[Rule, ...]] = {
    ev.PartiesDrawn: (*_EVERY, PARTY_LOT),
    ev.TicketChosen: (*_EVERY, PARTY_LOT, CANDIDATES, EFFECTIVE_TOTAL, TICKET_FOUR, TICKET_TWO),
    ev.UndecidedVotersSetAside: (*_EVERY, UNDECIDED),
    ev.FirstPlayerRolled: (*_EVERY, FIRST_PLAYER),
    ev.DiceRolled: (*_EVERY, *_TURN, REGION, REACH),
    ev.BallotsCast: (*_EVERY, *_TURN, REGION, HQ_CARD, AT_LEAST_ONE, BALLOT_STATE, SEAL, LIMIT, HOME_STATE_CARD, HOLD),
    ev.HeadquartersVisited: (*_EVERY, *_AT_HEADQUARTERS, HOME_STATE, HOME_STATE_TWO, SEAL, LIMIT),
    ev.RumorDrawn: (*_EVERY, *_AT_HEADQUARTERS, RUMOR),
    ev.RumorBallotsGiven: (*_EVERY, PLAYERS, CAMPAIGN_END, RUMOR_GIVEN, SEAL, LIMIT, HOLD),
    ev.PressEndorsed: (*_EVERY, *_AT_HEADQUARTERS, PRESS_DICE, PRESS_PLACES, PRESS_RATING, PRESS_REPLACE, LIMIT),
    ev.BulletinDrawn: (*_EVERY, *_AT_HEADQUARTERS, BULLETIN, HOLD, SEAL),
    ev.HeadquartersCardDrawn: (*_EVERY, *_AT_HEADQUARTERS),
    ev.AbsenteeBallotsCast: (*_EVERY, ABSENTEE, ABSENTEE_COUNT, ABSENTEE_DEAL, ABSENTEE_POPULAR, HOME_STATE_CARD),
    ev.RegionCounted: (*_EVERY, TALLY, ABSENTEE, TALLY_TOTAL),
}

EXAMPLE_SETUPS: tuple[MatchSetup, ...] = ()  # a Rumor's gift comes up along the fixtures


# The advanced game's actions, and what its rules add to the basic ones (guide_advanced.py).
for _type, _rules in BASIC_ADDITIONS.items():
    CHECKED[_type] = (*CHECKED[_type], *_rules)
CHECKED.update(ADVANCED_CHECKED)
for _type in CHECKED:
    CHECKED[_type] = (*CHECKED[_type], *EVERY_ADDITION)


def answers_to(event_type: type) -> list[Rule]:
    return list(dict.fromkeys(CHECKED.get(event_type, ())))


def supply(choice: Choice, event: dict[str, Any]) -> dict[str, Any]:
    """What a Choice's `ballots` hint asks the page for (choices.py): the states picked become Ballots,
    each with a seal the hand still holds (the hint's `seals`: how many of each)."""
    hint = choice.hints.get("ballots")
    if not hint or not isinstance(event.get(hint["field"]), list):
        return event
    left = dict(hint["seals"])
    ballots = []
    for state in event[hint["field"]]:
        seal = next((seal for seal, count in left.items() if count > 0), next(iter(left), "P"))
        left[seal] = left.get(seal, 0) - 1
        ballots.append({"seal": seal, "state": state})
    return {**event, hint["field"]: ballots}
