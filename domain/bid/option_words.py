"""Presidential Bid's new-match form in people's words (domain/option_words.py); the
rules text's sentence stays each option's description in ruleset.py."""

from __future__ import annotations

from domain.bid.rules import MODE
from domain.option_words import ModeWords, OptionWords, SetupWords

WORDS = SetupWords(
    sentence="Presidential Bid: 2 or 3 players bid cards of their suit to win regions of a map",
    listed=1,
    presets={
        "text": "As the text says: bids may be sealed in advance, a tie is broken by two cards",
        "all-cards": "As the text, but a tie in a region is broken by every card, not only two",
        "table": "At one table: every bid shown at once, none sealed in advance",
    },
    modes=ModeWords(
        question="Every card shown at the table is recorded.",
        choices={"full": "Every card shown at the table"},
        default="full",
        rule=MODE,
    ),
    options={
        "suits": OptionWords(label="Each player's suit, in seat order (H hearts, S spades, D diamonds)", group="Players", item="suit"),
        "region_tie_cards": OptionWords(
            label="How far is a tie in a region broken by the cards there?",
            group="Scoring",
            values={"two": "by the two highest cards, then it stays neutral", "all": "by every card, highest first"},
        ),
        "sealed_bids": OptionWords(
            label="May a player seal a bid in advance?",
            group="Bidding",
            values={"true": "yes: a sealed bid is shown once all have bid", "false": "no: every bid is shown at the table"},
        ),
    },
)
