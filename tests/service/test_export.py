"""Export and import: a match as JSON Lines, lossless, and a bad file
refused naming its line with nothing recorded."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain
from domain.protocol import EVERYONE, MatchSetup
from service.records import export, fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from fixtures.random_player import play_random

PLAYERS = ["Al", "Betty", "Carl", "Dana"]


@pytest.fixture(autouse=True)
def _key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server key of a PostgreSQL store goes to data/ by default: keep the tests' own."""
    monkeypatch.setenv("RECOUNT_KEY_FILE", str(tmp_path / "test.key"))


def in_memory() -> Recount:
    return Recount(MatchStore(default_env(None)))


def record_through_service(recount: Recount, setup: MatchSetup, events: list[msgspec.Struct]) -> str:
    """Record `events` one request at a time, as a recorder would; the follow-ups the
    service records by itself (a sealed-bid reveal) are skipped in the list."""
    created = recount.create(setup)
    version = created.version
    i = 0
    while i < len(events):
        result = recount.append(created.match_id, created.write_token, [msgspec.to_builtins(events[i])])
        i += result.version - version
        version = result.version
    return created.match_id


def random_match(system: str, seed: int) -> tuple[MatchSetup, list[msgspec.Struct]]:
    rng = random.Random(seed)
    if system == "president":
        setup = MatchSetup(system="president", players=PLAYERS, preset=rng.choice(["classic", "friday"]), mode=rng.choice(["full", "public"]))
    elif system == "bid":
        setup = MatchSetup(system="bid", players=PLAYERS[: rng.randint(2, 3)], preset=rng.choice(sorted(domain.find("bid").presets)))
    else:
        setup = MatchSetup(system="mrpresident", players=PLAYERS[:2], mode="popular")
    game = domain.find(system)
    return setup, play_random(game, game.start(setup), rng, steps=rng.randint(1, 150))


def exported(recount: Recount, match_id: str) -> list[bytes]:
    return b"".join(export.export_lines(recount, match_id)).splitlines()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(domain.systems())), seed=st.integers(0, 2**32 - 1))
def test_export_then_import_into_an_empty_store_gives_the_same_states_at_every_step_and_the_same_standings(system: str, seed: int) -> None:
    setup, events = random_match(system, seed)
    source, target = in_memory(), in_memory()
    try:
        match_id = record_through_service(source, setup, events)
        imported = export.import_match(target, export.parse(exported(source, match_id))[0])
        before, after = source.log(match_id), target.log(imported)
        assert imported == match_id and after.version == before.version
        assert after.records == before.records  # events and metadata (chain, token hashes) kept
        for step in range(1, before.version + 1):
            assert after.state_at(step) == before.state_at(step)
        assert target.standings(imported) == source.standings(match_id)
    finally:
        source.close()
        target.close()


def test_every_fixture_round_trips_with_its_certificate(recount: Recount) -> None:
    target = in_memory()
    try:
        for path in fixtures.fixture_files():
            created = fixtures.record(recount, fixtures.read(path))
            [match] = export.parse(exported(recount, created.match_id))
            assert match.header.certificate is not None, path
            export.import_match(target, match)
            assert target.standings(created.match_id) == recount.standings(created.match_id), path
    finally:
        target.close()


def fixture_export(recount: Recount, name: str = "president/classic-four-full.json") -> tuple[fixtures.Created, list[bytes]]:
    created = fixtures.record(recount, fixtures.read(fixtures.FIXTURES / name))
    return created, exported(recount, created.match_id)


def test_the_imported_match_keeps_its_tokens_working() -> None:
    source, target = in_memory(), in_memory()
    try:
        created, lines = fixture_export(source)
        export.import_all(target, export.parse(lines))
        log = target.log(created.match_id)
        assert target.perspective(log, created.write_token, None) == EVERYONE
        assert target.perspective(log, created.seat_tokens["Al"], "Al").seat == "Al"
    finally:
        source.close()
        target.close()


def replace_line(lines: list[bytes], number: int, edit) -> list[bytes]:
    """The file with line `number` (1-based) decoded, edited and encoded again."""
    changed = list(lines)
    item = msgspec.json.decode(changed[number - 1])
    edit(item)
    changed[number - 1] = msgspec.json.encode(item)
    return changed


def drop_chain(item: dict) -> None:
    item["meta"].pop("chain", None)


