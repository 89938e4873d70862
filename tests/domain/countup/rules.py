"""The sentences Count Up's checks cite: docs/game-template.md § The toy game, word for word."""

from __future__ import annotations

from domain.protocol import Rule

SOURCE = "docs/game-template.md § The toy game"

PLAYERS = Rule(id="countup.players", source=SOURCE, quote="Two to six players play, each under a name of their own.")
TURN = Rule(id="countup.turn", source=SOURCE, quote="Players take turns, in seat order, saying a number.")
HIGHER = Rule(id="countup.higher", source=SOURCE, quote="Each number is higher than the one before, by at most the ruleset's step, and never past the target.")
OVER = Rule(id="countup.over", source=SOURCE, quote="The player who says the target wins, and the match is over.")
SETUP = Rule(id="countup.setup", source=SOURCE, quote="A match is played by one of the presets, with every number said at the table recorded.")
