"""The shape every game system shares (docs/game-template.md, domain/system_base.py): its
dispatch tables cover exactly its actions, an event of no rule of it is refused citing the
rule for that, the fold owns `step`, and the protocol's defaults (`to_act`, `follow_up`). And the
template's list of files is enough: Count Up (tests/domain/countup/), a game of those files alone, works
through the service with nothing outside its package naming it."""

from __future__ import annotations

import typing
from pathlib import Path

import msgspec
import pytest

import domain
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed
from domain.mrpresident.events import PartiesDrawn
from domain.president.events import CardsPlayed
from domain.protocol import IllegalAction, MatchSetup, Rule
from service.records.fixtures import fixture_files, read

SYSTEMS = sorted(domain.systems().values(), key=lambda system: system.name)
FIXTURES = fixture_files()


def fixture(path):
    match = read(path)
    system = domain.find(match.setup.system)
    union = typing.Union[tuple(system.action_types)]  # noqa: UP007 — a runtime union of the tuple
    return system, system.start(match.setup), [msgspec.convert(event, union) for event in match.events]


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.name)
def test_the_dispatch_tables_name_exactly_the_actions(system):
    assert set(system.checks) == set(system.action_types)
    assert set(system.evolvers) == set(system.action_types)


@pytest.mark.parametrize(
    "setup, stranger",
    [
        (MatchSetup(system="president", players=["Al", "Bo", "Cy", "Di"]), PartiesDrawn(republican=["Al"], democratic=["Bo", "Cy"])),
        (MatchSetup(system="bid", players=["Al", "Bo"]), CardsPlayed(player="Al", cards=("3C",))),
        (MatchSetup(system="mrpresident", players=["Al", "Bo"], mode="popular"), DistrictRevealed(district="7C")),
    ],
    ids=["president", "bid", "mrpresident"],
)
def test_an_action_of_another_game_is_refused_citing_the_rule_for_it(setup, stranger):
    """domain/system_base.py: an event type with no entry in `checks` is refused citing `unknown_event`."""
    system = domain.find(setup.system)
    state = system.initial(system.start(setup))
    with pytest.raises(IllegalAction) as refused:
        system.check(state, stranger)
    assert refused.value.rule == system.unknown_event
    assert type(stranger).__name__ in refused.value.what


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_each_event_of_a_stored_match_advances_the_step_by_one(path):
    """The fold owns `step`: the state after n events of a match is at step n + 1 (the created event is step 1)."""
    system, created, actions = fixture(path)
    state = system.initial(created)
    assert state.step == 1
    for number, event in enumerate(actions, start=2):
        state = system.evolve(state, event)
        assert state.step == number


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.parent.name in ("president", "bid")], ids=lambda path: path.stem)
def test_the_player_who_acts_is_one_whose_turn_it_was(path):
    """`to_act` (by default the players of `allowed`'s choices) names the player of each recorded play, pass and
    sealed bid in the state before it; checked on the first 60 actions of each stored match."""
    system, created, actions = fixture(path)
    state = system.initial(created)
    for event in actions[:60]:
        if isinstance(event, (CardsPlayed, BidCommitted)) or type(event).__name__ == "PlayerPassed":
            assert event.player in system.to_act(state), (type(event).__name__, event.player)
        state = system.evolve(state, event)


def test_follow_up_is_none_unless_the_game_makes_an_event_due():
    """bid: the reveal follows the last sealed bid by itself (presidential-bid.txt, sealed bids option);
    President makes nothing happen by itself (the default)."""
    president = domain.find("president")
    state = president.initial(president.start(MatchSetup(system="president", players=["Al", "Bo", "Cy", "Di"])))
    assert president.follow_up(state) == ()
    bid = domain.find("bid")
    state = bid.initial(bid.start(MatchSetup(system="bid", players=["Al", "Bo"], options={"sealed_bids": True})))  # Al holds hearts, Bo spades
    for event in (DistrictRevealed(district="7C"), BidCommitted(player="Al", card="9H")):
        state = bid.evolve(state, event)
    assert bid.follow_up(state) == ()
    state = bid.evolve(state, BidCommitted(player="Bo", card="QS"))
    assert [type(event) for event in bid.follow_up(state)] == [BidsRevealed]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_the_players_seated_by_a_created_event_are_those_of_its_initial_state(path):
    system, created, _ = fixture(path)
    assert list(system.seated(created)) == list(system.players(system.initial(created)))


# -- a game of the template's files alone, through the service ---------------------------------------------


