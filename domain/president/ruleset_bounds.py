"""The bounds of a ruleset's options that depend on other fields, the deck or the players: one function per
rule, each citing the text its bound comes from. `check_ruleset` runs them on every match's ruleset, before the
match is created (`resolve`, presets.py) or imported (`check_created`, system.py), after the bounds of each
option alone (`limits` on the fields of ruleset_core.py and ruleset.py, checked by domain/option_bounds.py); a
stored match is never checked again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from domain.cards import JOKER
from domain.option_bounds import check_limits
from domain.president.cards import Deck
from domain.president.rules import RULES_ARE_DATA, rule
from domain.president.ruleset import Ruleset
from domain.protocol import IllegalAction

# docs/daifugo.md: "a sequence (3 or more consecutive ranks of one suit …)".
SHORTEST_SEQUENCE = 3


def check_ruleset(ruleset: Ruleset, players: int, given: Collection[str]) -> None:
    """Every bound of a match's ruleset: each option's own, then `check_bounds` (the same arguments)."""
    check_limits(ruleset, RULES_ARE_DATA)
    check_bounds(ruleset, players, given)


def check_bounds(ruleset: Ruleset, players: int, given: Collection[str]) -> None:
    """Every bound below; `players`: the players of the match (0: any the ruleset admits); `given`: the
    fields the options set: a preset's `max_set` and `exchange`, a text's "four" and "two", are kept with a
    smaller deck of the options, which never reaches the one, and where a hand is smaller than the other,
    gives that hand (state.exchange_dues)."""
    check_player_ranges(ruleset)
    check_jokers_ranked(ruleset)
    deck = Deck.of(ruleset.deck, ruleset.ranks)
    if "max_set" in given:
        check_max_set(ruleset, deck)
    if "exchange" in given:
        check_exchange(ruleset, deck, players)
    check_sequences(ruleset)


def check_player_ranges(ruleset: Ruleset) -> None:
    """classic header: "_player_: 4-7"; friday: "Blind President (2-4 players)": a range runs from its
    fewest to its most."""
    if ruleset.min_players > ruleset.max_players:
        raise IllegalAction(
            f"min_players ({ruleset.min_players}) must be at most max_players ({ruleset.max_players})",
            rule(ruleset.text, "players"),
        )
    if ruleset.blind_min_players > ruleset.blind_max_players:
        raise IllegalAction(
            f"blind_min_players ({ruleset.blind_min_players}) must be at most blind_max_players ({ruleset.blind_max_players})",
            rule(ruleset.text, "blind"),
        )


def check_jokers_ranked(ruleset: Ruleset) -> None:
    """friday § Jokers: "President can also be played with the two Jokers": they rank somewhere."""
    if ruleset.jokers and JOKER not in ruleset.ranks:
        raise IllegalAction("jokers need a place in the ranks (JK)", RULES_ARE_DATA)


def largest_set(ruleset: Ruleset, deck: Deck) -> int:
    """The most cards one play of one rank can hold: the deck's cards of its commonest rank, and every card
    that may stand for one (a Joker standing for a card, a Doppelgänger)."""
    stand_ins = {ruleset.wild_rank} | ({JOKER} if ruleset.joker_stands_for else set())
    by_rank: Counter[str] = Counter()
    for code, held in deck.copies.items():
        by_rank[deck.rank[code]] += held
    standing = sum(by_rank[rank] for rank in stand_ins if rank)
    return max((held for rank, held in by_rank.items() if rank not in stand_ins), default=0) + standing


def check_max_set(ruleset: Ruleset, deck: Deck) -> None:
    """classic § Play Game: "putting one, two, three, or four cards of the same kind": a set is of one rank,
    so no larger than the deck holds of a rank (with the cards that may stand for one)."""
    most = largest_set(ruleset, deck)
    if ruleset.max_set > most:
        raise IllegalAction(
            f"max_set must be at most {most}, the cards of one rank this deck holds (with any that stand for one), "
            f"not {ruleset.max_set}",
            rule(ruleset.text, "set"),
        )


def smallest_hand(ruleset: Ruleset, deck: Deck, players: int) -> tuple[int, int]:
    """The fewest cards a player holds when the exchange comes, and the players that makes it: the deck dealt
    to the match's players (classic § Preparation: "deals out all the cards in the deck"; 0: the fewest the
    ruleset admits), in Blind President no more than the hand taken from the pile ("the top seven cards")."""
    seats = players or (ruleset.blind_min_players if ruleset.blind else ruleset.min_players)
    hand = deck.size // seats
    return (min(hand, ruleset.blind_hand) if ruleset.blind else hand), seats


def check_exchange(ruleset: Ruleset, deck: Deck, players: int) -> None:
    """classic § End Game: "The scum must give the president his two highest cards and receive any two cards
    from the president's hand in return": a giver gives from the hand dealt, so never more cards than the
    smallest hand holds."""
    hand, seats = smallest_hand(ruleset, deck, players)
    for place, count in enumerate(ruleset.exchange):
        if count > hand:
            raise IllegalAction(
                f"exchange[{place}] must be at most {hand}, the smallest hand of {seats} players from a "
                f"{deck.size}-card deck{' in Blind President' if ruleset.blind else ''}, not {count}",
                rule(ruleset.text, "exchange-first"),
            )


def longest_sequence(ruleset: Ruleset) -> int:
    """docs/daifugo.md: "3 or more consecutive ranks of one suit; the Joker may fill one rank, including one
    past either end": one card of each rank but the Joker's, and one past an end."""
    return len([rank for rank in ruleset.ranks if rank != JOKER]) + 1


def check_sequences(ruleset: Ruleset) -> None:
    """docs/daifugo.md: "a sequence (3 or more consecutive ranks of one suit …)" and "a sequence of five or more
    reverses the order of ranks": each length 0 (none) or a sequence's, 3 up to the longest the ranks make."""
    longest = longest_sequence(ruleset)
    for field in ("sequences", "revolution_sequence"):
        length = getattr(ruleset, field)
        if length and not SHORTEST_SEQUENCE <= length <= longest:
            raise IllegalAction(
                f"{field} must be 0 (none) or from {SHORTEST_SEQUENCE} to {longest}, the longest sequence these "
                f"ranks make, not {length}",
                rule(ruleset.text, "sequence"),
            )
