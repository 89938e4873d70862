"""`check`: one function per rule; each raises IllegalAction citing its sentence."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.president.cards import label, labels
from domain.president.events import CardDrawn, CardsDealt, CardsExchanged, CardsPlayed, MatchEnded, PlayerPassed
from domain.president.hands import missing, unseen_copies
from domain.president.order import beats_any_set, value
from domain.president.state import ExchangeDue, State, received_from
from domain.president.texts import KNOWLEDGE, MATCH_OVER, rule
from domain.protocol import IllegalAction, Rule


def _rule(state: State, concept: str) -> Rule:
    return rule(state.ruleset.text, concept)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# -- phases -----------------------------------------------------------------------------------------


def check_not_ended(state: State) -> None:
    """domain/protocol.py § GameSystem.finished: “True when the match is over and nothing more may be
    recorded.” — nothing is recorded after MatchEnded."""
    if state.phase == "ended":
        raise IllegalAction("the match has ended; nothing more can be recorded", MATCH_OVER)


def check_between_games(state: State, what: str) -> None:
    """classic § End Game: “But play doesn’t end at the first person out; you continue until only one
    player is left holding cards.” — a new deal or the end of the match waits for the game to end."""
    if state.phase in ("exchanging", "playing"):
        raise IllegalAction(f"game {state.game} is still being played, so {what}", _rule(state, "game-end"))


def check_playing(state: State) -> None:
    """classic § Preparation: the deal comes first; § End Game: exchanges come “Before the new game starts”."""
    if state.phase == "exchanging":
        due = state.dues[0]
        raise IllegalAction(
            f"the cards are not exchanged yet: {due.giver} still owes {due.receiver} {_plural(due.count, 'card')}",
            _rule(state, "exchange-first"),
        )
    if state.phase != "playing":
        raise IllegalAction("no game is being played: the cards must be dealt first", _rule(state, "deal"))


# -- the deal ---------------------------------------------------------------------------------------


def check_dealer(state: State, event: CardsDealt) -> None:
    """classic § Preparation: “The dealer for the first round, selected at random, deals out all the cards
    …”; after that the ruleset's `next_dealer` says who deals."""
    if event.dealer not in state.seating:
        raise IllegalAction(f"{event.dealer} is not playing in this match", _rule(state, "deal"))
    if state.ruleset.next_dealer == "left_of_previous" and state.dealer is not None:
        seats = state.seating
        expected = seats[(seats.index(state.dealer) + 1) % len(seats)]
        if event.dealer != expected:
            raise IllegalAction(
                f"{expected} deals this game (the deal moves one seat left), not {event.dealer}",
                _rule(state, "next-dealer"),
            )


def check_whole_deck(state: State, event: CardsDealt) -> None:
    """classic § Preparation: the dealer “deals out all the cards in the deck” — to every player; a full
    record lists every card of each hand, a public one only the hand sizes."""
    deal_rule = _rule(state, "deal")
    listed = event.hands if state.mode == "full" else event.sizes
    other = event.sizes if state.mode == "full" else event.hands
    if other:
        kind = "hand sizes" if state.mode == "full" else "the cards of hands"
        raise IllegalAction(f"a {state.mode} record does not take {kind} at the deal", KNOWLEDGE)
    if set(listed) != set(state.seating):
        absent = sorted(set(state.seating) - set(listed))
        strangers = sorted(set(listed) - set(state.seating))
        what = f"no hand for {', '.join(absent)}" if absent else f"{', '.join(strangers)} is not playing"
        raise IllegalAction(f"the deal must give every player a hand: {what}", deal_rule)
    if state.mode == "full":
        dealt = Counter(card for hand in event.hands.values() for card in hand)
        deck = Counter(state.deck.copies)
        extra, short = dealt - deck, deck - dealt
        if extra or short:
            parts = []
            if short:
                parts.append(f"{labels(sorted(short.elements()))} not dealt")
            if extra:
                parts.append(f"{labels(sorted(extra.elements()))} not in the deck or dealt twice")
            raise IllegalAction(f"the deal is not the whole deck: {'; '.join(parts)}", deal_rule)
    elif sum(event.sizes.values()) != state.deck.size:
        raise IllegalAction(
            f"the hands hold {sum(event.sizes.values())} cards but the deck has {state.deck.size}", deal_rule
        )


