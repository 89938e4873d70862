"""What the rules allow the player whose turn it is (part of `allowed`, see choices.py): the plays, the
pass, the Blind President draw; and the cards pick the exchanges share.

A play is one Choice per (rank, count) legal now, lowest value first: its pick `cards` takes exactly
`count` cards among those that can make it (full mode: the hand; public mode: the cards of that rank the
hand may hold, i.e. not played and not seen elsewhere), so the page records a play in two taps. Which
cards of a rank make the set never changes whether it is legal (the value, the count, a bomb and a set
that beats any set all follow from the rank), so one representative set is checked per (rank, count).
Two rules bound which cards may be taken together; where they bite, the (rank, count) is offered as a
few Choices, each a handful within the bounds (see `_rank_plays`): public mode with cards seen in the
hand and a set larger than its unseen cards, and Doppelgängers enough to fill a set played on a pile.
Where plays take shapes (sequences, a Joker standing for a card: docs/daifugo.md) the suits matter, and
choices_shapes.py lists each play whole instead.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from domain.cards import labels
from domain.president.cards import rank_words
from domain.president.events import CardDrawn, CardsPlayed, PlayerPassed
from domain.president.hands import unseen_copies
from domain.president.order import is_bomb, rank_value
from domain.president.playing import check_count, check_lone_wild, check_outranks
from domain.president.choices_shapes import shaped_plays
from domain.president.shapes import shaped
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
    if state.turn is None:
        # A public record that has not seen who holds the card that leads (ruleset `leader_holds`,
        # docs/daifugo.md): whoever plays first leads (checks.check_turn).
        if not (state.ruleset.leader_holds and not state.played):
            return []
        return [choice for player in state.seating if state.hands[player].size for choice in _turn(state, player)]
    return _turn(state, state.turn)


def _turn(state: State, player: str) -> list[Choice]:
    choices = []
    hand = state.hands[player]
    if state.piles and not hand.size:
        choices += _draws(state, player)
    if state.trick or state.ruleset.leader_may_pass:
        # classic § Play Game: “You can pass even if you have a legal move” — but the leader of a round
        # plays unless the ruleset says otherwise (deck: “Players may pass at any time”; checks.check_may_pass).
        choices.append(Choice(type=PASSED, label="Pass", player=player, event={"type": PASSED, "player": player}))
    if hand.size:
        choices += shaped_plays(state, player) if shaped(state) else _plays(state, player)
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
    left = unseen_copies(state.deck, (state.hands, state.piles), state.played)
    # `+left` keeps the cards with a copy left (a Counter's unary plus drops counts of 0 or less).
    named = Pick(field="card", among=low_to_high(state, +left), label="the card drawn")
    return [
        Choice(type=DRAWN, label="Draw a card, unseen", player=player, event=event),
        Choice(type=DRAWN, label="Draw a card, naming it", player=player, event=event, picks=[named]),
    ]


def _plays(state: State, player: str) -> list[Choice]:
    hand = state.hands[player]
    seen = Counter(hand.known)
    unseen: Counter[str] = Counter()
    if hand.unknown:
        left = unseen_copies(state.deck, (state.hands, state.piles), state.played)
        unseen = Counter({card: copies for card, copies in left.items() if copies > 0})
    rank_of = state.deck.rank
    choices = []
    held = {rank_of[card] for card in seen} | {rank_of[card] for card in unseen}
    for rank in state.rank_orders[state.reversed]:
        if rank in held:
            choices += _rank_plays(state, player, rank, seen, unseen)
    return choices


def _rank_plays(state: State, player: str, rank: str, seen: Counter[str], unseen: Counter[str]) -> list[Choice]:
    """The plays of cards of `rank` from the cards seen in the hand and those it may hold unseen, a
    Doppelgänger joining (deck § Cards Overview: “The Doppelgänger card duplicates any card.”), one
    (rank, count) at a time. Two bounds tie the cards together, so where they bite each Choice offers a
    handful that keeps them:
    - docs/house-rules.md § Recording (checks.check_in_hand): at most `hand.unknown` cards come from the unseen ones;
    - deck § Cards Overview: Doppelgängers alone “can therefore only be played on a clean slate”: on a
      pile, at most `count - 1` of them."""
    rank_of, wild = state.deck.rank, state.ruleset.wild_rank
    joining = wild if wild and rank != wild else None
    seen = Counter({card: held for card, held in seen.items() if rank_of[card] in (rank, joining)})
    unseen = Counter({card: held for card, held in unseen.items() if rank_of[card] in (rank, joining)})
    cards = seen + unseen
    own = sorted(card for card in cards.elements() if rank_of[card] == rank)
    wilds = sorted(card for card in cards.elements() if rank_of[card] == joining)
    hidden_handfuls = _handfuls(unseen, state.hands[player].unknown)
    hand_size = state.hands[player].size
    choices = []
    for count in range(1, min(state.ruleset.max_set, hand_size, len(own) + len(wilds)) + 1):
        representative = tuple((own + wilds)[:count])
        bomb = is_bomb(state, representative)
        if not bomb and not _beats_pile(state, representative):
            continue
        supplies: dict[tuple[str, ...], Counter[str]] = {}
        for hidden in hidden_handfuls:
            supply = seen + hidden
            doubles = Counter({card: held for card, held in supply.items() if rank_of[card] == joining})
            if state.trick and sum(doubles.values()) >= count:
                handfuls = [supply - doubles + handful for handful in _handfuls(doubles, count - 1)]
            else:
                handfuls = [supply]
            for handful in handfuls:
                if sum(handful.values()) >= count and any(rank_of[card] == rank for card in handful):
                    supplies[tuple(sorted(handful.elements()))] = handful
        words = f"Play {rank_words(rank, count, state.ruleset.rank_names)}"
        hints = {"rank": rank, "count": count, "bomb": bomb, "wild": bool(wilds) or rank == wild}
        for supply in supplies.values():
            label = words
            joined = sorted(card for card in supply if rank_of[card] == joining)
            if len(supplies) > 1:
                label += f" ({labels(low_to_high(state, supply))})"
            elif joined:
                label += f" (or with {labels(joined)})"
            event = {"type": PLAYED, "player": player}
            pick = cards_pick(state, supply, count)
            choices.append(Choice(type=PLAYED, label=label, player=player, event=event, picks=[pick], hints=hints))
    return choices


def _handfuls(cards: Counter[str], most: int) -> list[Counter[str]]:
    """`cards` itself if it holds at most `most` cards, else every handful of `most` of them."""
    if sum(cards.values()) <= most:
        return [cards]
    return [Counter(handful) for handful in sorted(set(combinations(sorted(cards.elements()), most)))]


def _beats_pile(state: State, cards: tuple[str, ...]) -> bool:
    """The checks of checks._check_play that depend on the pile: a lone Doppelgänger, the count, the rank."""
    try:
        check_lone_wild(state, cards)
        check_count(state, cards)
        check_outranks(state, cards)
    except IllegalAction:
        return False
    return True
