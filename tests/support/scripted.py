"""A match scripted through the HTTP API the way a scorekeeper records it: opened, each
event a 201 or a 422 naming its rule (and recording nothing), a play typed as words, and
the state and standings read back."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.mrpresident import events as mr
from tests.support.api import auth, post
from tests.support.mrpresident import ballot, setup_events


def open_match(client: TestClient, system: str, preset: str | None, players: list[str], mode: str, **options: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"system": system, "players": players, "mode": mode, "title": "worked example", "options": options}
    if preset is not None:
        setup["preset"] = preset
    reply = client.post("/matches", json=setup)
    assert reply.status_code == 201, reply.text
    return reply.json()


def state(client: TestClient, match: dict[str, Any]) -> dict[str, Any]:
    reply = client.get(f"/matches/{match['match_id']}/state", headers=auth(match["write_token"]))
    assert reply.status_code == 200, reply.text
    return reply.json()["view"]


def standings(client: TestClient, match: dict[str, Any]) -> dict[str, Any]:
    reply = client.get(f"/matches/{match['match_id']}/standings")
    assert reply.status_code == 200, reply.text
    return reply.json()


def event_json(event: Any) -> dict[str, Any]:
    return event if isinstance(event, dict) else msgspec.to_builtins(event)


def ok(client: TestClient, match: dict[str, Any], *events: Any) -> dict[str, Any]:
    """Each event on its own: every one a 201."""
    for event in events:
        reply = post(client, match, [event_json(event)])
        assert reply.status_code == 201, (event, reply.text)
    return reply.json()


def refused(client: TestClient, match: dict[str, Any], event: Any, rule: str) -> dict[str, Any]:
    """A 422 naming `rule`, recording nothing."""
    before = client.get(f"/matches/{match['match_id']}", headers=auth(match["write_token"])).json()["version"]
    reply = post(client, match, [event_json(event)])
    assert reply.status_code == 422, (event, reply.text)
    body = reply.json()
    assert body["rule"]["id"] == rule, body
    assert body["rule"]["source"] and body["rule"]["quote"]
    assert client.get(f"/matches/{match['match_id']}", headers=auth(match["write_token"])).json()["version"] == before
    return body


def batch(client: TestClient, match: dict[str, Any], events: list[Any]) -> None:
    reply = post(client, match, [event_json(e) for e in events])
    assert reply.status_code == 201, reply.text


def act(line: str) -> dict[str, Any]:
    """“Betty plays 1a”, “Betty 1a” or “Betty passes” as an event."""
    player, *rest = line.split()
    if rest and rest[0] == "plays":
        rest = rest[1:]
    if rest == ["passes"]:
        return {"type": "PlayerPassed", "player": player}
    return {"type": "CardsPlayed", "player": player, "cards": rest}


def play(client: TestClient, match: dict[str, Any], line: str, turn_after: str | None = None) -> dict[str, Any]:
    """One play, a 201; then, where given, whose turn GET /state says it is."""
    reply = post(client, match, [act(line)])
    assert reply.status_code == 201, (line, reply.text)
    view = state(client, match)
    if turn_after is not None:
        assert view["turn"] == turn_after, (line, view["turn"])
    return view


def allowed_now(client: TestClient, match: dict[str, Any], line: str) -> None:
    """A dry run (POST /events/check): the rules allow the play, and nothing is recorded."""
    reply = client.post(f"/matches/{match['match_id']}/events/check", json={"events": [act(line)]}, headers=auth(match["write_token"]))
    assert reply.status_code == 200, (line, reply.text)


MR_FOUR = ["Al", "Betty", "Carl", "Dot"]


def mr_match(client: TestClient, players: list[str], mode: str = "popular", preset: str | None = None, setup: list[Any] | None = None, **options: Any) -> dict[str, Any]:
    match = open_match(client, "mrpresident", preset, players, mode, **options)
    batch(client, match, setup_events(players) if setup is None else setup)
    return match


def cast_by(player: str, *states: str, seal: str = "P", votes: int | None = 5) -> mr.BallotsCast:
    return mr.BallotsCast(player=player, ballots=[ballot(s, seal, votes) for s in states])


def board_entry(view: dict[str, Any], abbr: str) -> dict[str, Any]:
    return next(s for r in view["board"]["regions"] for s in r["states"] if s["abbr"] == abbr)
