"""The match index is a projection of the notification log (service/reads/readmodel.py): its
rows equal the summary of each match as folded, "finished" read from the Meta flag
`ends_match` set where each event was checked, on SQLite and PostgreSQL; it never
loads a match; a rebuild from scratch gives the same rows; and the store's
firsts-and-lasts query gives what reading every notification would."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from fixtures.random_player import play_president as play
from service.reads.readmodel import MatchIndex
from service.usecases import handlers, reading
from service.usecases.app import Recount
from tests.support.stores import open_recount


def summary_row(recount: Recount, match_id: str) -> dict:
    return reading.summary(recount.logs.load(match_id))


@pytest.fixture
def app(db_file: Path | str):
    recount = open_recount(db_file)
    yield recount
    recount.close()


def test_the_index_lists_each_match_as_its_fold_summarizes_it_without_loading_one(app: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a match just created, a finished one, and a finished one whose last action is then voided
    setup, actions = play(30, seed=4)
    moves = [msgspec.to_builtins(a) for a in actions]
    ids = []
    for voided in (None, False, True):
        match = app.create(setup)
        ids.append(match.match_id)
        if voided is None:
            continue
        app.append(match.match_id, match.write_token, moves)
        if voided:
            log = app.log(match.match_id)
            handlers.correct(app.services, match.match_id, match.write_token, log.version, reason="not played")
    expected = {match_id: summary_row(app, match_id) for match_id in ids}
    assert [expected[i].finished for i in ids] == [False, True, False]
    # when the index is built, with loading a match forbidden
    monkeypatch.setattr(type(app.logs), "get", lambda *_: pytest.fail("the index loaded a match"))
    index = MatchIndex(app, None)
    rows = {row.id: row for row in index.list()}
    # then each row is the match's summary
    assert rows == expected
    # and a rebuild from scratch gives the same rows
    index.rebuild()
    assert {row.id: row for row in index.list()} == expected


@pytest.mark.parametrize("index_scan", [False, True])
@pytest.mark.parametrize("start_stop", [(1, None), (2, 40), (35, 80)])
def test_firsts_and_lasts_are_the_notifications_a_summary_needs(
    app: Recount, start_stop: tuple[int, int | None], index_scan: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.store import match_store as store

    if index_scan:  # SQLite scans the key's index over a long range: make every range long
        monkeypatch.setattr(store, "LONG_RANGE", 0)
    setup, actions = play(12, seed=8)
    moves = [msgspec.to_builtins(a) for a in actions]
    matches = [app.create(setup) for _ in range(3)]
    for i in range(0, len(moves), 5):  # interleaved appends
        for match in matches:
            app.append(match.match_id, match.write_token, moves[i : i + 5])
    start, stop = start_stop
    stop = stop or app.store.head()
    everything = app.store.notifications(start, 10_000, stop=stop)
    last = {n.originator_id: n.id for n in everything}
    wanted = [n for n in everything if n.originator_version == 1 or last[n.originator_id] == n.id]
    got = app.store.firsts_and_lasts(start, stop)
    assert [(n.id, str(n.originator_id), n.originator_version, n.topic, n.state) for n in got] == [
        (n.id, str(n.originator_id), n.originator_version, n.topic, n.state) for n in wanted
    ]


def test_recount_rebuild_rebuilds_the_match_index_beside_the_store(tmp_path: Path, capsys) -> None:
    from service.cli import main as cli

    db = str(tmp_path / "store.sqlite")
    setup, actions = play(10, seed=2)
    recount = open_recount(db)
    match = recount.create(setup)
    recount.append(match.match_id, match.write_token, [msgspec.to_builtins(a) for a in actions])
    expected = summary_row(recount, match.match_id)
    recount.close()
    # given an index file that says something else about the match
    stale = open_recount(db)
    index = MatchIndex(stale, str(tmp_path / "store.index.sqlite"))
    index.list()
    index.db.execute("update matches set title = 'stale', finished = 0")
    index.db.conn.commit()
    stale.close()
    # when rebuilt, then it says what the events say
    assert cli.main(["--db", db, "rebuild"]) == 0
    assert "match index rebuilt" in capsys.readouterr().out
    again = open_recount(db)
    assert MatchIndex(again, str(tmp_path / "store.index.sqlite")).list() == [expected]
    again.close()


def test_the_index_lists_a_newcomer_once_they_join_and_not_once_their_joining_is_voided(app: Recount) -> None:
    """presidents-deck.txt § Players Leaving/Entering Between Rounds: “If someone enters between rounds, they enter as a
    “citizen””, one of the match's players from then on;
    the index reads them from the event's Meta `seated`, never by folding the match."""
    from service.records import fixtures

    match = msgspec.json.decode(Path("fixtures/president/deck-five-leave-join.json").read_bytes(), type=fixtures.EventFile)
    joined = next(i for i, event in enumerate(match.events) if event["type"] == "PlayerJoined")
    # given a match recorded up to and including a player joining
    created = fixtures.record(app, msgspec.structs.replace(match, events=match.events[: joined + 1]))
    index = MatchIndex(app, None)
    # then the index lists the newcomer, as the fold does
    [row] = index.list()
    assert row == summary_row(app, created.match_id)
    assert len(row.players) == len(match.setup.players) + 1
    # when the joining is voided, then the index lists the players the match began with again
    handlers.correct(app.services, created.match_id, created.write_token, app.log(created.match_id).version, reason="not joined")
    [row] = index.list()
    assert row == summary_row(app, created.match_id)
    assert row.players == list(match.setup.players)
