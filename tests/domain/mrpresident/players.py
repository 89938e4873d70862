"""A random but legal player that knows no rule: it takes only what `allowed` lists,
fills each pick at random within its bounds, and supplies what the Choice's hints
ask for (domain/mrpresident/choices.py describes them). `fill` and `play_random` are
the game-independent part; `supply_hints` is Mr. President's."""

from __future__ import annotations

import random
from typing import Any, Union

import msgspec

from domain.mrpresident.state import MatchState
from domain.protocol import Choice, Pick

ISSUES = ["Space Program", "Foreign Policy", "Balanced Budget", "Civil Rights", "Farm Policy", "Labor"]


def times(pick: Pick, value: Any) -> int:
    """How often a value may be taken: its limit (JSON keys are strings), else as
    often as it is listed."""
    limit = pick.limits.get(value) if isinstance(value, str) else pick.limits.get(str(value))
    return limit if limit is not None else pick.among.count(value)


def fill_pick(pick: Pick, rng: random.Random) -> Any:
    if pick.most is None:
        return rng.choice(pick.among)
    pool = [value for value in dict.fromkeys(pick.among) for _ in range(times(pick, value))]
    n = rng.randint(pick.least, min(pick.most, len(pool)))
    return rng.sample(pool, n)


def set_path(event: dict[str, Any], path: str, value: Any) -> None:
    *outer, last = path.split(".")
    for key in outer:
        event = event.setdefault(key, {})
    event[last] = value


def fill(choice: Choice, rng: random.Random) -> dict[str, Any]:
    """The Choice's event with every pick filled at random within its bounds."""
    event = msgspec.json.decode(msgspec.json.encode(choice.event))  # a deep copy
    for pick in choice.picks:
        set_path(event, pick.field, fill_pick(pick, rng))
    return event


def as_ballots(states: list[str], seals: dict[str, int], rng: random.Random) -> list[dict[str, Any]]:
    """Each state a Ballot, seals within the caps, votes typed in or left for the tally."""
    caps = dict(seals)
    ballots = []
    for state in states:
        # past the caps (a test's deliberate extra Ballot), any seal offered
        seal = rng.choice([s for s, n in caps.items() if n > 0] or list(caps))
        caps[seal] -= 1
        ballots.append({"seal": seal, "state": state, "votes": rng.choice([None, rng.randint(0, 20)])})
    return ballots


def candidate_card(rng: random.Random, name: str, home_states: list[str], ratings: list[str]) -> dict[str, Any]:
    values = {rating: rng.randint(1, 8) for rating in ratings}
    return {
        "name": name,
        "home_state": rng.choice(home_states),
        "issues": rng.sample(ISSUES, rng.randint(1, 3)),
        **values,
        "effective_total": sum(values.values()),
    }


def press_ballots(state: MatchState, event: dict[str, Any], hint: dict[str, Any], rng: random.Random) -> list[dict]:
    """Undecided Ballots in the places the card names (a region: its states), at most
    the sum of the dice and the hint's `most`, each state within its room."""
    places = set(event["places"])
    open_states = [
        abbr
        for abbr, n in hint["room"].items()
        for _ in range(n)
        if abbr in places or state.board.board.regions[state.board.places[state.board.by_abbr[abbr]].region].name in places
    ]
    most = min(sum(event["dice"]), hint["most"], len(open_states))
    return as_ballots(rng.sample(open_states, rng.randint(0, most)), hint["seals"], rng)


def supply_hints(state: MatchState, choice: Choice, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """What Mr. President's hints ask the page to supply."""
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


def build(system: Any, state: Any, choice: Choice, rng: random.Random) -> msgspec.Struct:
    """An event for a listed Choice: picks filled at random, hints supplied."""
    event = supply_hints(state, choice, fill(choice, rng), rng)
    return msgspec.convert(event, Union[tuple(system.action_types)])  # type: ignore[arg-type]


def play_random(system: Any, created: msgspec.Struct, rng: random.Random, steps: int = 3000) -> list[msgspec.Struct]:
    """The actions of a game played by choosing only among `allowed`, each checked,
    until the match is finished or `steps` actions are recorded."""
    state = system.initial(created)
    actions: list[msgspec.Struct] = []
    while not system.finished(state) and len(actions) < steps:
        choices = system.allowed(state)
        assert choices, f"nothing allowed at step {state.step}, yet the match is not finished"
        event = build(system, state, rng.choice(choices), rng)
        system.check(state, event)
        state = system.evolve(state, event)
        actions.append(event)
    return actions
