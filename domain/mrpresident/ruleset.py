"""The ruleset: every choice the rules text leaves open, pinned per match.

Each option's comment says which sentence of mr-president.md it settles and what
the text says (or does not say).
"""

from __future__ import annotations

from typing import Literal

import msgspec


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # Which named board (boards/*.json) a match uses unless MatchSetup.board brings
    # its own; the text only pictures the Tally Board ("see Built-in Edge column of
    # Tally Board"), so every board is data.
    board: str = "1964"

    # Cards in each candidate's Ballot deck before three are removed for the
    # Undecided Voter stack. The text never says how many (SETUP 4: "Each candidate
    # shuffles his Ballot deck and removes three cards"); 40 is a guess.
    ballot_deck_size: int = 40

    # GOING TO CAMPAIGN HEADQUARTERS: "Since Campaign Headquarters is in your home
    # state, you may cast any Ballots you hold for this state before drawing a
    # Campaign Headquarters card." It stands in the blunder paragraph; the reason it
    # gives holds for every visit. True: home-state Ballots on any visit; False: only
    # after a blunder.
    home_state_ballots_on_any_visit: bool = True

    # A blunder puts "the top card from your Ballot deck" under the Undecided Voter
    # stack; the text is silent once that deck is spent. True: take it from the deck
    # you refill from (your partner's, as in "refill your hand from your partner's
    # deck"); False: no card moves.
    blunder_from_partner_deck: bool = True

    # ABSENTEE BALLOTS deals "beginning with the party which campaigned in the most
    # states" and is silent on a tie. Which party then receives the first card.
    absentee_tie_first: Literal["first player", "Republican", "Democratic"] = "first player"

    # ABSENTEE BALLOTS (popular votes): "Each party marks its Absentee Ballots on its
    # Tally Board with an X", and the Campaign Record says "each space following the
    # state is equal to one Ballot". True: the X's take spaces, so a party's recorded
    # and absentee Ballots in a state together stay within its limit; False: only a
    # state already at its limit before the absentees is closed to them.
    absentee_fills_limit: bool = True

    # ELECTION TALLY: "The party which has been to the most states in the region wins
    # that region's additional votes". Silent on whether an absentee X counts as
    # having been there. False: only Ballots cast while campaigning count (the
    # debate example: "you need the record to prove you went there").
    absentee_counts_as_visit: bool = False

    # ELECTION TALLY (electoral): "Party with the largest popular vote in a state wins
    # that state's electoral votes"; silent when the votes (edge included) are equal.
    electoral_state_tie: Literal["unawarded", "split"] = "unawarded"

    # ELECTION TALLY (electoral): "Party with the majority (270 or more) of the
    # electoral votes wins"; the text never says what happens without a majority
    # (a tied or unawarded state). "no one elected": both parties share first place
    # and nobody becomes Mr. President; "most electoral votes": the party with more
    # electoral votes wins anyway.
    electoral_no_majority: Literal["no one elected", "most electoral votes"] = "no one elected"

    # ADVANCED GAME (a later issue): nomination, advertising, fund raising, debates
    # and the incumbent year are not recorded yet; a match must leave them off.
    nomination: bool = False
    advertising: bool = False
    fund_raising: bool = False
    debates: bool = False
    incumbent: Literal["", "Republican", "Democratic"] = ""


PRESETS: dict[str, Ruleset] = {
    # The basic game of mr-president.md on the reconstructed 1964-68 board.
    "basic": Ruleset(),
    # The same game with the 2024 electoral votes.
    "basic-2024": Ruleset(board="2024"),
}
DEFAULT_PRESET = "basic"
