"""The sentences of the Mr. President rules text (mr-president.md, the basic game)
that the checks enforce, each quoted as the text words it (emphasis marks dropped).
"""

from __future__ import annotations

from domain.protocol import Rule

TEXT = "mr-president.md"


def _rule(id: str, section: str, quote: str) -> Rule:
    return Rule(id=f"mrpresident.{id}", source=f"{TEXT} § {section}", quote=quote)


# Setup
PLAYERS = _rule("players", "MR PRESIDENT", "Number of players: 2 or 4")
MODE = _rule(
    "mode",
    "SETUP",
    "Players must decide if they will play the game for popular votes or for electoral votes.",
)
PARTY_LOT = _rule("parties", "SETUP", "Party affiliation is determined by lot or dice roll.")
CANDIDATES = _rule(
    "candidates",
    "SETUP",
    "Each party shuffles its Candidate Cards and places two face up on the table, one in front of each of its players.",
)
TICKET_FOUR = _rule(
    "ticket.four",
    "SETUP",
    "When four play, dice are rolled to see which player will be the presidential candidate; "
    "the other becomes the vice presidential candidate.",
)
TICKET_TWO = _rule(
    "ticket.two", "SETUP", "When two play, each player chooses which of his Candidate Cards will be the presidential candidate."
)
EFFECTIVE_TOTAL = _rule("card.total", "SETUP (Illustration I)", "sum of all ratings.")
UNDECIDED = _rule(
    "undecided",
    "SETUP",
    "The twelve removed cards are mixed together and stacked to one side of the Ballot Box; "
    "this becomes the Undecided Voter stack.",
)
FIRST_PLAYER = _rule("first", "PLAY", "The two presidential candidates roll the dice to determine who will play first.")
ADVANCED = _rule(
    "advanced",
    "ADVANCED GAME",
    "After players have become familiar with the basic game, they may wish to include one or more of the following:",
)

# Board
BOARD = _rule(
    "board",
    "OBJECT OF THE GAME",
    "When playing for electoral votes, each party attempts to win a majority (270 or more) of the 538 electoral votes.",
)

# Turns
ORDER_FOUR = _rule(
    "order.four",
    "PLAY",
    "In the four-player game, play rotates as follows: President, President, Vice President, Vice President.",
)
ORDER_TWO = _rule("order.two", "PLAY", "In the two-player game, players alternate turns.")
HAND = _rule(
    "hand",
    "PLAY",
    "Check your Candidate card for your Campaign Ability; this indicates the number of cards you may hold.",
)
HAND_TWO = _rule(
    "hand.two",
    "PLAY",
    "When two play, use the higher of your two ratings to determine the number of cards you may hold throughout the game.",
)
REGION = _rule("region", "CAMPAIGNING", "After selecting a region, announce your choice and roll the dice.")
REACH = _rule(
    "reach",
    "CAMPAIGNING",
    "The three states in which you may campaign on this turn are indicated by the number rolled on each die plus their total.",
)
BALLOT_STATE = _rule(
    "ballot.state", "CAMPAIGNING", "Each Ballot cast must list one of the three states in which you may campaign."
)
AT_LEAST_ONE = _rule("ballot.one", "CAMPAIGNING", "At least one Ballot must be cast per turn.")
SEAL = _rule(
    "ballot.seal",
    "CAMPAIGNING",
    "As you cast each Ballot (into the proper region), announce whether it is a President or a Vice President Ballot (according to seal).",
)
LIMIT = _rule(
    "limit",
    "CAMPAIGNING",
    "Note that each party is limited in the number of Ballots it may cast in a particular state; "
    "while you may cast five Ballots in New York or Pennsylvania, you may only cast two Ballots in D. C.",
)
HOLD = _rule(
    "hold",
    "CAMPAIGNING",
    "You may never hold more cards than indicated by your Campaign Ability rating.",
)
REFILL = _rule("refill", "CAMPAIGNING", "When your Ballot deck is depleted, refill your hand from your partner's deck.")
HOME_STRETCH = _rule(
    "home-stretch",
    "CAMPAIGNING (Home Stretch)",
    "At this point, each player may select two regions in which to campaign on his turn.",
)
CAMPAIGN_END = _rule(
    "campaign-end",
    "CAMPAIGNING (Campaign's End)",
    "After you cast your last Ballot, other players may take one more turn before the campaign ends.",
)

