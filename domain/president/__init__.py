"""President and its family (president-classic.md; Friday and the commercial deck to come):
a climbing card game recorded play by play, scored over a match of games."""

from domain.president.system import SYSTEM

__all__ = ["SYSTEM"]
