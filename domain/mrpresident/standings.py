"""Standings: the match's own tally (popular or electoral) decides; both tallies are
in `details`, region by region and state by state, with the steps behind each."""

from __future__ import annotations

from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.state import MatchState
from domain.mrpresident.tally import electoral, most, popular
from domain.protocol import Placing, Standings


def winner(state: MatchState, scores: dict, electoral_tally: dict) -> tuple[int | None, str]:
    """The winning party (None: no one elected) and the sentence that says why."""
    rep, dem = scores["Republican"], scores["Democratic"]
    if state.created.mode == "popular":
        lead = most((rep, dem))
        if lead is None:
            return None, f"The popular vote is tied at {rep} (hundred thousands): no one is elected."
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
    popular_tally = popular(state) if state.counted else {"regions": [], "national": None, "totals": {p: 0 for p in PARTIES}}
    electoral_tally = electoral(state) if state.counted else {"states": [], "totals": {p: 0 for p in PARTIES}}
    mode = state.created.mode
    scores = (popular_tally if mode == "popular" else electoral_tally)["totals"]
    details = {"mode": mode, "popular": popular_tally, "electoral": electoral_tally}
    if not state.party_of:
        placings = [Placing(player=p, place=1, score=0, reason="the parties are not drawn yet") for p in state.players]
        return Standings(final=False, placings=placings, explanation=["The match is being set up."], details=details)
    final = state.phase == "over"
    tally_steps = sorted(s for s in state.counted if s)
    if final:
        party, sentence = winner(state, scores, electoral_tally)
        explanation = [sentence]
    else:
        party = None
        explanation = [f"The election is not tallied yet ({len(tally_steps)} of {len(state.counted) or 4} regions counted)."]
    if not final:
        for p, name in enumerate(PARTIES):
            explanation.append(f"The {MEMBERS[name]} have campaigned in {len(state.campaigned(p))} states so far.")
    other = {"popular": electoral_tally, "electoral": popular_tally}[mode]
    if final:
        explanation.append(
            f"For comparison, the {'electoral' if mode == 'popular' else 'popular'} tally: "
            + ", ".join(f"{MEMBERS[name]} {other['totals'][name]}" for name in PARTIES)
            + "."
        )
    lead = party if final else most((scores["Republican"], scores["Democratic"]))
    placings = []
    for seat, name in enumerate(state.players):
        p = state.party_of[seat]
        ticket = state.tickets[p]
        office = "President" if ticket is None or ticket.president_player == name else "Vice President"
        place = 1 if lead is None or lead == p else 2
        if final and party == p:
            title = f"Mr. {office}"
        else:
            title = f"{PARTIES[p]} candidate for {office}"
        own = scores[PARTIES[p]]
        unit = "hundred thousand popular votes" if mode == "popular" else "electoral votes"
        reason = f"the {MEMBERS[PARTIES[p]]}: {own} {unit}"
        if final:
            reason += "; " + ("elected" if party == p else "not elected" if party is not None else "no one elected")
        steps = tally_steps or sorted({b.step for b in state.ballots if b.party == p})
        placings.append(Placing(player=name, place=place, score=own, title=title, reason=reason, steps=steps))
    return Standings(final=final, placings=placings, explanation=explanation, details=details)