@pytest.mark.parametrize(
    ("what", "damage", "said"),
    [
        ("not JSON", lambda lines: lines[:5] + [b"{oops"] + lines[6:], "line 6: not JSON"),
        ("no header", lambda lines: lines[1:], "line 1: the file must start with a header line"),
        ("cut short", lambda lines: lines[:-1], "announces"),
        ("a header and no events", lambda lines: replace_line(lines[:1], 1, lambda i: i.update(events=0)), "line 1: match m_"),
        ("unknown event", lambda lines: replace_line(lines, 4, lambda i: i["event"].update(type="Nonsense")), "line 4"),
        ("a changed event", lambda lines: replace_line(lines, 7, lambda i: i["event"].update(player="Betty")), "line 7: chain broken at step 6"),
        ("no chain", lambda lines: [lines[0]] + [replace_line(lines, n, drop_chain)[n - 1] for n in range(2, len(lines) + 1)], "carry no chain hash"),
    ],
)
def test_a_bad_file_is_refused_naming_its_line_and_nothing_is_recorded(what: str, damage, said: str) -> None:
    source, target = in_memory(), in_memory()
    try:
        created, lines = fixture_export(source)
        with pytest.raises(export.BadFile) as refused:
            export.import_all(target, export.parse(damage(lines)))
        assert said in refused.value.message, what
        assert target.store.head() == 0
    finally:
        source.close()
        target.close()


def rechain(items: list[dict]) -> None:
    """Every event's chain hash computed again after an edit, as a forger would."""
    from service.store import chain

    previous = None
    for item in items[1:]:
        item["meta"]["chain"] = previous = chain.next_hash(previous, item["meta"], item["event"])


def test_an_illegal_action_with_a_valid_chain_is_refused_naming_its_line(recount: Recount) -> None:
    """An export re-chained after an edit (what a forger would do) still has every action
    checked: President's "the cards you put down must have a higher rank"."""
    created, lines = fixture_export(recount)
    items = [msgspec.json.decode(line) for line in lines]
    plays = [i for i in items[2:] if i["type"] == "CardsPlayed"]
    plays[1]["event"]["cards"] = plays[0]["event"]["cards"]  # the second play repeats the first
    rechain(items)
    target = in_memory()
    try:
        with pytest.raises(export.BadFile) as refused:
            export.import_all(target, export.parse([msgspec.json.encode(i) for i in items]))
        assert f"line {plays[1]['step'] + 1}: step {plays[1]['step']} (CardsPlayed) is refused" in refused.value.message
        assert target.store.head() == 0
    finally:
        target.close()


@pytest.mark.parametrize(
    ("what", "edit"),
    [
        ("a name of 41 characters", lambda event: event["players"].__setitem__(0, "x" * 41)),
        ("a player named everyone", lambda event: event["players"].__setitem__(0, "everyone")),
        ("a name across two lines", lambda event: event["players"].__setitem__(0, "Al\nBo")),
        ("a title of 201 characters", lambda event: event.__setitem__("title", "t" * 201)),
    ],
)
def test_a_setup_that_creating_would_refuse_is_refused_on_import(recount: Recount, what: str, edit) -> None:
    """Names and titles have the bounds a new match's setup has (domain/protocol.py
    MatchSetup), also in a re-chained export: creating the match would have refused them."""
    created, lines = fixture_export(recount)
    items = [msgspec.json.decode(line) for line in lines]
    edit(items[1]["event"])
    rechain(items)
    target = in_memory()
    try:
        with pytest.raises(export.BadFile) as refused:
            export.import_all(target, export.parse([msgspec.json.encode(i) for i in items]))
        assert "line 2: step 1 (the match's setup) does not fit" in refused.value.message, what
        assert target.store.head() == 0
    finally:
        target.close()


def test_an_unchained_file_imports_when_allowed(recount: Recount) -> None:
    created, lines = fixture_export(recount)
    unchained = [lines[0]] + [replace_line(lines, n, drop_chain)[n - 1] for n in range(2, len(lines) + 1)]
    target = in_memory()
    try:
        [match_id] = export.import_all(target, export.parse(unchained), allow_unchained=True)
        assert target.standings(match_id) == recount.standings(created.match_id)
    finally:
        target.close()


def test_a_match_already_in_the_store_is_not_imported_again(recount: Recount) -> None:
    created, lines = fixture_export(recount)
    version = recount.store.head()
    with pytest.raises(export.Conflict, match="in this store already"):
        export.import_all(recount, export.parse(lines))
    assert recount.store.head() == version


@pytest.mark.parametrize("form", ["bytes", "text"])
def test_an_export_saved_with_a_byte_order_mark_imports(recount: Recount, form: str) -> None:
    """A file saved again by Windows Notepad ("UTF-8 with BOM") starts with U+FEFF; the
    JSON Lines it holds are the same, so it reads as the export it is."""
    created, lines = fixture_export(recount)
    marked = [b"\xef\xbb\xbf" + lines[0]] + lines[1:]
    if form == "text":
        marked = [line.decode("utf-8") for line in marked]
    target = in_memory()
    try:
        [match_id] = export.import_all(target, export.parse(marked))
        assert target.standings(match_id) == recount.standings(created.match_id)
    finally:
        target.close()
