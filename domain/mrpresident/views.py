"""What each perspective may see. Ballots are cast face down: a Ballot's votes are
seen by its own party (and everyone) until its region is counted; Absentee Ballots
are not even announced, so the other party and spectators see only how many. A seat
sees what its party sees (partners share their view)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.mrpresident.board import PARTIES
from domain.mrpresident.events import (
    AbsenteeBallotsCast,
    Advertised,
    Debated,
    BallotsCast,
    BulletinDrawn,
    HeadquartersCardDrawn,
    HeadquartersVisited,
    PressEndorsed,
    RumorBallotsGiven,
)
from domain.mrpresident.state import CastBallot, MatchState, Turn
from domain.mrpresident.tally import electoral, popular
from domain.protocol import Perspective
from domain.system_base import walking

ALL = frozenset((0, 1))


def parties_seen(state: MatchState, perspective: Perspective) -> frozenset[int]:
    """The parties whose hidden Ballots this perspective knows."""
    if perspective.kind == "everyone":
        return ALL
    if perspective.kind == "seat" and state.party_of:
        seat = state.seat_of(perspective.seat or "")
        if seat is not None:
            return frozenset((state.party_of[seat],))
    return frozenset()


def ballot_view(state: MatchState, ballot: CastBallot, seen: frozenset[int]) -> dict[str, Any]:
    place = state.board.places[ballot.place]
    revealed = ballot.party in seen or bool(state.counted and state.counted[place.region])
    shown = revealed or ballot.how != "absentee"
    return {
        "step": ballot.step,
        "party": PARTIES[ballot.party],
        "player": ballot.player,
        "how": ballot.how,
        "recorded": ballot.recorded,
        "seal": ballot.seal if shown else None,
        "state": place.entry.abbr if shown else None,
        "votes": ballot.votes if revealed else None,
    }


def ballots_by_state(ballots: list[dict[str, Any]], since: tuple[dict[str, Any], int] | None = None) -> dict[str, Any]:
    """The Ballots on each state as this perspective sees them (from `ballot_view`), per
    party: how many were recorded, how many came another way (absentee, rumor, …), and
    their votes (None while any of them lies face down); `unplaced`: the other party's
    Absentee Ballots, whose states this perspective may not see. `since`: (what this gave
    for the first `n` of `ballots`, n): only the others are added to it (it is left as it was)."""
    if since is None:
        states: dict[str, Any] = {}
        unplaced = dict.fromkeys(PARTIES, 0)
        start = 0
    else:
        known, start = since
        states, unplaced = dict(known["states"]), dict(known["unplaced"])
    copied: set[str] = set()  # the states whose entry is this call's own (the others are `since`'s)
    for ballot in ballots[start:]:
        if ballot["state"] is None:
            unplaced[ballot["party"]] += 1
            continue
        sides = states.get(ballot["state"])
        if sides is None:
            sides = states[ballot["state"]] = {party: {"recorded": 0, "other": 0, "votes": 0} for party in PARTIES}
            copied.add(ballot["state"])
        elif ballot["state"] not in copied:
            sides = states[ballot["state"]] = {party: dict(side) for party, side in sides.items()}
            copied.add(ballot["state"])
        side = sides[ballot["party"]]
        side["recorded" if ballot["recorded"] else "other"] += 1
        side["votes"] = None if side["votes"] is None or ballot["votes"] is None else side["votes"] + ballot["votes"]
    return {"states": states, "unplaced": unplaced}


def board_view(state: MatchState) -> dict[str, Any]:
    board = state.board.board
    return {
        "name": board.name,
        "title": board.title,
        "regions": [
            {
                "name": region.name,
                "additional_votes": region.additional_votes,
                "states": [msgspec.to_builtins(entry) for entry in region.states],
            }
            for region in board.regions
        ],
        "national_additional_votes": board.national_additional_votes,
        "majority": board.majority,
    }


def campaign_record(state: MatchState, party: int, seen: frozenset[int], since: tuple[dict[str, str], int] | None = None) -> dict[str, str]:
    """The Campaign Record as the Tally Board shows it: P or V per recorded Ballot,
    X per Absentee Ballot (popular votes, only for the party's own eyes). `since`: (what
    this gave for the first `n` Ballots of the state, n): only the others are added to it."""
    marks, start = (dict(since[0]), since[1]) if since is not None else ({}, 0)
    for ballot in state.ballots[start:]:
        if ballot.party != party:
            continue
        abbr = state.board.places[ballot.place].entry.abbr
        if ballot.recorded:
            marks[abbr] = marks.get(abbr, "") + ("P" if ballot.seal == "P" else "V")
        elif ballot.how == "absentee" and state.created.mode == "popular" and party in seen:
            marks[abbr] = marks.get(abbr, "") + "X"
    return marks


def view(state: MatchState, perspective: Perspective) -> dict[str, Any]:
    return _view(state, perspective, None, None)


def viewer(perspective: Perspective) -> Callable[[MatchState], dict[str, Any]]:
    """`view(·, perspective)` for the states of a walk through a match, one after the other: the
    same views, faster. A state shares with the state before the parts an event left alone (the
    same objects): the board, the Ballots cast before it; their part of the view is the one
    already built (the board's, each earlier Ballot's). Used by replay/frames.py."""
    return walking(_view, perspective)


def _view(state: MatchState, perspective: Perspective, was: MatchState | None, shown: dict[str, Any] | None) -> dict[str, Any]:
    """The view of `state`; a part of the view whose inputs in `was` (another state, viewed as
    `shown` by the same perspective) are the same objects is taken from `shown`."""
    seen = parties_seen(state, perspective)
    turn = state.turn
    # A Ballot's view reads the board, the regions counted and the parties seen besides the Ballot.
    alike = was is not None and shown is not None and was.board is state.board and was.counted is state.counted and parties_seen(was, perspective) == seen
    # Ballots are mostly added: those of the state viewed before, when they begin this state's, are counted on from its view.
    added = alike and len(was.ballots) <= len(state.ballots) and state.ballots[: len(was.ballots)] == was.ballots
    if alike and was.ballots is state.ballots:
        ballots, by_state = shown["ballots"], shown["ballots_by_state"]
    elif added:
        kept = len(was.ballots)
        ballots = [*shown["ballots"], *(ballot_view(state, ballot, seen) for ballot in state.ballots[kept:])]
        by_state = ballots_by_state(ballots, (shown["ballots_by_state"], kept))
    else:
        if alike:
            earlier, earlier_shown = was.ballots, shown["ballots"]
            kept = len(earlier)
            ballots = [
                earlier_shown[i] if i < kept and ballot is earlier[i] else ballot_view(state, ballot, seen) for i, ballot in enumerate(state.ballots)
            ]
        else:
            ballots = [ballot_view(state, b, seen) for b in state.ballots]
        by_state = ballots_by_state(ballots)
    if alike and _same(was, state, PARTY_READS):
        parties = shown["parties"]
    else:
        parties = _parties(state, seen, was if alike else None, shown, added)
    # The parts below read the board and the players' names (the created event) besides the fields named.
    kept = was is not None and shown is not None and was.board is state.board and was.created is state.created
    return {
        "system": "mrpresident",
        "step": state.step,
        "title": state.created.title,
        "mode": state.created.mode,
        "phase": state.phase,
        # INCUMBENT YEAR as one match: which game this is and who runs again (the first game's result is in the standings).
        "game": state.game,
        "incumbent": dict(zip(("party", "president"), state.incumbent())) if state.incumbent()[0] else None,
        "board": shown["board"] if was is not None and shown is not None and was.board is state.board else board_view(state),
        "parties": parties,
        "players": shown["players"] if was is not None and shown is not None and _same(was, state, PLAYER_READS) else [
            {
                "name": seat.name,
                "party": PARTIES[seat.party],
                "offices": ["President" if o == "P" else "Vice President" for o in seat.offices],
                "hand": state.hands[s].total,
                "hand_seals": msgspec.to_builtins(state.hands[s]),
                "hand_limit": seat.hand_limit,
                "deck": state.decks[s],
                "turns_lost": state.lost_turns[s],
                "extra_turns": state.extra_turns[s],
            }
            for s, seat in enumerate(state.seats)
        ],
        "next_player": state.players[state.current] if state.current is not None else None,
        "turn": shown["turn"] if kept and was.turn is turn else None if turn is None else {**roll_view(state, turn), "at_headquarters": turn.at_headquarters},
        # The dice are public: every perspective sees the last roll, the turn open or ended.
        "last_roll": shown["last_roll"] if kept and was.last_roll is state.last_roll
        else None if state.last_roll is None
        else {**roll_view(state, state.last_roll), "step": state.last_roll.step},
        "undecided": state.undecided,
        "home_stretch": bool(state.home_stretch),
        "final_round": None if state.final_due is None else [state.players[s] for s in state.final_due],
        "rumors": shown["rumors"] if kept and was.rumors is state.rumors else [
            {
                "drawn_by": state.players[r.drawer],
                "against": state.players[r.target],
                "state": state.board.places[r.place].entry.abbr,
            }
            for r in state.rumors
        ],
        "ballots": ballots,
        "ballots_by_state": by_state,
        "counted": shown["counted"] if kept and was.counted is state.counted else [state.board.board.regions[r].name for r, s in enumerate(state.counted) if s],
        "tally": tally_view(state),
        "nomination": shown["nomination"] if kept and was.laid_out is state.laid_out and was.picked is state.picked
        else {"laid_out": {k: list(v) for k, v in state.laid_out.items()}, "picked": dict(state.picked)}
        if state.created.ruleset.nomination
        else None,
        "debates": shown["debates"] if kept and was.debates is state.debates
        else [{"issue": issue, "won_by": None if won is None else PARTIES[won]} for issue, won in state.debates],
    }


# What the view's parts read of the state besides the board and the parties seen (`alike` in
# `_view`): a part whose fields are the same objects as in the state viewed before is taken
# from that view.
PARTY_READS = ("created", "tickets", "seats", "party_of", "ballots", "record", "absentee", "campaign_over", "absentee_due",
               "funds", "raised", "spent", "advertised", "fund_states", "debates", "debate_absentee")
PLAYER_READS = ("seats", "hands", "decks", "lost_turns", "extra_turns")


def _same(was: MatchState, state: MatchState, fields: tuple[str, ...]) -> bool:
    return all(getattr(was, field) is getattr(state, field) for field in fields)


def _parties(state: MatchState, seen: frozenset[int], was: MatchState | None, shown: dict[str, Any] | None, added: bool) -> dict[str, Any]:
    """Each party's part of the view; `was`, when not None, was viewed as `shown` by the same
    perspective on the same board with the same regions counted; `added`: its Ballots begin the state's."""
    same_record = was is not None and shown is not None and was.created is state.created and bool(was.record) == bool(state.record)
    parties = {}
    for p, name in enumerate(PARTIES):
        ticket = state.tickets[p]
        parties[name] = {
            "players": [n for n, q in zip(state.players, state.party_of) if q == p],
            "president": msgspec.to_builtins(ticket.president) if ticket else None,
            "vice_president": msgspec.to_builtins(ticket.vice_president) if ticket else None,
            # The Campaign Record reads the Ballots, the board, the mode and the parties seen.
            "campaign_record": shown["parties"][name]["campaign_record"]
            if same_record and was.ballots is state.ballots
            else campaign_record(state, p, seen, (shown["parties"][name]["campaign_record"], len(was.ballots)) if same_record and added and was.record else None)
            if state.record
            else {},
            "states_campaigned": len(state.campaigned(p)) if state.record else 0,
            "absentee_ballots_due": state.absentee_due[p] if state.campaign_over else None,
            **advanced_view(state, p),
        }
    return parties


