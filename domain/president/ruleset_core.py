"""The options every rules text speaks to (who plays, the ranks and the deck, what beats what, the exchange),
the base of `Ruleset` (ruleset.py, which adds those of one text or house rule), and the bounds of one option
alone. A bound is documentation on the field (`limits`, domain/option_bounds.py), enforced when a match is
created and never when a stored match decodes; the bounds that depend on other fields, the deck or the players
are ruleset_bounds.py's."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.cards import RANKS
from domain.option_bounds import limits
from domain.president.cards import suited_deck
from domain.protocol import NAME_MAX, PLAYERS_MAX, WORD_MAX

# Bounds no text gives: the texts play with one deck, or "2 decks together when playing
# with more than 10 people" (deck), and "the two Jokers" (friday); a table of at most
# PLAYERS_MAX seats needs no more. docs/silent-choices.md.
DECKS_MAX = 4
JOKERS_MAX = 4
DECK_MAX = DECKS_MAX * (52 + JOKERS_MAX)
# The longest code of a card or rank ("10S", "0Ra", "JK4" are three) and the most ranks (the texts have
# 13 or 14): silent choices, room to spare for a house deck.
CODE_MAX = 8
RANKS_MAX = 32
# Points a place scores: the texts score -2 to 2 (classic) and 5 to 1 (daifugo); a silent choice of twenty
# times the largest keeps a house scale free and a match's totals far from any overflow.
POINTS_MAX = 100
# classic § End Game: "you continue until only one player is left holding cards": a game needs two.
MIN_PLAYERS = 2

Code = Annotated[str, limits(min_length=1, max_length=CODE_MAX)]
Count = Annotated[int, limits(minimum=0, maximum=DECK_MAX)]
Points = Annotated[int, limits(minimum=-POINTS_MAX, maximum=POINTS_MAX)]
Title = Annotated[str, limits(max_length=NAME_MAX)]
Seats = limits(minimum=MIN_PLAYERS, maximum=PLAYERS_MAX)


class CoreOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options every rules text speaks to, the first of `Ruleset`'s; each field's description (shown beside
    it on the /new page) quotes what the texts say about it."""

    preset: Annotated[str, limits(max_length=WORD_MAX, description="The preset this ruleset starts from: classic, friday, deck or daifugo (40 characters at most).")] = "classic"
    text: Annotated[
        str,
        limits(max_length=WORD_MAX, description='Which rules text the checks cite ("classic", "friday", "deck", "daifugo"); see rules.py.'),
    ] = "classic"
    min_players: Annotated[int, Seats, Meta(description='The fewest players (2 to 20). classic: "_player_: 4-7".')] = 4
    max_players: Annotated[int, Seats, Meta(description='The most players (2 to 20). classic: "_player_: 4-7".')] = 7
    ranks: Annotated[
        tuple[Code, ...],
        limits(
            min_items=1,
            max_items=RANKS_MAX,
            description='Ranks low to high. classic names no order ("must have a higher rank"), so the ordinary '
            "order of a 52-card deck holds: 2 low, ace high. At most 32 ranks (the texts have 13 or 14), each code at "
            "most 8 characters (a silent choice)."
        ),
    ] = RANKS
    deck: Annotated[
        tuple[Code, ...],
        limits(max_items=DECK_MAX, description='The cards, one code per card ("52 card deck"); a code listed twice is held twice. At most '
        "224 cards (four decks of four Jokers each), each code at most 8 characters (silent choices).",
    ),
    ] = suited_deck()
    max_set: Annotated[
        int,
        limits(
            minimum=1,
            maximum=DECK_MAX,
            description='The most cards in one play. classic: "putting one, two, three, or four cards of the same kind": '
            "at most the cards of a rank the deck holds, with those that may stand for one (ruleset_bounds.py).",
        ),
    ] = 4
    equal_rank_beats: Annotated[
        bool,
        Meta(
            description='classic § Play Game: "the cards you put down must have a higher rank than the cards already '
            'played" (False); classic § Introduction: "Each play must equal or outrank the previous one." (True).'
        ),
    ] = False
    count_rule: Annotated[
        Literal["same", "at_least"],
        Meta(
            description='"same": classic "she must put down the same number of cards as the previous lay down". '
            '"at_least": friday "that number of cards must be met or exceeded by all players for the remainder of '
            'the round".'
        ),
    ] = "same"
    pass_locks_out: Annotated[
        bool,
        Meta(
            description='classic: "At each turn, you can follow with the same number of cards of a higher rank, or you '
            'can pass." and "You can pass even if you have a legal move": a pass does not shut a player out of the '
            "rest of the round (False). True is the house rule where it does."
        ),
    ] = False
    leader_may_pass: Annotated[
        bool,
        Meta(
            description='deck § How To Play: "Players may pass at any time, even if they have cards they could '
            'play.": the leader of a round may pass on the empty pile too, and the lead goes to the next player '
            '(True). classic ("starts the new round of plays again, playing whatever card or cards he wants to '
            'play") and friday ("The player who starts the round may play any card in their hand") have the leader '
            "play and never say the leader may pass (False). docs/daifugo.md forbids no pass (\"Passing shuts a player "
            'out until the trick ends.") and its tournament server takes one from the leader (True); with '
            "`pass_locks_out` the leader's pass shuts them out of the trick too, and when every player still in has "
            'passed on the empty table, "The trick ends when every player still in has passed" and "The last player '
            'to play leads the next trick": the player whose lead it was leads again.'
        ),
    ] = False
    vice_below_four: Annotated[
        bool,
        Meta(
            description='deck § Players Leaving/Entering Between Rounds: "If the President leaves, then the Vice '
            'President becomes President and whoever was 3rd becomes Vice President.": with three players the '
            "second is Vice President (True). classic is for 4-7 players and never has three; friday names the "
            'second out "Vice President" and the second to last "Vice Idiot", the same player when three play, '
            "and is silent on which title holds: the middle player is a citizen with no exchange (False). With "
            "three players there is one exchange either way: no second-to-last player is left to give the Vice "
            "President a card."
        ),
    ] = False
    reseat_by_finishing_order: Annotated[
        bool,
        Meta(
            description='classic: "The finishing order determines who plays first, second, third, and so on for the '
            'next game.": the players sit in finishing order for the next game (True), so the president plays first, '
            "the vice-president second, … False keeps the seats."
        ),
    ] = True
    next_dealer: Annotated[
        Literal["any", "left_of_previous"],
        Meta(
            description='classic: "For subsequent rounds, the dealer depends on the results of the previous round." '
            'says no more, so any player may deal ("any"); "left_of_previous" moves the deal one seat left each game.'
        ),
    ] = "any"
    next_leader: Annotated[
        Literal["president", "last"],
        Meta(
            description='Who leads the games after the first. classic: "The finishing order determines who plays '
            'first, …": the president leads ("president"); friday: "In future games, the Idiot (see "Ranking") starts '
            'the first round." ("last").'
        ),
    ] = "president"
    exchange: Annotated[
        tuple[Count, ...],
        limits(
            max_items=PLAYERS_MAX // 2,
            description="Cards the last player gives the first, then the second-to-last the second, after every game "
            'but the first. classic: "The scum must give the president his two highest cards" / "the worker must '
            'give the vice-president his highest card". Each at most the cards of the smallest hand (ruleset_bounds.py).',
        ),
    ] = (2, 1)
    return_received_allowed: Annotated[
        bool,
        Meta(
            description='classic: "receive any two cards from the president’s hand in return": any card, even one '
            "just received (True)."
        ),
    ] = True
