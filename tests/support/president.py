"""President matches for tests: a match from a setup, and actions written the way a
scorekeeper says them ("Al plays 3C 3D", "Betty passes", "Dana gives Al 8C 8D",
"Dana gives Al 2 unseen", "Bo draws", "Dana gives Al 12b 0Ra asking high low",
"Dana chooses clockwise Al", "Carl leaves", "Eve joins after Betty", "end")."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.fold import record
from domain.president import SYSTEM
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.protocol import MatchSetup
from tests.domain.harness import verify

FOUR = ["Al", "Betty", "Carl", "Dana"]

# A whole 52-card deal by Dana (Al, at her left, leads): every card placed by hand.
CLASSIC_HANDS = {
    "Al": "3C 3D 3H 3S 5C 7C 9C 9D JC QC KC AC 2C",
    "Betty": "4C 4D 5D 6C 6D 7D 9H 10C 10D JD QD KD AD",
    "Carl": "4H 5H 6H 7H 8C 8D 9S 10H JH QH KH AH 2D",
    "Dana": "2H 2S 4S 5S 6S 7S 8H 8S 10S JS QS KS AS",
}

# A twelve-card deck (ranks 3 to 8 in clubs and diamonds) for short games, three cards each.
# The commercial deck (presidents-deck.txt): Dana deals 54 cards (four of each # 1-12, two Bombs, two Bomb (Reverse), two Doppelgängers).
DECK_HANDS = {
    "Al": "1a 1b 2a 3a 3b 4a 5a 6a 7a 9a 11a 12a Da 0Ra",
    "Betty": "0a 1c 2b 2c 3c 4b 5b 6b 7b 8a 9b 10a 11b 12b",
    "Carl": "0b 1d 2d 3d 4c 5c 6c 7c 8b 9c 10b 11c 12c",
    "Dana": "0Rb Db 4d 5d 6d 7d 8c 8d 9d 10c 10d 11d 12d",
}
DECK_CHOSEN = ["Dana chooses clockwise Al"]

SMALL_DECK = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D".split()
SMALL_GAME_ONE = {"Al": "3C 3D 8C", "Betty": "4C 4D 7C", "Carl": "5C 5D 6C", "Dana": "6D 7D 8D"}
# Game one, played out: Al goes out first, then Carl, then Betty; Dana is left holding 8D.
SMALL_GAME_ONE_PLAY = [
    "Al plays 8C", "Betty passes", "Carl passes", "Dana passes",
    "Al plays 3C 3D",
    "Betty plays 4C 4D", "Carl plays 5C 5D", "Dana passes", "Betty passes",
    "Carl plays 6C",
    "Dana plays 7D", "Betty passes",
    "Dana plays 6D", "Betty plays 7C",
]
# Game two, dealt by Dana (the scum) to the players now seated in finishing order: Al, Carl, Betty, Dana.
SMALL_GAME_TWO = {"Al": "3C 4C 5C", "Carl": "3D 4D 6C", "Betty": "5D 6D 7C", "Dana": "7D 8C 8D"}


def deal(dealer: str, hands: dict[str, str] | None = None, **sizes: int) -> CardsDealt:
    if hands is not None:
        return CardsDealt(dealer=dealer, hands={p: tuple(cards.split()) for p, cards in hands.items()})
    return CardsDealt(dealer=dealer, sizes=sizes)


def action(line: str | msgspec.Struct) -> msgspec.Struct:
    if not isinstance(line, str):
        return line
    if line == "end":
        return MatchEnded()
    words = line.split()
    player, verb, rest = words[0], words[1], words[2:]
    if verb == "plays":
        if "as" in rest:  # "Al plays 4H 5H JK1 as 6H": the Joker stands for 6H (docs/daifugo.md)
            return CardsPlayed(player=player, cards=tuple(rest[: rest.index("as")]), joker_as=rest[-1])
        return CardsPlayed(player=player, cards=tuple(rest))
    if verb == "passes":
        return PlayerPassed(player=player)
    if verb == "draws":
        return CardDrawn(player=player, card=rest[0] if rest else None)
    if verb == "chooses":
        return DirectionChosen(player=player, direction=rest[0], leader=rest[1] if len(rest) > 1 else None)
    if verb == "leaves":
        return PlayerLeft(player=player)
    if verb == "joins":
        return PlayerJoined(player=player, after=rest[1] if rest[:1] == ["after"] else None)
    if verb == "gives":
        receiver, rest = rest[0], rest[1:]
        asked: tuple[str, ...] = ()
        if "asking" in rest:
            rest, asked = rest[: rest.index("asking")], tuple(rest[rest.index("asking") + 1 :])
        unknown = 0
        if rest and rest[-1] == "unseen":
            unknown, rest = int(rest[-2]), rest[:-2]
            rest = rest[:-1] if rest and rest[-1] == "+" else rest
        return CardsExchanged(giver=player, receiver=receiver, cards=tuple(rest), unknown=unknown, asked=asked)
    raise ValueError(line)


def new_match(players: Iterable[str] = FOUR, mode: str = "full", preset: str = "classic", **options):
    setup = MatchSetup(system="president", players=list(players), preset=preset, options=options, mode=mode)
    return SYSTEM.initial(SYSTEM.start(setup))


def play(state, lines: Iterable[str | msgspec.Struct]):
    """Record each action with its checks (raises IllegalAction at the first illegal one)."""
    return record(SYSTEM, state, [action(line) for line in lines])


def outcome(state, lines, then):
    """Then (tests/domain/harness.py `verify`): the lines before the last are recorded; the last is accepted
    (`then` None, OK or `accepted(facts)`: applied, the facts of the state after it hold) or refused citing
    the rule id `then`. The state after it, or None."""
    *before, last = [action(line) for line in lines]
    return verify(SYSTEM, play(state, before), last, then)


def small_match(mode: str = "full", **options):
    """The twelve-card match after game one (Al president, Carl vice-president, Betty worker, Dana scum)."""
    options.setdefault("deck", SMALL_DECK)
    state = new_match(mode=mode, **options)
    first = deal("Dana", SMALL_GAME_ONE) if mode == "full" else deal("Dana", Al=3, Betty=3, Carl=3, Dana=3)
    return play(state, [first, *SMALL_GAME_ONE_PLAY])


def small_game_two(mode: str = "full", **options):
    """Game two of the twelve-card match, dealt and waiting for the exchanges."""
    state = small_match(mode, **options)
    second = deal("Dana", SMALL_GAME_TWO) if mode == "full" else deal("Dana", Al=3, Carl=3, Betty=3, Dana=3)
    return play(state, [second])


class Kit:
    """The helpers, handed to tests as the `kit` fixture."""

    FOUR = FOUR
    CLASSIC_HANDS = CLASSIC_HANDS
    DECK_HANDS = DECK_HANDS
    DECK_CHOSEN = DECK_CHOSEN
    SMALL_DECK = SMALL_DECK
    SMALL_GAME_ONE = SMALL_GAME_ONE
    SMALL_GAME_ONE_PLAY = SMALL_GAME_ONE_PLAY
    SMALL_GAME_TWO = SMALL_GAME_TWO
    deal = staticmethod(deal)
    action = staticmethod(action)
    new_match = staticmethod(new_match)
    play = staticmethod(play)
    outcome = staticmethod(outcome)
    small_match = staticmethod(small_match)
    small_game_two = staticmethod(small_game_two)

    @staticmethod
    def classic_dealt(mode: str = "full", **options):
        """Four players, the classic deck dealt by Dana as in CLASSIC_HANDS; Al leads."""
        state = new_match(mode=mode, **options)
        dealt = deal("Dana", CLASSIC_HANDS) if mode == "full" else deal("Dana", Al=13, Betty=13, Carl=13, Dana=13)
        return play(state, [dealt])


def public_twin(event: msgspec.Struct) -> msgspec.Struct:
    """The same action as a public record takes it: sizes at the deal, exchanged and drawn cards unseen."""
    if isinstance(event, CardsDealt):
        return CardsDealt(dealer=event.dealer, sizes={p: len(c) for p, c in event.hands.items()})
    if isinstance(event, CardsExchanged):
        return CardsExchanged(giver=event.giver, receiver=event.receiver, unknown=len(event.cards), asked=event.asked)
    if isinstance(event, CardDrawn):
        return CardDrawn(player=event.player)
    return event
