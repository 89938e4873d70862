"""President and its family, a climbing card game recorded play by play and scored over a match of
games: presets "classic" (president-classic.md), "friday" (president-friday.txt) and "deck"
(presidents-deck.txt), one Ruleset for all three (ruleset.py)."""

from domain.president.system import SYSTEM

__all__ = ["SYSTEM"]