def roll_view(state: MatchState, turn: Turn) -> dict[str, Any]:
    """A roll as the table sees it: who rolled, in which regions, the dice, the states
    they reach, and whether fund raising was announced before it."""
    return {
        "player": state.players[turn.seat],
        "regions": [state.board.board.regions[r].name for r in turn.regions],
        "dice": list(turn.dice),
        "reachable": sorted(state.board.places[p].entry.abbr for p in turn.reach),
        "raising_funds": turn.raising_funds,
    }


def advanced_view(state: MatchState, party: int) -> dict[str, Any]:
    """The advanced game's columns of a party's Tally Board (all public: funds are
    written on the board, checks in the Advertising and Funds columns, issues won at
    the bottom)."""
    if state.created.tables is None:
        return {}
    def abbrs(places) -> list[str]:
        return sorted(state.board.places[p].entry.abbr for p in places)

    return {
        "funds": state.funds[party],
        "funds_raised": state.raised[party],
        "funds_spent": state.spent[party],
        "advertising_column": abbrs(state.advertised[party]),
        "funds_column": abbrs(state.fund_states[party]),
        "issues_won": state.issues_won(party),
        "debate_absentee_ballots": state.debate_absentee[party],
    }


def tally_view(state: MatchState) -> dict[str, Any] | None:
    """The tally so far, the same for every perspective: None until a region is
    counted, then the domain's own popular and electoral tallies, which read only the
    counted regions' totals (`state.tallied`, public once a region is counted: its
    Ballots lie face up) and the Campaign Records (public). No uncounted Ballot's
    votes go in. The national additional votes come with the last region.

    One caveat the rules bring, not the view: under the non-default option
    `absentee_counts_as_visit`, a region tied on states been to goes to the party that
    has been to more states in the nation, absentee X's included, so that tie-break
    (and the standings) tells how many states a party's Absentee Ballots reached."""
    if not any(state.counted):
        return None
    return {"popular": popular(state), "electoral": electoral(state)}


