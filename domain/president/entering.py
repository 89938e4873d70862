"""Mode "holders": the checks of a hand entered by its holder (events.HandEntered), and the Choice `allowed`
lists for it (holders.py folds it).

docs/house-rules.md § Hands entered by their holders (President): a hand entered is the hand as dealt, so it is
checked against everything the record knows since the deal: its size, the deck (no card held twice, counting the
copies a deck of several decks holds), the cards the player has played and given (they were in it), and the
exchange rules that tie a gift to the hand it was given from (“The scum must give the president his two highest
cards”, the cards asked): a scum who kept a 2 back is caught when they enter their hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from msgspec.structs import replace

from domain.cards import label, labels
from domain.president.between import check_asked, check_exchange_highest
from domain.president.events import CardsExchanged, HandEntered
from domain.president.hands import Hand, unseen_copies
from domain.president.holders import held_since_deal, returning, since_deal
from domain.president.playing import cite, plural
from domain.president.rules import AS_DEALT, HAND_ENTERED
from domain.president.exchanges import Exchange, ExchangeDue
from domain.president.state import State
from domain.protocol import Choice, IllegalAction, event_tag

ENTERED = event_tag(HandEntered)
# The phases of a game dealt and not yet played out.
IN_GAME = ("exchanging", "choosing", "playing")


def check_hand_entered(state: State, event: HandEntered) -> None:
    """docs/house-rules.md § Hands entered by their holders (President); the deal's rule where a card would be
    held twice (classic § Preparation: the dealer “deals out all the cards in the deck”, each card once)."""
    player, cards = event.player, tuple(event.cards)
    if state.mode != "holders":
        raise IllegalAction(f"a {state.mode} record takes no hand entered by its holder", HAND_ENTERED)
    if state.phase not in IN_GAME:
        raise IllegalAction("a hand is entered while the game it was dealt for is played", HAND_ENTERED)
    if player not in state.dealt_sizes:
        raise IllegalAction(f"{player} was dealt no hand in this game", cite(state, "deal"))
    if player in state.entered:
        raise IllegalAction(f"{player} entered their hand already in this game", HAND_ENTERED)
    size = state.dealt_sizes[player]
    if len(cards) != size:
        raise IllegalAction(f"{player} was dealt {plural(size, 'card')}, not {len(cards)}", AS_DEALT)
    for card, count in Counter(cards).items():
        copies = state.deck.copies[card]  # a code of the deck: check_every said so
        others = [other for other, theirs in state.entered.items() if card in theirs]
        if count + sum(state.entered[other].count(card) for other in others) > copies:
            where = f"is in {others[0]}'s hand as entered" if others else f"is in the deck only {plural(copies, 'time')}"
            raise IllegalAction(f"{label(card)} {where}", cite(state, "deal"))
    now = since_deal(state, player, cards, _checking_gifts(state, player))
    unseen = unseen_copies(state.deck, (state.hands | {player: now}, state.piles), state.played)
    over = sorted(card for card, left in unseen.items() if left < 0)
    if over:
        card = over[0]
        holders = [p for p, hand in state.hands.items() if p != player and card in hand.known]
        where = f"known to be in {holders[0]}'s hand" if holders else "played already"
        raise IllegalAction(f"{label(card)} is {where}, and {player} would still hold it", cite(state, "deal"))


def _checking_gifts(state: State, player: str):
    """The check `since_deal` runs before cards leave the hand entered: they are in it, and a gift (not a return)
    is the highest or asked cards of the hand it was given from."""

    def before(hand: Hand, cards: tuple[str, ...], done: Exchange | None) -> None:
        short = Counter(cards) - Counter(hand.known)
        if short:
            how = "played" if done is None else f"gave {done.receiver}"
            raise IllegalAction(f"{player} {how} {labels(sorted(short.elements()))}, not in the hand entered", AS_DEALT)
        if done is None:
            _check_first_lead(state, player, hand)
            return
        if returning(state, done):
            return
        gift = CardsExchanged(giver=player, receiver=done.receiver, cards=done.cards, asked=done.asked)
        due = ExchangeDue(player, done.receiver, len(done.cards))
        # As the gift was made: before any play of this game, so before any revolution in it (a deal resets it).
        then = replace(state, hands=state.hands | {player: hand}, reversed=False)
        try:
            check_exchange_highest(then, gift, due)
            check_asked(then, gift, due)
        except IllegalAction as error:
            raise IllegalAction(f"the hand entered shows that {error.what}", error.rule) from None

    return before


def _check_first_lead(state: State, player: str, hand: Hand) -> None:
    """docs/daifugo.md: “The holder of the 3 of diamonds after the exchange leads every game”: a record that had not
    seen the card let anyone lead (playing.check_turn); `hand`, the hand entered after the exchange, says whether
    its holder should have."""
    card, first = state.ruleset.leader_holds, _first_player(state)
    if card and first is not None and (card in hand.known) != (first == player):
        held = "held" if card in hand.known else "did not hold"
        raise IllegalAction(f"{first} led this game, and the hand entered {held} {label(card)} after the exchange", cite(state, "first-lead"))


def _first_player(state: State) -> str | None:
    """Who had this game's lead: the first to act in it, by a play or a pass on the empty trick."""
    return state.opened_by


