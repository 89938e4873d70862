"""What each perspective may see: `view` of a state, `redact` of an event, and
`describe`, an event in a player's words."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.president.cards import SUIT_SYMBOLS, count_words, label, labels, rank_words
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.order import is_bomb, set_rank
from domain.president.shapes import cuts, locked_suits, play_shape, shape_of, shaped
from domain.president.state import State, evolve, title_of
from domain.protocol import SPECTATOR, Perspective


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


def _titled(state: State, player: str) -> str:
    title = state.roles.get(player)
    return f"{player} ({title})" if title else player


def _shaped_words(state: State, event: CardsPlayed, after: State, line: str) -> str:
    """docs/daifugo.md: a sequence is named by its cards, a Joker by the card it stands for, and a suit lock when
    a play sets it."""
    shape = shape_of(state, event.cards, event.joker_as)
    if shape is not None and shape.kind == "sequence":
        line = f"{event.player} plays a sequence {labels(shape.stands)}"
    if event.joker_as is not None:
        line += f" (the Joker as {label(event.joker_as)})"
    if after.trick and locked_suits(after) and not locked_suits(state):
        suits = dict.fromkeys(locked_suits(after))  # a sequence holds its one suit several times
        line += ", locking the suits to " + " ".join(SUIT_SYMBOLS.get(suit, suit) for suit in suits)
    if cuts(state, event.cards, event.joker_as):
        line += ": an 8-cut"
    return line


def describe(state: State, event: msgspec.Struct, after: State | None = None, perspective: Perspective = SPECTATOR) -> str:
    # Cards that change hands unseen by `perspective` (an exchange, a Blind draw) are only counted, as
    # `redact` counts them: the words must not name what the event's data hides. A play or a pass is worded from the state it leaves: the caller's, when it folded it already.
    # Plays and passes first: nearly every event of a match is one.
    if isinstance(event, CardsPlayed):
        names = state.ruleset.rank_names
        rank = set_rank(state, event.cards)
        line = f"{event.player} plays {rank_words(rank, len(event.cards), names)}"
        wild = [card for card in event.cards if state.deck.rank[card] == state.ruleset.wild_rank]
        if wild and rank != state.ruleset.wild_rank:
            line += f" (with {rank_words(state.ruleset.wild_rank, len(wild), names)})"
        after = after if after is not None else evolve(state, event)
        if shaped(state):
            line = _shaped_words(state, event, after, line)
        bomb = is_bomb(state, event.cards)
        if bomb:
            line += ": the pile is reset" + (", the direction changes" if after.direction != state.direction else "")
        elif after.passed and state.ruleset.equal_skips_next and after.passed[-1] not in state.passed:
            line += f", skipping {after.passed[-1]}"
        if after.reversed != state.reversed:
            line += ": a revolution, " + ("the values are reversed" if after.reversed else "the values are back")
        if after.phase == "between":
            last = after.out[-1]
            return f"{line} and goes out; the game is over, {last} is the {title_of(state.ruleset, len(after.out) - 1, len(after.out))}"
        if event.player in after.out and event.player not in state.out:
            line += " and goes out"
        if not after.trick and not bomb:
            line += f"; the pile is reset, {after.turn} leads the next round"
        return line
    if isinstance(event, PlayerPassed):
        after = after if after is not None else evolve(state, event)
        if not after.trick and after.turn:
            return f"{event.player} passes; {after.turn} leads the next round"
        return f"{event.player} passes"
    if isinstance(event, CardsDealt):
        count = sum(len(c) for c in event.hands.values()) or sum(event.sizes.values())
        return f"{event.dealer} deals {count} cards to {len(state.seating)} players"
    if isinstance(event, CardsExchanged):
        seen = sees_cards_of(state, perspective, event.giver) or sees_cards_of(state, perspective, event.receiver)
        given = labels(event.cards) if seen else count_words(len(event.cards) + event.unknown)
        if event.unknown and seen:
            unseen = count_words(event.unknown)
            given = f"{given} and {event.unknown} unseen" if given else unseen
        asked = f", asked for {' and '.join(event.asked)}" if event.asked else ""
        return f"{_titled(state, event.giver)} gives {_titled(state, event.receiver)} {given}{asked}"
    if isinstance(event, CardDrawn):
        shown = f" ({labels((event.card,))})" if event.card and sees_cards_of(state, perspective, event.player) else ""
        return f"{event.player} takes the top card of the pile{shown}"
    if isinstance(event, DirectionChosen):
        first = f"; {event.leader} goes first" if event.leader else ""
        return f"{event.player} chooses to play {event.direction}{first}"
    if isinstance(event, PlayerLeft):
        return f"{_titled(state, event.player)} leaves the table"
    if isinstance(event, PlayerJoined):
        beside = f", to the left of {event.after}" if event.after else ""
        return f"{event.player} joins the table as a {state.ruleset.role_titles[2].lower()}{beside}"
    if isinstance(event, MatchEnded):
        return f"The match ends after {len(state.games)} game{'s' if len(state.games) != 1 else ''}"
    return type(event).__name__
