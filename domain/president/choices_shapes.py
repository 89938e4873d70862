"""The plays `allowed` lists where plays take shapes (docs/daifugo.md: groups, sequences, a Joker standing for a
named card; see shapes.py), part of choices_play.py.

The suits of a play matter here (the suit lock, a sequence of one suit, the card a Joker stands for), so a
play is offered whole: one Choice per set of cards, its event complete. The candidates are built to the
shape rules (every group of one rank, with or without the Joker standing for a card of that rank; every
run of one suit, with the Joker filling one rank of it) and kept when the hand may hold them and the pile
lets them be played (shapes.check_beats).

Where the ruleset has them, five of a kind (every card of a rank and the Joker standing for the rank alone,
`five_of_a_kind`) and the Joker past the ends of a sequence (before a run from the lowest rank or after a run to
the highest, `joker_past_ends`) are candidates too.

Legal plays that are not offered (a page records them by other means): the Joker standing for a card the
hand holds in a sequence that the card itself would make; a sequence of every rank with the Joker past an end;
and, in public mode, on an empty table while the hand has unseen cards, plays of the Joker with other cards and
sequences longer than five (there would be thousands of them).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from domain.cards import JOKER, SUITS, label, labels
from domain.president.events import CardsPlayed
from domain.president.hands import missing, unseen_copies
from domain.president.shapes import ABOVE, BELOW, check_beats, shape_of
from domain.president.state import State
from domain.president.words import joker_words
from domain.protocol import Choice, IllegalAction, event_tag

PLAYED = event_tag(CardsPlayed)
PUBLIC_LEAD_LONGEST = 5

Candidate = tuple[tuple[str, ...], str | None]  # the cards, and the card the Joker stands for


def shaped_plays(state: State, player: str) -> list[Choice]:
    hand = state.hands[player]
    unseen = unseen_copies(state.deck, (state.hands, state.piles), state.played)
    possible = Counter(hand.known)
    if hand.unknown:
        possible += Counter({card: left for card, left in unseen.items() if left > 0})
    count = len(state.trick[-1].cards) if state.trick else None
    sparing = state.mode == "public" and bool(hand.unknown) and count is None
    candidates = _groups(state, possible, count, sparing) + _sequences(state, possible, count, sparing)
    choices = []
    for cards, joker_as in candidates:
        if len(cards) > hand.size or missing(hand, cards, unseen):
            continue
        shape = shape_of(state, cards, joker_as)
        if shape is None:
            continue
        try:
            check_beats(state, shape)
        except IllegalAction:
            continue
        event: dict[str, Any] = {"type": PLAYED, "player": player, "cards": list(cards)}
        words = f"Play {labels(cards)}"
        if joker_as is not None:
            event["joker_as"] = joker_as
            words += f" (the Joker as {joker_words(state, joker_as)})"
        hints = {"kind": shape.kind, "count": len(cards)}
        choices.append(Choice(type=PLAYED, label=words, player=player, event=event, hints=hints))
    return choices


def _jokers(state: State, possible: Counter[str]) -> list[str]:
    return sorted(card for card in possible if state.deck.rank[card] == JOKER)


def _groups(state: State, possible: Counter[str], count: int | None, sparing: bool) -> list[Candidate]:
    """docs/daifugo.md § The rules: “a group (1–5 cards of one rank; the Joker may stand for any card)”; a Joker
    alone is a Joker."""
    rank_of, ruleset = state.deck.rank, state.ruleset
    found: list[Candidate] = []
    jokers = _jokers(state, possible) if ruleset.joker_stands_for else []
    by_rank: dict[str, list[str]] = {}
    for card in sorted(possible.elements()):
        if not (ruleset.joker_stands_for and rank_of[card] == JOKER):
            by_rank.setdefault(rank_of[card], []).append(card)
    sizes = range(1, ruleset.max_set + 1) if count is None else [count]
    every: dict[str, Counter[str]] = {}
    for code, held in state.deck.copies.items():
        every.setdefault(rank_of[code], Counter())[code] = held
    # Lowest value first, as every play is listed (choices_play.py): a 10 after a 9, a 2 after an ace.
    for rank in (rank for rank in state.rank_orders[state.reversed] if rank in by_rank):
        cards = by_rank[rank]
        codes = sorted({code for code, of in rank_of.items() if of == rank})
        for size in sizes:
            found += [(group, None) for group in sorted(set(combinations(cards, size)))]
            if not jokers or size < 2 or sparing:
                continue
            for group in sorted(set(combinations(cards, size - 1))):
                found += [(group + (jokers[0],), code) for code in codes if code not in group]
                if ruleset.five_of_a_kind and Counter(group) == every[rank]:
                    # “1–5 cards of one rank”: every card of the rank and the Joker as a fifth (named by the rank).
                    found.append((group + (jokers[0],), rank))
    if jokers and count in (None, 1):
        found.append(((jokers[0],), None))
    return found


def _sequences(state: State, possible: Counter[str], count: int | None, sparing: bool) -> list[Candidate]:
    """docs/daifugo.md § The rules: “a sequence (3 or more consecutive ranks of one suit; the Joker may fill one rank,
    including one past either end)”."""
    shortest = state.ruleset.sequences
    if not shortest:
        return []
    plain = [rank for rank in state.ruleset.ranks if rank != JOKER]
    jokers = _jokers(state, possible) if state.ruleset.joker_stands_for and not sparing else []
    longest = PUBLIC_LEAD_LONGEST if sparing else len(plain)
    lengths = range(shortest, longest + 1) if count is None else range(max(count, shortest), count + 1)
    found: list[Candidate] = []
    for suit in SUITS:
        for length in lengths:
            for start in range(len(plain) - length + 1):
                run = [f"{rank}{suit}" for rank in plain[start : start + length]]
                if not all(code in state.deck.copies for code in run):
                    continue
                absent = [code for code in run if not possible[code]]
                if not absent:
                    found.append((tuple(run), None))
                elif len(absent) == 1 and jokers:
                    found.append((tuple(jokers[0] if code == absent[0] else code for code in run), absent[0]))
        if jokers and state.ruleset.joker_past_ends:
            found += _past_ends(state, possible, suit, plain, jokers[0], lengths)
    return found


def _past_ends(
    state: State, possible: Counter[str], suit: str, plain: list[str], joker: str, lengths: range
) -> list[Candidate]:
    """docs/daifugo.md § The rules: “the Joker may fill one rank, including one past either end”: the Joker below the
    lowest rank before a run from it, or above the highest after a run to it (`joker_past_ends`)."""
    found: list[Candidate] = []
    for length in lengths:
        if not 1 <= length - 1 <= len(plain):
            continue
        for run, stand in ((plain[: length - 1], f"{BELOW}{suit}"), (plain[len(plain) - length + 1 :], f"{ABOVE}{suit}")):
            cards = [f"{rank}{suit}" for rank in run]
            if all(code in state.deck.copies and possible[code] for code in cards):
                found.append(((joker, *cards) if stand[0] == BELOW else (*cards, joker), stand))
    return found
