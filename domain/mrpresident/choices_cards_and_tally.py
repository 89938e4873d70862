"""What the rules allow at Campaign Headquarters (the card drawn), for the Absentee
Ballots and at the tally; with the helpers `choices.py` shares (the hints are
described there)."""

from __future__ import annotations

from typing import Any

from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.state import Hand, MatchState
from domain.mrpresident.tally import known_votes
from domain.mrpresident.words import count
from domain.protocol import Choice, Pick

DIE = list(range(1, 7))
BOTH_DICE = {str(d): 2 for d in DIE}  # doubles: a face may show on both dice
CARD_TEXT = {"text": ["text"]}


def room(state: MatchState, party: int, place: int) -> int:
    """Ballots the party may still record in a state (mr-president.md § CAMPAIGNING:
    “each party is limited in the number of Ballots it may cast in a particular state”)."""
    return state.board.places[place].entry.limit - state.record[party][place]


def seal_caps(hand: Hand) -> dict[str, int]:
    """How many Ballots of each seal a hand can give (two players hold both decks'
    cards unseen: either seal)."""
    caps = {"P": hand.president + hand.either, "VP": hand.vice_president + hand.either}
    return {seal: n for seal, n in caps.items() if n}


def ballots_pick(label: str, rooms: dict[str, int], least: int, most: int) -> Pick:
    return Pick(field="ballots", among=list(rooms), least=least, most=most, limits=rooms, label=label)


def ballots_hint(caps: dict[str, int]) -> dict[str, Any]:
    return {"ballots": {"field": "ballots", "seals": caps}}


# The card drawn at Campaign Headquarters (mr-president.md § GOING TO CAMPAIGN HEADQUARTERS)


def card_choices(state: MatchState, seat: int) -> list[Choice]:
    name = state.players[seat]
    return [rumor_choice(state, name), press_choice(state, seat), bulletin_choice(state, name), *other_card_choices(name)]


def rumor_choice(state: MatchState, name: str) -> Choice:
    """A Rumor names a state; “your opponent is always the candidate who is seeking
    the same office that you are”, so only the state is asked."""
    return Choice(
        type="RumorDrawn",
        label="Rumor card",
        player=name,
        event={"type": "RumorDrawn", "player": name},
        picks=[Pick(field="state", among=list(state.board.by_abbr), label="State named on the card")],
        hints=CARD_TEXT,
    )


def press_choice(state: MatchState, seat: int) -> Choice:
    """“roll the die (or dice as indicated by the card) to determine the number of
    Ballots you may take from the Undecided Voter stack”; the places follow “your
    Press Support rating”; “you may cast as many Ballots as can be replaced.” The
    Ballots depend on the dice and places together: a hint, not a pick."""
    name = state.players[seat]
    party = state.seats[seat].party
    most = min(state.undecided, sum(state.decks))
    rooms = {p.entry.abbr: min(room(state, party, p.index), most) for p in state.board.places}
    places = list(state.board.by_region) + list(state.board.by_abbr)
    rating = state.seats[seat].press_support
    return Choice(
        type="PressEndorsed",
        label="Press Endorsement card",
        player=name,
        event={"type": "PressEndorsed", "player": name, "press_support": rating},
        picks=[
            Pick(field="dice", among=DIE, least=1, most=2, limits=BOTH_DICE, label="Die or dice"),
            Pick(field="places", among=places, least=1, most=len(places), label=f"Places for Press Support {rating}"),
        ],
        hints={
            "press": {
                "field": "ballots",
                "most": most,
                "dice": "at most the sum of the dice",
                "within": "places",
                "regions": {
                    name: [state.board.places[p].entry.abbr for p in state.board.region_states[region]]
                    for region, name in enumerate(state.board.by_region)
                },
                "room": {abbr: n for abbr, n in rooms.items() if n > 0},
                "seals": {"P": most, "VP": most},  # from the stack: any seal
            },
            **CARD_TEXT,
        },
    )


