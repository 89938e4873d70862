"""The sentences of the rules texts that the checks enforce, one `Rule` each.

Each text has its own book: a ruleset names its text (`Ruleset.text`) and a check
asks `rule(ruleset, concept)` for the sentence of that text, so a Friday match is
never refused with a sentence of the classic text. A concept a text is silent on
falls back to the classic sentence (the option's comment in `ruleset.py` says
so); the recording rules come from DESIGN.md, which every match shares.
"""

from __future__ import annotations

from domain.protocol import Rule

CLASSIC_FILE = "president-classic.md"


def _classic(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"president.classic.{id}", source=f"{CLASSIC_FILE} § {section}", quote=quote)


CLASSIC = {
    "players": _classic("players", "header", "_player_: 4-7, _materials_: 52 card deck, pencil and paper for scoring"),
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

# What a match records: the recording rules of DESIGN.md hold for every text.
KNOWLEDGE = Rule(
    id="recount.knowledge",
    source="DESIGN.md § Principles",
    quote="A match declares what it records; the checks use everything known and nothing more; cards that "
    "change hands unseen are recorded as unknown and may be revealed later, and then checked.",
)
RULES_ARE_DATA = Rule(
    id="recount.ruleset",
    source="DESIGN.md § Principles",
    quote="Each game system has a frozen `Ruleset` struct; named presets (one per rules text, plus house rules) "
    "are resolved at match creation and the resolved ruleset and board are embedded in the first event.",
)
HISTORY = Rule(
    id="recount.history",
    source="DESIGN.md § Principles",
    quote="Events are facts recorded at the table.",
)

BOOKS: dict[str, dict[str, Rule]] = {"classic": CLASSIC}


def rule(text: str, concept: str) -> Rule:
    """The sentence of `text` for `concept`, else the classic one."""
    return BOOKS.get(text, CLASSIC).get(concept) or CLASSIC[concept]

MATCH_OVER = Rule(
    id="recount.match-ended",
    source="domain/protocol.py § GameSystem.finished",
    quote="True when the match is over and nothing more may be recorded.",
)
