"""What the rules allow the player whose turn it is (part of `allowed`, see choices.py): the plays, the
pass, the Blind President draw; and the cards pick the exchanges share.

A play is one Choice per (rank, count) legal now, lowest value first: its pick `cards` takes exactly
`count` cards among those that can make it (full mode: the hand; public mode: the cards of that rank the
hand may hold, i.e. not played and not seen elsewhere), so the page records a play in two taps. Which
cards of a rank make the set never changes whether it is legal (the value, the count, a bomb and a set
that beats any set all follow from the rank), so one representative set is checked per (rank, count).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from domain.president.cards import labels, rank_words
from domain.president.events import CardDrawn, CardsPlayed, PlayerPassed
from domain.president.hands import unseen_copies
from domain.president.order import is_bomb, rank_value
from domain.president.playing import check_count, check_lone_wild, check_outranks
from domain.president.state import State
from domain.protocol import Choice, IllegalAction, Pick, event_tag

PLAYED, PASSED, DRAWN = event_tag(CardsPlayed), event_tag(PlayerPassed), event_tag(CardDrawn)


def low_to_high(state: State, cards: Counter[str]) -> list[str]:
    """The codes of `cards`, lowest value first (ties by code, so suits come in the order C D H S)."""
    return sorted(cards, key=lambda card: (rank_value(state, state.deck.rank[card]), card))


def cards_pick(state: State, cards: Counter[str], count: int, label: str = "which cards") -> Pick:
    """Exactly `count` of `cards` (a code held twice may be taken twice)."""
    limits = {card: held for card, held in cards.items() if held > 1}
    return Pick(field="cards", among=low_to_high(state, cards), least=count, most=count, limits=limits, label=label)


def possible_cards(state: State, player: str, known_only: bool = False) -> Counter[str]:
    """The cards `player`'s hand may hold: the cards seen there, and (unless `known_only`, or when the hand
    has no unseen cards) every copy not played this game and not seen in a hand or a pile."""
    hand = state.hands[player]
    possible = Counter(hand.known)
    if hand.unknown and not known_only:
        for card, left in unseen_copies(state.deck, (state.hands, state.piles), state.played).items():
            if left > 0:
                possible[card] += left
    return possible


def turn_choices(state: State) -> list[Choice]:
    """classic § Play Game: the player whose turn it is plays or passes; friday § Blind President: or,
    with an empty hand, draws."""
    player = state.turn
    if player is None:
        return []
    choices = []
    hand = state.hands[player]
    if state.piles and not hand.size:
        choices += _draws(state, player)
    if state.trick:
        # classic § Play Game: “You can pass even if you have a legal move” — but the leader of a round
        # plays (checks.check_may_pass).
        choices.append(Choice(type=PASSED, label="Pass", player=player, event={"type": PASSED, "player": player}))
    if hand.size:
        choices += _plays(state, player)
    return choices


def _draws(state: State, player: str) -> list[Choice]:
    """friday § Blind President: “they may take one card from the top of their pile”; full mode knows the
    pile, so the card is decided; public mode takes it unseen, or named among the cards it may be."""
    pile = state.piles[player]
    if not pile.size:
        return []
    event: dict[str, Any] = {"type": DRAWN, "player": player}
    if pile.known:
        label = f"Draw the top card of the pile ({labels(pile.known[:1])})"
        return [Choice(type=DRAWN, label=label, player=player, event=event | {"card": pile.known[0]})]
    unseen = Counter({card: 1 for card, left in unseen_copies(state.deck, (state.hands, state.piles), state.played).items() if left > 0})
    named = Pick(field="card", among=low_to_high(state, unseen), label="the card drawn")
    return [
        Choice(type=DRAWN, label="Draw a card, unseen", player=player, event=event),
        Choice(type=DRAWN, label="Draw a card, naming it", player=player, event=event, picks=[named]),
    ]


def _plays(state: State, player: str) -> list[Choice]:
    hand = state.hands[player]
    everything = possible_cards(state, player)
    wild = state.ruleset.wild_rank
    choices = []
    for count in range(1, min(state.ruleset.max_set, hand.size) + 1):
        # DESIGN.md § Principles (checks.check_in_hand): at most `hand.unknown` cards come from the unseen
        # ones; a larger set is offered from the cards seen in the hand.
        cards = everything if hand.unknown >= count or not hand.unknown else possible_cards(state, player, known_only=True)
        by_rank: dict[str, Counter[str]] = {}
        for card, held in cards.items():
            by_rank.setdefault(state.deck.rank[card], Counter())[card] = held
        wilds = by_rank.get(wild, Counter()) if wild else Counter()
        for rank in state.rank_orders[state.reversed]:
            if rank in by_rank:
                choices += _rank_plays(state, player, rank, count, by_rank[rank], Counter() if rank == wild else wilds)
    order = {rank: place for place, rank in enumerate(state.rank_orders[state.reversed])}
    choices.sort(key=lambda choice: (order[choice.hints["rank"]], choice.hints["count"]))
    return choices


def _rank_plays(state: State, player: str, rank: str, count: int, own: Counter[str], wilds: Counter[str]) -> list[Choice]:
    """The plays of `count` cards of `rank`, a Doppelgänger joining (deck § Cards Overview: “The
    Doppelgänger card duplicates any card.”). On a pile, Doppelgängers alone are refused (“can therefore
    only be played on a clean slate”), so where they could fill the whole set each Choice offers at most
    `count - 1` of them: one Choice per such handful."""
    if sum(own.values()) + sum(wilds.values()) < count:
        return []
    if wilds and state.trick and sum(wilds.values()) >= count:
        handfuls = [Counter(handful) for handful in sorted(set(combinations(sorted(wilds.elements()), count - 1)))]
    else:
        handfuls = [wilds]
    representative = tuple(sorted(own.elements())[:count])
    representative += tuple(sorted(wilds.elements()))[: count - len(representative)]
    bomb = is_bomb(state, representative)
    if not bomb and not _beats_pile(state, representative):
        return []
    words = rank_words(rank, count, state.ruleset.rank_names)
    choices = []
    for handful in handfuls:
        cards = own + handful
        if sum(cards.values()) < count:
            continue
        label = f"Play {words}"
        if handful:
            label += f" (or with {labels(sorted(handful.elements()))})"
        hints = {"rank": rank, "count": count, "bomb": bomb, "wild": bool(handful) or rank == state.ruleset.wild_rank}
        choices.append(
            Choice(
                type=PLAYED,
                label=label,
                player=player,
                event={"type": PLAYED, "player": player},
                picks=[cards_pick(state, cards, count)],
                hints=hints,
            )
        )
    return choices


def _beats_pile(state: State, cards: tuple[str, ...]) -> bool:
    """The checks of checks._check_play that depend on the pile: a lone Doppelgänger, the count, the rank."""
    try:
        check_lone_wild(state, cards)
        check_count(state, cards)
        check_outranks(state, cards)
    except IllegalAction:
        return False
    return True
