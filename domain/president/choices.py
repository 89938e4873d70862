"""What the rules allow now (the protocol's `allowed`): the deal, the exchanges, the direction of play,
players leaving and joining and the end of the match here; the plays, the pass and the Blind President
draw in choices_play.py.

Every Choice holds the decided fields in `event` and leaves the rest to its picks; every fill within the
picks' bounds passes `check`. Two fields cannot be put as picks; the Choice names them in
`hints["supply"]` and says what the page must put there:
- `hands` of a full-mode deal (CardsDealt): every card of `hints["deck"]`, each player of
  `hints["order"]` (the dealing order, from the dealer's left) getting `hints["sizes"][player]` cards.
  Dealing the shuffled deck one card at a time round `order` does it; so does entering the hands as
  dealt. In Blind President these are the face-down piles, top card first.
- `player` of PlayerJoined: a name, not blank, not in `hints["taken"]` (the players at the table).
- `cards` of a HandEntered (mode "holders", entering.py): every card of `hints["held"]`, and `hints["size"]`
  less as many of `hints["may"]` (each as often as listed).

Legal actions that are not offered (a page records them only by other means):
- a deal whose hand sizes differ from the deal one card at a time from the dealer's left (the deck
  preset names no seat the dealing starts from, so its checks accept any hands within one card);
- in public mode, a gift naming cards when the record has seen cards in the giver's hand (the highest or
  asked cards would tie the names to those seen; the gift unseen is offered).
- past the first GIFTS_MAX gifts for one ask, the others (only a house deck holding many copies of a rank
  has more, all equal for the rules).

The exchanges are the one place where the cards given are tied together (“his two highest cards”, the
“high” or “low” cards asked): the candidates are the few sets made of the highest (or asked) cards of
the hand, each confirmed by `check`, and offered as one pick when they are every set of some cards,
else one Choice each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import islice
from typing import Any

from domain.president import checks
from domain.president.between import deal_order
from domain.cards import labels
from domain.president.cards import count_words
from domain.president.choices_play import cards_pick, possible_cards, turn_choices
from domain.president.events import CardsDealt, CardsExchanged, DirectionChosen, MatchEnded, PlayerJoined, PlayerLeft
from domain.president.order import rank_value
from domain.president.exchanges import ExchangeDue, received_from
from domain.president.state import State
from domain.protocol import Choice, IllegalAction, Pick, event_tag

DEALT, EXCHANGED, DIRECTION = event_tag(CardsDealt), event_tag(CardsExchanged), event_tag(DirectionChosen)
LEFT, JOINED, ENDED = event_tag(PlayerLeft), event_tag(PlayerJoined), event_tag(MatchEnded)
DIRECTIONS = ("clockwise", "counter-clockwise")
# The most gifts an exchange lists for one ask: more are only a house deck's many copies of one rank, all
# equal for the rules, and listing them cost minutes (a gift of most of a large hand chose among it).
GIFTS_MAX = 256


def allowed(state: State) -> list[Choice]:
    if state.phase == "ended":
        return []
    if state.phase in ("dealing", "between"):
        return _between_games(state)
    if state.phase == "exchanging":
        return [choice for due in _dues_now(state) for choice in _exchange(state, due)]
    if state.phase == "choosing":
        return _directions(state)
    return turn_choices(state)


# -- between games --------------------------------------------------------------------------------------


def _between_games(state: State) -> list[Choice]:
    """classic § Preparation: the deal; § End Game: the match ends only after a game is played out
    (checks._check_end); deck § Players Leaving/Entering Between Rounds."""
    choices = [_deal(state, dealer) for dealer in _dealers(state)]
    if state.phase == "between":
        choices.append(Choice(type=ENDED, label="End the match", event={"type": ENDED}))
    if state.ruleset.players_may_change:
        choices += _table_changes(state)
    return choices


def _dealers(state: State) -> list[str]:
    """classic § Preparation: any player deals (`next_dealer` "any"); friday: “the dealer shifts to the
    left by one player” (checks.check_dealer)."""
    seats = state.seating
    if state.ruleset.next_dealer == "left_of_previous" and state.dealer in seats:
        return [seats[(seats.index(state.dealer) + 1) % len(seats)]]
    return list(seats)


def _deal(state: State, dealer: str) -> Choice:
    """classic § Preparation: the dealer “deals out all the cards in the deck face-down, clockwise, and one
    at a time”, the extra cards to the first players after the dealer."""
    order = deal_order(state, dealer)
    base, extra = divmod(state.deck.size, len(order))
    sizes = {player: base + (1 if place < extra else 0) for place, player in enumerate(order)}
    event: dict[str, Any] = {"type": DEALT, "dealer": dealer}
    label = f"{dealer} deals"
    if state.mode != "full":  # public, and holders (each player enters their own hand: entering.py)
        return Choice(type=DEALT, label=label, event=event | {"sizes": sizes}, hints={"order": order})
    hints = {"supply": ["hands"], "deck": list(state.ruleset.deck), "sizes": sizes, "order": order}
    return Choice(type=DEALT, label=label, event=event, hints=hints)


def _table_changes(state: State) -> list[Choice]:
    """deck § Players Leaving/Entering Between Rounds, within the ruleset's player range."""
    seats = list(state.seating)
    choices = []
    if len(seats) - 1 >= state.ruleset.min_players:
        leaving = Pick(field="player", among=seats, label="who leaves")
        choices.append(Choice(type=LEFT, label="A player leaves the table", event={"type": LEFT}, picks=[leaving]))
    if len(seats) + 1 <= state.ruleset.max_players:
        beside = Pick(field="after", among=seats, label="seated to the left of")
        hints = {"supply": ["player"], "taken": seats}
        choices.append(Choice(type=JOINED, label="A player joins the table", event={"type": JOINED}, picks=[beside], hints=hints))
    return choices


