"""Analysing a record over HTTP: a typed line parsed (POST /matches/{id}/notation/parse),
a match's notation file, what-if (POST /matches/{id}/what-if) and the leaderboards."""

from __future__ import annotations

from pathlib import Path

from litestar.testing import TestClient

from domain.notation_file import parse_match
from service.records import fixtures
from service.web.analysis import leaderboard_of
from tests.support.api import auth, classic_deal, create, parse, post, versions

FIXTURES = fixtures.FIXTURES


def imported(client: TestClient, name: str):
    recount = client.app.state.recount
    return fixtures.record(recount, fixtures.read(FIXTURES / "president" / name))


def test_a_terse_line_becomes_its_event_and_long_line_and_nothing_is_recorded(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    assert post(client, match, [deal]).status_code == 201
    card = deal["hands"]["Al"][0].lower()
    reply = parse(client, match, f"a {card}")
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["event"] == {"type": "CardsPlayed", "player": "Al", "cards": [card.upper()]}
    assert body["line"] == f"Al plays {card.upper()}"
    assert parse(client, match, "b p").json()["line"] == "Betty passes"
    assert versions(client, match) == 2


def test_a_line_that_does_not_parse_is_a_422_naming_its_token(client: TestClient) -> None:
    match = create(client)
    reply = parse(client, match, "zed plays 9c")
    assert reply.status_code == 422
    assert reply.json()["details"] == {"token": "zed"}
    assert "not a player" in reply.json()["error"]
    assert versions(client, match) == 1


def test_parsing_needs_the_write_token_and_a_line(client: TestClient) -> None:
    match = create(client)
    assert parse(client, match, "deal d", token=None).status_code == 401
    assert parse(client, match, "deal d", token=match["seat_tokens"]["Al"]).status_code == 403
    assert parse(client, match, 5).status_code == 400
    assert client.post(f"/matches/{match['match_id']}/notation/parse", json={}, headers=auth(match["write_token"])).status_code == 400
    assert client.post("/matches/m_nothere/notation/parse", json={"line": "x"}, headers=auth(match["write_token"])).status_code == 404


def test_a_finished_match_is_served_as_a_notation_file_that_parses_back(client: TestClient) -> None:
    created = imported(client, "classic-four-full.json")
    reply = client.get(f"/matches/{created.match_id}/notation")
    assert reply.status_code == 200
    assert reply.text.startswith('[System "president"]')
    setup, events = parse_match(reply.text)
    log = client.app.state.recount.log(created.match_id)
    assert [r.event for r in log.records[1:]] == events


def test_a_running_match_notation_needs_the_write_token(client: TestClient) -> None:
    match = create(client)
    assert client.get(f"/matches/{match['match_id']}/notation").status_code == 401
    assert client.get(f"/matches/{match['match_id']}/notation", headers=auth(match["write_token"])).status_code == 200


def test_what_if_another_preset_names_the_first_step_it_forbids(client: TestClient) -> None:
    created = imported(client, "classic-four-full.json")
    reply = client.post(f"/matches/{created.match_id}/what-if", json={"preset": "deck"})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["legal"] is False and body["step"] >= 1
    assert body["rule"]["quote"] and body["error"]


def test_what_if_other_points_gives_both_standings(client: TestClient) -> None:
    """president-classic.md scores +2/+1/0/-1/-2; a table arguing for +3/+1/0/-1/-3 sees both."""
    created = imported(client, "classic-four-full.json")
    reply = client.post(f"/matches/{created.match_id}/what-if", json={"options": {"role_points": [3, 1, 0, -1, -3]}})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["legal"] is True
    recorded = {p["player"]: p["score"] for p in body["recorded_standings"]["placings"]}
    other = {p["player"]: p["score"] for p in body["standings"]["placings"]}
    assert recorded != other and set(recorded) == set(other)


def test_what_if_bad_input_is_a_clear_4xx(client: TestClient) -> None:
    created = imported(client, "classic-four-full.json")
    path = f"/matches/{created.match_id}/what-if"
    same = client.post(path, json={}).json()  # the match's own rules: every step checked again
    assert same["legal"] is True and same["standings"] == same["recorded_standings"]
    missing = client.post(path, json={"preset": "nonesuch"})
    assert missing.status_code == 404 and "nonesuch" in missing.json()["error"]
    assert client.post(path, json={"options": {"nonesuch": 1}}).json()["legal"] is False
    assert client.post(path, json={"colour": "red"}).status_code == 400
    running = create(client)
    assert client.post(f"/matches/{running['match_id']}/what-if", json={"preset": "friday"}).status_code == 401


def test_leaderboards_rate_finished_matches_per_system_and_preset(client: TestClient) -> None:
    for name in ("classic-four-full.json", "classic-five-public.json"):
        imported(client, name)
    listed = client.get("/leaderboards").json()["leaderboards"]
    classic = [b for b in listed if (b["system"], b["preset"]) == ("president", "classic")]
    assert classic and classic[0]["matches"] >= 1
    board = client.get("/leaderboards/president/classic").json()
    players = board["players"]
    assert players == sorted(players, key=lambda p: (-p["rating"], p["player"]))
    assert all(p["played"] == len(board["history"][p["player"]]) for p in players)
    assert all(sum(p["places"].values()) == p["played"] for p in players)
    # Rebuilt from the notification log, the board is the same.
    leaderboard_of(client).rebuild()
    assert client.get("/leaderboards/president/classic").json() == board
    assert client.get("/leaderboards/president/nonesuch").status_code == 404


def test_the_leaderboard_page_is_served_to_a_browser(client: TestClient) -> None:
    reply = client.get("/leaderboards", headers={"Accept": "text/html"})
    assert reply.status_code == 200
    assert '<script type="module" src="/static/leaderboard.js">' in reply.text


def test_recount_rebuild_rebuilds_the_leaderboards_from_the_store(tmp_path: Path, capsys) -> None:
    from service.cli import main as cli

    db = str(tmp_path / "store.sqlite")
    fixture = str(FIXTURES / "president" / "classic-four-full.json")
    assert cli.main(["--db", db, "import", fixture]) == 0
    capsys.readouterr()
    assert cli.main(["--db", db, "rebuild"]) == 0
    said = capsys.readouterr().out
    assert "president/classic (1 match)" in said
    assert (tmp_path / "store.leaderboard.sqlite").exists()
