"""The sentences of the rules texts that the checks enforce, one `Rule` each.

Each text has its own book: a ruleset names its text (`Ruleset.text`) and a check
asks `rule(text, concept)` for the sentence of that text, so a Friday match is
never refused with a sentence of the classic text. A concept a text is silent on
is said by Recount's house rules (docs/house-rules.md), which every match shares,
as are the recording rules; an option borrowed from another text (a Friday
variation on a classic match) cites the text it comes from. The classic text's
book and the house rules are here; the other texts' books are rules_friday.py,
rules_deck.py and rules_daifugo.py.
"""

from __future__ import annotations

from domain.president.rules_daifugo import DAIFUGO
from domain.president.rules_deck import DECK
from domain.president.rules_friday import FRIDAY
from domain.protocol import Rule

CLASSIC_FILE = "president-classic.md"


def _classic(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"president.classic.{id}", source=f"{CLASSIC_FILE} § {section}", quote=quote)


_CLASSIC_PLAYERS = _classic("players", "header", "_player_: 4-7, _materials_: 52 card deck, pencil and paper for scoring")
CLASSIC = {
    "players": _CLASSIC_PLAYERS,
    "deck": _classic("deck", "header", _CLASSIC_PLAYERS.quote),
    "too-few": _CLASSIC_PLAYERS,
    "deal": _classic(
        "deal",
        "Preparation",
        "The dealer for the first round, selected at random, deals out all the cards in the deck face-down, "
        "clockwise, and one at a time.",
    ),
    "next-dealer": _classic(
        "next-dealer", "Preparation", "For subsequent rounds, the dealer depends on the results of the previous round."
    ),
    "extra-card": _classic(
        "extra-card",
        "Preparation",
        "Because these players are the first to play, the inequality evens out.",
    ),
    "first-lead": _classic(
        "first-lead",
        "Play Game",
        "The player to the dealer’s left plays first, putting one, two, three, or four cards of the same kind "
        "face-up on the table.",
    ),
    "set": _classic(
        "set",
        "Play Game",
        "The player to the dealer’s left plays first, putting one, two, three, or four cards of the same kind "
        "face-up on the table.",
    ),
    "turn": _classic(
        "turn",
        "Play Game",
        "After a player lays the initial card, the opportunity to play progresses in a clockwise direction.",
    ),
    "same-count": _classic(
        "same-count",
        "Play Game",
        "However, for any other player to put down a card, she must put down the same number of cards as the "
        "previous lay down — for example, if the first player puts down three cards, all subsequent players must "
        "put down three cards.",
    ),
    "higher": _classic(
        "higher",
        "Play Game",
        "And to make it even tougher, the cards you put down must have a higher rank than the cards already played.",
    ),
    "equal-or-outrank": _classic(
        "equal-or-outrank", "Introduction", "Each play must equal or outrank the previous one."
    ),
    "pass": _classic("pass", "Play Game", "You can pass even if you have a legal move — and you may well want to."),
    "lead": _classic(
        "lead",
        "Play Game",
        "You sweep the cards away, and whoever played last on the previous round starts the new round of plays "
        "again, playing whatever card or cards he wants to play.",
    ),
    "out-lead": _classic(
        "out-lead",
        "End Game",
        "(If a player goes out when he’s the last to play on a round, he obviously can’t lead to the next round, "
        "so the player to his left starts up the next round.)",
    ),
    "game-end": _classic(
        "game-end",
        "End Game",
        "But play doesn’t end at the first person out; you continue until only one player is left holding cards.",
    ),
    "next-lead": _classic(
        "next-lead",
        "End Game",
        "The finishing order determines who plays first, second, third, and so on for the next game.",
    ),
    "scoring": _classic(
        "scoring",
        "End Game",
        "The winner, and president for the next game, gets 2 points, and the runner-up, or vice-president, "
        "gets 1 point.",
    ),
    "exchange-first": _classic(
        "exchange-first",
        "End Game",
        "The scum must give the president his two highest cards and receive any two cards from the president’s "
        "hand in return.",
    ),
    "exchange-second": _classic(
        "exchange-second",
        "End Game",
        "Similarly, the worker must give the vice-president his highest card and receive any one card in return.",
    ),
    "no-other-exchange": _classic("no-other-exchange", "End Game", "No one else exchanges cards."),
}

HOUSE_FILE = "docs/house-rules.md"


def _house(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"recount.{id}", source=f"{HOUSE_FILE} § {section}", quote=quote)


