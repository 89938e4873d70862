"""What a seat token may record now: the listed choices whose event is its seat's own
(service/usecases/seats.py), in `GET /allowed` and in its live stream's patches.

A choice is a seat's when the event built from it (fixtures/random_player.py, as a page
builds it) is that seat's own action by the protocol's `actors`; a choice whose player is a
pick (who leaves the table) is offered to each seat narrowed to itself."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

import domain
from domain.protocol import IllegalAction, MatchSetup
from fixtures.random_player import build, play_random
from replay import steps
from replay.patches import apply
from service.records import fixtures
from service.usecases import seats
from service.usecases.app import Recount
from tests.support.api import auth
from service.web import viewer
from tests.support.frames import collect_stream

PLAYERS = ["Al", "Betty", "Carl", "Dana"]
SETUPS = [
    MatchSetup(system="president", players=PLAYERS, preset="deck", mode="full"),
    MatchSetup(system="president", players=PLAYERS, preset="classic", mode="holders"),
    MatchSetup(system="bid", players=PLAYERS[:3], preset="text"),
    MatchSetup(system="mrpresident", players=PLAYERS, preset="advanced", mode="electoral"),
]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**16))
def test_a_seat_is_offered_exactly_the_choices_whose_events_are_its_own(setup: MatchSetup, seed: int) -> None:
    system = domain.find(setup.system)
    created = system.start(setup)
    rng = random.Random(seed)
    state = system.initial(created)
    for event in play_random(system, created, random.Random(seed), steps=120):
        choices = list(system.allowed(state))
        for seat in system.players(state):
            offered = seats.seat_choices(system, state, choices, seat)
            for choice in offered:
                built = build(system, state, choice, rng)
                assert seat in system.actors(state, built), (seat, choice.label)
                try:
                    system.check(state, built)  # a seat's part of a choice is still a legal action
                except IllegalAction as refused:
                    # but for a hand entered: offered from what the seat may know, it may name a card
                    # another holder entered, refused then (never left out of the offer: that would
                    # give the other hand away)
                    assert choice.type == "HandEntered" and ("as entered" in refused.what or "in the deck only" in refused.what), refused
            for choice in choices:
                if choice not in offered and not any(o.type == choice.type and o.event == choice.event for o in offered):
                    assert seat not in system.actors(state, build(system, state, choice, rng)), (seat, choice.label)
        state = system.evolve(state, event)


def test_a_seat_leaving_is_offered_to_that_seat_only() -> None:
    """presidents-deck.txt § Players Leaving/Entering: leaving is the leaver's own action."""
    setup = SETUPS[0]
    system = domain.find("president")
    state = system.initial(system.start(setup))
    for event in play_random(system, system.start(setup), random.Random(4), steps=400):
        state = system.evolve(state, event)
        leaving = [c for c in system.allowed(state) if c.type == "PlayerLeft"]
        if leaving:
            break
    assert leaving, "no PlayerLeft offered in the match"
    for seat in system.players(state):
        [mine] = [c for c in seats.seat_choices(system, state, leaving, seat)]
        assert [pick.among for pick in mine.picks if pick.field == "player"] in ([[seat]], [])


def test_a_seat_tokens_live_messages_carry_its_own_allowed_actions(client: TestClient, recount: Recount) -> None:
    path = next(p for p in fixtures.fixture_files() if p.stem == "classic-four-full")
    created = fixtures.record(recount, fixtures.read(path))
    for player, token in created.seat_tokens.items():
        messages = collect_stream(client, f"/matches/{created.match_id}/live", params={"after": 1, "patches": True, "token": token})
        pages = [page for kind, page in messages if kind == "frames"]
        assert "allowed" in pages[-1] and pages[-1]["allowed"]["version"] == pages[-1]["frames"][-1]["step"]
        head = client.get(f"/matches/{created.match_id}/allowed", headers=auth(token)).json()
        assert head["finished"] and head["choices"] == [], player


def test_a_seat_tokens_allowed_patches_are_its_allowed_actions_step_by_step(client: TestClient, recount: Recount) -> None:
    """The live stream's seat part (viewer.SeatAllowed) patched from each step to the next is
    what `GET /allowed` answers that seat at each step."""
    setup = SETUPS[1]
    reply = client.post("/matches", json=msgspec.to_builtins(setup))
    match = reply.json()
    system = domain.find(setup.system)
    events = play_random(system, system.start(setup), random.Random(9), steps=12)
    cache = steps.StepCache(seats.allowed_by_seat)
    log = recount.log(match["match_id"])
    had: dict[str, Any] = {}
    for step, event in enumerate(events, start=2):
        for player in PLAYERS:
            # The match is at version step - 1: its allowed actions as a patch of those of the version before.
            patch = steps.step_patch(viewer.SeatAllowed(cache, player), log, step - 2, step - 1)  # type: ignore[arg-type]
            now = patch.patch if patch.base == 0 else apply(had[player], patch.patch)
            answered = client.get(f"/matches/{match['match_id']}/allowed", headers=auth(match["seat_tokens"][player])).json()
            assert now == {"finished": answered["finished"], "choices": answered["choices"]}, (step, player)
            had[player] = now
        assert client.post(f"/matches/{match['match_id']}/events", json={"events": [msgspec.to_builtins(event)]}, headers=auth(match["write_token"])).status_code == 201
        log = recount.log(match["match_id"])


def test_a_seats_hand_entry_choice_does_not_give_away_a_hand_another_holder_entered() -> None:
    """docs/house-rules.md § Hands entered by their holders: each player enters the cards they
    were dealt, and only they (and the rules' checks) know them (DESIGN.md § Principles 4). Betty's
    own choice to enter her hand must not list, by leaving them out, the cards Al entered."""
    system = domain.find("president")
    setup = SETUPS[1]
    created = system.start(setup)

    def al_enters_first(state: Any, choices: Any, rng: random.Random) -> Any:
        return next((c for c in choices if c.type == "HandEntered" and c.player == "Al"), choices[0])

    deal, entered = play_random(system, created, random.Random(3), steps=2, choose=al_enters_first)
    assert entered.player == "Al"
    state = system.evolve(system.evolve(system.initial(created), deal), entered)
    [betty] = [c for c in seats.seat_choices(system, state, list(system.allowed(state)), "Betty") if c.type == "HandEntered"]
    assert set(entered.cards) & set(betty.hints["may"]), "Betty's choice lists every card but Al's"
