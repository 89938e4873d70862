"""Standings: the match's own tally (popular or electoral) decides; both tallies are
in `details`, region by region and state by state, with the steps behind each."""

from __future__ import annotations

from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.state import MatchState
from domain.mrpresident.tally import electoral, most, popular
from domain.placings import tied_for
from domain.protocol import Placing, Standings


def winner(state: MatchState, scores: dict, electoral_tally: dict) -> tuple[int | None, str]:
    """The winning party (None: no one elected) and the sentence that says why."""
    rep, dem = scores["Republican"], scores["Democratic"]
    if state.created.mode == "popular":
        lead = most((rep, dem))
        if lead is None:
            tied = f"The popular vote is tied at {rep} (hundred thousands); the rules text does not say what happens then"
            votes = electoral_tally["totals"]
            by_electors = most((votes[PARTIES[0]], votes[PARTIES[1]]))
            if state.created.ruleset.popular_vote_tie == "most electoral votes" and by_electors is not None:
                name = PARTIES[by_electors]
                return by_electors, tied + f": by this match's ruleset the {MEMBERS[name]}, with more electoral votes ({votes[name]}), win."
            return None, tied + ": by this match's ruleset no one is elected."
        return lead, f"The {MEMBERS[PARTIES[lead]]} win the popular vote, {max(rep, dem)} to {min(rep, dem)} (hundred thousands)."
    majority = electoral_tally["majority"]
    for party, name in enumerate(PARTIES):
        if scores[name] >= majority:
            return party, f"The {MEMBERS[name]} win {scores[name]} electoral votes, a majority ({majority} or more of {electoral_tally['of']})."
    lead = most((rep, dem))
    plainly = (
        f"No party has a majority of the electoral votes ({rep} to {dem}, {majority} needed); "
        "the rules text does not say what happens then"
    )
    if state.created.ruleset.electoral_no_majority == "most electoral votes" and lead is not None:
        return lead, plainly + f"; by this match's ruleset the {MEMBERS[PARTIES[lead]]}, with more, win."
    return None, plainly + ": by this match's ruleset no one is elected."


def standings(state: MatchState) -> Standings:
    """Both parties' players share their party's place; before the tally the counted
    regions so far decide the order (and the states campaigned are said)."""
    mode = state.created.mode
    if state.counted:
        details = {"mode": mode, "popular": popular(state), "electoral": electoral(state)}
    else:
        empty = {p: 0 for p in PARTIES}
        details = {"mode": mode, "popular": {"regions": [], "national": None, "totals": empty}, "electoral": {"states": [], "totals": empty}}
    if not state.party_of:
        placings = [Placing(player=p, place=1, score=0, reason="the parties are not drawn yet") for p in state.players]
        return Standings(final=False, placings=placings, explanation=["The match is being set up."], details=details)
    scores = details[mode]["totals"]
    # "elected": the first game of an incumbent year is decided (the match goes on).
    final = state.phase in ("over", "elected")
    tally_steps = sorted(s for s in state.counted if s)
    if final:
        party, sentence = winner(state, scores, details["electoral"])
        other = "electoral" if mode == "popular" else "popular"
        explanation = [
            sentence,
            f"For comparison, the {other} tally: " + ", ".join(f"{MEMBERS[n]} {details[other]['totals'][n]}" for n in PARTIES) + ".",
        ]
    else:
        party = most((scores[PARTIES[0]], scores[PARTIES[1]]))
        explanation = [f"The election is not tallied yet ({len(tally_steps)} of {len(state.counted) or 4} regions counted)."]
        explanation += [f"The {MEMBERS[n]} have campaigned in {len(state.campaigned(p))} states so far." for p, n in enumerate(PARTIES)]
    explanation += advanced_explanation(state)
    if state.created.tables is not None:
        details["advanced"] = advanced_details(state)
    unit = "hundred thousand popular votes" if mode == "popular" else "electoral votes"
    placings = []
    for seat, name in enumerate(state.players):
        p = state.party_of[seat]
        ticket = state.tickets[p]
        office = "President" if ticket is None or ticket.president_player == name else "Vice President"
        elected = final and party == p
        reason = f"the {MEMBERS[PARTIES[p]]}: {scores[PARTIES[p]]} {unit}"
        if final:
            reason += "; " + ("elected" if elected else "not elected" if party is not None else "no one elected")
        if party is None:
            # Both parties share the place: a partner sharing it goes without saying, the other party does not.
            reason = f"{tied_for(1, [other for other in state.players if other != name])}; {reason}"
        placings.append(
            Placing(
                player=name,
                place=1 if party is None or party == p else 2,
                score=scores[PARTIES[p]],
                title=f"Mr. {office}" if elected else f"{PARTIES[p]} candidate for {office}",
                reason=reason,
                steps=tally_steps or sorted({b.step for b in state.ballots if b.party == p}),
            )
        )
    # Listed by place, first first (seat order within a place).
    placings.sort(key=lambda placing: placing.place)
    return Standings(final=final, placings=placings, explanation=explanation, details=details)


def advanced_details(state: MatchState) -> dict:
    office, president = state.incumbent()
    incumbent = {"incumbent": {"party": office, "president": president}} if office else {}
    return incumbent | {
        PARTIES[p]: {
            "funds": state.funds[p],
            "raised": state.raised[p],
            "spent": state.spent[p],
            "debates_won": len(state.issues_won(p)),
            "issues_won": state.issues_won(p),
            "first_absentee_ballots": state.debate_absentee[p],
        }
        for p in (0, 1)
    }


def advanced_explanation(state: MatchState) -> list[str]:
    """What the advanced rules changed: funds raised and spent, debates won and who
    took the first five Absentee Ballots for them."""
    ruleset = state.created.ruleset
    lines = []
    office, president = state.incumbent()
    if office:
        lines.append(
            f"An incumbent year: {president} ran for re-election for the {MEMBERS[office]}; "
            "every state's built-in edge is the incumbent's table's (the storage box lid), not the Tally Board's."
        )
    if ruleset.advertising or ruleset.fund_raising:
        lines += [
            f"The {MEMBERS[name]} raised ${state.raised[p]} million and spent ${state.spent[p]} million on advertising "
            f"in {len(state.advertised[p])} states (${state.funds[p]} million left)."
            for p, name in enumerate(PARTIES)
        ]
    if ruleset.debates:
        won = [len(state.issues_won(p)) for p in (0, 1)]
        stalemates = sum(1 for _, winner in state.debates if winner is None)
        lines.append(
            f"Debates: Republicans won {won[0]}, Democrats {won[1]}"
            + (f", {stalemates} stalemated" if stalemates else "")
            + "."
        )
        if state.campaign_over:
            taker = [p for p in (0, 1) if state.debate_absentee[p]]
            if taker:
                p = taker[0]
                lines.append(
                    f"Winning the most debates, the {MEMBERS[PARTIES[p]]} took the first {state.debate_absentee[p]} Absentee Ballots."
                )
            else:
                lines.append("No party won more debates: no one took the first five Absentee Ballots for them.")
    return lines
