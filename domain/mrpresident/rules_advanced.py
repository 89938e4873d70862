"""The sentences of mr-president.md's advanced game (§ ADVANCED GAME, DEBATE,
INCUMBENT YEAR) that the checks enforce, quoted as the text words them (emphasis
marks and the backslashes escaping its dollar signs dropped)."""

from __future__ import annotations

from domain.mrpresident.rules import _rule

NOMINATION_FOUR = _rule(
    "nomination.four",
    "NOMINATION",
    "Each player receives five of his party's cards and places them face up, in front of him.",
)
NOMINATION_PICK = _rule(
    "nomination.pick",
    "NOMINATION",
    "Each player then picks up his five cards and, from them, chooses the candidate he feels is best qualified.",
)
NOMINATION_WINNER = _rule(
    "nomination.winner",
    "NOMINATION",
    "If no agreement is reached, candidate with the higher Effective Total wins the nomination; if Totals are equal, "
    "dice are rolled and player with the higher number becomes the presidential candidate.",
)
NOMINATION_MATE = _rule(
    "nomination.mate",
    "NOMINATION",
    "Winning nominee has the right to pick his running mate from the remaining nine cards (losing candidate plus the "
    "eight cards not chosen).",
)
NOMINATION_TWO = _rule(
    "nomination.two",
    "NOMINATION",
    "Each player shuffles his Candidate cards then places seven cards face up on the table in front of him.",
)
NOMINATION_TWO_PICK = _rule(
    "nomination.two.pick",
    "NOMINATION",
    "From his own candidates, the player then selects the two who will be the Presidential and Vice Presidential "
    "candidates for his party.",
)
FUNDS = _rule(
    "advertising.funds",
    "ADVERTISING",
    "To determine your party's initial advertising funds, add the Financial Support ratings of both your candidates "
    "and write the total in the Available Advertising Funds section of your Tally Board.",
)
ADVERTISE_ROLL = _rule(
    "advertising.roll",
    "ADVERTISING",
    "After declaring your region in the usual manner, you may advertise in this region rather than campaign if you "
    "roll 7 or doubles and have at least $1 million in available advertising funds.",
)
ADVERTISE_RATING = _rule(
    "advertising.rating",
    "ADVERTISING",
    "Check your Advertising rating (on Candidate card) to see how many Ballots you may take from the Undecided Voter stack.",
)
ADVERTISE_REGION = _rule(
    "advertising.region",
    "ADVERTISING",
    "After drawing the allotted number of Ballots from the Undecided Voter stack, you may cast as many of them as "
    "you wish in the selected region.",
)
ADVERTISE_HOME_STRETCH = _rule(
    "advertising.home-stretch",
    "ADVERTISING",
    '(If the campaign is in the "home stretch," you must pick one of the two regions in which to do your advertising.)',
)
ADVERTISE_REPLENISH = _rule(
    "advertising.replenish",
    "ADVERTISING",
    "(If your opponent's deck does not contain enough Ballots to replenish the stack, you may only cast as many "
    "Ballots as he can replenish.)",
)
ADVERTISE_ONCE = _rule(
    "advertising.once",
    "ADVERTISING",
    "A party may only advertise once in a state although it may cast several Ballots in that state on its advertising turn.",
)
ADVERTISE_COST = _rule(
    "advertising.cost",
    "ADVERTISING",
    "Subtract the total amount spent for advertising from your Available Advertising Funds.",
)
FUND_ANNOUNCE = _rule(
    "funds.announce",
    "FUND RAISING",
    "At the beginning of your turn, announce your intention of raising funds and select a region.",
)
FUND_STATE = _rule(
    "funds.state",
    "FUND RAISING",
    "Now roll the dice and locate the three states in the usual manner. You must select one of these states in which to raise funds.",
)
FUND_CHART = _rule(
    "funds.chart",
    "FUND RAISING",
    "Now locate the dice number on the Chart and match it to your Fund Raising rating (on Candidate card).",
)
FUND_ONCE = _rule("funds.once", "FUND RAISING", "A party may only raise funds once in a state.")
DEBATE_ROLL_FIRST = _rule(
    "debate.roll",
    "DEBATE",
    "If you roll a 7 or doubles, you may use your turn to debate instead of campaigning, advertising or fund raising.",
)
DEBATE_OPPONENT = _rule(
    "debate.opponent",
    "DEBATE",
    "In debate it is assumed that when you challenge your opponent (Pres. vs. Pres., V. P. vs. V. P.) the debate will "
    "be broadcast by a national TV network.",
)
DEBATE_ISSUE = _rule(
    "debate.issue",
    "DEBATE",
    "When an issue has been won, it is written at the bottom of the Tally Board and may not be debated again during the game.",
)
DEBATE_ISSUES = _rule(
    "debate.issues", "DEBATE", "As challenger, you may select the issue to be debated. These issues are listed on the back of the Tally Board."
)
DEBATE_WHO = _rule(
    "debate.who",
    "DEBATE",
    "(In the two-player game, you may also choose whether your presidential candidate will debate the opponent's "
    "presidential candidate or whether your V. P. candidate will debate his V. P. candidate.)",
)
DEBATE_CHALLENGER = _rule(
    "debate.challenger",
    "DEBATE",
    "As the challenger, you must risk four Ballots from your hand. These risked Ballots are placed face down on the "
    "Ballot Box, one for each region.",
)
DEBATE_RATING = _rule(
    "debate.rating",
    "DEBATE",
    "Your opponent risks Ballots according to his Debate rating (equal to the number of issues he is identified with "
    "as shown on his Candidate card). Thus, an opponent with a rating of 4 must risk at least three Ballots.",
)
DEBATE_RISK = _rule(
    "debate.risk",
    "DEBATE",
    "When risking less than four Ballots, the opponent may select the regions in which to risk his Ballots but may "
    "never risk more than one Ballot per region. No player may risk more than four Ballots.",
)
DEBATE_HOME_STATE = _rule("debate.home-state", "DEBATE", 'No "Home State" Ballots may be risked.')
DEBATE_ROLL = _rule(
    "debate.dice",
    "DEBATE",
    "Each debator rolls the dice; any debator identified with the issue being debated may roll the dice twice.",
)
DEBATE_CAST = _rule(
    "debate.cast",
    "DEBATE",
    "These Ballots must be cast in the region in which they were risked but do not have to be recorded on the Tally Boards.",
)
DEBATE_ABSENTEE = _rule(
    "debate.absentee", "DEBATE", "At the end of the game, the party winning the most debates will receive the first five Absentee Ballots."
)
INCUMBENT_EDGE = _rule(
    "incumbent.edge",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "Instead, use the built-in edge for Republican or Democrat (depending on incumbent) as shown in storage box lid.",
)
INCUMBENT_ELECTORAL = _rule(
    "incumbent.electoral",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "The first game is played in the usual manner using the electoral vote tally.",
)
INCUMBENT_CARD = _rule(
    "incumbent.card",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "In the second game, the elected President's Candidate card is used again but he may change running mates if "
    "desired. A new running mate may be chosen from any of the party's Candidates.",
)
INCUMBENT_LAST = _rule(
    "incumbent.last",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "The incumbent announces his choice after the challengers have nominated their candidates.",
)
INCUMBENT_CHALLENGERS = _rule(
    "incumbent.challengers",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "The challengers may select their presidential and vice presidential candidates from any of their party's Candidate cards.",
)
INCUMBENT_SECOND_GAME = _rule(
    "incumbent.second_game",
    "INCUMBENT YEAR (Electoral Vote Tally only)",
    "It is frequently interesting to have the winner of one game run for re-election in the following game.",
)
