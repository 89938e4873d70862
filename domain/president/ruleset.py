"""The ruleset: every point where the texts differ or are silent is a field here,
with the sentence each text says about it. Presets are resolved at match creation
and embedded in `MatchCreated`, so changing a preset never changes an old match."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.president.cards import JOKER, STANDARD_RANKS, suited_deck
from domain.president.texts import RULES_ARE_DATA
from domain.protocol import IllegalAction


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    preset: str = "classic"
    # Which rules text the checks cite ("classic"); see texts.py.
    text: str = "classic"
    # classic: "_player_: 4-7".
    min_players: int = 4
    max_players: int = 7
    # Ranks low to high. classic names no order ("must have a higher rank"), so the ordinary order of a
    # 52-card deck holds: 2 low, ace high.
    ranks: tuple[str, ...] = STANDARD_RANKS
    # The cards, one code per card ("52 card deck"); a code listed twice is held twice.
    deck: tuple[str, ...] = suited_deck()
    # classic: "putting one, two, three, or four cards of the same kind".
    max_set: int = 4
    # classic § Play Game: "the cards you put down must have a higher rank than the cards already played"
    # (False); classic § Introduction: "Each play must equal or outrank the previous one." (True).
    equal_rank_beats: bool = False
    # "same": classic "she must put down the same number of cards as the previous lay down".
    count_rule: Literal["same", "at_least"] = "same"
    # classic: "At each turn, you can follow with the same number of cards of a higher rank, or you can pass."
    # and "You can pass even if you have a legal move": a pass does not shut a player out of the rest of the
    # round (False). True is the house rule where it does.
    pass_locks_out: bool = False
    # classic: "The finishing order determines who plays first, second, third, and so on for the next game.":
    # the players sit in finishing order for the next game (True), so the president plays first, the
    # vice-president second, … False keeps the seats.
    reseat_by_finishing_order: bool = True
    # classic: "For subsequent rounds, the dealer depends on the results of the previous round." says no more,
    # so any player may deal ("any"); "left_of_previous" moves the deal one seat left each game.
    next_dealer: Literal["any", "left_of_previous"] = "any"
    # classic: "The finishing order determines who plays first, …": the president leads ("president").
    next_leader: Literal["president", "last"] = "president"
    # Cards the last player gives the first, then the second-to-last the second, after every game but
    # the first. classic: "The scum must give the president his two highest cards" / "the worker must give
    # the vice-president his highest card".
    exchange: tuple[int, ...] = (2, 1)
    # classic: "receive any two cards from the president’s hand in return": any card, even one just received.
    return_received_allowed: bool = True
    # A single card of the highest rank but the jokers (a 2; a 3 while reversed) or a joker may be played
    # on a set of any size of lower value. friday: "However, a single 2 may be played onto any DTQ up to the
    # value of Ace." / "Single Jokers also share the 2s' property of being able to beat any lower-value DTQ"
    # / "While values are reversed, single 3s gain the ability to beat any DTQ." classic has none (False).
    single_top_beats_sets: bool = False
    # A play no rank can beat ends the round at once and its player leads. friday: "Nothing can beat a 2, so
    # if a player uses one they win the round immediately." classic lets the others pass as usual (False).
    unbeatable_ends_round: bool = False
    # friday § Revolution: "any time a quadruple is played the value of all cards (except Jokers) is
    # immediately reversed. This change remains in place until the end of the game, or until another
    # quadruple is played." classic has none (False).
    revolution: bool = False
    # friday § Blind President (2-4 players): "The whole deck is still dealt to all players, but into
    # face-down piles …"; each hand is `blind_hand` cards ("the top seven cards"), topped up after each round.
    blind: bool = False
    blind_hand: int = 7
    blind_min_players: int = 2
    blind_max_players: int = 4
    # Jokers and decks shuffled together, used to build `deck` when an option changes them (and `deck` is
    # not given). friday: "President can also be played with the two Jokers."
    jokers: int = 0
    decks: int = 1
    # Titles by finishing place: first, second, the middle, second to last, last (classic § End Game).
    role_titles: tuple[str, str, str, str, str] = ("president", "vice-president", "citizen", "worker", "scum")
    # classic: "gets 2 points, … gets 1 point. The scum, or beggar, loses 2 points, and … the worker, loses
    # 1 point. All players in between … score nothing and lose nothing."
    role_points: tuple[int, int, int, int, int] = (2, 1, 0, -1, -2)


MODES = ("full", "public")

FRIDAY_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", JOKER)

PRESETS: dict[str, Ruleset] = {
    "classic": Ruleset(),
    # president-friday.txt: every difference from classic is a field set here.
    "friday": Ruleset(
        preset="friday",
        text="friday",
        # "2-13 players (ideally 4-8)" and "the standard rules require three or more players"; two players
        # play Blind President.
        min_players=3,
        max_players=13,
        # "3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, Joker (if used)"
        ranks=FRIDAY_RANKS,
        deck=suited_deck(FRIDAY_RANKS[:-1]),
        # "that number of cards must be met or exceeded by all players for the remainder of the round"
        count_rule="at_least",
        single_top_beats_sets=True,
        unbeatable_ends_round=True,
        # "In each game, the dealer shifts to the left by one player." (seats are kept)
        reseat_by_finishing_order=False,
        next_dealer="left_of_previous",
        # "In future games, the Idiot (see "Ranking") starts the first round."
        next_leader="last",
        # "the President, who in return must give any two cards they were dealt to the Idiot"
        return_received_allowed=False,
        role_titles=("President", "Vice President", "citizen", "Vice Idiot", "Idiot"),
        # The Friday text keeps no score across games: the classic points are the documented default.
    ),
}


def resolve(preset: str | None, options: dict[str, Any]) -> Ruleset:
    """The preset with the options laid over it, checked field by field."""
    name = preset or "classic"
    if name not in PRESETS:
        raise IllegalAction(f"there is no preset {name!r} (known: {', '.join(PRESETS)})", RULES_ARE_DATA)
    fields = msgspec.to_builtins(PRESETS[name]) | dict(options)
    if ("jokers" in options or "decks" in options) and "deck" not in options:
        plain = [rank for rank in fields["ranks"] if rank != JOKER]
        fields["deck"] = suited_deck(plain, fields["jokers"], fields["decks"])
    try:
        ruleset = msgspec.convert(fields, Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the options do not make a ruleset: {error}", RULES_ARE_DATA) from None
    if not 1 <= ruleset.min_players <= ruleset.max_players:
        raise IllegalAction("min_players must be at least 1 and at most max_players", RULES_ARE_DATA)
    if ruleset.jokers and JOKER not in ruleset.ranks:
        raise IllegalAction("jokers need a place in the ranks (JK)", RULES_ARE_DATA)
    if ruleset.max_set < 1:
        raise IllegalAction("max_set must be at least 1", RULES_ARE_DATA)
    return ruleset
