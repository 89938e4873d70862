"""What the rules allow, audited against check (Mr. President): every listed choice filled
at random passes, and its neighbours the rules forbid (another player, a value outside
`among`, one more than `most`, a seal the hand lacks), and a probe of every type not
listed, are refused."""

from __future__ import annotations

import random
from typing import Union

import msgspec

from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.random_fill import as_ballots, supply as supply_hints
from domain.protocol import IllegalAction
from fixtures.random_player import build, fill
from tests.support.mrpresident import SANDERS


EXACT = {  # (type, field): picks whose `among` and `most` are the rule's own bounds
    ("DiceRolled", "regions"), ("DiceRolled", "dice"), ("PressEndorsed", "dice"), ("RumorDrawn", "state"),
    ("BallotsCast", "ballots"), ("HeadquartersVisited", "ballots"), ("RumorBallotsGiven", "ballots"),
    ("AbsenteeBallotsCast", "ballots"),
}


LIST_EXACT = EXACT - {("RumorDrawn", "state")}


def decode(event: dict) -> msgspec.Struct:
    return msgspec.convert(event, Union[ev.ACTION_TYPES])  # type: ignore[valid-type]


def raises(state, event: dict) -> bool:
    try:
        SYSTEM.check(state, decode(event))
    except IllegalAction:
        return True
    return False


def with_values(state, choice, field: str, values: list, rng: random.Random) -> dict:
    """The choice filled at random, then `field` set to `values` (made Ballots when the
    hints say so)."""
    event = supply_hints(state, choice, fill(choice, rng), rng)
    if choice.hints.get("ballots", {}).get("field") == field:
        values = as_ballots(values, choice.hints["ballots"]["seals"], rng)
        if "remainder" in choice.hints:
            event["set_aside"] = choice.hints["remainder"]["of"] - len(values)
    event[field] = values
    return event


def unlisted(state, choice, rng: random.Random) -> list[tuple[str, dict]]:
    """Candidates next to a listed choice that the rules forbid: another player, a value
    outside `among`, one value more than `most` or than its limit, a seal the hand lacks."""
    found = []
    if choice.player:
        acting = {c.player for c in SYSTEM.allowed(state) if c.type == choice.type}
        others = [p for p in state.players if p not in acting]
        if others:
            found.append(("another player", {**supply_hints(state, choice, fill(choice, rng), rng), "player": rng.choice(others)}))
    universe = [*state.board.by_abbr, *state.board.by_region, "Atlantis", 0, 7]
    for pick in choice.picks:
        if (choice.type, pick.field) not in EXACT:
            continue
        kind = type(pick.among[0])
        outside = [v for v in universe if isinstance(v, kind) and v not in pick.among]
        if outside:
            value = rng.choice(outside)
            if pick.most is None:
                found.append(("outside among", {**supply_hints(state, choice, fill(choice, rng), rng), pick.field: value}))
            else:
                found.append(("outside among", with_values(state, choice, pick.field, [value], rng)))
        if (choice.type, pick.field) in LIST_EXACT:
            found.append(("one more than most", with_values(state, choice, pick.field, [rng.choice(pick.among) for _ in range(pick.most + 1)], rng)))
            tight = [v for v in pick.among if isinstance(v, str) and pick.limits.get(v, 1) < pick.most]
            if tight:
                value = rng.choice(tight)
                found.append(("over its limit", with_values(state, choice, pick.field, [value] * (pick.limits.get(value, 1) + 1), rng)))
    seals = choice.hints.get("ballots", {}).get("seals", {"P": 0, "VP": 0})
    lacking = [s for s in ("P", "VP") if s not in seals]
    if lacking and choice.picks[0].most:
        event = with_values(state, choice, "ballots", [choice.picks[0].among[0]], rng)
        event["ballots"][0]["seal"] = lacking[0]
        found.append(("a seal the hand lacks", event))
    return found


def probes(state) -> list[dict]:
    """One plausible event of every type, for every player or party or region."""
    board = state.board
    abbr, region = next(iter(board.by_abbr)), next(iter(board.by_region))
    card = msgspec.to_builtins(SANDERS)
    found: list[dict] = [
        {"type": "PartiesDrawn", "republican": state.players[: len(state.players) // 2], "democratic": state.players[len(state.players) // 2 :]},
        {"type": "UndecidedVotersSetAside", "count": 12},
    ]
    for party in ("Republican", "Democratic"):
        found.append({"type": "TicketChosen", "party": party, "president": card, "vice_president": card})
        found.append({"type": "AbsenteeBallotsCast", "party": party, "set_aside": state.absentee_due[("Republican", "Democratic").index(party)]})
    found += [{"type": "RegionCounted", "region": name, "votes": {}} for name in board.by_region]
    for party, ticket in zip(("Republican", "Democratic"), state.tickets):
        found.append({"type": "IncumbentYearBegun", "party": party, "president": ticket.president.name if ticket else "Nobody"})
    ballot = [{"seal": "P", "state": abbr}]
    for name in state.players:
        found += [
            {"type": "FirstPlayerRolled", "player": name},
            {"type": "DiceRolled", "player": name, "regions": [region], "dice": [3, 4]},
            {"type": "BallotsCast", "player": name, "ballots": ballot},
            {"type": "HeadquartersVisited", "player": name, "blundered": True},
            {"type": "RumorDrawn", "player": name, "state": abbr},
            {"type": "PressEndorsed", "player": name, "dice": [1], "press_support": 0, "places": [region]},
            {"type": "BulletinDrawn", "player": name, "issue": "Labor"},
            {"type": "HeadquartersCardDrawn", "player": name, "title": "Plane Delay"},
            {"type": "RumorBallotsGiven", "player": name, "ballots": ballot},
            {"type": "CandidatePicked", "player": name, "card": next(iter(state.laid_out.get(name, ())), "Nobody")},
        ]
    return found


KEYS = ("player", "party", "region")


def covered(choices, probe: dict) -> bool:
    return any(c.type == probe["type"] and all(c.event.get(k) == probe[k] for k in KEYS if k in probe) for c in choices)


def audit(state, rng: random.Random) -> None:
    choices = SYSTEM.allowed(state)
    msgspec.json.encode(choices)  # the service sends them as they are
    for choice in choices:
        for _ in range(2):
            SYSTEM.check(state, build(SYSTEM, state, choice, rng))
        for why, event in unlisted(state, choice, rng):
            assert raises(state, event), f"{why}: {event} passed at step {state.step}"
    for probe in probes(state):
        if not covered(choices, probe):
            assert raises(state, probe), f"{probe} is not listed but passed at step {state.step}"
