"""What the guide page (service/web/guide.py) cannot read off the event types: the rules each action's
check enforces, and a setup in which an action no fixture records comes up in a random legal game.

The rules are declared as concepts (rules.py): a check cites `rule(ruleset.text, concept)`, so one
concept stands for the sentence of each text (classic, Friday, the commercial deck) or the house
rule where a text is silent. tests/service/test_guide.py drives every fixture event of each type
through mutations (another player, another card, another count, another moment) and fails if a
refusal cites a rule not declared here for that type, so the page cannot promise less than the checks
enforce."""

from __future__ import annotations

from typing import Any

from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    HandEntered,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.rules import AS_DEALT, BOOKS, GIVER_NAMES, HAND_ENTERED, KNOWLEDGE, MATCH_OVER, rule
from domain.protocol import Choice, MatchSetup, Rule

# Every action: nothing after the match's end; only its players; only its deck's cards.
_EVERY = (MATCH_OVER, "in-match", "deck")
# Whose turn it is in play, and that play has begun (checks in playing.py).
_IN_PLAY = ("deal", "exchange-first", "first-lead", "next-lead", "lead", "out-lead", "turn")

CHECKED: dict[type, tuple[str | Rule, ...]] = {
    CardsDealt: (*_EVERY, "game-end", "deal", "next-dealer", "extra-card", "seating", KNOWLEDGE),
    CardsExchanged: (
        *_EVERY, "deal", "no-other-exchange", "exchange-first", "exchange-second", "ask", "no-lying", "give-back",
        "exchange-suits", KNOWLEDGE, GIVER_NAMES,
    ),
    CardsPlayed: (
        *_EVERY, *_IN_PLAY, "blind-draw", "set", "wild", "same-count", "higher", "equal-or-outrank",
        "sequence", "joker-as", "same-kind", "joker-alone", "lock", KNOWLEDGE,
    ),
    PlayerPassed: (*_EVERY, *_IN_PLAY, "leader-plays"),
    CardDrawn: (*_EVERY, *_IN_PLAY, "no-draw", "blind-draw", KNOWLEDGE),
    DirectionChosen: (*_EVERY, "game-end", "no-direction", "first-lead", "next-lead"),
    PlayerLeft: (MATCH_OVER, "game-end", "no-table-change", "leave", "too-few"),
    PlayerJoined: (*_EVERY, "game-end", "no-table-change", "join", "players"),
    MatchEnded: (MATCH_OVER, "game-end", "match-end"),
    # A hand entered is checked against the deal, and the gifts made from it against the exchange's rules.
    HandEntered: (
        *_EVERY, HAND_ENTERED, AS_DEALT, "exchange-first", "exchange-second", "ask", "no-lying", "exchange-suits",
    ),
}

# A Blind President hand of one card runs out within a round, so a random game soon draws (CardDrawn,
# which no fixture records); public mode, so the deal needs no hands typed in. A match whose hands their holders
# enter (HandEntered, which no fixture records either).
EXAMPLE_SETUPS = (
    MatchSetup(system="president", preset="friday", options={"blind": True, "blind_hand": 1}, players=["Al", "Bo"], mode="public"),
    MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], mode="holders"),
)


def supply(choice: Choice, event: dict[str, Any]) -> dict[str, Any]:
    """The cards of a hand entered (choices.py: `hints["supply"]`): those it must hold, then the first of those it
    may. The deal's hands are left to the fixtures, which record full deals."""
    hints = choice.hints
    if "cards" in hints.get("supply", ()):
        event["cards"] = [*hints["held"], *hints["may"][: hints["size"] - len(hints["held"])]]
    return event


def answers_to(event_type: type) -> list[Rule]:
    """The rules `check` may refuse an action of this type with: each concept as every text words it
    (or the house rule where a text is silent), in the order declared, each sentence once."""
    found: dict[str, Rule] = {}
    for concept in CHECKED.get(event_type, ()):
        if isinstance(concept, Rule):
            found.setdefault(concept.id, concept)
            continue
        for text in BOOKS:
            cited = rule(text, concept)
            found.setdefault(cited.id, cited)
    return list(found.values())
