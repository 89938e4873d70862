"""Checks between games: the deal, the exchange, the direction of play, players leaving and joining."""

from __future__ import annotations

from collections import Counter

from domain.cards import JOKER, labels
from domain.president.events import CardsDealt, CardsExchanged, DirectionChosen, PlayerJoined, PlayerLeft
from domain.president.order import rank_value, value
from domain.president.playing import check_between_games, cite, plural
from domain.president.exchanges import ExchangeDue, received_from
from domain.president.state import State
from domain.president.rules import GIVER_NAMES, KNOWLEDGE, has
from domain.protocol import IllegalAction, Rule

# -- the deal ---------------------------------------------------------------------------------------


def check_dealer(state: State, event: CardsDealt) -> None:
    """classic § Preparation: “The dealer for the first round, selected at random, deals out all the cards
    …”; after that the ruleset's `next_dealer` says who deals."""
    if event.dealer not in state.seating:
        raise IllegalAction(f"{event.dealer} is not playing in this match", cite(state, "deal"))
    if state.ruleset.next_dealer == "left_of_previous" and state.dealer in state.seating:
        seats = state.seating
        expected = seats[(seats.index(state.dealer) + 1) % len(seats)]
        if event.dealer != expected:
            raise IllegalAction(
                f"{expected} deals this game (the deal moves one seat left), not {event.dealer}",
                cite(state, "next-dealer"),
            )


def check_seating(state: State, event: CardsDealt) -> None:
    """docs/daifugo.md § The rules: “Seats may be redrawn between games (the tournament does so every third game): seating per
    game is recorded, not assumed.” (`seating_per_game`); the seats are those of the players at the table."""
    if not state.ruleset.seating_per_game:
        raise IllegalAction("this ruleset does not redraw the seats: a deal gives no seating", cite(state, "seating"))
    if sorted(event.seating) != sorted(state.seating):
        raise IllegalAction(
            f"the seating lists each player at the table once: {', '.join(state.seating)}", cite(state, "seating")
        )


def check_whole_deck(state: State, event: CardsDealt) -> None:
    """classic § Preparation: the dealer “deals out all the cards in the deck” — to every player; a full
    record lists every card of each hand, a public one (and one whose hands their holders enter) only the sizes."""
    deal_rule = cite(state, "deal")
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


def deal_order(state: State, dealer: str) -> list[str]:
    """The seats in the order the cards go round: from the dealer's left, or (`deal_starts` "first_place",
    docs/daifugo.md § The rules: “dealt one at a time starting from the daifugō's seat”) after the first game
    from the seat of the last game's first placed."""
    seats = state.seating
    first = state.ranking[0] if state.ranking else None
    if state.ruleset.deal_starts == "first_place" and first in seats:
        start = seats.index(first)
        return [seats[(start + offset) % len(seats)] for offset in range(len(seats))]
    start = seats.index(dealer)
    return [seats[(start + offset) % len(seats)] for offset in range(1, len(seats) + 1)]


def _left_of(state: State, dealer: str) -> str:
    seats = state.seating
    return seats[(seats.index(dealer) + 1) % len(seats)]


def check_deal_sizes(state: State, event: CardsDealt) -> None:
    """classic § Preparation: cards go “clockwise, and one at a time” from the dealer's left, so hands differ
    by at most one card and the extra cards go to the first players after the dealer: “Because these players
    are the first to play, the inequality evens out.” A text silent on the seat the deal starts from (friday)
    cites docs/house-rules.md § The table (President): “Where the text does not say from which seat the cards
    are dealt one at a time, they are dealt from the dealer's left, …”."""
    order = deal_order(state, event.dealer)
    base, extra = divmod(state.deck.size, len(order))
    sizes = {player: len(event.hands[player]) if state.mode == "full" else event.sizes[player] for player in order}
    if not state.ruleset.extras_from_dealers_left:
        # deck: cards dealt “one card at a time face down to each player”, from no named seat.
        if max(sizes.values()) - min(sizes.values()) > 1:
            raise IllegalAction("dealt one at a time, no hand has two cards more than another", cite(state, "deal"))
        return
    for place, player in enumerate(order):
        expected = base + (1 if place < extra else 0)
        held = sizes[player]
        if held != expected:
            start = f"{order[0]}'s seat" if order[0] != _left_of(state, event.dealer) else f"{event.dealer}'s left"
            raise IllegalAction(
                f"dealt one at a time from {start}, {player} gets {expected} cards, not {held}",
                cite(state, "extra-card"),
            )


