"""The sentences of the rules texts that the checks enforce, one `Rule` each.

Each text has its own book: a ruleset names its text (`Ruleset.text`) and a check
asks `rule(text, concept)` for the sentence of that text, so a Friday match is
never refused with a sentence of the classic text. A concept a text is silent on
is said by Recount's house rules (docs/house-rules.md), which every match shares,
as are the recording rules; an option borrowed from another text (a Friday
variation on a classic match) cites the text it comes from.
"""

from __future__ import annotations

from domain.president.rules_daifugo import DAIFUGO
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