def entry_choices(state: State) -> list[Choice]:
    """A HandEntered for each player dealt a hand in this game who has not entered it. The cards are left to the
    page (`hints["supply"]`: ["cards"]): `hints["held"]`, the cards the hand as dealt must hold (played or given
    since, not received), and `hints["size"]` less as many of those of `hints["may"]` (each as often as listed),
    the cards the rest of the hand may be: not seen elsewhere, and none a gift made from the hand forbids keeping.
    A player for whom the record leaves no such hand is not offered the choice."""
    if state.mode != "holders" or state.phase not in IN_GAME:
        return []
    choices = []
    unseen = unseen_copies(state.deck, (state.hands, state.piles), state.played)
    for player in state.seating:
        if player in state.dealt_sizes and player not in state.entered:
            hints = _entry_hints(state, player, unseen)
            if hints is not None:
                choices.append(_entry_choice(player, hints))
    return choices


def seat_entry_choice(state: State, choice: Choice, seat: str) -> Choice:
    """The seat's own HandEntered as its phone is offered it: `may` from the table's cards and its own
    hand alone. The recorder's leaves out the cards other holders entered, which would give their hands
    away (docs/house-rules.md § Hands entered by their holders); a card another holds is refused when
    entered (`check_hand_entered`)."""
    if choice.type != ENTERED or choice.player != seat:
        return choice
    seen = {player: _seen_by_others(hand, state.entered.get(player, ())) for player, hand in state.hands.items() if player != seat}
    unseen = unseen_copies(state.deck, (state.piles, {seat: state.hands[seat]}, seen), state.played)
    hints = _entry_hints(state, seat, unseen)
    return choice if hints is None else _entry_choice(seat, hints)


def _seen_by_others(hand: Hand, entered: tuple[str, ...]) -> Hand:
    """A hand less the cards its holder entered (their secret): what the record shows of it to the table."""
    known = Counter(hand.known)
    known.subtract(entered)
    return Hand(known=tuple(known.elements()), unknown=hand.unknown + len(hand.known) - sum(max(n, 0) for n in known.values()))


def _entry_choice(player: str, hints: dict[str, Any]) -> Choice:
    return Choice(type=ENTERED, label=f"{player} enters their hand", player=player, event={"type": ENTERED, "player": player}, hints=hints)


def _entry_hints(state: State, player: str, unseen: Counter[str]) -> dict[str, Any] | None:
    must = held_since_deal(state, player)
    lead = state.ruleset.leader_holds
    received = [card for done in state.exchanged if done.receiver == player for card in done.cards]
    if lead and _first_player(state) == player and not must[lead] and lead not in received:
        # The player led, so held the card that leads after the exchange: dealt it, one of its unseen copies.
        if unseen[lead] <= 0:
            return None
        must[lead] += 1
        unseen = unseen - Counter({lead: 1})
    held = sorted(must.elements())
    size = state.dealt_sizes[player]
    if len(held) > size:
        return None
    checking = _checking_gifts(state, player)
    try:
        since_deal(state, player, held, checking)
    except IllegalAction:
        return None
    # Only a gift (not a return) and the card that leads tie the rest of the hand: without them, every unseen card
    # may be in it.
    tied = bool(lead and state.opened_by) or any(done.giver == player and not returning(state, done) for done in state.exchanged)
    may = []
    for card in state.deck.copies:
        left = unseen[card]
        if left <= 0:
            continue
        if tied:
            try:
                since_deal(state, player, [*held, card], checking)
            except IllegalAction:
                continue
        may += [card] * left
    if len(may) < size - len(held):
        return None
    return {"supply": ["cards"], "size": size, "held": held, "may": may}