# -- the direction of play ------------------------------------------------------------------------------


def _directions(state: State) -> list[Choice]:
    """deck § The Deal: “The dealer elects someone to go first and chooses the direction”; § Starting The
    Next Round: “the President goes first and the Vice President chooses the direction”."""
    first = state.game == 1 or not state.ranking
    chooser = state.dealer if first else state.ranking[1] if len(state.ranking) > 1 else state.ranking[0]
    naming = first and state.ruleset.first_leader == "chosen"
    picks = [Pick(field="leader", among=list(state.seating), label="who goes first")] if naming else []
    return [
        Choice(
            type=DIRECTION,
            label=f"Play {direction}" + (", naming who goes first" if naming else ""),
            player=chooser,
            event={"type": DIRECTION, "player": chooser, "direction": direction},
            picks=picks,
        )
        for direction in DIRECTIONS
    ]


# -- the exchange ---------------------------------------------------------------------------------------


def _dues_now(state: State) -> list[ExchangeDue]:
    """classic § End Game: the scum gives “and receive[s] any two cards from the president’s hand in
    return”: a return waits for the gift (checks.check_exchange_order)."""
    owed = {(due.giver, due.receiver) for due in state.dues}
    return [due for due in state.dues if not (due.returning and (due.receiver, due.giver) in owed)]


def _asks(due: ExchangeDue, asks: bool) -> list[tuple[str, ...]]:
    """deck § Stealing Based on Ranking: “The President may ask for 2 low cards, 2 high cards, or one of
    each.”"""
    if not asks or due.returning:
        return [()]
    return [("high",) * (due.count - lows) + ("low",) * lows for lows in range(due.count + 1)]


def _exchange_label(due: ExchangeDue, asked: tuple[str, ...] | bool, how: str = "") -> str:
    """"Dana gives Al the highest two cards", "… two cards back", "… two cards asked high and low",
    "… two cards unseen"; `asked` True: asked, the asks still to pick."""
    what = count_words(due.count)
    if due.returning:
        what += " back"
    elif asked is True:
        what += " asked"
    elif asked:
        what += " asked " + " and ".join(asked)
    elif how != " unseen":
        what = "the highest card" if due.count == 1 else f"the highest {what}"
    return f"{due.giver} gives {due.receiver} {what}{how}"


