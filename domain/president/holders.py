"""Mode "holders": hands entered by their holders. The dealer records the hand sizes, as in public mode; each
player enters the cards they were dealt (events.HandEntered), privately, whenever they like while the game is
played. Until then the hand is unknown and checked as in public mode; from then on it is known, every card of
it, and checked as in full mode (hands.py: a hand with no unseen card is checked exactly).

The hand entered is the hand as dealt, so what the player holds now is worked out from it (`since_deal`): less the
cards they gave in this game's exchanges, plus those they received, less those they played. The checks of a
hand entered are in entering.py; this module only folds it (state.py imports it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from msgspec.structs import replace

from domain.president.hands import Hand, add, take

if TYPE_CHECKING:
    from domain.president.events import HandEntered
    from domain.president.exchanges import Exchange
    from domain.president.state import State

# Called before cards leave the hand: with the hand then, and the exchange they are given in (None: the plays).
BeforeTaking = Callable[[Hand, tuple[str, ...], "Exchange | None"], None]


def returning(state: State, done: Exchange) -> bool:
    """An exchange is the answer to a gift (classic § End Game: “receive any two cards from the president’s hand
    in return”) when the receiver gave to the giver before it in this game."""
    earlier = state.exchanged[: state.exchanged.index(done)]
    return any(gift.giver == done.receiver and gift.receiver == done.giver for gift in earlier)


def since_deal(state: State, player: str, dealt: Iterable[str], before: BeforeTaking | None = None) -> Hand:
    """The hand `player` holds now, had they been dealt `dealt`: the exchanges in the order they were made (every
    one precedes the first play), then the plays. `before` sees the hand before each taking."""
    hand = Hand(tuple(dealt))
    for done in state.exchanged:
        if done.giver == player:
            if before is not None:
                before(hand, done.cards, done)
            hand = take(hand, done.cards)
        elif done.receiver == player:
            hand = add(hand, done.cards)
    played = state.played_by.get(player, ())
    if before is not None:
        before(hand, played, None)
    return take(hand, played)


def held_since_deal(state: State, player: str) -> Counter[str]:
    """The cards `player`'s hand as dealt must hold: those they played or gave in this game, less those received."""
    out = Counter(state.played_by.get(player, ()))
    received: Counter[str] = Counter()
    for done in state.exchanged:
        if done.giver == player:
            out.update(done.cards)
        elif done.receiver == player:
            received.update(done.cards)
    return out - received


def hand_entered(state: State, event: HandEntered) -> State:
    """The hand is known from now on. docs/daifugo.md: “The holder of the 3 of diamonds after the exchange leads
    every game”: a record that had not seen the card learns who leads, if nobody has acted yet (a leader may pass on the empty trick)."""
    hand = since_deal(state, event.player, event.cards)
    state = replace(
        state,
        hands=state.hands | {event.player: hand},
        entered=state.entered | {event.player: tuple(event.cards)},
    )
    card = state.ruleset.leader_holds
    if card and state.leader is None and state.opened_by is None and state.phase in ("choosing", "playing") and card in hand.known:
        state = replace(state, leader=event.player, turn=event.player if state.phase == "playing" else state.turn)
    return state
