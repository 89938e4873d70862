"""Whose own action a President event is (the protocol's `actors`): what a seat records from its own phone."""

from __future__ import annotations

import msgspec

from domain.corrections import is_correction
from domain.president.events import CardsDealt, CardsExchanged, MatchEnded, PlayerJoined
from domain.president.state import State


def actors(state: State, event: msgspec.Struct) -> tuple[str, ...]:
    """- a deal is the dealer's: classic § Preparation, the dealer “deals out all the cards in the deck”;
    - cards given in an exchange are the giver's: classic § End Game, “The scum must give the president his two
      highest cards”; the receiver's answer is an exchange of its own, whose giver it is;
    - a play, a pass, a card drawn, a direction chosen, a player leaving: the `player`'s (classic § Play Game:
      “Each player, in turn, may either play or pass”);
    - a newcomer joining and the end of the match are the table's (the newcomer holds no seat yet), and so is a
      correction (domain/protocol.py)."""
    if is_correction(event) or isinstance(event, (PlayerJoined, MatchEnded)):
        return ()
    if isinstance(event, CardsDealt):
        return (event.dealer,)
    if isinstance(event, CardsExchanged):
        return (event.giver,)
    player = getattr(event, "player", None)
    return (player,) if isinstance(player, str) else ()