def _exchange(state: State, due: ExchangeDue) -> list[Choice]:
    if state.mode == "public" or (state.mode == "holders" and state.hands[due.giver].unknown):
        # A hand its holder has not entered is unknown, as in public mode (holders.py).
        return _public_exchange(state, due)
    barred = set() if state.ruleset.return_received_allowed else set(received_from(state, due.giver, due.receiver))
    hand = Counter(card for card in state.hands[due.giver].known if card not in barred)
    if due.returning:
        # classic: “any two cards from the president’s hand”; deck: “may not give back the same cards”.
        if sum(hand.values()) < due.count:
            return []
        return [_exchange_choice(due, (), [cards_pick(state, hand, due.count)])]
    choices = []
    for asked in _asks(due, state.ruleset.exchange_asks):
        choices += _gifts(state, due, asked)
    return choices


def _exchange_choice(
    due: ExchangeDue,
    asked: tuple[str, ...] | bool,
    picks: list[Pick],
    decided: dict[str, Any] | None = None,
    how: str = "",
) -> Choice:
    """`asked`: the asks decided, or True when a pick asks them."""
    event: dict[str, Any] = {"type": EXCHANGED, "giver": due.giver, "receiver": due.receiver}
    if asked and asked is not True:
        event["asked"] = list(asked)
    label = _exchange_label(due, asked, how)
    if decided and "cards" in decided and not picks:
        label = f"{due.giver} gives {due.receiver} {labels(decided['cards'])}"
        label += f" (asked {' and '.join(asked)})" if asked and asked is not True else ""
    return Choice(type=EXCHANGED, label=label, player=due.giver, event=event | (decided or {}), picks=picks)


def _gifts(state: State, due: ExchangeDue, asked: tuple[str, ...]) -> list[Choice]:
    """classic § End Game: “The scum must give the president his two highest cards”; deck: the cards asked,
    “The players being stolen from may not lie about their highest or lowest cards.”"""
    legal = []
    for cards in _gift_candidates(state, due, asked):
        event = CardsExchanged(giver=due.giver, receiver=due.receiver, cards=cards, asked=asked)
        try:
            checks.check_every(state, event)
            checks.check_exchange(state, event)
        except IllegalAction:
            continue
        legal.append(cards)
    if not legal:
        return []
    union: Counter[str] = Counter()
    for cards in legal:
        union |= Counter(cards)
    # Every legal gift is `count` of the union's cards: they are every such set when there are as many.
    if len(legal) == _sets_of(union, due.count):
        return [_exchange_choice(due, asked, [cards_pick(state, union, due.count)])]
    return [_exchange_choice(due, asked, [], {"cards": list(cards)}) for cards in legal]


