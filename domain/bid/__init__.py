"""Presidential Bid (presidential-bid.txt): 2 or 3 players bid one card each, shown
at once, for thirteen club districts grouped into six regions worth votes.

Modules: `cards` (card codes), `board` (the board as data, the default a
reconstruction), `rules` (the sentences cited), `ruleset` (options and presets),
`events`, `state` (state and `evolve`), `checks`, `choices`, `standings` (regions, standings),
`views` (view, redact), `words` (describe), `system` (`start` and the protocol object).
"""

from domain.bid.system import BidSystem

SYSTEM = BidSystem()

__all__ = ["SYSTEM"]
