"""`recount serve` as a newcomer starts it: a busy port is said before anything claims
to be serving, and the fixture matches' tokens stay on this machine in a file beside
the store, so a restart does not lose the way to record in them or see a hand."""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

from service.cli.main import build_parser, main
from service.reads.frames_projection import FramesProjection
from tests.support.stores import free_port, open_recount

RECOUNT = Path(sys.executable).parent / "recount"
ENV = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"}


def serve(db: Path, port: int, *extra: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    command = [str(RECOUNT), "--db", str(db), "serve", "--port", str(port), *extra]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**ENV, **(env or {})})


def answering(url: str, process: subprocess.Popen[str]) -> None:
    for _ in range(600):
        try:
            if httpx.get(url + "/systems").status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert process.poll() is None, process.stderr.read() if process.stderr else "exited"
        threading.Event().wait(0.05)
    raise AssertionError("the server did not answer")


def stop(process: subprocess.Popen[str]) -> str:
    process.terminate()
    out, _ = process.communicate(timeout=20)
    return out


def test_a_busy_port_is_said_before_anything_claims_to_be_serving(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        process = serve(tmp_path / "r.sqlite", port, "--no-fixtures")
        out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "is serving" not in out
    assert f"cannot listen on 127.0.0.1:{port}" in err and f"make run PORT={port + 1}" in err


def test_the_fixture_tokens_are_kept_beside_the_store_and_still_work_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    first = serve(db, port)
    answering(url, first)
    first_out = stop(first)
    kept_file = tmp_path / "r.tokens.json"
    kept = json.loads(kept_file.read_text())
    assert len(kept) == len(list(Path("fixtures").glob("*/*.json")))
    assert oct(kept_file.stat().st_mode & 0o777) == "0o600"

    # Started again on another port: the tokens file's links follow it.
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    second = serve(db, port)
    answering(url, second)
    try:
        relinked = json.loads(kept_file.read_text())
        assert {m: k["write_token"] for m, k in relinked.items()} == {m: k["write_token"] for m, k in kept.items()}
        assert all(k["record"].startswith(f"{url}/record/") for k in relinked.values())
        assert oct(kept_file.stat().st_mode & 0o777) == "0o600"
        match_id, match = next(iter(kept.items()))
        seats = httpx.get(f"{url}/matches/{match_id}/seats", headers={"Authorization": f"Bearer {match['write_token']}"})
        assert seats.status_code == 200 and seats.json() == match["seat_tokens"]
        player, seat_token = next(iter(match["seat_tokens"].items()))
        as_player = httpx.get(f"{url}/matches/{match_id}/state", params={"as": player}, headers={"Authorization": f"Bearer {seat_token}"})
        assert as_player.status_code == 200 and as_player.json()["perspective"] == player
        assert match["record"].endswith(f"/record/{match_id}#token={match['write_token']}")
    finally:
        second_out = stop(second)
    assert "empty store" in first_out and "empty store" not in second_out
    assert str(kept_file) in second_out


def test_on_every_interface_each_address_a_phone_can_use_is_printed_with_a_qr_code(tmp_path: Path) -> None:
    from service.web.address import network_addresses

    port = free_port()
    process = serve(tmp_path / "r.sqlite", port, "--no-fixtures", "--host", "0.0.0.0")
    answering(f"http://127.0.0.1:{port}", process)
    out = stop(process)
    assert f"on every network interface, port {port}" in out and f"http://127.0.0.1:{port}/" in out
    assert "0.0.0.0" not in out
    addresses = network_addresses()
    if addresses:
        phones = next(line for line in out.splitlines() if "from a phone on the same network" in line)
        assert all(f"http://{a}:{port}/" in phones for a in addresses)
        assert "▀" in out or "▄" in out  # the QR code's half blocks
    else:
        assert "on no network" in out


def test_on_loopback_it_says_phones_cannot_open_it_and_how_to_let_them_in(tmp_path: Path) -> None:
    port = free_port()
    process = serve(tmp_path / "r.sqlite", port, "--no-fixtures")
    answering(f"http://127.0.0.1:{port}", process)
    out = stop(process)
    assert f"at http://127.0.0.1:{port}/" in out and "phones cannot open" in out and "--host 0.0.0.0" in out


def test_with_a_create_token_it_prints_the_link_that_hands_it_to_a_phone(tmp_path: Path) -> None:
    port = free_port()
    process = serve(tmp_path / "r.sqlite", port, "--no-fixtures", env={"RECOUNT_CREATE_TOKEN": "sesame"})
    answering(f"http://127.0.0.1:{port}", process)
    out = stop(process)
    assert f"http://127.0.0.1:{port}/new#create=sesame" in out


# -- bad input: one line naming the file and what is wrong, exit status 2, nothing recorded --------------------

UECDA_LOG = Path(__file__).parents[2] / "fixtures" / "president" / "daifugo-uecda.log"
FIXTURE = Path(__file__).parents[2] / "fixtures" / "president" / "classic-four-full.json"


NOTATION = '[System "president"]\n[Preset "classic"]\n[Players "Al, Betty, Carl, Dana"]\n'


def bad_move_log() -> str:
    """A UECda log whose first game's first move is no move (tests/support/uecda.py writes it)."""
    from tests.support.uecda import change_move, seed_log

    return change_move(seed_log(Path()), 1, 0, "zz-9")


def bad_inputs(folder: Path) -> dict[str, Path]:
    (folder / "random.bin").write_bytes(bytes(range(256)) * 3)
    (folder / "empty.json").write_text("{}")
    (folder / "a-folder").mkdir()
    (folder / "not-a-key.pem").write_text("not a key\n")
    (folder / "uecda.log").write_bytes(UECDA_LOG.read_bytes())
    (folder / "not-json.jsonl").write_text("this is no JSON\n")
    (folder / "headless.jsonl").write_text('{"format": "recount-match/1"}\n')
    (folder / "bad-line.txt").write_text(NOTATION + "nonsense\n")
    (folder / "latin-1.txt").write_bytes(NOTATION.replace("Betty", "Bétty").encode("latin-1"))
    (folder / "bad-move.log").write_text(bad_move_log())
    names = {
        "random": "random.bin", "empty": "empty.json", "folder": "a-folder", "key": "not-a-key.pem", "uecda": "uecda.log", "missing": "missing.json",
        "not_json": "not-json.jsonl", "headless": "headless.jsonl", "bad_line": "bad-line.txt", "latin1": "latin-1.txt", "bad_move": "bad-move.log",
    }
    return {key: folder / name for key, name in names.items()}


def one_line_refusal(capsys: pytest.CaptureFixture[str], argv: list[str], file: Path, *words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert str(file) in err and all(word in err for word in words), err


@pytest.mark.parametrize(
    "args, file, words",
    [
        (["import", "{missing}"], "{missing}", ["no such file"]),
        (["import", "{folder}"], "{folder}", ["a folder"]),
        (["import", "{random}"], "{random}", ["not an event file", "JSON is malformed"]),
        (["import", "{empty}"], "{empty}", ["not an event file", "`name`"]),
        (["import", "{uecda}"], "{uecda}", ["--format uecda"]),
        (["import", str(FIXTURE), "{empty}"], "{empty}", ["not an event file"]),
        (["import", "--format", "uecda", "{missing}"], "{missing}", ["no such file"]),
        (["import", "--format", "uecda", "{folder}"], "{folder}", ["a folder"]),
        (["import", "--format", "uecda", "{random}"], "{random}", ["not a UECda game log"]),
        (["import", "--format", "uecda", "{empty}"], "{empty}", ["not a UECda game log", "player NAME"]),
        (["verify", "{missing}"], "{missing}", ["no such file"]),
        (["verify", str(FIXTURE), "--key", "{key}"], "{key}", ["not a key in PEM form"]),
        (["verify", str(FIXTURE), "--key", "{random}"], "{random}", ["not a key in PEM form"]),
        (["verify", str(FIXTURE), "--certificate", "{random}"], "{random}", ["not a certificate"]),
        (["export", "--all", "-o", "{folder}"], "{folder}", ["a folder"]),
        (["export", "--all", "-o", "{folder}/no/such/x.jsonl"], "{folder}/no/such/x.jsonl", ["does not exist"]),
        # Bad content inside a file the command reads: exit status 2 too, before anything is recorded.
        (["import", "{not_json}"], "{not_json}", ["line 1: not JSON"]),
        (["import", "{headless}"], "{headless}", ["line 1", "match_id"]),
        (["import", str(FIXTURE), "{not_json}"], "{not_json}", ["not JSON"]),
        (["import", "{bad_line}"], "{bad_line}", ["nothing recorded", "nonsense"]),
        (["import", "{latin1}"], "{latin1}", ["UTF-8"]),
        (["import", str(FIXTURE), "{bad_line}"], "{bad_line}", ["nothing recorded"]),
        (["import", "--format", "uecda", "{bad_move}"], "{bad_move}", ["game 1, move 1 'zz-9'", "nothing of the log is recorded"]),
        (["import", "--format", "uecda", str(UECDA_LOG), "{bad_move}"], "{bad_move}", ["game 1, move 1 'zz-9'"]),
        (["verify", "{random}"], "{random}", ["not an export"]),
        (["verify", "{not_json}"], "{not_json}", ["not an export", "line 1"]),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else None,
)
def test_a_bad_input_is_one_line_naming_the_file_and_nothing_is_recorded(tmp_path, capsys, args, file, words):
    files = bad_inputs(tmp_path)
    db = tmp_path / "r.sqlite"
    argv = ["--db", str(db), *(arg.format(**files) for arg in args)]
    one_line_refusal(capsys, argv, Path(file.format(**files)), *words)
    assert not db.exists()


def test_a_private_key_given_as_the_public_key_is_refused_in_one_line(tmp_path, capsys):
    from service.records import signing

    key = tmp_path / "server.key"
    signing.load_or_create(key)
    one_line_refusal(capsys, ["verify", str(FIXTURE), "--key", str(key)], key, "not an Ed25519 public key")


@pytest.mark.parametrize("command", [["export", "--all"], ["serve", "--port", "0", "--no-fixtures"]])
def test_a_store_signing_key_file_that_is_not_pem_is_one_line_before_anything_starts(tmp_path, capsys, command):
    db = tmp_path / "r.sqlite"
    key = tmp_path / "r.key"  # service/records/signing.py: the key beside an SQLite store
    key.write_text("not a key\n")
    one_line_refusal(capsys, ["--db", str(db), *command], key, "not this store's signing key")
    assert key.read_text() == "not a key\n"


def test_every_option_of_every_subcommand_says_what_it_is_for():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    unexplained = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, command in {"recount": parser, **commands}.items()
        for action in command._actions
        if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) and not action.help
        and (action.option_strings or name in ("serve", "import", "rebuild"))  # records_cli's own positionals: see its owner
    ]
    assert unexplained == []


def test_rebuild_counts_one_match_in_the_singular(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    assert main(["--db", str(db), "import", str(FIXTURE)]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "rebuild"]) == 0
    out = capsys.readouterr().out
    assert ": 1 match\n" in out and "(1 match)" in out and "1 matches" not in out


def test_rebuild_drops_the_stored_replay_frames_for_the_projection_to_build_again(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    assert main(["--db", str(db), "import", str(FIXTURE)]) == 0
    recount = open_recount(db)
    try:
        projection = FramesProjection(recount)
        projection.catch_up()
        match_id = str(recount.store.firsts_and_lasts(1, 1)[0].originator_id)
        assert projection.frames.stored_to(match_id)
        assert main(["--db", str(db), "rebuild"]) == 0
        assert "replay frames" in capsys.readouterr().out
        assert projection.frames.stored_to(match_id) == {} and projection.frames.position() == 0
    finally:
        recount.close()


def test_rebuild_of_a_store_in_memory_has_no_stored_frames_to_drop(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.popo")
    assert main(["--db", str(tmp_path / "r.sqlite"), "rebuild"]) == 0
    assert "replay frames" not in capsys.readouterr().out


def test_the_positionals_of_export_and_verify_say_what_they_are():
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    unexplained = [f"{name} {action.dest}" for name in ("export", "verify") for action in commands[name]._actions if not action.option_strings and not action.help]
    assert unexplained == []


def test_verify_says_which_exit_status_is_a_verdict_and_which_bad_input():
    verify = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices["verify"]
    words = " ".join(verify.format_help().split())
    assert "1: the file is an export and a match in it does not" in words and "2: the file" in words


def test_a_well_formed_export_that_does_not_hold_is_a_verdict_exit_status_1(tmp_path, capsys):
    """A verify that finds a discrepancy judged the file: its verdict on standard output, exit status 1."""
    db = tmp_path / "r.sqlite"
    assert main(["--db", str(db), "import", str(FIXTURE)]) == 0
    out = tmp_path / "all.jsonl"
    assert main(["--db", str(db), "export", "--all", "-o", str(out)]) == 0
    lines = out.read_bytes().splitlines()
    lines[5] = lines[5].replace(b'"recorded_at":', b'"recorded_at":1', 1)
    out.write_bytes(b"\n".join(lines) + b"\n")
    capsys.readouterr()
    assert main(["verify", str(out)]) == 1
    said = capsys.readouterr()
    assert "BAD at step 5" in said.out and said.err == ""


def test_export_all_of_an_empty_store_says_it_has_no_matches(tmp_path, capsys):
    assert main(["--db", str(tmp_path / "r.sqlite"), "export", "--all"]) == 0
    said = capsys.readouterr()
    assert said.out == "" and said.err == "recount export: the store has no matches: nothing to export\n"


def test_export_of_a_match_the_store_lacks_writes_nothing_and_says_which(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    assert main(["--db", str(db), "import", str(FIXTURE)]) == 0
    match_id = capsys.readouterr().out.split("match ", 1)[1].split(" ", 1)[0]
    out = tmp_path / "x.jsonl"
    assert main(["--db", str(db), "export", match_id, "m_nosuch", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'m_nosuch'" in err and match_id not in err, err
    assert not out.exists()


def test_a_uecda_import_says_its_results_on_stdout_and_its_refusals_on_stderr(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    bad = tmp_path / "bad-move.log"
    bad.write_text(bad_move_log())
    assert main(["--db", str(db), "import", "--format", "uecda", str(bad)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and str(bad) in said.err and said.err.count("\n") == 1
    assert main(["--db", str(db), "import", "--format", "uecda", str(UECDA_LOG)]) == 0
    said = capsys.readouterr()
    assert "equals the log's result" in said.out and said.err == ""
