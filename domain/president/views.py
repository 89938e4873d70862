"""What each perspective may see: `view` of a state and `redact` of an event
(`describe`, the event in a player's words, is words.py)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.president.events import CardDrawn, CardsDealt, CardsExchanged
from domain.president.shapes import locked_suits, play_shape, shaped
from domain.president.state import State
from domain.protocol import Perspective


def sees_cards_of(state: State, perspective: Perspective, player: str) -> bool:
    """Public mode records only what the table saw, so its seen cards are public;
    in full mode a player's cards are theirs and the record's."""
    if state.mode != "full" or perspective.kind == "everyone":
        return True
    return perspective.kind == "seat" and perspective.seat == player


def trick_leader(state: State) -> str | None:
    """Who leads the trick being played: its first player, or, on an empty pile, the player whose
    lead it is (classic § Play Game: “whoever played last on the previous round starts the new round
    of plays again”). None outside play. The state's `leader` is the game's first leader only, so
    a page marking “leads” from it marked the wrong player for most of a game (issue 12)."""
    if state.phase != "playing":
        return None
    return state.trick[0].player if state.trick else state.turn


def view(state: State, perspective: Perspective) -> dict[str, Any]:
    # Called for every step of a replay, so `sees_cards_of` is worked out once here rather than per
    # hand and per exchange: `sees_all`, else only the cards of `own`.
    sees_all = state.mode != "full" or perspective.kind == "everyone"
    own = perspective.seat if perspective.kind == "seat" else None
    hands = {}
    held = state.hands
    for player in state.seating:
        hand = held.get(player)
        if hand is None:
            hands[player] = {"count": 0}
        elif sees_all or player == own:
            known, unknown = hand.known, hand.unknown
            shown = {"count": len(known) + unknown, "cards": list(known)}
            if unknown:
                shown["unknown"] = unknown
            hands[player] = shown
        else:
            hands[player] = {"count": len(hand.known) + hand.unknown}
    exchanges = []
    for done in state.exchanged:
        if sees_all or done.giver == own or done.receiver == own:
            cards, unknown = list(done.cards), done.unknown
        else:
            cards, unknown = [], len(done.cards) + done.unknown
        exchanges.append({"giver": done.giver, "receiver": done.receiver, "cards": cards, "unknown": unknown, "step": done.step})
    seating, players = state.seating, state.players
    # (Empty most of the time: no list comprehension is started for them then.)
    trick = [{"player": play.player, "cards": list(play.cards), "step": play.step} for play in state.trick] if state.trick else []
    lock: tuple[str, ...] = ()
    if trick and shaped(state):
        # docs/daifugo.md: a play is a “group” or a “sequence”, and a Joker may “stand for any card”: the page draws a
        # sequence as its run and the Joker as the card it stands for, and shows the suits the trick is locked to.
        for shown, play in zip(trick, state.trick):
            shape = play_shape(state, play)
            if shape is not None:
                shown["kind"] = shape.kind
            if play.joker_as is not None:
                shown["joker_as"] = play.joker_as
        lock = locked_suits(state)
    dues = [{"giver": d.giver, "receiver": d.receiver, "count": d.count} for d in state.dues] if state.dues else []
    # Players only join (both tuples) or leave (the seating only), so equal lengths mean nobody is away.
    away = [player for player in players if player not in seating] if len(players) != len(seating) else []
    seen = {
        "game": state.game,
        "phase": state.phase,
        "mode": state.mode,
        "seating": list(seating),
        "dealer": state.dealer,
        "leader": state.leader,  # who led the game's first round (the state's meaning)
        "trick_leader": trick_leader(state),
        "turn": state.turn,
        "direction": "clockwise" if state.direction == 1 else "counter-clockwise",
        "trick": trick,
        "passed": list(state.passed),
        "hands": hands,
        "finishing_order": list(state.out),
        "roles": dict(state.roles),
        "points": dict(state.points),
        "exchanges_due": dues,
        "exchanges": exchanges,
        "games_played": len(state.games),
        "ranks": list(state.rank_orders[state.reversed]),
        "rank_names": dict(state.ruleset.rank_names),
        "reversed": state.reversed,
        "away": away,
    }
    if lock:
        # docs/daifugo.md: “later plays of the trick must have those suits”; a sequence's suit once, not per card.
        seen["lock"] = list(dict.fromkeys(lock))
    if state.piles:
        # friday § Blind President: “face-down piles that the players are not allowed to look at”
        seen["piles"] = {
            player: {"count": pile.size} | ({"cards": list(pile.known)} if perspective.kind == "everyone" else {})
            for player, pile in state.piles.items()
        }
    return seen


def redact(state: State, event: msgspec.Struct, perspective: Perspective) -> dict[str, Any]:
    data = msgspec.json.decode(msgspec.json.encode(event))  # the event as stored: lists, not tuples
    if isinstance(event, CardsDealt) and event.hands:
        data["sizes"] = {player: len(cards) for player, cards in event.hands.items()}
        data["hands"] = {p: list(c) for p, c in event.hands.items() if sees_cards_of(state, perspective, p)}
        if state.ruleset.blind and perspective.kind != "everyone":
            # friday § Blind President: “face-down piles that the players are not allowed to look at”: a seat
            # sees the hand taken from the top of its pile, not the rest (as `view` shows piles).
            data["hands"] = {p: cards[: state.ruleset.blind_hand] for p, cards in data["hands"].items()}
    elif isinstance(event, CardsExchanged) and event.cards:
        if not (sees_cards_of(state, perspective, event.giver) or sees_cards_of(state, perspective, event.receiver)):
            data |= {"cards": [], "unknown": len(event.cards) + event.unknown}
    elif isinstance(event, CardDrawn) and event.card is not None and not sees_cards_of(state, perspective, event.player):
        # friday § Blind President: the card drawn goes into the player's hand, hidden like the rest of it.
        data.pop("card")
    return data