BALLOT_EVENTS = (BallotsCast, HeadquartersVisited, RumorBallotsGiven, PressEndorsed, AbsenteeBallotsCast, Advertised)


def redact(state: MatchState, event: msgspec.Struct, perspective: Perspective) -> dict[str, Any]:
    """The event as `perspective` may see it (in the state before it): votes of the
    other party's Ballots removed; the other party's Absentee Ballots reduced to a count."""
    data = msgspec.to_builtins(event)
    data = {"type": type(event).__name__, **data}
    seen = parties_seen(state, perspective)
    if seen == ALL:
        return data
    if isinstance(event, AbsenteeBallotsCast):
        if PARTIES.index(event.party) not in seen:
            data["ballots"] = [{"seal": None, "state": None, "votes": None} for _ in event.ballots]
        return data
    if isinstance(event, RumorBallotsGiven):
        # Both parties have seen these cards: the giver held them, the drawer casts them.
        return data if seen else hide_votes(data, "ballots")
    if isinstance(event, BALLOT_EVENTS):
        actor = state.seat_of(event.player)
        if actor is None or state.party_of[actor] not in seen:
            return hide_votes(data, "ballots")
        return data
    if isinstance(event, Debated):
        # Each debater's risked Ballots lie face down: their votes stay with his party.
        seat = state.seat_of(event.player)
        challengers = state.seats[seat].party if seat is not None and state.seats else None
        for key, party in (("risked", challengers), ("opponent_risked", None if challengers is None else 1 - challengers)):
            if party not in seen:
                data = hide_votes(data, key)
        return data
    if isinstance(event, (BulletinDrawn, HeadquartersCardDrawn)):
        effects = []
        for effect, raw in zip(event.effects, data["effects"]):
            seat = state.seat_of(effect.player)
            effects.append(raw if seat is not None and state.party_of[seat] in seen else hide_votes(raw, "ballots"))
        data["effects"] = effects
    return data


def hide_votes(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {**data, key: [{**b, "votes": None} for b in data[key]]}