@pytest.fixture
def countup(monkeypatch: pytest.MonkeyPatch):
    """Count Up (tests/domain/countup/: only the files docs/game-template.md lists) registered as a package of
    domain/ is, before the store (which maps every system's event types) and the application are built."""
    from tests.domain.countup import SYSTEM as toy

    known = {**domain.systems(), toy.name: toy}
    monkeypatch.setattr(domain, "systems", lambda: known)
    return toy


@pytest.fixture
def toy_client(countup, tmp_path, monkeypatch: pytest.MonkeyPatch):
    """The application over an SQLite file, its heavy work (a match's notation written) on a thread: Count Up
    is registered in this process only, where a game in domain/ is found by a worker process too."""
    from litestar.testing import TestClient

    from service.reads.readmodel import MatchIndex
    from service.records import heavy
    from service.web.routes import create_app
    from tests.support.stores import open_recount

    threads = heavy.HeavyPool(kind="thread")
    monkeypatch.setattr(heavy, "_pool", threads)
    recount = open_recount(tmp_path / "recount.sqlite")
    with TestClient(app=create_app(recount, MatchIndex(recount, str(tmp_path / "index.sqlite")))) as client:
        yield client
    recount.close()
    threads.close()


def test_a_game_of_the_template_files_alone_works_through_the_service(toy_client):
    """Nothing outside its package names Count Up: the new-match page's choices, a match created and recorded
    (an illegal number refused citing its sentence), its notation written and a line parsed, its guide with an
    example, and the match list's preset and mode all come from what its SYSTEM offers."""
    client = toy_client
    choices = client.get("/systems/countup").json()
    assert (choices["title"], choices["default_preset"], sorted(choices["presets"])) == ("Count Up", "short", ["long", "short"])
    assert choices["option_words"]["target"]["label"] == "The number that wins"
    assert [mode["value"] for mode in choices["modes"]["choices"]] == ["full"]

    created = client.post("/matches", json={"system": "countup", "preset": "long", "players": ["Al", "Bo"], "options": {"step": 10}})
    assert created.status_code == 201, created.text
    match, write = created.json()["match_id"], {"Authorization": f"Bearer {created.json()['write_token']}"}
    refused = client.post(f"/matches/{match}/events", headers=write, json={"events": [{"type": "NumberSaid", "player": "Al", "number": 11}]})
    assert refused.status_code == 422 and "countup.higher" in refused.text
    parsed = client.post(f"/matches/{match}/notation/parse", headers=write, json={"line": "a 10"})
    assert parsed.status_code == 200, parsed.text
    said = [parsed.json()["event"], {"type": "NumberSaid", "player": "Bo", "number": 20}, {"type": "NumberSaid", "player": "Al", "number": 21}]
    assert client.post(f"/matches/{match}/events", headers=write, json={"events": said, "expected_version": 1}).status_code == 201
    assert client.get(f"/matches/{match}/allowed", headers=write).json()["choices"] == []
    standings = client.get(f"/matches/{match}/standings").json()
    assert standings["final"] and standings["placings"][0]["player"] == "Al"

    notation = client.get(f"/matches/{match}/notation", headers=write).text
    assert "Bo says 20" in notation and "Al says 21" in notation
    listed = next(entry for entry in client.get("/matches").json() if entry["id"] == match)
    assert (listed["system"], listed["preset"], listed["mode"]) == ("countup", "long", "full")

    guide = client.get("/guide/countup.md").text
    assert "## NumberSaid" in guide and "no example recorded yet" not in guide.split("## EventVoided")[0]
    assert "Players take turns, in seat order, saying a number." in guide


def test_a_random_legal_game_of_the_template_files_alone_round_trips_through_its_notation(countup):
    """The random legal player (fixtures/random_player.py, on `allowed` alone) plays Count Up to its end, and the
    notation its SYSTEM offers writes the match and reads it back to the same setup and events."""
    import random

    from domain.notation_file import parse_match, write_match
    from fixtures.random_player import play_random

    created = countup.start(MatchSetup(system="countup", players=["Al", "Bo", "Cy"], preset="long"))
    events = play_random(countup, created, random.Random(4))
    assert countup.finished(countup.initial(created)) is False and events[-1].number == 21
    setup, parsed = parse_match(write_match([created, *events]))
    assert countup.start(setup) == created and parsed == events


def test_the_toy_games_rules_quote_the_template_word_for_word():
    """Count Up's checks cite docs/game-template.md § The toy game, as a game's cite its rules text."""
    from tests.domain.countup import rules

    text = " ".join((Path(__file__).resolve().parents[2] / "docs" / "game-template.md").read_text().split())
    quoted = [value for value in vars(rules).values() if isinstance(value, Rule)]
    assert quoted and all(rule.quote in text and rule.source == rules.SOURCE for rule in quoted)
