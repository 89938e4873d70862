"""`CHECKS`: the rules that forbid an action, by the kind of action (playing.py: the play; between.py:
the deal, the exchange and the table between games)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.president.between import (
    check_asked,
    check_dealer,
    check_deal_sizes,
    check_direction,
    check_exchange_count,
    check_exchange_highest,
    check_exchange_order,
    check_seating,
    check_return_not_received,
    check_table_change,
    check_whole_deck,
    owed_exchange,
)
from domain.president.cards import code_format, meant
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    HandEntered,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.entering import check_hand_entered
from domain.president.order import is_bomb
from domain.president.shapes import check_beats, check_joker_as, check_shape, shaped
from domain.president.playing import (
    check_between_games,
    check_cards_exist,
    check_count,
    check_draw,
    check_in_hand,
    check_lone_wild,
    check_may_pass,
    check_not_ended,
    check_outranks,
    check_playing,
    check_set,
    check_turn,
    cite,
)
from domain.president.state import State
from domain.president.rules import KNOWLEDGE
from domain.protocol import IllegalAction

# -- what an action names: players of the match, codes of the deck ---------------------------------


def _named_players(event: msgspec.Struct) -> list[str]:
    """The players an action names as acting, giving, receiving or dealing."""
    if isinstance(event, CardsDealt):
        return [event.dealer, *event.hands, *event.sizes]
    if isinstance(event, CardsExchanged):
        return [event.giver, event.receiver]
    if isinstance(event, DirectionChosen):
        return [event.player, *([event.leader] if event.leader is not None else [])]
    if isinstance(event, (PlayerJoined, PlayerLeft)):
        return []  # the table-change rules say who may leave, join and sit beside whom
    player = getattr(event, "player", None)
    return [player] if isinstance(player, str) else []


def check_in_match(state: State, event: msgspec.Struct) -> None:
    """docs/house-rules.md § The table (President): “The players of a match are those it was created with,
    and those who joined it since where the ruleset lets players join.” (deck § Players Leaving/Entering
    Between Rounds: “If someone enters between rounds, they enter as a “citizen” …”). A name outside them is a typo or a stranger, said before any
    rule of turns would blame the player whose turn it is."""
    for name in _named_players(event):
        if name not in state.players:
            raise IllegalAction(f"{name} is not in this match (players: {', '.join(state.seating)})", cite(state, "in-match"))


def _named_cards(event: msgspec.Struct) -> list[str]:
    if isinstance(event, CardsDealt):
        return [card for hand in event.hands.values() for card in hand]
    if isinstance(event, CardDrawn):
        return [event.card] if event.card is not None else []
    return list(getattr(event, "cards", ()))


def check_card_codes(state: State, event: msgspec.Struct) -> None:
    """classic header: “_materials_: 52 card deck”: a card is one of the match's deck. An unknown code is
    answered with what a code looks like (examples from this deck) and, for a near miss such as "10h",
    "10♥" or "♥10", the code meant: the record holds one spelling of each card."""
    for card in _named_cards(event):
        if card in state.deck.copies:
            continue
        near = meant(card, state.deck)
        hint = f"write {near}" if near else code_format(state.deck)
        raise IllegalAction(f"{card!r} is not a card code of this match's deck: {hint}", cite(state, "deck"))


# -- dispatch ---------------------------------------------------------------------------------------


def _check_deal(state: State, event: CardsDealt) -> None:
    check_between_games(state, "the next deal waits")
    if event.seating:
        check_seating(state, event)
        state = replace(state, seating=tuple(event.seating))
    check_dealer(state, event)
    check_whole_deck(state, event)
    check_deal_sizes(state, event)


def check_exchange(state: State, event: CardsExchanged) -> None:
    if state.phase != "exchanging":
        raise IllegalAction("cards are exchanged only after the deal of a game after the first", cite(state, "no-other-exchange"))
    due = owed_exchange(state, event)
    check_exchange_order(state, event, due)
    check_exchange_count(state, event, due)
    check_cards_exist(state, event.cards)
    if event.unknown > state.hands[event.giver].size - len(event.cards):
        raise IllegalAction(f"{event.giver} does not hold that many cards", KNOWLEDGE)
    check_in_hand(state, event.giver, event.cards)
    check_exchange_highest(state, event, due)
    check_asked(state, event, due)
    check_return_not_received(state, event, due)


def _check_play(state: State, event: CardsPlayed) -> None:
    check_playing(state)
    check_turn(state, event.player)
    if state.piles and not state.hands[event.player].size:
        raise IllegalAction(f"{event.player}'s hand is empty: take the top card of the pile first", cite(state, "blind-draw"))
    check_cards_exist(state, event.cards)
    if shaped(state) or event.joker_as is not None:
        # docs/daifugo.md: groups, sequences and a Joker standing for a named card.
        check_joker_as(state, event.cards, event.joker_as)
        shape = check_shape(state, event.cards, event.joker_as)
        check_in_hand(state, event.player, event.cards)
        check_beats(state, shape)
        return
    check_set(state, event.cards)
    check_in_hand(state, event.player, event.cards)
    if is_bomb(state, event.cards):
        return  # deck: “the Bomb card (#0) resets the pile” whatever lies on it
    check_lone_wild(state, event.cards)
    check_count(state, event.cards)
    check_outranks(state, event.cards)


def _check_pass(state: State, event: PlayerPassed) -> None:
    check_playing(state)
    check_turn(state, event.player)
    check_may_pass(state)


def _check_draw(state: State, event: CardDrawn) -> None:
    check_playing(state)
    check_turn(state, event.player)
    check_draw(state, event)


def _check_end(state: State, event: MatchEnded) -> None:
    check_between_games(state, "the match can end only between games")
    if state.phase == "dealing":
        raise IllegalAction("the match can end only between games, after one is played out", cite(state, "match-end"))


# The check of each action (domain/system_base.py dispatches, after `check_every`).
CHECKS = {
    CardsDealt: _check_deal,
    CardsExchanged: check_exchange,
    CardsPlayed: _check_play,
    PlayerPassed: _check_pass,
    CardDrawn: _check_draw,
    DirectionChosen: check_direction,
    PlayerLeft: check_table_change,
    PlayerJoined: check_table_change,
    MatchEnded: _check_end,
    HandEntered: check_hand_entered,
}


def check_every(state: State, event: msgspec.Struct) -> None:
    """What every action must pass first: the match is not over, the players it names
    are at the table, the cards it names are of the deck."""
    check_not_ended(state)
    check_in_match(state, event)
    check_card_codes(state, event)
