"""The facts recorded at the table. Players are named; cards are codes (cards.py)."""

from __future__ import annotations

import msgspec

from domain.president.ruleset import Ruleset
from domain.protocol import PlayerName


class Event(msgspec.Struct, frozen=True, kw_only=True, tag=True, omit_defaults=True, forbid_unknown_fields=True):
    """Fields left at their default are left out of the JSON (an exchange without asks has no "asked"). A field
    no event has is refused (a 400 naming it), as at the top of an append, rather than dropped unseen."""


class MatchCreated(Event):
    players: tuple[str, ...]
    ruleset: Ruleset
    mode: str = "full"  # "full": every hand recorded at the deal; "public": only what is played face up;
    # "holders": sizes at the deal, each hand entered by its holder (HandEntered)
    title: str = ""


class CardsDealt(Event):
    """The whole deck dealt by `dealer`. Full mode lists each player's `hands`;
    public mode lists only the hand `sizes`. In Blind President these are the
    face-down piles, top card first."""

    dealer: str
    hands: dict[str, tuple[str, ...]] = {}
    sizes: dict[str, int] = {}
    # docs/daifugo.md: "seating per game is recorded, not assumed": the seats of this game, clockwise
    # (rulesets with `seating_per_game`); () keeps the seating as it is.
    seating: tuple[str, ...] = ()


class CardsExchanged(Event):
    """Cards passed between games: `cards` seen by the record, plus `unknown` cards
    that changed hands unseen (public mode only)."""

    giver: str
    receiver: str
    cards: tuple[str, ...] = ()
    unknown: int = 0
    asked: tuple[str, ...] = ()  # presidents-deck: what the receiver asked for, "high" or "low" per card


class CardsPlayed(Event):
    """`joker_as`: the card a Joker among several cards stands for (rulesets with `joker_stands_for`,
    docs/daifugo.md: "the Joker may stand for any card"); None for every other play."""

    player: str
    cards: tuple[str, ...]
    joker_as: str | None = None


class PlayerPassed(Event):
    player: str


class CardDrawn(Event):
    """Blind President: a player whose hand ran out takes the top card of their pile
    (`card` when the record sees it; full mode knows the pile)."""

    player: str
    card: str | None = None


class DirectionChosen(Event):
    """presidents-deck: the direction of play for this game, chosen by `player` (the dealer in the first
    game, who also names the `leader`; after that the Vice President)."""

    player: str
    direction: str  # "clockwise" or "counter-clockwise"
    leader: str | None = None


class PlayerLeft(Event):
    """presidents-deck: a player leaves the table between games."""

    player: str


class PlayerJoined(Event):
    """presidents-deck: a player joins between games, seated to the left of `after` (default: last)."""

    player: PlayerName
    after: str | None = None


class HandEntered(Event):
    """Mode "holders": `player` enters the `cards` they were dealt in this game, privately, at any point of it
    (domain/president/holders.py)."""

    player: str
    cards: tuple[str, ...]


class MatchEnded(Event):
    """The table stops playing; only between games."""


ACTION_TYPES = (
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    PlayerPassed,
    CardDrawn,
    DirectionChosen,
    PlayerLeft,
    PlayerJoined,
    MatchEnded,
    HandEntered,
)
Action = (
    CardsDealt
    | CardsExchanged
    | CardsPlayed
    | PlayerPassed
    | CardDrawn
    | DirectionChosen
    | PlayerLeft
    | PlayerJoined
    | MatchEnded
    | HandEntered
)
