"""Whose own action a Mr. President event is (the protocol's `actors`): what a seat records from its own phone."""

from __future__ import annotations

import msgspec

from domain.corrections import is_correction
from domain.mrpresident.board import PARTIES
from domain.mrpresident.events import AbsenteeBallotsCast, FirstPlayerRolled, TicketChosen
from domain.mrpresident.state import MatchState


def actors(state: MatchState, event: msgspec.Struct) -> tuple[str, ...]:
    """- a campaign turn's roll, Ballots cast, a card drawn at Headquarters, advertising, fund raising, a debate:
      the `player`'s (§ Campaigning: “After selecting a region, announce your choice and roll the dice.”);
    - a ticket and a party's Absentee Ballots: the party's players', either of them (§ Absentee Ballots:
      “Each party marks its Absentee Ballots on its Tally Board”);
    - the roll for who plays first is the table's (“The two presidential candidates roll the dice to determine
      who will play first”: both roll, and `player` is who won it), as are the parties drawn, the Undecided
      Voters set aside, the count and a correction (domain/protocol.py)."""
    if is_correction(event) or isinstance(event, FirstPlayerRolled):
        return ()
    if isinstance(event, (TicketChosen, AbsenteeBallotsCast)):
        if event.party not in PARTIES or not state.party_of:
            return ()
        party = PARTIES.index(event.party)
        return tuple(name for name, member in zip(state.players, state.party_of) if member == party)
    player = getattr(event, "player", None)
    return (player,) if isinstance(player, str) else ()
