"""A notation file brought in as a new match (docs/notation.md § Importing): `POST
/imports/notation` and `recount import FILE`. Every fixture's own notation (GET
/matches/{id}/notation) comes back as the same match; a file as a person or another
program writes it (CRLF, a byte-order mark, comments, blank lines) reads the same; a
bad line is a 422 naming it, and nothing of the file is recorded. Then the edges: the header
grammar (a tab, a value that is not a JSON string, a Result given twice), a file voiding a
sealed round's last seal, a long file corrected early (not folded again at every line)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

import domain.corrections
from domain.notation_file import parse_match
from service.cli import main as cli
from service.records import fixtures
from service.records.notation_import import BadNotation, import_notation
from service.usecases.app import Recount
from tests.support.api import auth

FIXTURES = fixtures.fixture_files()
BY_STEM = {path.stem: path for path in FIXTURES}
TWO = '[System "bid"]\n[Players "Al, Betty"]\n'


def notation_of(client: TestClient, recount: Recount, path: Path) -> tuple[Any, str]:
    created = fixtures.record(recount, fixtures.read(path))
    reply = client.get(f"/matches/{created.match_id}/notation", headers=auth(created.write_token))
    assert reply.status_code == 200, reply.text
    return created, reply.text


def events_of(client: TestClient, match_id: str, token: str) -> list[tuple[str, Any]]:
    page = client.get(f"/matches/{match_id}/events?limit=1000", headers=auth(token)).json()
    return [(entry["type"], entry["event"]) for entry in page["events"][1:]]


def import_text(client: TestClient, text: str | bytes) -> Any:
    body = text.encode() if isinstance(text, str) else text
    return client.post("/imports/notation", content=body, headers={"Content-Type": "text/plain; charset=utf-8"})


def stored_events(recount: Recount) -> int:
    return recount.store.head()


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_fixture_s_notation_comes_back_as_the_same_match(client: TestClient, recount: Recount, path: Path) -> None:
    original, text = notation_of(client, recount, path)
    reply = import_text(client, text)
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert new["match_id"] != original.match_id
    assert new["version"] == recount.log(original.match_id).version
    assert events_of(client, new["match_id"], new["write_token"]) == events_of(client, original.match_id, original.write_token)
    assert client.get(f"/matches/{new['match_id']}/standings").json()["placings"] == client.get(f"/matches/{original.match_id}/standings").json()["placings"]
    # The new tokens are the match's own: the write token reads every hand, a seat token its seat.
    assert client.get(f"/matches/{new['match_id']}/state?as=everyone", headers=auth(new["write_token"])).status_code == 200
    player, seat = next(iter(new["seat_tokens"].items()))
    assert client.get(f"/matches/{new['match_id']}/state?as={player}", headers=auth(seat)).status_code == 200


def test_a_file_with_crlf_a_byte_order_mark_comments_and_blank_lines_reads_the_same(client: TestClient, recount: Recount) -> None:
    original, text = notation_of(client, recount, FIXTURES[0])
    head, _, body = text.partition("\n\n")
    written = "\ufeff; written by another program\r\n" + head.replace("\n", "\r\n") + "\r\n\r\n\r\n" + "\r\n; a comment between actions\r\n".join(body.splitlines()) + "\r\n"
    reply = import_text(client, written)
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert events_of(client, new["match_id"], new["write_token"]) == events_of(client, original.match_id, original.write_token)


def test_a_line_that_does_not_parse_is_named_and_nothing_is_recorded(client: TestClient, recount: Recount) -> None:
    _, text = notation_of(client, recount, FIXTURES[0])
    lines = text.splitlines()
    lines.insert(len(lines) - 1, "this is no action at all")
    before = stored_events(recount)
    reply = import_text(client, "\n".join(lines) + "\n")
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == len(lines) - 1
    assert reply.json()["error"].startswith(f"line {len(lines) - 1}: ")
    assert stored_events(recount) == before


def test_an_action_the_rules_forbid_is_named_and_nothing_is_recorded(client: TestClient, recount: Recount) -> None:
    """president-classic.md § Play Game: a player plays in turn; the same player twice in a row is refused."""
    original, text = notation_of(client, recount, next(p for p in FIXTURES if p.stem == "classic-four-full"))
    lines = text.splitlines()
    last_play = max(i for i, line in enumerate(lines) if " plays " in line)
    lines.insert(last_play + 1, lines[last_play])  # the same play again, out of turn
    before = stored_events(recount)
    reply = import_text(client, "\n".join(lines) + "\n")
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == last_play + 2
    assert "against the rules" in reply.json()["error"]
    assert stored_events(recount) == before


def test_a_correction_refused_when_recorded_records_nothing(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Corrections: a correction voids an earlier action; one that
    names a step the file never reaches is refused when the match is recorded, and the
    actions before it are not recorded either."""
    _, text = notation_of(client, recount, FIXTURES[0])
    before = stored_events(recount)
    reply = import_text(client, text.rstrip("\n") + '\nEventVoided {"step": 9999, "reason": "no such step"}\n')
    assert reply.status_code == 422, reply.text
    assert stored_events(recount) == before