def check_deal_sizes(state: State, event: CardsDealt) -> None:
    """classic § Preparation: cards go “clockwise, and one at a time” from the dealer's left, so hands differ
    by at most one card and the extra cards go to the first players after the dealer: “Because these players
    are the first to play, the inequality evens out.”"""
    seats = state.seating
    start = seats.index(event.dealer)
    order = [seats[(start + offset) % len(seats)] for offset in range(1, len(seats) + 1)]
    base, extra = divmod(state.deck.size, len(order))
    for place, player in enumerate(order):
        expected = base + (1 if place < extra else 0)
        held = len(event.hands[player]) if state.mode == "full" else event.sizes[player]
        if held != expected:
            raise IllegalAction(
                f"dealt one at a time from {event.dealer}'s left, {player} gets {expected} cards, not {held}",
                _rule(state, "deal"),
            )


# -- the exchange -----------------------------------------------------------------------------------


def _due(state: State, event: CardsExchanged) -> ExchangeDue:
    """classic § End Game: “No one else exchanges cards.”"""
    for due in state.dues:
        if (due.giver, due.receiver) == (event.giver, event.receiver):
            return due
    owed = "; ".join(f"{d.giver} owes {d.receiver} {_plural(d.count, 'card')}" for d in state.dues)
    raise IllegalAction(
        f"{event.giver} does not give {event.receiver} cards in this exchange ({owed})",
        _rule(state, "no-other-exchange"),
    )


def _exchange_rule(state: State, due: ExchangeDue) -> Rule:
    high = due.giver if due.returning else due.receiver
    return _rule(state, "exchange-first" if state.ranking.index(high) == 0 else "exchange-second")