# What a match records: Recount's house rules (docs/house-rules.md) hold for every text.
KNOWLEDGE = _house(
    "knowledge",
    "Recording",
    "A match declares what it records; the checks use everything known and nothing more; cards that change hands "
    "unseen are recorded as unknown and may be revealed later, and then checked.",
)
RULES_ARE_DATA = _house(
    "ruleset",
    "Recording",
    "Each game system has a frozen ruleset; named presets (one per rules text, plus house rules) are resolved at "
    "match creation, and the resolved ruleset and board are embedded in the first event.",
)
UNKNOWN_ACTION = _house(
    "action",
    "Recording",
    "A match is recorded by one of the game systems Recount knows; an action is one of the actions of its match's "
    "game system.",
)
MATCH_OVER = _house("match-ended", "The end of a match", "Nothing is recorded after the end of a match.")

# Mode "holders" (holders.py, entering.py): hands entered by their holders.
_HOLDERS = "Hands entered by their holders (President)"
HAND_ENTERED = _house(
    "hand-entered",
    _HOLDERS,
    "In a match whose hands are entered by their holders, the dealer records the hand sizes, and each player enters "
    "the cards they were dealt, once a game, whenever they like while the game is played; until then their hand is "
    "recorded as unknown.",
)
AS_DEALT = _house(
    "as-dealt",
    _HOLDERS,
    "A hand entered is the hand as dealt: as many cards as the deal gave that player, each a card of the deck that no "
    "other hand holds, among them every card the player has played or given since the deal but not received.",
)
GIVER_NAMES = _house(
    "giver-names",
    _HOLDERS,
    "In a match whose hands are entered by their holders, the giver names the cards given in an exchange.",
)
BLIND_NOT_ENTERED = _house(
    "blind-holders",
    _HOLDERS,
    "Blind President's piles are face down, so its hands cannot be entered by their holders.",
)

# Where a text is silent on a refusal, the house rule says it (never another text's sentence).
HOUSE = {
    "in-match": _house(
        "in-match",
        "The table (President)",
        "The players of a match are those it was created with, and those who joined it since where the ruleset "
        "lets players join.",
    ),
    "names": _house("names", "The table (President)", "Each player is named, and no two players share a name."),
    "no-table-change": _house(
        "no-table-change",
        "The table (President)",
        "Unless the ruleset lets players change between games, a match keeps the players it was created with.",
    ),
    "players": _house(
        "deck-players",
        "The table (President)",
        "A match of the commercial deck's rules seats from the ruleset's fewest to its most players (2 to 20 "
        "unless the options say otherwise): presidents-deck.txt names no number of players.",
    ),
    "extra-card": _house(
        "extra-card",
        "The table (President)",
        "Where the text does not say from which seat the cards are dealt one at a time, they are dealt from the "
        "dealer's left, so the first players after the dealer hold the extra cards.",
    ),
    "leader-plays": _house(
        "leader-plays",
        "Turns (President)",
        "Where the text does not let the leader of a round pass, the player who leads a round plays.",
    ),
    "no-direction": _house(
        "no-direction",
        "Turns (President)",
        "Where the ruleset does not have the direction of play chosen, play goes the way the text says and nobody "
        "chooses it.",
    ),
    "no-draw": _house(
        "no-draw",
        "Turns (President)",
        "Cards are drawn from a pile only in Blind President (president-friday.txt § Variations), when the ruleset "
        "plays it.",
    ),
    "too-few": _house(
        "deck-players",
        "The table (President)",
        "A match of the commercial deck's rules seats from the ruleset's fewest to its most players (2 to 20 "
        "unless the options say otherwise): presidents-deck.txt names no number of players.",
    ),
    "match-end": _house(
        "match-end",
        "The end of a match",
        "A match of President ends when the scorekeeper records its end, between games, after at least one game is "
        "played out.",
    ),
}

BOOKS: dict[str, dict[str, Rule]] = {"classic": CLASSIC, "friday": FRIDAY, "deck": DECK, "daifugo": DAIFUGO}


def has(text: str, concept: str) -> bool:
    return concept in BOOKS.get(text, {})


def rule(text: str, concept: str) -> Rule:
    """The sentence of `text` for `concept`; where that text is silent, the house rule
    (docs/house-rules.md), else the sentence of the text the option comes from (a Friday variation
    such as the revolution, set on a classic match). Never another text's sentence for a rule of its own."""
    for book in (BOOKS.get(text, CLASSIC), HOUSE, *BOOKS.values()):
        if concept in book:
            return book[concept]
    raise KeyError(concept)