def test_a_correction_that_breaks_the_lines_after_it_is_named_and_nothing_is_recorded(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Corrections: “everything after it is re-checked”. A file that
    voids its deal and goes on playing: the void is refused at its line, since the plays
    after it would have no cards (it was a 500, a KeyError in the fold)."""
    _, text = notation_of(client, recount, next(p for p in FIXTURES if p.stem == "classic-four-full"))
    lines = text.rstrip("\n").splitlines()
    deal_step = int(next(line for line in lines if "deals" in line).split(".")[0])
    lines.append('EventVoided {"step": %d, "reason": "wrong deal"}' % deal_step)
    before = stored_events(recount)
    reply = import_text(client, "\n".join(lines) + "\n")
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == len(lines)
    assert "this correction would make step" in reply.json()["error"]
    assert stored_events(recount) == before


def test_a_sealed_bid_file_that_leaves_out_the_reveals_gets_them_as_the_service_records_them(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Sealed bids: “the bids are shown when every player has
    committed”: the service records each reveal by itself, so a file written elsewhere
    may leave the `bids shown` lines out; the import records them where they fall."""
    original, text = notation_of(client, recount, next(p for p in FIXTURES if p.stem == "sealed-all-cards"))
    lines = text.splitlines()
    # The reveals of sealed rounds (right after the last seal); a round whose bids were
    # shown without sealing keeps its `bids shown` line: that one is the table's action.
    without = [line for i, line in enumerate(lines) if not ("bids shown" in line and " seals " in lines[i - 1])]
    assert len(lines) - len(without) >= 5
    reply = import_text(client, "\n".join(without) + "\n")
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert events_of(client, new["match_id"], new["write_token"]) == events_of(client, original.match_id, original.write_token)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "; only a comment\n",
        '[Players "Al, Betty"]\n\n',
        '[System "chess"]\n[Players "Al, Betty"]\n\n',
        '[System "bid"]\n[Players "Al, Betty"\n\n',
    ],
    ids=["empty", "comment only", "no system", "unknown system", "unclosed tag"],
)
def test_a_header_that_makes_no_match_is_refused(client: TestClient, recount: Recount, text: str) -> None:
    before = stored_events(recount)
    reply = import_text(client, text)
    assert reply.status_code in (400, 422), reply.text
    assert reply.json()["error"]
    assert stored_events(recount) == before


def test_a_body_that_is_not_utf8_is_malformed(client: TestClient) -> None:
    reply = import_text(client, b'[System "bid"]\n[Players "Al, B\xe9tty"]\n\n')
    assert reply.status_code == 400
    assert "UTF-8" in reply.json()["error"]