def _gift_candidates(state: State, due: ExchangeDue, asked: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The gifts that may be legal, each a sorted tuple, in order: the giver's cards beyond the `count`-th highest
    (or, asked, beyond the highest and lowest asked) must all be given, or a card above (below) one given is
    kept; the rest are taken among the cards level with that cut. Built from those few rather than by choosing
    among the whole hand, and at most GIFTS_MAX of them (a house deck of many copies of a rank; the first
    take the highest codes, those a suit order asks for)."""
    hand = Counter(state.hands[due.giver].known)
    if not asked:
        forced, level = _beyond_cut(state, hand, due.count, high=True)
        extras = _sub_multisets(level, due.count - forced.total())
        return sorted(tuple(sorted((forced + extra).elements())) for extra in islice(extras, GIFTS_MAX))
    # deck: “This is based on the # on the card.”: a Doppelgänger has none and answers no ask.
    numbered = Counter({card: held for card, held in hand.items() if state.deck.rank[card] != state.ruleset.wild_rank})
    lows, highs = asked.count("low"), asked.count("high")
    if numbered.total() < due.count:
        return []
    low_forced, low_level = _beyond_cut(state, numbered, lows, high=False)
    high_forced, high_level = _beyond_cut(state, numbered, highs, high=True)
    gifts = (
        tuple(sorted((low_forced + high_forced + low + high).elements()))
        for low in _sub_multisets(low_level, lows - low_forced.total())
        for high in _sub_multisets(high_level - low - low_forced, highs - high_forced.total())
    )
    return sorted(set(islice(gifts, GIFTS_MAX)))


def _beyond_cut(state: State, cards: Counter[str], count: int, high: bool) -> tuple[Counter[str], Counter[str]]:
    """Of `cards`, those strictly above (`high`, else below) the `count`-th highest (lowest) value, and those
    at it; none of either for a count of 0 or of more than the cards."""
    if not 0 < count <= cards.total():
        return Counter(), Counter()
    number = {card: rank_value(state, state.deck.rank[card]) for card in cards}
    values = sorted((number[card] for card in cards.elements()), reverse=high)
    cut = values[count - 1]
    beyond = Counter({card: held for card, held in cards.items() if (number[card] > cut if high else number[card] < cut)})
    return beyond, Counter({card: held for card, held in cards.items() if number[card] == cut})


def _sub_multisets(cards: Counter[str], count: int) -> Iterator[Counter[str]]:
    """Every distinct way to take `count` of `cards` (a code held twice may be taken twice), one at a time,
    the highest codes taken first."""
    codes = sorted(cards, reverse=True)
    after = [sum(cards[code] for code in codes[index:]) for index in range(len(codes) + 1)]

    def take(index: int, left: int) -> Iterator[Counter[str]]:
        if left == 0:
            yield Counter()
            return
        if left > after[index]:
            return
        code = codes[index]
        for copies in range(min(cards[code], left), -1, -1):
            for rest in take(index + 1, left - copies):
                rest[code] = copies
                yield +rest

    if count >= 0:
        yield from take(0, count)


def _sets_of(cards: Counter[str], count: int) -> int:
    """How many distinct ways there are to take `count` of `cards`: the coefficient of x^count in the product of
    (1 + x + … + x^held) over the codes."""
    ways = [1] + [0] * count
    for held in cards.values():
        ways = [sum(ways[size - copies] for copies in range(min(held, size) + 1)) for size in range(count + 1)]
    return ways[count]


def _public_exchange(state: State, due: ExchangeDue) -> list[Choice]:
    """docs/house-rules.md § Recording: “cards that change hands unseen are recorded as unknown”: every card unseen,
    or some named (any the hand may hold; a gift names none while the giver's hand holds a seen card, as
    the highest or asked cards would tie the names to it)."""
    hand = state.hands[due.giver]
    if hand.size < due.count:
        return []
    asks = state.ruleset.exchange_asks and not due.returning
    asking = []
    if asks:
        every = {"high": due.count, "low": due.count}
        asking = [Pick(field="asked", among=["high", "low"], least=due.count, most=due.count, limits=every, label="asked")]
    # docs/house-rules.md § Hands entered by their holders (President): “the giver names the cards given”.
    named_only = state.mode == "holders"
    choices = [] if named_only else [_exchange_choice(due, bool(asks), list(asking), {"unknown": due.count}, how=" unseen")]
    if hand.known and not due.returning:
        return choices
    barred = set() if state.ruleset.return_received_allowed or not due.returning else set(received_from(state, due.giver, due.receiver))
    wild = state.ruleset.wild_rank if asks else None
    for named in range(due.count if named_only else 1, due.count + 1):
        known_only = hand.unknown < named
        possible = possible_cards(state, due.giver, known_only).items()
        cards = Counter({card: held for card, held in possible if card not in barred and state.deck.rank[card] != wild})
        if sum(cards.values()) < named:
            continue
        unseen = due.count - named
        how = ", naming the cards" if not unseen else f", naming {named} ({unseen} unseen)"
        decided = {"unknown": unseen} if unseen else {}
        choices.append(_exchange_choice(due, bool(asks), [cards_pick(state, cards, named), *asking], decided, how=how))
    return choices
