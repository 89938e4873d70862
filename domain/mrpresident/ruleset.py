"""The ruleset: every choice the rules text leaves open, pinned per match.

Each option's `description` (shown beside it on the /new page, from
`msgspec.json.schema(Ruleset)`) says which sentence of mr-president.md it settles,
what the text says (or does not say), and what each value means.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.option_bounds import limits
from domain.protocol import NAME_MAX

# The text never says how many Ballots a deck holds: a silent choice of 100, so that a party's two decks
# (200 Ballots) hold more than the 147 spaces the 1964 Tally Board gives a party, and a match stays a game.
BALLOT_DECK_MAX = 100

_ADVANCED = "ADVANCED GAME (a later issue): {what} is not recorded yet; a match must leave it off."


class Ruleset(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    board: Annotated[
        str,
        msgspec.Meta(
            description="Which named board (boards/*.json) a match uses unless the match brings its own; the text "
            'only pictures the Tally Board ("see Built-in Edge column of Tally Board"), so every board is data.'
        ),
    ] = "1964"

    ballot_deck_size: Annotated[
        int,
        limits(
            maximum=BALLOT_DECK_MAX,
            description="Cards in each candidate's Ballot deck before three are removed for the Undecided Voter "
            'stack. The text never says how many (SETUP 4: "Each candidate shuffles his Ballot deck and removes '
            'three cards"); 40 is a guess. More than the three removed (setup.py) and at most 100 (a silent '
            "choice: a party's two decks then hold more Ballots than the 1964 Tally Board has spaces for it).",
        ),
    ] = 40

    home_state_ballots_on_any_visit: Annotated[
        bool,
        msgspec.Meta(
            description='GOING TO CAMPAIGN HEADQUARTERS: "Since Campaign Headquarters is in your home state, you '
            'may cast any Ballots you hold for this state before drawing a Campaign Headquarters card." It stands '
            "in the blunder paragraph; the reason it gives holds for every visit. True: home-state Ballots on any "
            "visit; False: only after a blunder."
        ),
    ] = True

    blunder_from_partner_deck: Annotated[
        bool,
        msgspec.Meta(
            description='A blunder puts "the top card from your Ballot deck" under the Undecided Voter stack; the '
            "text is silent once that deck is spent. True: take it from the deck you refill from (your partner's, "
            'as in "refill your hand from your partner\'s deck"); False: no card moves.'
        ),
    ] = True

    absentee_tie_first: Annotated[
        Literal["first player", "Republican", "Democratic"],
        msgspec.Meta(
            description='ABSENTEE BALLOTS deals "beginning with the party which campaigned in the most states" and '
            "is silent on a tie. Which party then receives the first card: the first player's party, the "
            "Republicans or the Democrats."
        ),
    ] = "first player"

    absentee_fills_limit: Annotated[
        bool,
        msgspec.Meta(
            description='ABSENTEE BALLOTS (popular votes): "Each party marks its Absentee Ballots on its Tally '
            'Board with an X", and the Campaign Record says "each space following the state is equal to one '
            'Ballot". True: the X\'s take spaces, so a party\'s recorded and absentee Ballots in a state together '
            "stay within its limit; False: only a state already at its limit before the absentees is closed to them."
        ),
    ] = True

    absentee_counts_as_visit: Annotated[
        bool,
        msgspec.Meta(
            description='ELECTION TALLY: "The party which has been to the most states in the region wins that '
            "region's additional votes\". Silent on whether an absentee X counts as having been there. True: it "
            'counts; False: only Ballots cast while campaigning count (the debate example: "you need the record '
            'to prove you went there").'
        ),
    ] = False

    electoral_state_tie: Annotated[
        Literal["unawarded", "split"],
        msgspec.Meta(
            description='ELECTION TALLY (electoral): "Party with the largest popular vote in a state wins that '
            "state's electoral votes\"; silent when the votes (edge included) are equal. \"unawarded\": neither "
            'party gets the state\'s electoral votes; "split": each gets half.'
        ),
    ] = "unawarded"

    electoral_no_majority: Annotated[
        Literal["no one elected", "most electoral votes"],
        msgspec.Meta(
            description='ELECTION TALLY (electoral): "Party with the majority (270 or more) of the electoral votes '
            'wins"; the text never says what happens without a majority (a tied or unawarded state). "no one '
            'elected": both parties share first place and nobody becomes Mr. President; "most electoral votes": '
            "the party with more electoral votes wins anyway."
        ),
    ] = "no one elected"

    popular_vote_tie: Annotated[
        Literal["no one elected", "most electoral votes"],
        msgspec.Meta(
            description='ELECTION TALLY (popular): "Party with the most popular votes (highest grand total) wins"; '
            'the text never says what happens when the grand totals are equal. "no one elected": both parties '
            'share first place and nobody becomes Mr. President; "most electoral votes": the electoral tally '
            'decides (SETUP 1: "Sometimes it is interesting when playing for popular votes to determine if you '
            'would still have won if you had played for electoral votes"), and a tie there elects no one.'
        ),
    ] = "no one elected"

    nomination: Annotated[
        bool,
        msgspec.Meta(
            description="ADVANCED GAME, NOMINATION: True: the tickets are nominated from Candidate cards laid out "
            "(five per player when four play, seven when two play) from the match's deck; False: the basic SETUP."
        ),
    ] = False
    advertising: Annotated[
        bool,
        msgspec.Meta(
            description="ADVANCED GAME, ADVERTISING: True: a party's funds start at its candidates' Financial Support "
            "and a roll of 7 or doubles may be used to advertise; False: no advertising."
        ),
    ] = False
    fund_raising: Annotated[
        bool,
        msgspec.Meta(description="ADVANCED GAME, FUND RAISING: True: a turn may be used to raise funds; False: no fund raising."),
    ] = False
    debates: Annotated[
        bool,
        msgspec.Meta(
            description="ADVANCED GAME, DEBATE: True: a roll of 7 or doubles may be used to debate, and the party "
            "winning the most debates receives the first five Absentee Ballots; False: no debates."
        ),
    ] = False
    debate_absentee_first: Annotated[
        bool,
        msgspec.Meta(
            description='DEBATE 10: "the party winning the most debates will receive the first five Absentee '
            'Ballots"; ABSENTEE BALLOTS gives the party with more states "one card for each state more". The text '
            "does not say which comes first. True: the debate winner's five first, then the basic count and deal of "
            "the rest; False: the basic count first, then the debate winner's five, then the deal. A tie in debates "
            "won gives no one the five."
        ),
    ] = True
    incumbent_year: Annotated[
        bool,
        msgspec.Meta(
            description='INCUMBENT YEAR (Electoral Vote Tally only): "It is frequently interesting to have the winner '
            'of one game run for re-election in the following game." True: the match is two games; once the first '
            "game's tally elects a President, IncumbentYearBegun starts the second (same parties), his card runs "
            "again with any running mate, the challengers choose freely, and the built-in edge is the incumbent's "
            "table's. The text does not score the pair: the second game's result is the match's (the re-election "
            "decides), the first's is listed beside it; a first game electing no one ends the match. Electoral only."
        ),
    ] = False
    incumbent: Annotated[
        Literal["", "Republican", "Democratic"],
        msgspec.Meta(
            description="INCUMBENT YEAR (Electoral Vote Tally only): the party in office when this match is the "
            "second game, the elected President running again (the first game is an ordinary match: a match records "
            'one game, the second names the first\'s winner here). "": not an incumbent year. The tickets are then '
            "chosen freely from the decks (no Nomination), the incumbent's last, and the built-in edge is the "
            "incumbent's table's."
        ),
    ] = ""
    incumbent_president: Annotated[
        str,
        limits(
            max_length=NAME_MAX,
            description='INCUMBENT YEAR: "the elected President\'s Candidate card is used again": the name of his '
            "card in the incumbent party's deck (with `incumbent` set); at most 40 characters, as a player's name."
        ),
    ] = ""


PRESETS: dict[str, Ruleset] = {
    # The basic game of mr-president.md on the reconstructed 1964-68 board.
    "basic": Ruleset(),
    # The same game with the 2024 electoral votes.
    "basic-2024": Ruleset(board="2024"),
    # Nomination, advertising, fund raising and debates on the reconstructed 1964-68
    # board and tables. The incumbent year (`incumbent_year`) is electoral only, so it
    # stays an option: a preset must be playable in either mode.
    "advanced": Ruleset(nomination=True, advertising=True, fund_raising=True, debates=True),
}
DEFAULT_PRESET = "basic"
