"""What Mr. President's choices leave to the page (their hints, domain/mrpresident/choices.py),
filled at random for the random legal player (fixtures/random_player.py): the system offers it as
`supply_at_random`. It draws from the generator it is given and makes none, so a seeded player
plays the same match every time."""

from __future__ import annotations

from typing import Any

from domain.protocol import Choice

ISSUES = ["Space Program", "Foreign Policy", "Balanced Budget", "Civil Rights", "Farm Policy", "Labor"]


def as_ballots(states: list[str], seals: dict[str, int], rng: Any) -> list[dict[str, Any]]:
    """Each state a Ballot, seals within the caps, votes typed in or left for the tally."""
    caps = dict(seals)
    ballots = []
    for state in states:
        # past the caps (a test's deliberate extra Ballot), any seal offered
        seal = rng.choice([s for s, n in caps.items() if n > 0] or list(caps))
        caps[seal] -= 1
        ballots.append({"seal": seal, "state": state, "votes": rng.choice([None, rng.randint(0, 20)])})
    return ballots


def candidate_card(rng: Any, name: str, home_states: list[str], ratings: list[str]) -> dict[str, Any]:
    values = {rating: rng.randint(1, 8) for rating in ratings}
    return {
        "name": name,
        "home_state": rng.choice(home_states),
        "issues": rng.sample(ISSUES, rng.randint(1, 3)),
        **values,
        "effective_total": sum(values.values()),
    }


def press_ballots(state: Any, event: dict[str, Any], hint: dict[str, Any], rng: Any) -> list[dict]:
    """Undecided Ballots in the places the card names (a region: its states), at most the sum of the
    dice and the hint's `most`, each state within its room."""
    places = set(event["places"])
    board = state.board
    open_states = [
        abbr
        for abbr, n in hint["room"].items()
        for _ in range(n)
        if abbr in places or board.board.regions[board.places[board.by_abbr[abbr]].region].name in places
    ]
    most = min(sum(event["dice"]), hint["most"], len(open_states))
    return as_ballots(rng.sample(open_states, rng.randint(0, most)), hint["seals"], rng)


def supply(state: Any, choice: Choice, event: dict[str, Any], rng: Any) -> dict[str, Any]:
    """What the hints ask the page to supply."""
    hints = choice.hints
    if "ballots" in hints:
        field = hints["ballots"]["field"]
        event[field] = as_ballots(event.get(field, []), hints["ballots"]["seals"], rng)
    if "remainder" in hints:
        event[hints["remainder"]["field"]] = hints["remainder"]["of"] - len(event.get("ballots", []))
    if "press" in hints:
        event[hints["press"]["field"]] = press_ballots(state, event, hints["press"], rng)
    for entry in hints.get("count", []):
        counted = entry["least"] + rng.randint(0, 12 * entry["ballots"])
        event["votes"].setdefault(entry["state"], {})[entry["party"]] = counted
    if "amount" in hints:
        rolled = event[hints["amount"]["by"]]
        event[hints["amount"]["field"]] = hints["amount"]["amounts"][str(sum(rolled))]
    if "debate" in hints:
        debate = hints["debate"]
        for field in ("risked", "opponent_risked"):
            wanted = debate[field]
            regions = rng.sample(list(debate["regions"]), rng.randint(wanted["least"], wanted["most"]))
            states = [rng.choice(debate["regions"][region]) for region in regions]
            event[field] = as_ballots(states, wanted["seals"], rng)
        risked = sorted({b["state"] for b in event["risked"] + event["opponent_risked"]})
        event["unrecorded"] = rng.sample(risked, rng.randint(0, len(risked)))
    if "cards" in hints:
        cards = hints["cards"]
        for field in cards["fields"]:
            event[field] = candidate_card(rng, f"{event['party']} {field}", cards["home_states"], cards["ratings"])
    return event
