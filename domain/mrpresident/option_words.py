"""Mr. President's new-match form in people's words (domain/option_words.py); the rules
text's sentence stays each option's description in ruleset.py."""

from __future__ import annotations

from domain.mrpresident.rules import MODE
from domain.option_words import OptionWords, ModeWords, SetupWords

BASIC = "The campaign"
TALLY = "The tally"
ADVANCED = "Advanced game"
INCUMBENT = "Incumbent year"
YES_NO = {"true": "yes", "false": "no"}
TIE = {"no one elected": "no one is elected", "most electoral votes": "the most electoral votes win"}

WORDS = SetupWords(
    sentence="Mr. President: two parties campaign state by state for the 1964 election",
    listed=2,
    presets={
        "basic": "The basic game on the 1964 board",
        "basic-2024": "The basic game with the 2024 electoral votes",
        "advanced": "The advanced game: nomination, advertising, fund raising and debates",
    },
    modes=ModeWords(
        question="Will you play for popular votes or for electoral votes?",
        choices={"popular": "Popular votes: the most votes in the country win", "electoral": "Electoral votes: 270 or more win"},
        default=None,
        rule=MODE,
    ),
    options={
        "board": OptionWords(label="The board", group=BASIC, values={"1964": "1964 (the game's own)", "1964-edge-b": "1964, the other built-in edge table", "2024": "2024 electoral votes"}),
        "ballot_deck_size": OptionWords(label="Ballots in each candidate's deck", group=BASIC, unit="cards"),
        "home_state_ballots_on_any_visit": OptionWords(label="May home-state Ballots be cast on any visit to headquarters?", group=BASIC, values={"true": "yes, on any visit", "false": "only after a blunder"}),
        "blunder_from_partner_deck": OptionWords(label="When your Ballot deck is spent, does a blunder take your partner's card?", group=BASIC, values={"true": "yes", "false": "no card moves"}),
        "absentee_tie_first": OptionWords(label="Who gets the first Absentee Ballot on a tie?", group=TALLY, values={"first player": "the first player's party", "Republican": "the Republicans", "Democratic": "the Democrats"}),
        "absentee_fills_limit": OptionWords(label="Do Absentee Ballots count toward a state's limit?", group=TALLY, values=YES_NO),
        "absentee_counts_as_visit": OptionWords(label="Does an Absentee Ballot count as a visit to the state?", group=TALLY, values=YES_NO),
        "electoral_state_tie": OptionWords(label="A state tied in votes gives its electoral votes to", group=TALLY, values={"unawarded": "no one", "split": "both, half each"}),
        "electoral_no_majority": OptionWords(label="If no one reaches 270 electoral votes", group=TALLY, values=TIE),
        "popular_vote_tie": OptionWords(label="If the popular votes are tied", group=TALLY, values=TIE),
        "nomination": OptionWords(label="Nominate the tickets from Candidate cards?", group=ADVANCED, values=YES_NO),
        "advertising": OptionWords(label="Play with advertising?", group=ADVANCED, values=YES_NO),
        "fund_raising": OptionWords(label="Play with fund raising?", group=ADVANCED, values=YES_NO),
        "debates": OptionWords(label="Play with debates?", group=ADVANCED, values=YES_NO),
        "debate_absentee_first": OptionWords(label="Does the debate winner get their five Absentee Ballots first?", group=ADVANCED, values=YES_NO),
        "incumbent_year": OptionWords(label="Play two games, the winner running for re-election? (electoral only)", group=INCUMBENT, values=YES_NO),
        "incumbent": OptionWords(label="The party in office", group=INCUMBENT, values={"": "none (not an incumbent year)", "Republican": "the Republicans", "Democratic": "the Democrats"}),
        "incumbent_president": OptionWords(label="The President running again (his Candidate card)", group=INCUMBENT),
    },
)
