"""Absentee Ballots: the Undecided Voter stack dealt to the parties at campaign's
end and cast face down (mr-president.md § ABSENTEE BALLOTS)."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from domain.mrpresident import rules
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.campaign import check_limits, check_on_board, check_votes, put_in_box
from domain.mrpresident.events import AbsenteeBallotsCast
from domain.mrpresident.state import MatchState
from domain.protocol import IllegalAction


def check_absentee_ballots_cast(state: MatchState, event: AbsenteeBallotsCast) -> None:
    """mr-president.md § ABSENTEE BALLOTS: the party with more states campaigned
    receives “one card for each state more than its opponent”, the rest are “dealt one
    at a time to the parties”; in popular mode none into a state at its limit, in
    electoral mode allowed."""
    if state.phase in ("setup", "campaign"):
        raise IllegalAction("Absentee Ballots are dealt at campaign's end", rules.ABSENTEE)
    if event.party not in PARTIES:
        raise IllegalAction(f"there is no {event.party!r} party", rules.ABSENTEE)
    party = PARTIES.index(event.party)
    if state.phase != "absentee" or state.absentee_steps[party]:
        raise IllegalAction(f"the {MEMBERS[event.party]} have cast their Absentee Ballots", rules.ABSENTEE)
    due = state.absentee_due[party]
    if len(event.ballots) + event.set_aside != due or event.set_aside < 0:
        rule = rules.ABSENTEE_COUNT if party == state.absentee_first else rules.ABSENTEE_DEAL
        raise IllegalAction(
            f"the {MEMBERS[event.party]} receive {due} Absentee Ballots; {len(event.ballots)} cast and {event.set_aside} set aside do not add up",
            rule,
        )
    check_votes(event.ballots)
    check_on_board(state, event.ballots, rules.ABSENTEE)
    if any(b.home_state_card for b in event.ballots):
        raise IllegalAction("the Ballot marked “Home State” is cast at Campaign Headquarters", rules.HOME_STATE_CARD)
    if state.created.mode == "popular":
        closed = [
            b.state
            for b in event.ballots
            if state.record[party][state.board.by_abbr[b.state]] >= state.board.places[state.board.by_abbr[b.state]].entry.limit
        ]
        if closed:
            raise IllegalAction(f"the {MEMBERS[event.party]} have been to {closed[0]} the maximum number of times", rules.ABSENTEE_POPULAR)
        if state.created.ruleset.absentee_fills_limit:
            try:
                check_limits(state, party, event.ballots)
            except IllegalAction as error:
                raise IllegalAction(error.what + " (the X's fill the Tally Board's spaces)", rules.ABSENTEE_POPULAR) from None


def evolve_absentee_ballots_cast(state: MatchState, event: AbsenteeBallotsCast) -> MatchState:
    party = PARTIES.index(event.party)
    step = state.step
    # Absentee Ballots are marked X (popular) or not at all (electoral): never on the
    # Campaign Record proper, so `put_in_box` is told every state is unrecorded.
    every = {state.board.by_abbr[b.state] for b in event.ballots}
    state = put_in_box(state, event.party, party, event.ballots, "absentee", every)
    marks = list(state.absentee[party])
    for abbr, n in Counter(b.state for b in event.ballots).items():
        marks[state.board.by_abbr[abbr]] += n
    absentee = (tuple(marks), state.absentee[1]) if party == 0 else (state.absentee[0], tuple(marks))
    steps = (step, state.absentee_steps[1]) if party == 0 else (state.absentee_steps[0], step)
    undecided = state.undecided - state.absentee_due[party]
    phase = "tally" if all(steps) else "absentee"
    return replace(state, absentee=absentee, absentee_steps=steps, undecided=undecided, phase=phase)
