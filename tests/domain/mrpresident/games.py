"""Random *legal* Mr. President campaigns for the property tests: every choice comes
from `choose(n)` (an index below n), so hypothesis (or a seeded random) drives them.
Legal moves are worked out from the state the way a player at the table would:
which states the roll reaches, how many Ballots are left under each limit, how many
cards the hand holds."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import msgspec

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.board import PARTIES
from domain.mrpresident.headquarters import may_visit
from domain.mrpresident.state import MatchState
from domain.protocol import MatchSetup

Choose = Callable[[int], int]
ISSUES = ["Space Program", "Foreign Policy", "Balanced Budget", "Civil Rights", "Farm Policy", "Labor"]


def pick(choose: Choose, items: list):
    return items[choose(len(items))]


def card(choose: Choose, name: str, board_states: list[str]) -> ev.CandidateCard:
    ratings = [4 + choose(6), choose(9) + 1, choose(6) + 1, choose(3) + 1, choose(5) + 1]
    return ev.CandidateCard(
        name=name,
        home_state=pick(choose, board_states),
        issues=[ISSUES[i] for i in sorted({choose(len(ISSUES)) for _ in range(3)})],
        campaign_ability=ratings[0],
        financial_support=ratings[1],
        press_support=ratings[2],
        fund_raising=ratings[3],
        advertising=ratings[4],
        effective_total=sum(ratings),
    )


def room(state: MatchState, party: int, place: int) -> int:
    return state.board.places[place].entry.limit - state.record[party][place]


def seals_from(state: MatchState, seat: int, n: int, choose: Choose) -> list[str]:
    hand = state.hands[seat]
    pool = ["P"] * hand.president + ["VP"] * hand.vice_president + [pick(choose, ["P", "VP"]) for _ in range(hand.either)]
    out = []
    for _ in range(n):
        out.append(pool.pop(choose(len(pool))))
    return out


def votes(choose: Choose, known: bool) -> int | None:
    return choose(21) if known else None


def ballots_into(state: MatchState, seat: int, places: list[int], most: int, choose: Choose, known: bool, exempt=frozenset()):
    """Up to `most` Ballots from the hand into `places`, within limits."""
    party = state.seats[seat].party
    left = {p: (99 if p in exempt else room(state, party, p)) for p in places}
    open_places = [p for p in places if left[p] > 0]
    if not open_places or most <= 0 or not state.hands[seat].total:
        return []
    n = 1 + choose(min(most, state.hands[seat].total))
    chosen = []
    for _ in range(n):
        open_places = [p for p in open_places if left[p] > 0]
        if not open_places:
            break
        p = pick(choose, open_places)
        left[p] -= 1
        chosen.append(p)
    seals = seals_from(state, seat, len(chosen), choose)
    return [ev.Ballot(seal=s, state=state.board.places[p].entry.abbr, votes=votes(choose, known)) for s, p in zip(seals, chosen)]


def setup_events(state: MatchState, choose: Choose) -> list[msgspec.Struct]:
    players = list(state.players)
    order = []
    while players:
        order.append(players.pop(choose(len(players))))
    half = len(order) // 2
    states = list(state.board.by_abbr)
    out: list[msgspec.Struct] = [ev.PartiesDrawn(republican=order[:half], democratic=order[half:])]
    presidents = []
    for p, members in ((0, order[:half]), (1, order[half:])):
        if len(members) == 2 and choose(2):
            members = members[::-1]
        presidents.append(members[0])
        out.append(
            ev.TicketChosen(
                party=PARTIES[p],
                president=card(choose, f"{PARTIES[p]} P", states),
                vice_president=card(choose, f"{PARTIES[p]} VP", states),
                president_player=members[0] if len(members) == 2 else "",
                vice_president_player=members[-1] if len(members) == 2 else "",
            )
        )
    out.append(ev.UndecidedVotersSetAside(count=12))
    out.append(ev.FirstPlayerRolled(player=pick(choose, presidents)))
    return out


def headquarters_card(state: MatchState, seat: int, choose: Choose, known: bool) -> msgspec.Struct:
    name = state.players[seat]
    kind = choose(4)
    if kind == 0:
        return ev.RumorDrawn(player=name, state=pick(choose, list(state.board.by_abbr)))
    if kind == 1:
        dice = [1 + choose(6) for _ in range(1 + choose(2))]
        region = choose(len(state.board.region_states))
        places = list(state.board.region_states[region])
        most = min(sum(dice), state.undecided, sum(state.decks))
        chosen = ballots_into(state, seat, places, most, choose, known) if state.hands[seat].total else []
        # Undecided Ballots come from the stack, not the hand: any seal.
        chosen = [msgspec.structs.replace(b, seal=pick(choose, ["P", "VP"])) for b in chosen][:most]
        return ev.PressEndorsed(
            player=name,
            dice=dice,
            press_support=state.seats[seat].press_support,
            places=[state.board.board.regions[region].name],
            ballots=chosen,
        )
    if kind == 2:
        issue = pick(choose, ISSUES)
        effects = []
        for s, seat_ in enumerate(state.seats):
            if any(issue in c.issues for c in seat_.cards) and state.hands[s].total and choose(2):
                effects.append(ev.CardEffect(player=seat_.name, discarded=seals_from(state, s, 1, choose)))
        return ev.BulletinDrawn(player=name, issue=issue, effects=effects)
    effect = pick(choose, [ev.CardEffect(player=name, turns_lost=1), ev.CardEffect(player=name, extra_turns=1), ev.CardEffect(player=name)])
    return ev.HeadquartersCardDrawn(player=name, title="Plane Delay" if effect.turns_lost else "Campaign Card", effects=[effect])


def campaign_turn(state: MatchState, choose: Choose, known: bool) -> list[msgspec.Struct]:
    seat = state.current
    name = state.players[seat]
    regions = list(state.board.by_region)
    k = 1 + (choose(2) if state.home_stretch else 0)
    chosen_regions = []
    for _ in range(k):
        chosen_regions.append(regions.pop(choose(len(regions))))
    dice = [1 + choose(6), 1 + choose(6)]
    out: list[msgspec.Struct] = [ev.DiceRolled(player=name, regions=chosen_regions, dice=dice)]
    state = SYSTEM.evolve(state, out[0])
    reach = sorted(state.turn.reach)
    rumored = {r.place for r in state.rumors if r.target == seat and r.place in state.turn.reach}
    cast = ballots_into(state, seat, reach, state.hands[seat].total, choose, known, rumored)
    go = may_visit(dice) and choose(3) == 0
    if cast and not go:
        return out + [ev.BallotsCast(player=name, ballots=cast)]
    blundered = not go
    visit = ev.HeadquartersVisited(player=name, blundered=blundered)
    if choose(2):
        home = pick(choose, [c.home_state for c in state.seats[seat].cards])
        home_ballots = ballots_into(state, seat, [state.board.by_abbr[home]], 3, choose, known)
        if home_ballots:
            visit = msgspec.structs.replace(visit, home_state=home, ballots=home_ballots)
    out.append(visit)
    state = SYSTEM.evolve(state, visit)
    out.append(headquarters_card(state, seat, choose, known))
    return out


def absentee_events(state: MatchState, choose: Choose, known: bool) -> list[msgspec.Struct]:
    out = []
    for party in (0, 1):
        due = state.absentee_due[party]
        places = list(range(len(state.board.places)))
        ballots = []
        used = [0] * len(places)
        for _ in range(due):
            if choose(4) == 0:
                continue
            open_places = [
                p for p in places
                if state.created.mode == "electoral" or state.record[party][p] + used[p] < state.board.places[p].entry.limit
            ]
            if not open_places:
                continue
            p = pick(choose, open_places)
            used[p] += 1
            ballots.append(ev.Ballot(seal=pick(choose, ["P", "VP"]), state=state.board.places[p].entry.abbr, votes=votes(choose, known)))
        out.append(ev.AbsenteeBallotsCast(party=PARTIES[party], ballots=ballots, set_aside=due - len(ballots)))
    return out[::-1] if choose(2) else out


def count_events(state: MatchState, choose: Choose) -> list[msgspec.Struct]:
    """The tally as the table counts it: per state, per party, the Ballots' votes
    (those left for the tally drawn here)."""
    totals: dict[str, dict[str, int]] = {}
    for ballot in state.ballots:
        abbr = state.board.places[ballot.place].entry.abbr
        by_party = totals.setdefault(abbr, {})
        votes_ = ballot.votes if ballot.votes is not None else choose(21)
        by_party[PARTIES[ballot.party]] = by_party.get(PARTIES[ballot.party], 0) + votes_
    out = []
    for r, region in enumerate(state.board.board.regions):
        members = {state.board.places[p].entry.abbr for p in state.board.region_states[r]}
        out.append(ev.RegionCounted(region=region.name, votes={a: v for a, v in totals.items() if a in members}))
    return out


def play(choose: Choose, players: list[str], mode: str, known: bool = True, options: dict | None = None, max_turns: int = 400) -> Iterator[tuple[MatchState, msgspec.Struct]]:
    """Yield (state before, event) for a whole legal game, checking each event."""
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, options=options or {}))
    state = SYSTEM.initial(created)
    yield state, created
    pending = setup_events(state, choose)
    turns = 0
    while not SYSTEM.finished(state):
        if not pending:
            if state.phase == "campaign":
                turns += 1
                assert turns < max_turns, "the campaign should end"
                rumor_targets = [r.target for r in state.rumors if state.hands[r.target].total]
                if rumor_targets and choose(5) == 0:
                    giver = rumor_targets[0]
                    n = 1 + choose(min(2, state.hands[giver].total))
                    seals = seals_from(state, giver, n, choose)
                    pending = [
                        ev.RumorBallotsGiven(
                            player=state.players[giver],
                            ballots=[ev.Ballot(seal=s, state=pick(choose, list(state.board.by_abbr)), votes=votes(choose, known)) for s in seals],
                        )
                    ]
                else:
                    pending = campaign_turn(state, choose, known)
            elif state.phase == "absentee":
                pending = absentee_events(state, choose, known)
            else:
                pending = count_events(state, choose)
        event = pending.pop(0)
        after = record(SYSTEM, state, [event])
        yield state, event
        state = after
    yield state, None
