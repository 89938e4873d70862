"""The sentences of docs/daifugo.md (the UECda standard rules of Daifugō) that the checks cite,
one `Rule` per concept, as rules.py holds them for the other texts. Options that come from this text
(sequences, the 8-cut, the suit lock, …) cite these sentences in whatever preset switches them on."""

from __future__ import annotations

from domain.protocol import Rule

DAIFUGO_FILE = "docs/daifugo.md"
SECTION = "The rules"


def _daifugo(id: str, quote: str) -> Rule:
    return Rule(id=f"president.daifugo.{id}", source=f"{DAIFUGO_FILE} § {SECTION}", quote=quote)


_DECK = (
    "53 cards: 3 … K, A, 2 and one Joker; five players; dealt one at a time starting from the daifugō's seat "
    "(so some hands have one card more)."
)
_PLAY = (
    "A play is a group (1–5 cards of one rank; the Joker may stand for any card) or a sequence (3 or more "
    "consecutive ranks of one suit; the Joker may fill one rank, including one past either end)."
)
_LATER = (
    "A later play must be of the same kind and the same number of cards, and higher (sequences compare end to end)."
)
_SHUT = (
    "The trick ends when every player still in has passed, including the one who played last: that player gets "
    "the turn back and may play again on their own cards."
)
_LEADS = "The last player to play leads the next trick (the next seat still holding cards if they went out)."
_EXCHANGE = (
    "Exchange before each game but the first: the daihinmin's two highest cards go to the daifugō and the "
    "hinmin's highest to the fugō; the daifugō then returns any two and the fugō any one (cards just received "
    "may go back)."
)
_DIAMOND = "The holder of the 3 of diamonds after the exchange leads every game (the lead need not contain it)."

DAIFUGO = {
    "players": _daifugo("players", _DECK),
    "too-few": _daifugo("players", _DECK),
    "deck": _daifugo("deck", _DECK),
    "deal": _daifugo("deal", _DECK),
    "extra-card": _daifugo("deal", _DECK),
    "first-lead": _daifugo("diamond-lead", _DIAMOND),
    "next-lead": _daifugo("diamond-lead", _DIAMOND),
    "set": _daifugo("play", _PLAY),
    "sequence": _daifugo("play", _PLAY),
    "joker-as": _daifugo("play", _PLAY),
    "five-of-a-kind": _daifugo(
        "five-of-a-kind", "A play is a group (1–5 cards of one rank; the Joker may stand for any card)"
    ),
    "past-ends": _daifugo(
        "past-ends",
        "a sequence (3 or more consecutive ranks of one suit; the Joker may fill one rank, including one past either end)",
    ),
    "same-count": _daifugo("later-play", _LATER),
    "same-kind": _daifugo("later-play", _LATER),
    "higher": _daifugo("later-play", _LATER),
    "joker-alone": _daifugo(
        "joker-alone",
        "Joker alone beats any single, even under a suit lock; only the 3 of spades beats a lone Joker, and that "
        "ends the trick.",
    ),
    "revolution": _daifugo(
        "revolution",
        "Revolution: a group of four or more (the Joker counts) or a sequence of five or more reverses the order "
        "of ranks until the next revolution (not only for the trick).",
    ),
    "eight-cut": _daifugo(
        "eight-cut",
        "8-cut: a play that contains an 8 (a group of 8s, a sequence through an 8, or the Joker standing for an "
        "8) ends the trick at once, and the same player leads.",
    ),
    "lock": _daifugo(
        "suit-lock",
        "Suit lock: when a play has exactly the same suits as the play before it on the table (passes in between "
        "allowed), later plays of the trick must have those suits.",
    ),
    "turn": _daifugo("shut-out", "Passing shuts a player out until the trick ends."),
    "pass": _daifugo("shut-out", "Passing shuts a player out until the trick ends."),
    "turn-back": _daifugo("turn-back", _SHUT),
    "lead": _daifugo("lead", _LEADS),
    "out-lead": _daifugo("lead", _LEADS),
    "game-end": _daifugo(
        "game-end",
        "A player who goes out leaves their cards for the others to beat; the game ends when all but one are out.",
    ),
    "exchange-first": _daifugo("exchange", _EXCHANGE),
    "exchange-second": _daifugo("exchange", _EXCHANGE),
    "no-other-exchange": _daifugo("exchange", _EXCHANGE),
    "exchange-suits": _daifugo(
        "suit-order",
        "Within a rank the suits order ♠ > ♥ > ♦ > ♣ where the exchange needs a \"highest\" card.",
    ),
    "scoring": _daifugo("points", "Points per game: 5, 4, 3, 2, 1 by place."),
    "seating": _daifugo(
        "seating",
        "Seats may be redrawn between games (the tournament does so every third game): seating per game is "
        "recorded, not assumed.",
    ),
}