def check_exchange_order(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """classic § End Game: the scum gives “and receive[s] any two cards from the president’s hand in return”:
    the return comes after the gift."""
    if due.returning and any(d.giver == event.receiver and d.receiver == event.giver for d in state.dues):
        raise IllegalAction(
            f"{event.giver} gives back only after receiving {event.receiver}'s cards", _exchange_rule(state, due)
        )


def check_exchange_count(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """classic § End Game: two cards between scum and president, one between worker and vice-president."""
    given = len(event.cards) + event.unknown
    if given != due.count:
        raise IllegalAction(
            f"{event.giver} gives {event.receiver} {_plural(due.count, 'card')}, not {given}",
            _exchange_rule(state, due),
        )
    if event.unknown < 0 or (event.unknown and state.mode == "full"):
        raise IllegalAction("a full record names every card that changes hands", KNOWLEDGE)


def check_exchange_highest(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """classic § End Game: “The scum must give the president his two highest cards …” and “the worker must
    give the vice-president his highest card”: no card kept may outrank a card given (equal ranks are
    interchangeable). Checked against every card the record has seen in the giver's hand."""
    if due.returning or not event.cards:
        return
    lowest_given = min(value(state, (card,)) for card in event.cards)
    kept = list(state.hands[event.giver].known)
    for card in event.cards:
        if card in kept:
            kept.remove(card)
    higher = sorted((card for card in kept if value(state, (card,)) > lowest_given), key=lambda c: value(state, (c,)))
    if higher:
        raise IllegalAction(
            f"{event.giver} must give the highest cards, and keeps {labels(higher)} above {labels(event.cards)}",
            _exchange_rule(state, due),
        )


def check_return_not_received(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """ruleset `return_received_allowed`: classic lets the president return “any two cards from the
    president’s hand”; the other texts forbid giving back the cards received."""
    if not due.returning or state.ruleset.return_received_allowed:
        return
    received = set(received_from(state, event.giver, event.receiver))
    back = [card for card in event.cards if card in received]
    if back:
        raise IllegalAction(f"{event.giver} may not give back {labels(back)}, just received", _exchange_rule(state, due))


# -- cards in hand ----------------------------------------------------------------------------------


def check_cards_exist(state: State, cards: tuple[str, ...]) -> None:
    """classic § Preparation: the deal “deals out all the cards in the deck”: no card outside it, and no
    card more often than the deck holds it."""
    for card, count in Counter(cards).items():
        held = state.deck.copies.get(card, 0)
        if held == 0:
            raise IllegalAction(f"{card!r} is not a card of this deck", _rule(state, "deal"))
        if count > held:
            raise IllegalAction(f"the deck holds {label(card)} only {_plural(held, 'time')}", _rule(state, "deal"))


def check_in_hand(state: State, player: str, cards: tuple[str, ...]) -> None:
    """DESIGN.md § Principles: “the checks use everything known and nothing more”: a card must be in the
    hand as recorded — seen there, or (public mode) possibly among its unseen cards, which excludes a card
    already played this game or seen in another hand."""
    hand = state.hands[player]
    if len(cards) > hand.size:
        raise IllegalAction(f"{player} holds only {_plural(hand.size, 'card')}", KNOWLEDGE)
    unseen = unseen_copies(state.deck, (state.hands, state.piles), state.played)
    short = missing(hand, cards, unseen)
    if not short:
        return
    card = short[0]
    if state.mode == "full" or hand.unknown == 0:
        raise IllegalAction(f"{player} does not hold {label(card)}", KNOWLEDGE)
    if card in state.played:
        raise IllegalAction(f"{label(card)} was already played in this game", KNOWLEDGE)
    holders = [p for p, h in state.hands.items() if p != player and card in h.known]
    holders += [f"{p}'s pile" for p, h in state.piles.items() if card in h.known]
    if holders:
        raise IllegalAction(f"{label(card)} is known to be in {holders[0]}'s hand", KNOWLEDGE)
    raise IllegalAction(f"{player} cannot hold {labels(short)} as well as the cards already recorded", KNOWLEDGE)


# -- play -------------------------------------------------------------------------------------------


def check_turn(state: State, player: str) -> None:
    """classic § Play Game: “After a player lays the initial card, the opportunity to play progresses in a
    clockwise direction.” The first play of a game is the leader's (“The player to the dealer’s left plays
    first”; after the first game, § End Game: “The finishing order determines who plays first …”), the first
    of a round its winner's (“whoever played last on the previous round starts the new round”)."""
    if player == state.turn:
        return
    if not state.played:
        concept = "first-lead" if state.game == 1 else "next-lead"
    else:
        concept = "lead" if not state.trick else "turn"
    raise IllegalAction(f"it is {state.turn}'s turn, not {player}'s", _rule(state, concept))


def check_set(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “putting one, two, three, or four cards of the same kind face-up on the table”."""
    if not cards:
        raise IllegalAction("a play puts down at least one card", _rule(state, "set"))
    if len(cards) > state.ruleset.max_set:
        raise IllegalAction(f"a play is at most {state.ruleset.max_set} cards", _rule(state, "set"))
    ranks = {state.deck.rank[card] for card in cards}
    if len(ranks) > 1:
        raise IllegalAction(f"{labels(cards)} are not all of the same rank", _rule(state, "set"))


def check_count(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “she must put down the same number of cards as the previous lay down”."""
    if not state.trick:
        return
    needed = len(state.trick[-1].cards)
    if needed > 1 and beats_any_set(state, cards):
        return  # friday: “However, a single 2 may be played onto any DTQ up to the value of Ace.”
    if state.ruleset.count_rule == "same" and len(cards) != needed:
        raise IllegalAction(
            f"this round is played {_plural(needed, 'card')} at a time, not {len(cards)}", _rule(state, "same-count")
        )
    if state.ruleset.count_rule == "at_least" and len(cards) < needed:
        raise IllegalAction(
            f"this round needs at least {_plural(needed, 'card')} a play, not {len(cards)}", _rule(state, "same-count")
        )


def check_outranks(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “the cards you put down must have a higher rank than the cards already played”;
    with `equal_rank_beats`, § Introduction: “Each play must equal or outrank the previous one.”"""
    if not state.trick:
        return
    top = state.trick[-1].cards
    played, beaten = value(state, cards), value(state, top)
    if state.ruleset.equal_rank_beats:
        if played < beaten:
            raise IllegalAction(f"{labels(cards)} does not equal or outrank {labels(top)}", _rule(state, "equal-or-outrank"))
    elif played <= beaten:
        reversed_now = " (values are reversed)" if state.reversed else ""
        raise IllegalAction(f"{labels(cards)} does not outrank {labels(top)}{reversed_now}", _rule(state, "higher"))


def check_may_pass(state: State) -> None:
    """classic § Play Game: whoever won the round “starts the new round of plays again, playing whatever card
    or cards he wants to play” — the lead is a play, not a pass."""
    if not state.trick:
        raise IllegalAction(f"{state.turn} leads this round and must play", _rule(state, "lead"))


def check_draw(state: State, event: CardDrawn) -> None:
    """friday § Blind President: “If a player runs out of cards in their hand during a round, they may take
    one card from the top of their pile and play it if it can be played.”"""
    drawing = _rule(state, "blind-draw")
    if not state.ruleset.blind:
        raise IllegalAction("cards are drawn from a pile only in Blind President", drawing)
    hand, pile = state.hands[event.player], state.piles[event.player]
    if hand.size:
        raise IllegalAction(f"{event.player} still holds cards and draws only when the hand runs out", drawing)
    if not pile.size:
        raise IllegalAction(f"{event.player}'s pile is empty", drawing)
    if event.card is None:
        return
    if pile.known and pile.known[0] != event.card:
        raise IllegalAction(f"the top card of {event.player}'s pile is {label(pile.known[0])}", KNOWLEDGE)
    if not pile.known:
        check_cards_exist(state, (event.card,))
        if unseen_copies(state.deck, (state.hands, state.piles), state.played)[event.card] <= 0:
            raise IllegalAction(f"{label(event.card)} cannot be in {event.player}'s pile", KNOWLEDGE)


# -- dispatch ---------------------------------------------------------------------------------------


def _check_deal(state: State, event: CardsDealt) -> None:
    check_between_games(state, "the next deal waits")
    check_dealer(state, event)
    check_whole_deck(state, event)
    check_deal_sizes(state, event)


def _check_exchange(state: State, event: CardsExchanged) -> None:
    if state.phase != "exchanging":
        raise IllegalAction("cards are exchanged only after the deal of a game after the first", _rule(state, "no-other-exchange"))
    due = _due(state, event)
    check_exchange_order(state, event, due)
    check_exchange_count(state, event, due)
    check_cards_exist(state, event.cards)
    if event.unknown > state.hands[event.giver].size - len(event.cards):
        raise IllegalAction(f"{event.giver} does not hold that many cards", KNOWLEDGE)
    check_in_hand(state, event.giver, event.cards)
    check_exchange_highest(state, event, due)
    check_return_not_received(state, event, due)


def _check_play(state: State, event: CardsPlayed) -> None:
    check_playing(state)
    check_turn(state, event.player)
    if state.piles and not state.hands[event.player].size:
        raise IllegalAction(f"{event.player}'s hand is empty: take the top card of the pile first", _rule(state, "blind-draw"))
    check_cards_exist(state, event.cards)
    check_set(state, event.cards)
    check_in_hand(state, event.player, event.cards)
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
        raise IllegalAction("the match can end only between games, after one is played out", _rule(state, "game-end"))


_CHECKS = {
    CardsDealt: _check_deal,
    CardsExchanged: _check_exchange,
    CardsPlayed: _check_play,
    PlayerPassed: _check_pass,
    CardDrawn: _check_draw,
    MatchEnded: _check_end,
}


def check(state: State, event: msgspec.Struct) -> None:
    check_not_ended(state)
    checker = _CHECKS.get(type(event))
    if checker is None:
        raise IllegalAction(f"{type(event).__name__} is not an action of President", KNOWLEDGE)
    checker(state, event)