def bulletin_choice(state: MatchState, name: str) -> Choice:
    """“any player not identified with the issue on a Bulletin card may disregard the
    card”: the issues offered are those on the table's Candidate Cards."""
    issues = sorted({i for seat in state.seats for card in seat.cards for i in card.issues}) or ["Other"]
    return Choice(
        type="BulletinDrawn",
        label="Bulletin card",
        player=name,
        event={"type": "BulletinDrawn", "player": name},
        picks=[Pick(field="issue", among=issues, label="Issue")],
        hints=CARD_TEXT,
    )


def other_card_choices(name: str) -> list[Choice]:
    """“Most of the cards are self-explanatory”: the common ones, as their effects."""
    kinds = [
        ("Plane Delay", "Plane delay: lose a turn", [{"player": name, "turns_lost": 1}]),
        ("Extra Turn", "Take an extra turn", [{"player": name, "extra_turns": 1}]),
        ("Campaign Headquarters card", "Another card (no effect)", []),
    ]
    return [
        Choice(
            type="HeadquartersCardDrawn",
            label=label,
            player=name,
            event={"type": "HeadquartersCardDrawn", "player": name, "title": title, "effects": effects},
            hints={"text": ["title", "text"]},
        )
        for title, label, effects in kinds
    ]


# Absentee Ballots and the tally (mr-president.md § ABSENTEE BALLOTS, § ELECTION TALLY)


def absentee_rooms(state: MatchState, party: int, due: int) -> dict[str, int]:
    """“When playing for popular votes, a party which has campaigned in a state the
    maximum number of times may not cast an Absentee Ballot in that state”; with
    `absentee_fills_limit` the X's take the spaces left. For electoral votes, any state."""
    rooms = {}
    for place in state.board.places:
        left = due
        if state.created.mode == "popular":
            space = room(state, party, place.index)
            left = 0 if space <= 0 else min(space, due) if state.created.ruleset.absentee_fills_limit else due
        if left > 0:
            rooms[place.entry.abbr] = left
    return rooms


def absentee_choices(state: MatchState) -> list[Choice]:
    """Each party casts the Absentee Ballots dealt to it (“Any unused Ballots are set
    aside”): as listed, all set aside; each Ballot picked is one fewer set aside."""
    found = []
    for party, name in enumerate(PARTIES):
        if state.absentee_steps[party]:
            continue
        due = state.absentee_due[party]
        rooms = absentee_rooms(state, party, due)
        picks = [ballots_pick("Absentee Ballots, by state", rooms, 0, due)] if due and rooms else []
        found.append(
            Choice(
                type="AbsenteeBallotsCast",
                label=f"The {MEMBERS[name]} cast their {count(due, 'Absentee Ballot')}",
                event={"type": "AbsenteeBallotsCast", "party": name, "set_aside": due},
                picks=picks,
                hints={"ballots": {"field": "ballots", "seals": {"P": due, "VP": due}}, "remainder": {"field": "set_aside", "of": due}}
                if picks
                else {},
            )
        )
    return found


def count_choices(state: MatchState) -> list[Choice]:
    """“Each region is tallied separately.”: each region not yet counted, with the
    totals of the votes typed in; where some were left for the count, a hint."""
    known = known_votes(state)
    found = []
    for region, name in enumerate(state.board.by_region):
        if state.counted[region]:
            continue
        votes: dict[str, dict[str, int]] = {}
        to_count = []
        for place in state.board.region_states[region]:
            abbr = state.board.places[place].entry.abbr
            for party, party_name in enumerate(PARTIES):
                n, total, unknown = known[place][party]
                if n:
                    votes.setdefault(abbr, {})[party_name] = total
                if unknown:
                    to_count.append({"state": abbr, "party": party_name, "least": total, "ballots": unknown})
        found.append(
            Choice(
                type="RegionCounted",
                label=f"Count the {name} region",
                event={"type": "RegionCounted", "region": name, "votes": votes},
                hints={"count": to_count} if to_count else {},
            )
        )
    return found