# -- the exchange -----------------------------------------------------------------------------------


def owed_exchange(state: State, event: CardsExchanged) -> ExchangeDue:
    """classic § End Game: “No one else exchanges cards.”"""
    for due in state.dues:
        if (due.giver, due.receiver) == (event.giver, event.receiver):
            return due
    owed = "; ".join(f"{d.giver} owes {d.receiver} {plural(d.count, 'card')}" for d in state.dues)
    raise IllegalAction(
        f"{event.giver} does not give {event.receiver} cards in this exchange ({owed})",
        cite(state, "no-other-exchange"),
    )


def _exchange_rule(state: State, due: ExchangeDue) -> Rule:
    high = due.giver if due.returning else due.receiver
    return cite(state, "exchange-first" if state.ranking.index(high) == 0 else "exchange-second")


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
            f"{event.giver} gives {event.receiver} {plural(due.count, 'card')}, not {given}",
            _exchange_rule(state, due),
        )
    if event.unknown < 0 or (event.unknown and state.mode == "full"):
        raise IllegalAction("a full record names every card that changes hands", KNOWLEDGE)
    if event.unknown and state.mode == "holders":
        raise IllegalAction(f"{event.giver} names the cards given", GIVER_NAMES)


def check_exchange_highest(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """classic § End Game: “The scum must give the president his two highest cards …” and “the worker must
    give the vice-president his highest card”: no card kept may outrank a card given (equal ranks are
    interchangeable). Checked against every card the record has seen in the giver's hand."""
    if due.returning or not event.cards or state.ruleset.exchange_asks:
        return
    lowest_given = min(_highness(state, card) for card in event.cards)
    kept = _kept(state, event)
    higher = sorted((card for card in kept if _highness(state, card) > lowest_given), key=lambda c: _highness(state, c))
    if higher:
        if state.ruleset.suit_order and all(value(state, (c,)) <= min(value(state, (g,)) for g in event.cards) for c in higher):
            suits = " > ".join(reversed(state.ruleset.suit_order))
            raise IllegalAction(
                f"{event.giver} must give the highest cards, and keeps {labels(higher)} above {labels(event.cards)} "
                f"(suits {suits})",
                cite(state, "exchange-suits"),
            )
        raise IllegalAction(
            f"{event.giver} must give the highest cards, and keeps {labels(higher)} above {labels(event.cards)}",
            _exchange_rule(state, due),
        )


def _highness(state: State, card: str) -> tuple[int, int]:
    """A card's value, then (`suit_order`, docs/daifugo.md § The rules: “Within a rank the suits order ♠ > ♥ > ♦ > ♣ where the
    exchange needs a "highest" card.”) its suit's place; without a suit order suits never decide."""
    order = state.ruleset.suit_order
    suit = card[-1:]
    return value(state, (card,)), order.index(suit) if order and suit in order and state.deck.rank[card] != JOKER else 0


def _kept(state: State, event: CardsExchanged) -> list[str]:
    kept = list(state.hands[event.giver].known)
    for card in event.cards:
        if card in kept:
            kept.remove(card)
    return kept


def check_asked(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """deck § Stealing Based on Ranking: “The President may ask for 2 low cards, 2 high cards, or one of
    each.” — “This is based on the # on the card.” — “The players being stolen from may not lie about their
    highest or lowest cards.” A Doppelgänger has no # and answers no ask."""
    if not state.ruleset.exchange_asks:
        if event.asked:
            raise IllegalAction("this ruleset has no asks for high or low cards", _exchange_rule(state, due))
        return
    if due.returning:
        if event.asked:
            raise IllegalAction(f"{event.giver} gives back cards of any choice, not asked ones", cite(state, "give-back"))
        return
    if len(event.asked) != due.count or not set(event.asked) <= {"high", "low"}:
        raise IllegalAction(
            f"{event.receiver} asks for {plural(due.count, 'card')}, each “high” or “low”", cite(state, "ask")
        )
    wild = state.ruleset.wild_rank
    if any(state.deck.rank[card] == wild for card in event.cards):
        raise IllegalAction("a Doppelgänger has no # and answers no ask", cite(state, "ask"))
    numbers = sorted(event.cards, key=lambda card: rank_value(state, state.deck.rank[card]))
    lows, highs = numbers[: event.asked.count("low")], numbers[event.asked.count("low"):]
    kept = [card for card in _kept(state, event) if state.deck.rank[card] != wild]
    number = {card: rank_value(state, state.deck.rank[card]) for card in kept + list(event.cards)}
    lower = [card for card in kept if lows and number[card] < max(number[c] for c in lows)]
    higher = [card for card in kept if highs and number[card] > min(number[c] for c in highs)]
    if lower or higher:
        held = lower or higher
        kind = "lowest" if lower else "highest"
        raise IllegalAction(f"{event.giver} holds {labels(held)}: those are the {kind} cards", cite(state, "no-lying"))


def check_return_not_received(state: State, event: CardsExchanged, due: ExchangeDue) -> None:
    """ruleset `return_received_allowed`: classic lets the president return “any two cards from the
    president’s hand”; friday: “any two cards they were dealt”; deck: “may not give back the same cards they
    received”."""
    if not due.returning or state.ruleset.return_received_allowed:
        return
    received = set(received_from(state, event.giver, event.receiver))
    back = [card for card in event.cards if card in received]
    if back:
        forbidding = cite(state, "give-back") if has(state.ruleset.text, "give-back") else _exchange_rule(state, due)
        raise IllegalAction(f"{event.giver} may not give back {labels(back)}, just received", forbidding)


# -- the direction of play, the table ---------------------------------------------------------------


def check_direction(state: State, event: DirectionChosen) -> None:
    """deck § The Deal: “The dealer elects someone to go first and chooses the direction (clockwise or counter
    clockwise).” § Starting The Next Round: “After cards have been stolen/exchanged, the President goes first
    and the Vice President chooses the direction”. A ruleset without `choose_direction`: docs/house-rules.md §
    Turns (President): “Where the ruleset does not have the direction of play chosen, play goes the way the
    text says and nobody chooses it.”"""
    first = state.game == 1 or not state.ranking
    choosing = cite(state, "first-lead" if first else "next-lead")
    if not state.ruleset.choose_direction:
        raise IllegalAction("this ruleset plays to the left; nobody chooses a direction", cite(state, "no-direction"))
    if state.phase != "choosing":
        raise IllegalAction("the direction is chosen after the deal and the exchange, before play", choosing)
    chooser = state.dealer if first else state.ranking[1] if len(state.ranking) > 1 else state.ranking[0]
    if event.player != chooser:
        raise IllegalAction(f"{chooser} chooses the direction, not {event.player}", choosing)
    if event.direction not in ("clockwise", "counter-clockwise"):
        raise IllegalAction("the direction is clockwise or counter-clockwise", choosing)
    if first and state.ruleset.first_leader == "chosen":
        if event.leader not in state.seating:
            raise IllegalAction(f"{event.player} names a player at the table to go first", choosing)
    elif event.leader not in (None, state.leader):
        raise IllegalAction(f"{state.leader} goes first", choosing)


def check_table_change(state: State, event: PlayerLeft | PlayerJoined) -> None:
    """deck § Players Leaving/Entering Between Rounds: “If a player leaves between rounds, the remaining
    players would shift up one or down one depending on their rank.” “If someone enters between rounds, they
    enter as a “citizen” with no benefits or punishment.” A ruleset without `players_may_change`:
    docs/house-rules.md § The table (President): “Unless the ruleset lets players change between games, a match
    keeps the players it was created with.”"""
    leaving = isinstance(event, PlayerLeft)
    if not state.ruleset.players_may_change:
        raise IllegalAction("this ruleset keeps the same players for the whole match", cite(state, "no-table-change"))
    changing = cite(state, "leave" if leaving else "join")
    check_between_games(state, "players leave or join only between games")
    ruleset = state.ruleset
    if leaving:
        if event.player not in state.seating:
            raise IllegalAction(f"{event.player} is not at the table", changing)
        if len(state.seating) - 1 < ruleset.min_players:
            raise IllegalAction(f"the game needs at least {ruleset.min_players} players", cite(state, "too-few"))
        return
    if not event.player.strip() or event.player in state.seating:
        raise IllegalAction(f"{event.player!r} is already at the table", changing)
    if event.after is not None and event.after not in state.seating:
        raise IllegalAction(f"{event.after} is not at the table to sit beside", changing)
    if len(state.seating) + 1 > ruleset.max_players:
        raise IllegalAction(f"the game takes at most {ruleset.max_players} players", cite(state, "players"))
