"""The election tally: counting each region, then the popular vote (with the
additional votes) and the electoral vote (with the built-in edge), both computed for
every match whatever its mode (mr-president.md § ELECTION TALLY)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from msgspec.structs import replace

from domain.mrpresident import rules
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.events import RegionCounted
from domain.mrpresident.state import MatchState
from domain.protocol import IllegalAction

HUNDRED_THOUSAND = 100_000


def known_votes(state: MatchState) -> list[list[tuple[int, int, int]]]:
    """Per state, per party: (Ballots in the box, sum of the votes typed in, Ballots
    whose votes were not typed in)."""
    found = [[(0, 0, 0), (0, 0, 0)] for _ in state.board.places]
    for ballot in state.ballots:
        n, total, unknown = found[ballot.place][ballot.party]
        if ballot.votes is None:
            found[ballot.place][ballot.party] = (n + 1, total, unknown + 1)
        else:
            found[ballot.place][ballot.party] = (n + 1, total + ballot.votes, unknown)
    return found


def check_region_counted(state: MatchState, event: RegionCounted) -> None:
    """mr-president.md § ELECTION TALLY: “Each region is tallied separately.” The
    totals must be those of the Ballots cast: equal to the votes typed in with them,
    at least those where some were left for the tally, none without a Ballot."""
    if state.phase != "tally":
        raise IllegalAction("the tally comes after the Absentee Ballots are cast", rules.ABSENTEE)
    region = state.board.by_region.get(event.region)
    if region is None:
        raise IllegalAction(f"there is no {event.region!r} region", rules.TALLY)
    if state.counted[region]:
        raise IllegalAction(f"the {event.region} region is counted already", rules.TALLY)
    members = set(state.board.region_states[region])
    known = known_votes(state)
    for abbr, by_party in event.votes.items():
        place = state.board.by_abbr.get(abbr)
        if place not in members:
            raise IllegalAction(f"{abbr} is not in the {event.region} region", rules.TALLY)
        for party, votes in by_party.items():
            if party not in PARTIES or not isinstance(votes, int) or votes < 0:
                raise IllegalAction(f"{abbr}: give votes per party (Republican, Democratic), not {party}: {votes}", rules.TALLY_TOTAL)
    for place in sorted(members):
        entry = state.board.places[place].entry
        for party, name in enumerate(PARTIES):
            counted = event.votes.get(entry.abbr, {}).get(name, 0)
            n, total, unknown = known[place][party]
            if n == 0 and counted:
                raise IllegalAction(f"the {MEMBERS[name]} cast no Ballot in {entry.name}, yet {counted} are counted", rules.TALLY_TOTAL)
            if not unknown and counted != total:
                raise IllegalAction(
                    f"the {name} Ballots in {entry.name} add up to {total}, not {counted}", rules.TALLY_TOTAL
                )
            if unknown and counted < total:
                raise IllegalAction(
                    f"the {name} Ballots in {entry.name} already show {total}, more than {counted}", rules.TALLY_TOTAL
                )


def evolve_region_counted(state: MatchState, event: RegionCounted) -> MatchState:
    step = state.step
    region = state.board.by_region[event.region]
    tallied = list(state.tallied)
    for place in state.board.region_states[region]:
        by_party = event.votes.get(state.board.places[place].entry.abbr, {})
        tallied[place] = (by_party.get(PARTIES[0], 0), by_party.get(PARTIES[1], 0))
    counted = state.counted[:region] + (step,) + state.counted[region + 1 :]
    phase = "over" if all(counted) else "tally"
    return replace(state, tallied=tuple(tallied), counted=counted, phase=phase)


def number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def most(counts: tuple[int, int]) -> int | None:
    """The party with the larger count, or None on a tie."""
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def share(votes: int, winner: int | None) -> tuple[Fraction, Fraction]:
    if winner is None:
        return (Fraction(votes, 2), Fraction(votes, 2))
    return (Fraction(votes), Fraction(0)) if winner == 0 else (Fraction(0), Fraction(votes))


def ballot_steps(state: MatchState) -> list[list[int]]:
    """Per state, the steps at which Ballots went into it."""
    steps: list[set[int]] = [set() for _ in state.board.places]
    for ballot in state.ballots:
        steps[ballot.place].add(ballot.step)
    return [sorted(s) for s in steps]


def popular(state: MatchState) -> dict[str, Any]:
    """mr-president.md § ELECTION TALLY, Popular Vote: region totals, the region's
    additional votes to the party that has been to more of its states (tie: more
    states in the nation; tie again: split), then the national additional votes."""
    visited = (state.visited(0), state.visited(1))
    nation = (len(visited[0]), len(visited[1]))
    steps = ballot_steps(state)
    totals = [Fraction(0), Fraction(0)]
    regions = []
    for r, region in enumerate(state.board.board.regions):
        if not state.counted[r]:
            regions.append({"region": region.name, "counted": False})
            continue
        members = state.board.region_states[r]
        votes = [sum(state.tallied[p][party] for p in members) for party in (0, 1)]  # type: ignore[index]
        been = (len(visited[0] & set(members)), len(visited[1] & set(members)))
        winner = most(been)
        if winner is not None:
            why = f"the {MEMBERS[PARTIES[winner]]} have been to {been[winner]} of its states, the {MEMBERS[PARTIES[1 - winner]]} to {been[1 - winner]}"
        else:
            winner = most(nation)
            why = f"both have been to {been[0]} of its states; " + (
                f"the {MEMBERS[PARTIES[winner]]} to more states in the nation ({nation[winner]} to {nation[1 - winner]})"
                if winner is not None
                else f"tied in the nation too ({nation[0]} each): divided equally"
            )
        extra = share(region.additional_votes, winner)
        for party in (0, 1):
            totals[party] += votes[party] + extra[party]
        regions.append(
            {
                "region": region.name,
                "counted": True,
                "votes": dict(zip(PARTIES, votes)),
                "states_been_to": dict(zip(PARTIES, been)),
                "additional_votes": dict(zip(PARTIES, map(number, extra))),
                "additional_to": PARTIES[winner] if winner is not None else "divided",
                "reason": why,
                "steps": sorted({s for p in members for s in steps[p]} | {state.counted[r]}),
            }
        )
    national = None
    if all(state.counted):
        winner = most(nation)
        extra = share(state.board.board.national_additional_votes, winner)
        totals = [totals[0] + extra[0], totals[1] + extra[1]]
        national = {
            "states_been_to": dict(zip(PARTIES, nation)),
            "additional_votes": dict(zip(PARTIES, map(number, extra))),
            "additional_to": PARTIES[winner] if winner is not None else "divided",
        }
    return {"regions": regions, "national": national, "totals": dict(zip(PARTIES, map(number, totals)))}


def built_in_edge(state: MatchState, entry) -> tuple[str | None, int]:
    """The party holding a state's built-in edge and its votes: the board's, or in an
    incumbent year the incumbent's table's (mr-president.md § INCUMBENT YEAR: “disregard
    the built-in edge listed on the Tally Board. Instead, use the built-in edge for
    Republican or Democrat (depending on incumbent) as shown in storage box lid.”)."""
    incumbent = state.incumbent()[0]
    if not incumbent or state.created.tables is None:
        return entry.edge_party, entry.edge_votes
    signed = state.created.tables.incumbent_edges[incumbent][entry.abbr]
    return ("Democratic" if signed > 0 else "Republican" if signed < 0 else None), abs(signed)


def electoral(state: MatchState) -> dict[str, Any]:
    """mr-president.md § ELECTION TALLY, Electoral Vote: per state, the counted votes
    plus the built-in edge; the larger wins the state's electoral votes."""
    steps = ballot_steps(state)
    totals = [Fraction(0), Fraction(0)]
    states = []
    tie = state.created.ruleset.electoral_state_tie
    for place in state.board.places:
        entry = place.entry
        counted = state.tallied[place.index]
        if counted is None:
            continue
        edge_party, edge_votes = built_in_edge(state, entry)
        edge = [0, 0]
        if edge_party is not None:
            edge[PARTIES.index(edge_party)] = edge_votes
        popular_votes = [counted[p] * HUNDRED_THOUSAND + edge[p] for p in (0, 1)]
        winner = most((popular_votes[0], popular_votes[1]))
        if winner is not None:
            award = share(entry.electoral_votes, winner)
            why = f"{popular_votes[winner]:,} votes to {popular_votes[1 - winner]:,}"
        else:
            award = share(entry.electoral_votes, None) if tie == "split" else (Fraction(0), Fraction(0))
            why = f"tied at {popular_votes[0]:,} votes: " + ("electoral votes split" if tie == "split" else "unawarded")
        if edge_party is not None and edge_votes:
            whose = "incumbent's " if state.incumbent()[0] else ""
            why += f" (the {MEMBERS[edge_party]}' {whose}built-in edge of {edge_votes:,} included)"
        for party in (0, 1):
            totals[party] += award[party]
        states.append(
            {
                "state": entry.abbr,
                "name": entry.name,
                "region": state.board.board.regions[place.region].name,
                "ballot_votes": dict(zip(PARTIES, counted)),
                "edge": {"party": edge_party, "votes": edge_votes},
                "popular_votes": dict(zip(PARTIES, popular_votes)),
                "carried_by": PARTIES[winner] if winner is not None else None,
                "electoral_votes": entry.electoral_votes,
                "reason": why,
                "steps": steps[place.index] + [state.counted[place.region]],
            }
        )
    return {
        "states": states,
        "totals": dict(zip(PARTIES, map(number, totals))),
        "majority": state.board.board.majority,
        "of": state.board.board.electoral_votes,
    }