def test_recount_import_reads_a_notation_file(client: TestClient, recount: Recount, db_file: Path | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original, text = notation_of(client, recount, FIXTURES[0])
    good, bad = tmp_path / "match.txt", tmp_path / "bad.txt"
    good.write_text(text)
    bad.write_text(text + "nonsense\n")
    recount.close()
    assert cli.main(["--db", str(db_file), "import", str(good)]) == 0
    out = capsys.readouterr().out
    assert "imported" in out and "write token" in out
    assert cli.main(["--db", str(db_file), "import", str(bad)]) == 2  # bad input, nothing recorded
    assert "nothing recorded" in capsys.readouterr().err


# --- the header grammar, a correction of a sealed round, a long file corrected early ---------------


def test_a_result_tag_with_a_tab_before_its_value_is_read_as_the_header_grammar_allows(recount: Recount) -> None:
    """docs/notation.md: a header line is [Name "value"]; _TAG_LINE reads `\\s+` between them, so a tab
    is a header line like any other. Called directly: over HTTP the same file hangs the request."""
    text = TWO + '[Result\t"*"]\n\n'
    before = recount.store.head()
    try:
        created = import_notation(recount, text)
    except BadNotation:  # a clear refusal would do as well
        assert recount.store.head() == before
        return
    assert created.version == 1


@pytest.mark.parametrize("title", ["a\\x", "a\tb"], ids=["invalid escape", "control character"])
def test_a_header_value_that_is_not_a_json_string_is_a_422(client: TestClient, recount: Recount, title: str) -> None:
    before = recount.store.head()
    reply = import_text(client, TWO + f'[Title "{title}"]\n\n')
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == 3
    assert recount.store.head() == before


def test_a_file_that_voids_a_round_s_last_seal_before_its_reveal_is_answered_at_its_line(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Sealed bids: “the bids are shown when every player has committed”; a file
    may leave the reveals out (the import records them where they fall). A file that voids the last seal
    of a round and seals again gets either the same match or a refusal naming its own line; the check
    parse_match makes and the recording must agree."""
    original, text = notation_of(client, recount, BY_STEM["sealed-all-cards"])
    lines = text.splitlines()
    reveal = next(i for i, line in enumerate(lines) if "bids shown" in line and " seals " in lines[i - 1])
    seal = lines[reveal - 1]
    step = int(seal.split(".")[0])
    void = 'EventVoided {"step": %d, "reason": "misheard"}' % step
    written = [*lines[:reveal], void, re.sub(r"^\d+\.\s+", "", seal), *lines[reveal + 1 :]]
    file = "\n".join(written) + "\n"
    before = recount.store.head()
    reply = import_text(client, file)
    if reply.status_code == 201:
        return
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == reveal + 1, reply.text  # the void's line (1-based)
    assert recount.store.head() == before


def test_a_long_file_with_an_early_correction_is_not_folded_again_at_every_line(client: TestClient, recount: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    _, text = notation_of(client, recount, BY_STEM["daifugo-uecda"])
    lines = text.splitlines()
    body = lines.index("") + 1
    first = lines[body]
    corrected = [*lines[: body + 1], 'EventVoided {"step": 2, "reason": "x"}', re.sub(r"^\d+\.\s+", "", first), *lines[body + 1 :]]
    calls = 0
    real = domain.corrections.refold_from

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(domain.corrections, "refold_from", counting)
    _, events = parse_match("\n".join(corrected) + "\n")
    assert len(events) > 400
    assert 1 <= calls <= 2, f"{calls} folds of the whole match for one correction in {len(events)} actions"


def test_a_result_tag_given_twice_is_answered_at_the_line_whose_value_is_refused(client: TestClient, recount: Recount) -> None:
    """docs/notation.md: “A Result tag other than the standings recomputed from the lines is refused”
    (parse_match); the 422 names the line at fault. Line 3 says `*`, which is right for a match with no
    action; line 4 says a finished match, which is wrong: line 4 is the one at fault."""
    before = recount.store.head()
    reply = import_text(client, TWO + '[Result "*"]\n[Result "Al 1, Betty 2"]\n\n')
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == 4, reply.text
    assert recount.store.head() == before
