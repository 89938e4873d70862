"""`CHECKS`: per action, its check; one function per rule, each raising IllegalAction with the rule it enforces."""

from __future__ import annotations

from domain import cards
from domain.bid.cards import CLUBS, district_name
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed
from domain.bid.rules import (
    CLUB_PILE,
    DECK,
    DISTRICT_UP,
    ROUNDS,
    SEALED_ALLOWED,
    SEALED_ONCE,
    SEALED_REVEAL,
    SHOW,
    SUIT_PER_PLAYER,
)
from domain.bid.state import BidState, finished, names, seat_index
from domain.protocol import IllegalAction

# What a card code looks like, said with every refusal of an unknown code (upper-case, as recorded).
CODE_FORMAT = "a card is its rank then its suit letter (C, D, H, S), e.g. 2C, 10H, QS, AD"


def check_district_revealed(state: BidState, event: DistrictRevealed) -> None:
    rounds_left(state)
    no_district_up(state)
    club_label(event.district)
    not_drawn_before(state, event.district)


def check_bid_committed(state: BidState, event: BidCommitted) -> None:
    in_match(state, event.player)  # a stranger's name is said first, before any rule of the round
    sealed_bids_allowed(state)
    rounds_left(state)
    district_up(state)
    first_commit(state, event.player)
    card_in_hand(state, Bid(player=event.player, card=event.card))


def check_bids_revealed(state: BidState, event: BidsRevealed) -> None:
    for bid in event.bids:
        in_match(state, bid.player)
    rounds_left(state)
    not_shown_already(state, event.bids)
    district_up(state)
    one_bid_each(state, event.bids)
    for bid in event.bids:
        card_in_hand(state, bid)
    shows_committed_cards(state, event.bids)


# The check of each action (domain/system_base.py dispatches).
CHECKS = {
    DistrictRevealed: check_district_revealed,
    BidCommitted: check_bid_committed,
    BidsRevealed: check_bids_revealed,
}


def rounds_left(state: BidState) -> None:
    """presidential-bid.txt § play: “Play like this continues for thirteen rounds.”"""
    if finished(state):
        raise IllegalAction("the game is over: all thirteen rounds have been played", ROUNDS)


def no_district_up(state: BidState) -> None:
    """presidential-bid.txt § play: “That card represents the district that is now up
    for bid.” One district is up at a time, until the bids for it are shown."""
    if state.up is not None:
        raise IllegalAction(
            f"{district_name(state.up)} is still up for bid: show the bids before drawing another club",
            DISTRICT_UP,
        )


def not_shown_already(state: BidState, bids: tuple[Bid, ...]) -> None:
    """presidential-bid.txt § play: “That card represents the district that is now up
    for bid.” The bids of the last district, shown again with none up, are a reveal
    recorded twice: said as such (a log that spells out a reveal the service recorded
    by itself once every sealed bid was committed)."""
    last = state.districts[-1] if state.districts else None
    if state.up is None and last is not None and set(bids) == set(last.bids):
        raise IllegalAction(
            f"these bids were shown at step {last.step} already (once every sealed bid is committed, the reveal is "
            "recorded by itself); no district is up for bid now",
            DISTRICT_UP,
        )


def district_up(state: BidState) -> None:
    """presidential-bid.txt § play: “That card represents the district that is now up
    for bid.” Bids are for the district up, so one must be drawn first."""
    if state.up is None:
        raise IllegalAction("no district is up for bid: draw a club first", DISTRICT_UP)


def club_label(district: str) -> None:
    """presidential-bid.txt § setup: “Shuffle all of the clubs together and place them
    face down as a draw pile.” Only clubs are drawn; header: “MATERIALS: 52 card deck”."""
    if not cards.is_card(district):
        raise IllegalAction(f"{district!r} is not a card of the deck: {CODE_FORMAT}", DECK)
    if cards.suit_of(district) != CLUBS:
        raise IllegalAction(f"districts are drawn from the clubs, not {cards.card_name(district)}", CLUB_PILE)


def not_drawn_before(state: BidState, district: str) -> None:
    """presidential-bid.txt § setup: “Shuffle all of the clubs together and place them
    face down as a draw pile.” Each club is in the pile once, so it is drawn once."""
    if any(done.district == district for done in state.districts):
        raise IllegalAction(f"{district_name(district)} has already been bid for", CLUB_PILE)


def in_match(state: BidState, player: str) -> None:
    """presidential-bid.txt § setup: “Give one of the remaining suits to each player in
    the game.” Only the players given a suit bid."""
    if seat_index(state, player) is None:
        raise IllegalAction(f"{player} is not in this match (players: {', '.join(names(state))})", SUIT_PER_PLAYER)


def card_in_hand(state: BidState, bid: Bid) -> None:
    """presidential-bid.txt § setup: “Give one of the remaining suits to each player in
    the game.” § play: “Each player chooses a card from their hand and shows it
    simultaneously.” A bid is a card of the player's own suit not yet shown."""
    if not cards.is_card(bid.card):
        raise IllegalAction(f"{bid.card!r} is not a card of the deck: {CODE_FORMAT}", DECK)
    seat = seat_index(state, bid.player)
    assert seat is not None  # in_match ran first
    suit = state.match.players[seat].suit
    if cards.suit_of(bid.card) != suit:
        raise IllegalAction(
            f"{bid.player} holds the {cards.SUIT_NAMES[suit]} and cannot bid {cards.card_name(bid.card)}",
            SUIT_PER_PLAYER,
        )
    if bid.card not in state.hands[seat]:
        raise IllegalAction(f"{bid.player} has already bid {cards.card_name(bid.card)} in an earlier round", SHOW)


def one_bid_each(state: BidState, bids: tuple[Bid, ...]) -> None:
    """presidential-bid.txt § play: “Each player chooses a card from their hand and
    shows it simultaneously.” Every player shows exactly one card."""
    bidders = [bid.player for bid in bids]
    twice = sorted({player for player in bidders if bidders.count(player) > 1})
    if twice:
        raise IllegalAction(f"{' and '.join(twice)} may show only one card each", SHOW)
    missing = [player for player in names(state) if player not in bidders]
    if missing:
        raise IllegalAction(f"every player shows a card: {' and '.join(missing)} did not", SHOW)


def sealed_bids_allowed(state: BidState) -> None:
    """Beyond the text (ruleset option `sealed_bids`): a player may commit a bid in
    advance only where the match allows it."""
    if not state.match.ruleset.sealed_bids:
        raise IllegalAction("this match has bids shown at the table, not sealed bids", SEALED_ALLOWED)


def first_commit(state: BidState, player: str) -> None:
    """Beyond the text: a committed bid cannot be changed, so a player commits once a round."""
    if any(commit.player == player for commit in state.commits):
        raise IllegalAction(f"{player} has already committed a bid for this district", SEALED_ONCE)


def shows_committed_cards(state: BidState, bids: tuple[Bid, ...]) -> None:
    """Beyond the text: once anyone has committed in a round, the reveal waits for
    every player's commit and shows exactly the committed cards."""
    if not state.commits:
        return
    committed = {commit.player: commit.card for commit in state.commits}
    waiting = [player for player in names(state) if player not in committed]
    if waiting:
        raise IllegalAction(
            f"sealed bids are revealed once everyone has committed; still to commit: {' and '.join(waiting)}",
            SEALED_REVEAL,
        )
    for bid in bids:
        if committed[bid.player] != bid.card:
            raise IllegalAction(
                f"{bid.player} committed a card other than {cards.card_name(bid.card)}", SEALED_REVEAL
            )
