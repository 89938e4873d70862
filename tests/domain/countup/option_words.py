"""Count Up's new-match form in people's words."""

from __future__ import annotations

from domain.option_words import ModeWords, OptionWords, SetupWords

from .rules import SETUP

WORDS = SetupWords(
    sentence="Count Up: say a higher number in turn; who says the target wins",
    listed=9,
    presets={"short": "Up to 10", "long": "Up to 21"},
    modes=ModeWords(question="Every number is said aloud.", choices={"full": "Every number said"}, default="full", rule=SETUP),
    options={
        "target": OptionWords(label="The number that wins", group="Scoring"),
        "step": OptionWords(label="How much higher a number may be", group="Turns", unit="at most"),
    },
)
