"""Mr. President (3M, 1967): campaign turns with dice, Ballots per state, the
Undecided Voters, Absentee Ballots, and both the popular and the electoral tally.
The basic game of mr-president.md; the advanced game is a later issue."""

from domain.mrpresident.system import SYSTEM

__all__ = ["SYSTEM"]