# Campaign Headquarters
HQ_ROLL = _rule(
    "hq.roll",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "You may go to Campaign Headquarters (draw a Campaign Headquarters card) instead of campaigning when you roll 7, 11 or doubles.",
)
BLUNDER = _rule(
    "hq.blunder",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "If you “blunder” (cannot cast any Ballots when campaigning), you must place the top card from your Ballot deck "
    "at the bottom of the Undecided Voter stack and go to your Campaign Headquarters.",
)
HOME_STATE = _rule(
    "hq.home-state",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "Since Campaign Headquarters is in your home state, you may cast any Ballots you hold for this state before "
    "drawing a Campaign Headquarters card.",
)
HOME_STATE_TWO = _rule(
    "hq.home-state.two",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "(In the two-player game, the player must choose whether he is going to his President's home state or his V. P.'s home state.)",
)
HOME_STATE_CARD = _rule(
    "hq.home-state-ballot",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "These Ballots are recorded on the Tally Board in the usual manner; however, if you cast the Ballot marked "
    "“Home State,” do not record it on the Tally Board.",
)
HQ_CARD = _rule(
    "hq.card",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "Most of the cards are self-explanatory; for others, which require additional explanation, see below.",
)
BULLETIN = _rule(
    "hq.bulletin",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "For instance, any player not identified with the issue on a Bulletin card may disregard the card.",
)
RUMOR = _rule(
    "hq.rumor",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "When drawing a Rumor card, remember that your opponent is always the candidate who is seeking the same office "
    "that you are, i.e., Pres. vs. Pres., V. P. vs. V. P.",
)
RUMOR_SQUELCH = _rule(
    "hq.rumor.squelch",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "If you are the opponent and you do get to the state, you have squelched the rumor; you must cast at least one "
    "Ballot you hold for this state even though you have been there the maximum number of times.",
)
RUMOR_GIVEN = _rule(
    "hq.rumor.given",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "If the candidate who drew the Rumor card is given cards by his opponent, he must cast them immediately but does not record them.",
)
PRESS_DICE = _rule(
    "hq.press.dice",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "When drawing a Press Endorsement card, roll the die (or dice as indicated by the card) to determine the number "
    "of Ballots you may take from the Undecided Voter stack.",
)
PRESS_RATING = _rule(
    "hq.press.rating",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "(In the two-player game, always use the higher of your two Press Support ratings.)",
)
PRESS_PLACES = _rule(
    "hq.press.places",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "The region(s) or state(s) in which you may cast the Undecided Voter Ballots are indicated on the Endorsement "
    "card according to your Press Support rating.",
)
PRESS_REPLACE = _rule(
    "hq.press.replace",
    "GOING TO CAMPAIGN HEADQUARTERS",
    "If, towards the end of the game, there are not enough Ballots remaining in the Ballot decks to replenish all "
    "you are allowed to cast, you may cast as many Ballots as can be replaced.",
)

# Absentee Ballots
ABSENTEE = _rule(
    "absentee",
    "ABSENTEE BALLOTS",
    "At campaign's end, all Ballots in the Undecided Voter stack become Absentee Ballots and are distributed to the parties.",
)
ABSENTEE_COUNT = _rule(
    "absentee.count",
    "ABSENTEE BALLOTS",
    "Each party counts the number of states in which it cast Ballots; party with the larger number of states will "
    "receive one card for each state more than its opponent.",
)
ABSENTEE_DEAL = _rule(
    "absentee.deal",
    "ABSENTEE BALLOTS",
    "Remaining Absentee Ballots are dealt one at a time to the parties beginning with the party which campaigned in the most states.",
)
ABSENTEE_POPULAR = _rule(
    "absentee.popular",
    "ABSENTEE BALLOTS",
    "When playing for popular votes, a party which has campaigned in a state the maximum number of times may not "
    "cast an Absentee Ballot in that state.",
)

# Election tally
TALLY = _rule("tally", "ELECTION TALLY", "Each region is tallied separately.")
TALLY_TOTAL = _rule(
    "tally.total",
    "ELECTION TALLY",
    "Remove the Ballots cast in your Eastern region and count the total number of votes cast in the East (red section of Ballot card).",
)
ADDITIONAL = _rule(
    "tally.additional",
    "ELECTION TALLY",
    "The party which has been to the most states in the region wins that region's additional votes (see bottom of Tally column).",
)
ADDITIONAL_TIE = _rule(
    "tally.additional.tie",
    "ELECTION TALLY",
    "If there is a tie for most states in a region, the party which has campaigned in the most states in the nation "
    "will win the additional votes.",
)
NATIONAL = _rule(
    "tally.national",
    "ELECTION TALLY",
    "After the regional additional votes have been determined, the national additional votes are determined; the "
    "party campaigning in the most states throughout the nation wins these additional votes.",
)
EDGE = _rule("tally.edge", "ELECTION TALLY", "The party having the edge adds it to the announced total.")
EDGE_EVERY_STATE = _rule(
    "tally.edge.every-state",
    "ELECTION TALLY",
    "One party will have the built-in edge in the state (see Built-in Edge column of Tally Board).",
)
MAJORITY = _rule(
    "tally.majority",
    "ELECTION TALLY",
    "Party with the majority (270 or more) of the electoral votes wins; its candidates become MR. PRESIDENT and Mr. Vice President.",
)
POPULAR_WIN = _rule(
    "tally.popular",
    "ELECTION TALLY",
    "Party with the most popular votes (highest grand total) wins; its candidates become MR. PRESIDENT and Mr. Vice President.",
)

VOTES = _rule(
    "votes",
    "CAMPAIGNING",
    "Remember the number before each state represents votes in hundred thousands, i.e., 5 = 500,000 votes, 15 = 1,500,000 votes, etc.",
)
# Not sentences of mr-president.md: Recount's house rules (docs/house-rules.md), how a match's options are
# resolved and what an action is.
HOUSE = "docs/house-rules.md"
OPTIONS = Rule(
    id="mrpresident.options",
    source=f"{HOUSE} § Recording",
    quote="Each game system has a frozen ruleset; named presets (one per rules text, plus house rules) are resolved "
    "at match creation, and the resolved ruleset and board are embedded in the first event.",
)
UNKNOWN_EVENT = Rule(
    id="mrpresident.event",
    source=f"{HOUSE} § Recording",
    quote="A match is recorded by one of the game systems Recount knows; an action is one of the actions of its "
    "match's game system.",
)
