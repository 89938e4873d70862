"""What each perspective may see: `view` of a state and `redact` of an event
(`describe`, the event in a player's words, is words.py)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import msgspec

from domain.president.events import CardDrawn, CardsDealt, CardsExchanged, HandEntered
from domain.president.shapes import locked_suits, play_shape, shaped
from domain.president.state import State
from domain.protocol import Perspective
from domain.system_base import walking


def sees_cards_of(state: State, perspective: Perspective, player: str) -> bool:
    """Public mode records only what the table saw, so its seen cards are public;
    in full mode, and in a hand entered by its holder (mode "holders"), a player's cards
    are theirs and the record's."""
    if state.mode == "public" or perspective.kind == "everyone":
        return True
    return perspective.kind == "seat" and perspective.seat == player


def trick_leader(state: State) -> str | None:
    """Who leads the trick being played: its first player, or, on an empty pile, the player whose
    lead it is (classic § Play Game: “whoever played last on the previous round starts the new round
    of plays again”). None outside play. The state's `leader` is the game's first leader only, so
    a page marking “leads” from it marked the wrong player for most of a game."""
    if state.phase != "playing":
        return None
    return state.trick[0].player if state.trick else state.turn


# A state before any: no field of it is any state's (`hands` is empty, as `_view` looks players up in it).
_NOTHING = SimpleNamespace(**{name: object() for name in State.__struct_fields__} | {"hands": {}})


def view(state: State, perspective: Perspective) -> dict[str, Any]:
    return _view(state, perspective, None, None)


def viewer(perspective: Perspective) -> Callable[[State], dict[str, Any]]:
    """`view(·, perspective)` for the states of a walk through a match, one after the other: the
    same views, faster. A state shares with the state before every part an event left alone (the
    same object), so the part of the view made of those parts is the one already built: built once,
    and seen unchanged by a diff (replay/patches.py) at once. Used by replay/frames.py."""
    return walking(_view, perspective)


def _view(state: State, perspective: Perspective, was: State | None, shown: dict[str, Any] | None) -> dict[str, Any]:
    """The view of `state`; where `was` (another state, viewed as `shown` by the same perspective)
    holds the same objects as `state` for every field a part of the view reads, that part is taken
    from `shown`."""
    # Called for every step of a replay, so `sees_cards_of` is worked out once here rather than per
    # hand and per exchange: `sees_all`, else only the cards of `own`.
    sees_all = state.mode == "public" or perspective.kind == "everyone"
    own = perspective.seat if perspective.kind == "seat" else None
    seating, players = state.seating, state.players
    if was is None or shown is None or was.mode != state.mode:
        was, shown = _NOTHING, {}
    same_seating = seating is was.seating
    if state.hands is was.hands and same_seating:
        hands = shown["hands"]
    else:
        hands = {}
        held, had, had_shown = state.hands, was.hands, shown.get("hands", {})
        for player in seating:
            hand = held.get(player)
            if hand is None:
                hands[player] = {"count": 0}
            elif hand is had.get(player) and player in had_shown:
                hands[player] = had_shown[player]
            elif sees_all or player == own:
                known, unknown = hand.known, hand.unknown
                cards = {"count": len(known) + unknown, "cards": list(known)}
                if unknown:
                    cards["unknown"] = unknown
                hands[player] = cards
            else:
                hands[player] = {"count": len(hand.known) + hand.unknown}
    if state.exchanged is was.exchanged:
        exchanges = shown["exchanges"]
    else:
        exchanges = []
        for done in state.exchanged:
            if sees_all or done.giver == own or done.receiver == own:
                cards, unknown = list(done.cards), done.unknown
            else:
                cards, unknown = [], len(done.cards) + done.unknown
            exchanges.append({"giver": done.giver, "receiver": done.receiver, "cards": cards, "unknown": unknown, "step": done.step})
    # The shapes and the lock read the deck, the ruleset and whether the ranks are reversed, besides the trick.
    if state.trick is was.trick and state.ruleset is was.ruleset and state.deck is was.deck and state.reversed is was.reversed:
        trick, lock = shown["trick"], shown.get("lock")
    else:
        trick, lock = _trick(state)
    seen = {
        "game": state.game,
        "phase": state.phase,
        "mode": state.mode,
        "seating": shown["seating"] if same_seating else list(seating),
        "dealer": state.dealer,
        "leader": state.leader,  # who led the game's first round (the state's meaning)
        "trick_leader": trick_leader(state),
        "turn": state.turn,
        "direction": "clockwise" if state.direction == 1 else "counter-clockwise",
        "trick": trick,
        "passed": shown["passed"] if state.passed is was.passed else list(state.passed),
        "hands": hands,
        "finishing_order": shown["finishing_order"] if state.out is was.out else list(state.out),
        "roles": shown["roles"] if state.roles is was.roles else dict(state.roles),
        "points": shown["points"] if state.points is was.points else dict(state.points),
        "exchanges_due": shown["exchanges_due"] if state.dues is was.dues else [{"giver": d.giver, "receiver": d.receiver, "count": d.count} for d in state.dues],
        "exchanges": exchanges,
        "games_played": len(state.games),
        "ranks": shown["ranks"] if state.rank_orders is was.rank_orders and state.reversed is was.reversed else list(state.rank_orders[state.reversed]),
        "rank_names": shown["rank_names"] if state.ruleset is was.ruleset else dict(state.ruleset.rank_names),
        "reversed": state.reversed,
        # Players only join (both tuples) or leave (the seating only), so equal lengths mean nobody is away.
        "away": shown["away"] if same_seating and players is was.players else [p for p in players if p not in seating] if len(players) != len(seating) else [],
    }
    if state.mode == "holders":
        # docs/house-rules.md § Hands entered by their holders (President): who has entered their hand, not what.
        seen["entered"] = [player for player in seating if player in state.entered]
    if lock:
        # docs/daifugo.md: “later plays of the trick must have those suits”; a sequence's suit once, not per card.
        seen["lock"] = lock
    if state.piles:
        # friday § Blind President: “face-down piles that the players are not allowed to look at”
        seen["piles"] = shown["piles"] if state.piles is was.piles else {
            player: {"count": pile.size} | ({"cards": list(pile.known)} if perspective.kind == "everyone" else {})
            for player, pile in state.piles.items()
        }
    return seen


def _trick(state: State) -> tuple[list[dict[str, Any]], list[str] | None]:
    """The trick as the view shows it, and the suits it is locked to (None: none)."""
    if not state.trick:
        return [], None
    trick = [{"player": play.player, "cards": list(play.cards), "step": play.step} for play in state.trick]
    if not shaped(state):
        return trick, None
    # docs/daifugo.md: a play is a “group” or a “sequence”, and a Joker may “stand for any card”: the page draws a
    # sequence as its run and the Joker as the card it stands for, and shows the suits the trick is locked to.
    for shown, play in zip(trick, state.trick):
        shape = play_shape(state, play)
        if shape is not None:
            shown["kind"] = shape.kind
        if play.joker_as is not None:
            shown["joker_as"] = play.joker_as
    lock = locked_suits(state)
    return trick, list(dict.fromkeys(lock)) if lock else None


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
    elif isinstance(event, HandEntered) and not sees_cards_of(state, perspective, event.player):
        # The hand is its holder's: the others learn that it was entered, and its size.
        data |= {"cards": [], "count": len(event.cards)}
    return data
