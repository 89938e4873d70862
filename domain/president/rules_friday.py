"""The sentences of president-friday.txt that the checks cite, one `Rule` per concept (the Friday book of
rules.py's `BOOKS`); the Friday variations (Jokers, the revolution, Blind President) cite them in any text."""

from __future__ import annotations

from domain.protocol import Rule

FRIDAY_FILE = "president-friday.txt"


def _friday(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"president.friday.{id}", source=f"{FRIDAY_FILE} § {section}", quote=quote)


_DEALER_SHIFTS = "In each game, the dealer shifts to the left by one player."
_ROUND_TURNS = (
    "Play then moves to the left and it becomes the next player's turn to place one of their cards on the pile, "
    "but the card they choose must be of higher value than the card at the top of the pile (see \"Values\")."
)
_IDIOT_GIVES = (
    "At the start of a game, the Idiot must give the two highest-value cards they were dealt to the President, "
    "who in return must give any two cards they were dealt to the Idiot."
)
FRIDAY = {
    "players": _friday("players", "header", "2-13 players (ideally 4-8)"),
    "deck": _friday("deck", "header", "1 deck of cards"),
    "too-few": _friday(
        "too-few",
        "header",
        "If playing with only two players be sure to check the \"Blind President\" section under \"Variations\", "
        "as the standard rules require three or more players.",
    ),
    "deal": _friday(
        "deal",
        "Dealing",
        "The dealer deals the entire deck of cards to the players, including the Joker cards if playing with them "
        "(see \"Variations\").",
    ),
    "next-dealer": _friday("next-dealer", "Dealing", _DEALER_SHIFTS),
    "first-lead": _friday(
        "first-lead",
        "Dealing",
        "In the first game, the player to left of the dealer starts the first round.",
    ),
    "next-lead": _friday("next-lead", "Dealing", "In future games, the Idiot (see \"Ranking\") starts the first round."),
    "turn": _friday("turn", "Rounds", _ROUND_TURNS),
    "higher": _friday("higher", "Rounds", _ROUND_TURNS),
    "set": _friday(
        "set",
        "Doubles, triples and quadruples",
        "If a player has two, three or four cards in their hand of the same value, they may play them at the same "
        "time, provided that their value is still higher than that of the card at the top of the pile.",
    ),
    "first-play": _friday(
        "first-play",
        "Rounds",
        "The player who starts the round may play any card in their hand as the first card in the pile.",
    ),
    "same-count": _friday(
        "same-count",
        "Doubles, triples and quadruples",
        "Once a double, triple or quadruple (DTQ) has been played, that number of cards must be met or exceeded by "
        "all players for the remainder of the round.",
    ),
    "single-top": _friday(
        "single-top",
        "Doubles, triples and quadruples",
        "However, a single 2 may be played onto any DTQ up to the value of Ace.",
    ),
    "unbeatable": _friday(
        "unbeatable", "Rounds", "Nothing can beat a 2, so if a player uses one they win the round immediately."
    ),
    "pass": _friday(
        "pass",
        "Rounds",
        "If a player cannot play using the cards in their hand, or chooses not to play a card, play continues to "
        "the next player.",
    ),
    "lead": _friday(
        "lead",
        "Rounds",
        "When play returns to the player who last placed a card because no other players have added to the pile "
        "since, that player has won the round and gets to start the next round.",
    ),
    "out-lead": _friday(
        "out-lead",
        "Playing your last card",
        "If no other players choose to play onto the top card, the round is over and the player to the left of "
        "the player who went out gets to start the next round.",
    ),
    "game-end": _friday(
        "game-end",
        "Ranking",
        "The player who finishes second to last is called the \"Vice Idiot\", and the last player holding cards "
        "at the end of the game is the \"Idiot\".",
    ),
    "exchange-first": _friday("exchange-first", "Ranking", _IDIOT_GIVES),
    "exchange-second": _friday(
        "exchange-second",
        "Ranking",
        "The same exchange takes place between the Vice Idiot and the Vice President, but only one card is "
        "swapped instead of two.",
    ),
    "no-other-exchange": _friday("no-other-exchange", "Ranking", _IDIOT_GIVES),
    "jokers": _friday(
        "jokers",
        "Variations: Jokers",
        "Single Jokers also share the 2s' property of being able to beat any lower-value DTQ, so there are now six "
        "cards that can beat a DTQ instead of four.",
    ),
    "revolution": _friday(
        "revolution",
        "Variations: Revolution",
        "While values are reversed, single 3s gain the ability to beat any DTQ.",
    ),
    "blind": _friday("blind", "Variations: Blind President (2-4 players)", "Blind President (2-4 players)"),
    "blind-hand": _friday(
        "blind-hand",
        "Variations: Blind President (2-4 players)",
        "Before the game starts, each player takes the top seven cards from their pile to form their hand.",
    ),
    "blind-draw": _friday(
        "blind-draw",
        "Variations: Blind President (2-4 players)",
        "If a player runs out of cards in their hand during a round, they may take one card from the top of their "
        "pile and play it if it can be played.",
    ),
}
