"""Tamper evidence: every event's metadata chains it to the event before it,
and `recount verify` names the first step whose content no longer matches."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import msgspec
import pytest

from service.cli import main as cli
from service.records import export, fixtures
from service.store import chain
from service.store.match_store import MatchStore
from service.store.storage import env_for
from service.usecases.app import Recount
from tests.support.api import PLAYERS, classic_deal


@pytest.fixture(autouse=True)
def _key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_KEY_FILE", str(tmp_path / "test.key"))


def test_every_recorded_event_is_chained_to_the_one_before_it_batches_and_corrections_included(recount: Recount) -> None:
    from domain.protocol import MatchSetup

    created = recount.create(MatchSetup(system="president", preset="classic", players=PLAYERS, mode="full"))
    deal = classic_deal()
    first = deal["hands"]["Al"][0]
    recount.append(created.match_id, created.write_token, [deal])
    recount.append(created.match_id, created.write_token, [{"type": "CardsPlayed", "player": "Al", "cards": [first]}, {"type": "PlayerPassed", "player": "Betty"}])
    recount.append(created.match_id, created.write_token, [{"type": "EventVoided", "step": 4, "reason": "Betty did not pass"}])
    records = recount.store.read(created.match_id)
    assert len(records) == 5 and all(r.meta.chain for r in records)
    previous = None
    for record in records:
        assert record.meta.chain == chain.record_hash(previous, record)
        previous = record.meta.chain
    assert chain.verify_records(records).words() == "chain intact over 5 steps"


def test_the_hash_of_a_record_being_chained_covers_the_bytes_an_export_is_verified_from(recount: Recount) -> None:
    """`record_hash` encodes an unchained record's structs directly; `verify` hashes the
    exported JSON values (`builtins`): the bytes must be the same for every kind of
    record (a match's first event with its token hashes, keyed retries, the last event)."""
    from fixtures.random_player import play_president

    setup, actions = play_president(120, seed=7)
    created = recount.create(setup)
    for version, action in enumerate(actions, start=1):
        keyed = version % 2 == 0
        recount.append(created.match_id, created.write_token, [msgspec.to_builtins(action)], idempotency_key=f"k{version}" if keyed else None, request_hash="h" if keyed else None)
    records = recount.store.read(created.match_id)
    assert records[0].meta.seat_token_sha256 and any(r.meta.idempotency_key for r in records)
    for record in records:
        unchained = msgspec.structs.replace(record, meta=msgspec.structs.replace(record.meta, chain=None))
        assert chain.record_hash("x", unchained) == chain.next_hash("x", *chain.builtins(unchained))


def test_events_recorded_before_the_chain_verify_as_unchained_up_to_the_first_chained_one() -> None:
    old = [(1, {"recorded_at": 1.0, "recorded_by": "old"}, {"type": "A"}), (2, {"recorded_at": 2.0, "recorded_by": "old"}, {"type": "B"})]
    meta = {"recorded_at": 3.0, "recorded_by": "new"}
    chained = (3, {**meta, "chain": chain.next_hash(None, meta, {"type": "C"})}, {"type": "C"})
    report = chain.verify([*old, chained])
    assert (report.unchained, report.checked, report.broken) == (2, 1, None)
    assert report.words() == "chain intact over 1 steps (steps 1 to 2 were recorded before the chain existed: unchained, not verified)"
    after = chain.verify([(1, chained[1], chained[2]), (2, *old[1][1:])])
    assert after.broken is not None and after.broken.step == 2 and "carries no hash" in after.broken.message


def test_one_byte_changed_in_a_stored_event_is_named_by_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The store itself is edited behind the application's back: one byte of step 9's
    stored JSON (a card's rank) changes; the export still runs, and verify names step 9."""
    db = tmp_path / "recount.sqlite"
    recount = Recount(MatchStore(env_for(str(db))))
    created = fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "president/classic-four-full.json"))
    recount.close()
    with sqlite3.connect(db) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 9", [created.match_id]).fetchone()
        index = state.index(b'"cards":["') + len(b'"cards":["')
        changed = state[:index] + (b"5" if state[index : index + 1] != b"5" else b"6") + state[index + 1 :]
        assert len(changed) == len(state) and sum(a != b for a, b in zip(changed, state)) == 1
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 9", [changed, created.match_id])
    reopened = Recount(MatchStore(env_for(str(db))))
    with pytest.raises(export.Damaged, match="chain broken at step 9"):
        export.certificate(reopened, created.match_id)  # a damaged record is never signed
    reopened.close()
    out = tmp_path / "match.jsonl"
    assert cli.main(["--db", str(db), "--index", ":memory:", "export", created.match_id, "-o", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["verify", str(out)]) == 1
    said = capsys.readouterr().out
    assert f"match {created.match_id}: BAD at step 9" in said
    assert "chain broken at step 9" in said


def test_verify_accepts_an_intact_export_and_names_a_changed_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "recount.sqlite"
    assert cli.main(["--db", str(db), "import", str(fixtures.FIXTURES / "bid/two-player.json")]) == 0
    out = tmp_path / "all.jsonl"
    assert cli.main(["--db", str(db), "export", "--all", "-o", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["verify", str(out), "--key", str(tmp_path / "public.pem")]) == 2  # no such key file: says so
    from service.records import signing

    (tmp_path / "public.pem").write_text(signing.public_key(signing.load_or_create(tmp_path / "test.key")).pem)
    assert cli.main(["verify", str(out), "--key", str(tmp_path / "public.pem")]) == 0
    said = capsys.readouterr().out
    assert ": OK" in said and "certificate signature holds under the given public key" in said
    lines = out.read_bytes().splitlines()
    lines[5] = lines[5].replace(b'"recorded_at":', b'"recorded_at":1', 1)
    out.write_bytes(b"\n".join(lines) + b"\n")
    assert cli.main(["verify", str(out)]) == 1
    assert "BAD at step 5" in capsys.readouterr().out


def test_verify_refuses_standings_signed_by_another_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from service.records import signing

    db = tmp_path / "recount.sqlite"
    assert cli.main(["--db", str(db), "import", str(fixtures.FIXTURES / "bid/two-player.json")]) == 0
    out = tmp_path / "all.jsonl"
    assert cli.main(["--db", str(db), "export", "--all", "-o", str(out)]) == 0
    other = tmp_path / "other.pem"
    other.write_text(signing.public_key(signing.load_or_create(tmp_path / "other.key")).pem)
    capsys.readouterr()
    assert cli.main(["verify", str(out), "--key", str(other)]) == 1
    assert "was signed with key" in capsys.readouterr().out


def _exported(tmp_path: Path, fixture: str) -> tuple[dict, list[dict], Path]:
    """A fixture recorded in a fresh store and exported: its header, its event lines,
    and the server's public key written as PEM beside it."""
    db = tmp_path / "recount.sqlite"
    assert cli.main(["--db", str(db), "import", str(fixtures.FIXTURES / fixture)]) == 0
    out = tmp_path / "match.jsonl"
    assert cli.main(["--db", str(db), "export", "--all", "-o", str(out)]) == 0
    header, *lines = [json.loads(line) for line in out.read_bytes().splitlines()]
    key = tmp_path / "public.pem"
    key.write_text(header["public_key"]["pem"])
    return header, lines, key


def _written(tmp_path: Path, header: dict, lines: list[dict]) -> Path:
    path = tmp_path / "changed.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in [header, *lines]))
    return path


def test_a_forged_export_with_a_recomputed_chain_and_no_certificate_fails_under_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A forger changes one of Al's ballots and its count in the tally, recomputes every
    hash with the formula of service/store/chain.py's docstring (sha256 of the previous hash
    and the key-sorted JSON of [meta without chain, event]) and drops the certificate:
    the chain holds, every action is legal, the winner is now Al. Without --key the
    standings are only said to be unsigned; with --key, nothing signed them: BAD."""
    header, lines, key = _exported(tmp_path, "mrpresident/two-player-popular.json")
    ballot = next(line["event"]["ballots"][0] for line in lines if line["type"] == "BallotsCast" and line["event"]["player"] == "Al")
    ballot["votes"] += 100
    count = next(line["event"]["votes"][ballot["state"]] for line in lines if line["type"] == "RegionCounted" and ballot["state"] in line["event"]["votes"])
    count["Republican"] += 100
    previous = ""
    for line in lines:
        unchained = {k: v for k, v in line["meta"].items() if k != "chain"}
        covered = json.dumps([unchained, line["event"]], sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        previous = line["meta"]["chain"] = hashlib.sha256(previous.encode() + covered).hexdigest()
    header["certificate"] = None
    forged = _written(tmp_path, header, lines)
    capsys.readouterr()
    assert cli.main(["verify", str(forged)]) == 0
    said = capsys.readouterr().out
    assert "chain intact over" in said and "1. Al, 2. Betty" in said and "not signed" in said
    assert cli.main(["verify", str(forged), "--key", str(key)]) == 1
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline == f"match {header['match_id']}: BAD: no certificate in or beside the file, so nothing shows the server signed these standings (--key asks for its signature)"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"signature": ""}, "BAD: the certificate is unsigned: its signature is empty"),
        ({"signature": "AAAA"}, "BAD: the certificate's signature does not hold under the given public key"),
        ({"key_id": "0123456789abcdef"}, "BAD: the certificate was signed with key 0123456789abcdef"),
    ],
)
def test_a_bad_certificate_alone_is_said_in_the_headline_without_a_step(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict, reason: str) -> None:
    header, lines, key = _exported(tmp_path, "bid/two-player.json")
    header["certificate"] = {**header["certificate"], **change}
    capsys.readouterr()
    assert cli.main(["verify", str(_written(tmp_path, header, lines)), "--key", str(key)]) == 1
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline.startswith(f"match {header['match_id']}: {reason}") and "step" not in headline
