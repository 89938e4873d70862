"""The sentences of presidents-deck.txt (the commercial deck's rules) that the checks cite, one `Rule` per
concept (the deck book of rules.py's `BOOKS`)."""

from __future__ import annotations

from domain.protocol import Rule

DECK_FILE = "presidents-deck.txt"


def _deck(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"president.deck.{id}", source=f"{DECK_FILE} § {section}", quote=quote)


_DEALER_ELECTS = "The dealer elects someone to go first and chooses the direction (clockwise or counter clockwise)."
_PRESIDENT_FIRST = (
    "After cards have been stolen/exchanged, the President goes first and the Vice President chooses the "
    "direction (clockwise or counter clockwise)."
)
_EQUAL_OR_HIGHER = "Players continue one-by-one playing cards equal or higher than the card or cards played until they run out."
_TAKES_TWO = "The President of the round takes 2 of the “best” cards from the last-place player (Turd) the next round."
_JOIN = "If someone enters between rounds, they enter as a “citizen” with no benefits or punishment."
DECK = {
    # A player not at the table enters between rounds (PlayerJoined) before playing.
    "in-match": _deck("join", "Players Leaving/Entering Between Rounds", _JOIN),
    "deck": _deck("deck", "Cards Overview", "All Other Cards: All other cards are the rank # found on the corner of the card."),
    "two-decks": _deck(
        "two-decks",
        "Playing With More Than 10 People",
        "It’s recommended that you combine 2 decks together when playing with more than 10 people.",
    ),
    "deal": _deck(
        "deal",
        "The Deal",
        "Divide up the deck by dealing one card at a time face down to each player until all cards have been dealt",
    ),
    "first-lead": _deck("first-lead", "The Deal", _DEALER_ELECTS),
    "next-lead": _deck("next-lead", "Starting The Next Round", _PRESIDENT_FIRST),
    "set": _deck(
        "set",
        "How To Play",
        "Whoever starts plays any card (ex. a single Couch Potato) or set of cards of equal rank (ex. 2 Turds).",
    ),
    "same-count": _deck(
        "same-count",
        "How To Play",
        "If someone starts by playing Doubles, then only Doubles can be played (not Singles, Triples, or Quadruples).",
    ),
    "turn": _deck("turn", "How To Play", _EQUAL_OR_HIGHER),
    "higher": _deck("higher", "How To Play", _EQUAL_OR_HIGHER),
    "equal-or-outrank": _deck("equal-or-outrank", "How To Play", _EQUAL_OR_HIGHER),
    "skip": _deck(
        "skip",
        "Skipping With Same Card",
        "If someone plays the same card (or cards) as the previous card(s) played, it skips the next person.",
    ),
    "pass": _deck("pass", "How To Play", "Players may pass at any time, even if they have cards they could play."),
    "lead": _deck(
        "lead",
        "Resetting The Pile",
        "If someone plays a card or set of cards which every other player passes (or is skipped), the pile is reset.",
    ),
    "out-lead": _deck(
        "out-lead",
        "Resetting The Pile",
        "If a player’s final card is passed by all players, it is a clean slate to the player who is next.",
    ),
    "game-end": _deck("game-end", "How To Win", "Gameplay continues until all players have played all of their cards."),
    "bomb": _deck(
        "bomb",
        "Resetting The Pile",
        "After playing the Bomb card, the player may play any card or set of cards of the same rank.",
    ),
    "wild": _deck(
        "wild",
        "Cards Overview",
        "If you are unable to play the Doppelgänger with another card, it counts as the lowest value (even lower "
        "than a Turd) and can therefore only be played on a clean slate.",
    ),
    "exchange-first": _deck("exchange-first", "Ranking and Reward", _TAKES_TWO),
    "exchange-second": _deck(
        "exchange-second",
        "Ranking and Reward",
        "The Vice President of the round takes 1 of the “best” cards from the 2nd to last place player (Couch "
        "Potato) the next round.",
    ),
    "no-other-exchange": _deck(
        "no-other-exchange",
        "Example Gameplay",
        "The next round, 1st place takes 2 cards from last place and 2nd place takes 1 card from 2nd to last place.",
    ),
    "ask": _deck(
        "ask",
        "Stealing Based on Ranking",
        "The President may ask for 2 low cards, 2 high cards, or one of each.",
    ),
    "no-lying": _deck(
        "no-lying",
        "Stealing Based on Ranking",
        "The players being stolen from may not lie about their highest or lowest cards.",
    ),
    "give-back": _deck(
        "give-back",
        "Stealing Based on Ranking",
        "The President and Vice President may look at what cards they received before they give back cards, but "
        "may not give back the same cards they received.",
    ),
    "leave": _deck(
        "leave",
        "Players Leaving/Entering Between Rounds",
        "If a player leaves between rounds, the remaining players would shift up one or down one depending on "
        "their rank.",
    ),
    "join": _deck("join", "Players Leaving/Entering Between Rounds", _JOIN),
}
