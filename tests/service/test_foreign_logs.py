"""Game records written by other programs and by people with a text editor, imported as a
stranger would bring them (docs/notation.md § Importing; docs/daifugo.md § The tournament
log format): what the format promises reads the same however it is spaced, cased or
encoded, and what it does not is a 4xx naming the line and the reason, recording nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.records import fixtures
from service.usecases.app import Recount
from tests.support.api import auth, classic_deal, create, post

FIXTURES = {path.stem: path for path in fixtures.fixture_files()}
QUOTED = r'"(?:[^"\\]|\\.)*"'


def fixture_notation(client: TestClient, recount: Recount, stem: str) -> tuple[Any, str]:
    """A fixture recorded here, and its notation file as the service writes it."""
    created = fixtures.record(recount, fixtures.read(FIXTURES[stem]))
    reply = client.get(f"/matches/{created.match_id}/notation", headers=auth(created.write_token))
    assert reply.status_code == 200, reply.text
    return created, reply.text


def import_text(client: TestClient, text: str | bytes) -> Any:
    body = text.encode() if isinstance(text, str) else text
    return client.post("/imports/notation", content=body, headers={"Content-Type": "text/plain; charset=utf-8"})


def events_of(client: TestClient, match_id: str, token: str) -> list[tuple[str, Any]]:
    events: list[tuple[str, Any]] = []
    start: int | None = 1
    while start is not None:
        page = client.get(f"/matches/{match_id}/events?from={start}&limit=1000", headers=auth(token)).json()
        events += [(entry["type"], entry["event"]) for entry in page["events"] if entry["step"] > 1]
        start = page["next_step"]
    return events


def placings_of(client: TestClient, match_id: str) -> list[tuple[str, int]]:
    return [(p["player"], p["place"]) for p in client.get(f"/matches/{match_id}/standings").json()["placings"]]


def head_and_body(text: str) -> tuple[str, list[str]]:
    head, _, body = text.partition("\n\n")
    return head, body.splitlines()


def outside_quotes(line: str, change: Any) -> str:
    """`change` applied to the parts of a line outside its quoted strings (a card's text)."""
    return re.sub(rf"({QUOTED})|([^\"]+)", lambda found: found.group(1) or change(found.group(2)), line)


def assert_same_match(client: TestClient, original: Any, reply: Any) -> dict[str, Any]:
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert events_of(client, new["match_id"], new["write_token"]) == events_of(client, original.match_id, original.write_token)
    assert placings_of(client, new["match_id"]) == placings_of(client, original.match_id)
    return new


@pytest.mark.parametrize("stem", ["classic-four-full", "two-player-popular", "three-player"])
def test_words_separated_by_tabs_non_breaking_or_repeated_spaces_read_the_same(client: TestClient, recount: Recount, stem: str) -> None:
    """docs/notation.md § Words shared by every system: “Words are separated by spaces or
    commas”. A text editor's tab, a word processor's non-breaking space and an aligned
    column's run of spaces are spaces too (a tab after the player's name was read as part
    of the name: “'Dana\\tdeals:…' is not a player here”)."""
    original, text = fixture_notation(client, recount, stem)
    head, body = head_and_body(text)
    separators = ["\t", "\u00a0", "   ", " \t "]
    written = [
        outside_quotes(line, lambda part, i=i: part.replace(" ", separators[i % len(separators)]))
        for i, line in enumerate(body)
    ]
    assert_same_match(client, original, import_text(client, head + "\n\n" + "\n".join(written) + "\n"))


STANDARD_CARD = re.compile(r"(?<![\w\"])(10|[2-9JQKA])([CDHS])(?![\w\"])")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def as_others_write(line: str, index: int) -> str:
    """A line's cards as other programs and people write them, a different way a line:
    suit symbols after or before the rank, the suit first, T for ten, any case."""
    styles = [
        lambda rank, suit: rank + SYMBOLS[suit],
        lambda rank, suit: SYMBOLS[suit] + rank,
        lambda rank, suit: suit + rank,
        lambda rank, suit: ("T" if rank == "10" else rank) + suit,
        lambda rank, suit: ("t" if rank == "10" else rank.lower()) + SYMBOLS[suit],
        lambda rank, suit: suit.lower() + ("T" if rank == "10" else rank),
    ]
    style = styles[index % len(styles)]
    return outside_quotes(line, lambda part: STANDARD_CARD.sub(lambda found: style(found.group(1), found.group(2)), part))


@pytest.mark.parametrize("stem", ["classic-four-full", "friday-three-public", "three-player", "sealed-all-cards"])
def test_cards_written_with_suit_symbols_suit_first_or_t_for_ten_read_as_their_codes(client: TestClient, recount: Recount, stem: str) -> None:
    """docs/notation.md § President: “Cards are the deck's codes in any case”. Other programs
    and people write a standard card as `K♠`, `♥10`, `SK` or `TH`; each is the one card it
    can only mean (it was refused: “'Q♥' is not a card of this deck”)."""
    original, text = fixture_notation(client, recount, stem)
    head, body = head_and_body(text)
    written = [as_others_write(line, i) for i, line in enumerate(body)]
    assert written != body
    assert_same_match(client, original, import_text(client, head + "\n\n" + "\n".join(written) + "\n"))


def test_a_joker_written_jk_or_joker_is_the_deck_s_one_joker(client: TestClient, recount: Recount) -> None:
    """docs/notation.md § President: cards in any case, `jk` among them; docs/daifugo.md § The
    rules: “53 cards: 3 … K, A, 2 and one Joker”. With one Joker in the deck, `jk`,
    `Joker` and `JK1` are the same card (`jk` was refused though the doc names it)."""
    original, text = fixture_notation(client, recount, "daifugo-uecda")
    head, body = head_and_body(text)
    spellings = iter(["jk", "Joker", "JOKER", "jk1"] * len(body))
    written = [line if "{" in line else re.sub(r"\bJK1\b", lambda _: next(spellings), line) for line in body]
    assert written != body
    assert_same_match(client, original, import_text(client, head + "\n\n" + "\n".join(written) + "\n"))


def test_a_header_and_steps_written_loosely_read_the_same(client: TestClient, recount: Recount) -> None:
    """docs/notation.md § Grammar: a header of `[Name "value"]` tags, a line with its
    step or without. A tag's name or a system's, preset's or mode's in another case
    (`[system "President"]`), spaces inside the brackets, the tags in another order, the
    step glued to its action as PGN writes moves (`3.Al plays 4C`) and a `Tag {json}`
    line's tag in another case all read the same (each was refused: “'system' is not a
    tag”, “'3.Al' is not a player here”)."""
    original, text = fixture_notation(client, recount, "daifugo-uecda")
    head, body = head_and_body(text)
    tags = head.splitlines()
    loose = [re.sub(r'^\[(\w+) "(\w+)"\]$', lambda found: f'[ {found.group(1).lower()}  "{found.group(2).title()}" ]', tag) for tag in tags]
    assert loose != tags
    steps = [re.sub(r"^(\d+)\. ", r"\1.", line) for line in body]
    steps = [re.sub(r"^(\d+\.)CardsDealt ", r"\1cardsdealt", line) for line in steps]
    assert any(line.startswith("2.cardsdealt{") for line in steps)
    assert_same_match(client, original, import_text(client, "\n".join(reversed(loose)) + "\n\n" + "\n".join(steps) + "\n"))


@pytest.mark.parametrize(
    ("change", "tag", "said"),
    [
        (lambda head: head.replace('[Preset "classic"]', '[Preset "classik"]'), "Preset", "there is no preset 'classik'"),
        (lambda head: head.replace('[Players "Al, Betty, Carl, Dana"]', '[Players "Al, Betty"]'), "Players", "2 players"),
        (lambda head: head.replace('[Mode "full"]', '[Mode "open"]'), "Mode", "mode"),
        (lambda head: head.replace('[Mode "full"]', '[Options "{\\"deck\\": 52"]'), "Options", "not JSON"),
        (lambda head: head.replace('[Mode "full"]', '[Options "[1, 2]"]'), "Options", "Expected `object`"),
        (lambda head: head.replace('[System "president"]', '[System "presidents"]'), "System", "no game system named 'presidents'"),
        (lambda head: head.replace('"Al, Betty,', '"Al, Al,'), "Players", "Al is named twice"),
        (lambda head: head.replace('"Al, Betty,', '"Al, everyone,'), "Players", "names 'everyone', which is not a player's name: 1 to 40 printable"),
        (lambda head: head.replace('"Al, Betty,', '"Al, B\\tetty,'), "Players", "names 'B\\tetty', which is not a player's name"),
    ],
    ids=["unknown preset", "too few players", "unknown mode", "options not JSON", "options not an object", "unknown system",
         "a name twice", "a view's name", "a control character"],
)
def test_a_header_the_rules_refuse_names_its_tag_s_line(client: TestClient, recount: Recount, change: Any, tag: str, said: str) -> None:
    """president-classic.md § header: “_player_: 4-7”; docs/house-rules.md § Recording: a
    match has one of the presets and modes of its game. A header that makes no match is a
    422 naming the line of the tag at fault and why (it named no line), and records nothing."""
    _, text = fixture_notation(client, recount, "classic-four-full")
    head, body = head_and_body(text)
    written = change(head)
    assert written != head
    line = next(n for n, tag_line in enumerate(written.splitlines(), start=1) if tag_line.startswith(f"[{tag} "))
    before = recount.store.head()
    reply = import_text(client, written + "\n\n" + "\n".join(body) + "\n")
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"] == {"token": tag, "line": line}
    assert reply.json()["error"].startswith(f"line {line}: ") and said in reply.json()["error"]
    assert recount.store.head() == before


# -- UECda tournament logs (docs/daifugo.md § The tournament log format) -----------------------------------------

UECDA_LOG = Path(__file__).parents[2] / "fixtures" / "president" / "daifugo-uecda.log"


def uecda_import(recount: Recount, path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from service.cli.uecda import import_log

    failed = import_log(recount, path)
    return failed, capsys.readouterr().out


@pytest.mark.parametrize("name", ["everyone", "spectator", "A" * 41], ids=["everyone", "spectator", "41 characters"])
def test_a_uecda_name_no_player_may_have_is_refused_naming_it(recount: Recount, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """docs/daifugo.md § What the tournament programs write: “Names are the bytes clients
    sent”; README § Routes, errors and limits: a player's name is 1–40 characters, not
    `everyone` or `spectator`. A log naming such a client is refused naming it, and
    nothing is recorded (the match was created with the name, which the API refuses:
    `?as=everyone` would be both a player and every hand)."""
    text = UECDA_LOG.read_text().replace("player Al ", f"player {name} ", 1)
    path = tmp_path / "named.log"
    path.write_text(text)
    before = recount.store.head()
    failed, out = uecda_import(recount, path, capsys)
    assert failed == 1
    assert f"not imported: game header, token {name!r}: a player's name is 1 to 40 printable characters" in out
    assert recount.store.head() == before


def test_a_uecda_log_with_a_long_file_name_gets_a_title_within_bounds(recount: Recount, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """README § Routes, errors and limits: “a title of at most 200 characters”. The match's
    title is the log's file name, cut to the bound (a 240-character file name made a
    250-character title, past the bound a setup sent to the API is held to)."""
    from domain.protocol import TITLE_MAX

    path = tmp_path / ("game-log-" + "x" * 231 + ".log")
    path.write_text(UECDA_LOG.read_text())
    failed, out = uecda_import(recount, path, capsys)
    assert failed == 0, out
    match_id = out.split("match ", 1)[1].split(",", 1)[0]
    title = recount.log(match_id).created.event.title
    assert title.startswith("UECda log game-log-xxx") and len(title) == TITLE_MAX


@pytest.mark.parametrize(
    ("written", "after", "said"),  # `after`: the line's number past the header's last
    [
        ("HEAD\n\nCardsPlayed " + '{"a": ' * 5000 + "1" + "}" * 5000 + "\n", 2, "the fields of CardsPlayed are JSON nested too deep"),
        ('HEAD\n[Options "' + '{\\"a\\": ' * 3000 + "1" + "}" * 3000 + '"]\n\n', 1, "the Options tag is JSON nested too deep"),
        ('HEAD\n\nCardsPlayed ["4C"]\n', 2, "the fields of CardsPlayed are a JSON object"),
    ],
    ids=["an action's fields", "the Options tag", "fields as a list"],
)
def test_json_nested_too_deep_or_not_an_object_is_a_422_naming_its_line(client: TestClient, recount: Recount, written: str, after: int, said: str) -> None:
    """docs/notation.md § Grammar: `Tag {json}` is an event by its tag and its fields, a JSON
    object; the Options tag a JSON object. JSON nested thousands deep was a 500 (Python's
    RecursionError); a list of fields was read as a player's name (“'CardsPlayed' is not a
    player here”). Each is a 422 naming the line, and nothing is recorded."""
    _, text = fixture_notation(client, recount, "classic-four-full")
    head, _ = head_and_body(text)
    line = len(head.splitlines()) + after
    before = recount.store.head()
    reply = import_text(client, written.replace("HEAD", head))
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == line
    assert reply.json()["error"].startswith(f"line {line}: {said}")
    assert recount.store.head() == before


def renamed(text: str, names: dict[str, str]) -> str:
    """A notation file with its players renamed, as a table whose players have longer names
    would write it by hand: each name in words (outside quoted texts) and in the tags."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    head, body = head_and_body(text)
    tags = [tag if tag.startswith(("[Title", "[Board")) else pattern.sub(lambda found: names[found.group(1)], tag) for tag in head.splitlines()]
    lines = [outside_quotes(line, lambda part: pattern.sub(lambda found: names[found.group(1)], part)) for line in body]
    return "\n".join(tags) + "\n\n" + "\n".join(lines) + "\n"


def events_renamed(events: list[tuple[str, Any]], names: dict[str, str]) -> list[tuple[str, Any]]:
    import json

    text = json.dumps(events)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    return [tuple(pair) for pair in json.loads(text)]


@pytest.mark.parametrize(
    ("stem", "names"),
    [
        ("classic-four-full", {"Al": "Al Smith", "Betty": "Betty Ann", "Carl": "Carl Lee", "Dana": "Dana Scully"}),
        ("classic-six-public-unseen", {"Hana": "Hana Ōta", "Ivo": "Ivo Ćurić", "Jo": "Jo Ann", "Kai": "Kai Li", "Lu": "Lu Xun", "Mo": "Mo Farah"}),
        ("deck-five-leave-join", {"Ana": "Ana Lía", "Ben": "Ben Hur", "Cleo": "Cleo Laine", "Dev": "Dev Patel", "Eli": "Eli Roth", "Fay": "Fay Wray"}),
        ("sealed-all-cards", {"Al": "Al Smith", "Betty": "Betty Boop", "Cy": "Cy Young"}),
        ("three-player", {"Al": "Al Smith", "Betty": "Betty Boop", "Cy": "Cy Young"}),
        ("two-player-popular", {"Al": "Al Gore", "Betty": "Betty Ford"}),
    ],
    ids=["president deals and gives", "public deals, unseen cards", "leaves, joins and directions", "sealed bids", "bids shown", "parties"],
)
def test_players_with_spaces_in_their_names_are_read_in_every_line(client: TestClient, recount: Recount, stem: str, names: dict[str, str]) -> None:
    """docs/notation.md § Words shared by every system: “A player is named in full or by a
    unique prefix”. A table whose players are `Dana Scully` and `Al Smith` writes their
    names in full in a deal (`Dana Scully deals: Al Smith 3C …`), an exchange, a seal, the
    bids shown, the parties, a join and a direction; each was refused (“'Smith' is not a card
    of this deck”, “bids are pairs of a player and a card”), though `GET …/notation` wrote
    those lines as JSON for such names. Each now reads as the service records it."""
    original, text = fixture_notation(client, recount, stem)
    written = renamed(text, names)
    assert all(f"{name} " in written.split("\n\n", 1)[1] for name in names.values())
    reply = import_text(client, written)
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert events_of(client, new["match_id"], new["write_token"]) == events_renamed(events_of(client, original.match_id, original.write_token), names)
    assert placings_of(client, new["match_id"]) == [(names[player], place) for player, place in placings_of(client, original.match_id)]


def test_a_public_record_without_its_mode_tag_is_told_the_mode_it_was_read_in(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Recording: “A match declares what it records”. A file of a
    public record (hand sizes at the deal) that leaves out its optional Mode tag is read in
    the default mode, full, and its deal refused; the refusal names the deal's line and
    says the header has no Mode tag (it said only that a full record takes no sizes)."""
    _, text = fixture_notation(client, recount, "classic-five-public")
    written = re.sub(r'^\[Mode "public"\]\n', "", text, flags=re.MULTILINE)
    assert written != text
    deal = next(n for n, line in enumerate(written.splitlines(), start=1) if " deals: " in line)
    before = recount.store.head()
    reply = import_text(client, written)
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == deal
    assert "a full record does not take hand sizes" in reply.json()["error"]
    assert "the header has no Mode tag, so the match records as 'full'" in reply.json()["error"]
    assert recount.store.head() == before


def test_the_incumbent_named_in_another_case_is_the_first_game_s_president(client: TestClient, recount: Recount) -> None:
    """mr-president.md § INCUMBENT YEAR: “It is frequently interesting to have the winner
    of one game run for re-election in the following game.” Written by hand as
    `incumbent year: democratic THOMAS ROURKE`, the incumbent is the first game's President
    named as his card is (it was refused: “the first game elected Thomas Rourke”)."""
    original, text = fixture_notation(client, recount, "advanced-incumbent-year")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if re.match(r"\d+\. incumbent year: ", line))
    step, _, words = lines[at].partition(" ")
    lines[at] = f"{step} {words.swapcase()}"
    assert lines[at] != text.split("\n")[at]
    assert_same_match(client, original, import_text(client, "\n".join(lines)))


def test_a_result_tag_naming_players_in_another_case_or_by_prefix_is_checked_as_it_means(client: TestClient, recount: Recount) -> None:
    """docs/notation.md: the Result tag is checked against the standings recomputed; “a
    player is named in full or by a unique prefix, case-insensitive”. `[Result "al 1, DANA
    1, Bet 3, carl 3"]` is the record's result (it was refused as another result); a
    Result that gives another place is still refused naming its line."""
    original, text = fixture_notation(client, recount, "classic-four-full")
    assert '[Result "Al 1, Dana 1, Betty 3, Carl 3"]' in text
    loose = text.replace('[Result "Al 1, Dana 1, Betty 3, Carl 3"]', '[Result "al 1, DANA 1, Bet 3,  carl 3"]')
    assert_same_match(client, original, import_text(client, loose))
    wrong = text.replace('[Result "Al 1, Dana 1, Betty 3, Carl 3"]', '[Result "al 1, DANA 1, Bet 3, carl 4"]')
    line = next(n for n, tag in enumerate(wrong.splitlines(), start=1) if tag.startswith("[Result"))
    reply = import_text(client, wrong)
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"] == {"token": "Result", "line": line}
    assert "but the record gives 'Al 1, Dana 1, Betty 3, Carl 3'" in reply.json()["error"]


def test_a_result_for_a_match_the_lines_leave_running_says_the_match_is_not_over(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § The end of a match: “A match of President ends when the
    scorekeeper records its end” (`the match ends`). A program that writes its games and their Result but not that line
    is refused at the Result tag, saying the match is not over after the last line (it said
    only that the record gives '*')."""
    _, text = fixture_notation(client, recount, "classic-four-full")
    assert text.rstrip("\n").endswith("the match ends")
    written = text.rstrip("\n").rsplit("\n", 1)[0] + "\n"
    before = recount.store.head()
    reply = import_text(client, written)
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["token"] == "Result"
    assert "but the record gives '*' (the match is not over after the file's last line)" in reply.json()["error"]
    assert recount.store.head() == before


def test_names_with_accents_composed_or_not_are_the_same_player(client: TestClient, recount: Recount) -> None:
    """docs/notation.md § Words shared by every system: a player is named in full or by a
    prefix. `José` in the Players tag (é one character) and `José` in the lines as another
    program writes it (e and a combining accent, Unicode NFD) are one player, recorded by
    the header's name (it was refused: “'José' is not a player here (players: José, …)”)."""
    import unicodedata

    names = {"Al": "José", "Betty": "Zoë", "Carl": "Ångel", "Dana": "Çelik"}
    original, text = fixture_notation(client, recount, "classic-four-full")
    head, body = head_and_body(renamed(text, names))
    decomposed = [unicodedata.normalize("NFD", line) for line in body]
    assert decomposed != body
    reply = import_text(client, head + "\n\n" + "\n".join(decomposed) + "\n")
    assert reply.status_code == 201, reply.text
    new = reply.json()
    assert events_of(client, new["match_id"], new["write_token"]) == events_renamed(events_of(client, original.match_id, original.write_token), names)


@pytest.mark.parametrize(
    ("stem", "preset"),
    [("deck-six-example", "classic"), ("advanced-two-player-popular", "basic")],
    ids=["a card of another deck", "an action of another preset"],
)
def test_a_file_without_its_preset_tag_is_told_the_preset_it_was_read_by(client: TestClient, recount: Recount, stem: str, preset: str) -> None:
    """docs/notation.md § Grammar: the Preset tag is optional; without it the game's default
    preset makes the match (presidents-deck.txt's cards are not classic's 52; the advanced
    game's nomination is off in mr-president.md's basic game). The refused line now says the
    header has no Preset tag and which preset read it (it said only what was refused)."""
    _, text = fixture_notation(client, recount, stem)
    written = re.sub(r'^\[Preset "[^"]*"\]\n', "", text, flags=re.MULTILINE)
    assert written != text
    before = recount.store.head()
    reply = import_text(client, written)
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] > len(written.split("\n\n", 1)[0].splitlines())
    assert reply.json()["error"].endswith(f"(the header has no Preset tag, so the match is played by the preset {preset!r})")
    assert recount.store.head() == before


def test_what_a_joker_stands_for_reads_suit_symbols(client: TestClient) -> None:
    """docs/daifugo.md § The rules: “the Joker may fill one rank, including one past either
    end”; docs/notation.md § President: `as -H` below the 3. Written with a suit symbol
    (`as -♥`, `as 5♥`) it reads as the code does (`-♥` was refused: “is not what a Joker
    stands for”)."""
    import random

    import domain
    from domain.notation_file import write_match
    from domain.protocol import MatchSetup
    from fixtures.random_player import play_random

    system = domain.find("president")
    created = system.start(MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana", "Eve"], preset="daifugo"))
    text = write_match([created, *play_random(system, created, random.Random(119), steps=600)], "president")
    assert re.search(r" as [-+][CDHS]$", text, flags=re.MULTILINE)
    written = re.sub(r" as ([-+]?)(10|[2-9JQKA]?)([CDHS])$", lambda found: f" as {found.group(1)}{found.group(2)}{SYMBOLS[found.group(3)]}", text, flags=re.MULTILINE)
    assert re.search(r" as [-+][♣♦♥♠]$", written, flags=re.MULTILINE)
    first, again = import_text(client, text), import_text(client, written)
    assert first.status_code == 201 and again.status_code == 201, again.text
    assert events_of(client, again.json()["match_id"], again.json()["write_token"]) == events_of(client, first.json()["match_id"], first.json()["write_token"])


def test_a_counted_play_reads_t_for_ten(client: TestClient) -> None:
    """docs/notation.md § President: “`NxR` (`3x9`: three 9s) is accepted when the record
    knows which cards those are”. With T for ten, as cards are written (`TH`), `2xT` is
    the player's two 10s (it was refused: “'t' in '2xT' is not a rank”)."""
    deal = next(deal for deal in map(lambda seed: classic_deal(seed=seed), range(50)) if any(card.startswith("10") for card in deal["hands"]["Al"]))
    tens = sorted(card for card in deal["hands"]["Al"] if card.startswith("10"))
    match = create(client)
    assert post(client, match, [deal]).status_code == 201
    reply = client.post(f"/matches/{match['match_id']}/notation/parse", json={"line": f"a {len(tens)}xT"}, headers=auth(match["write_token"]))
    assert reply.status_code == 200, reply.text
    assert reply.json()["event"] == {"type": "CardsPlayed", "player": "Al", "cards": tens}


@pytest.mark.parametrize("stem", ["classic-four-full", "three-player"])
def test_tags_in_a_word_processor_s_smart_quotes_read_the_same(client: TestClient, recount: Recount, stem: str) -> None:
    """docs/notation.md § Grammar: `[Name "value"]`. A word processor (macOS TextEdit by
    default) turns the quotes of `[Players "Al, Betty"]` into “ and ”; a value holding no
    quote of its own reads the same (every tag was refused: “a header line is [Name
    "value"]”)."""
    original, text = fixture_notation(client, recount, stem)
    head, body = head_and_body(text)
    smart = [re.sub(r'^\[(\w+) "([^"\\]*)"\]$', "[\\1 “\\2”]", tag) for tag in head.splitlines()]
    assert smart != head.splitlines()
    assert_same_match(client, original, import_text(client, "\n".join(smart) + "\n\n" + "\n".join(body) + "\n"))


def test_a_file_that_was_not_utf8_read_as_utf8_is_refused_naming_its_line(client: TestClient, recount: Recount) -> None:
    """docs/notation.md § Importing: the file is UTF-8. The new-match page reads the chosen
    file as UTF-8 (`file.text()`), so a Latin-1 file's `é` arrives as U+FFFD: it was
    recorded, a player named `Jos\\ufffd`. It is a 422 naming the first such line, and
    nothing is recorded."""
    _, text = fixture_notation(client, recount, "classic-four-full")
    written = text.replace("Al", "Jos\ufffd")
    line = next(n for n, tag in enumerate(written.splitlines(), start=1) if "\ufffd" in tag)
    before = recount.store.head()
    reply = import_text(client, written)
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"] == {"token": "\ufffd", "line": line}
    assert "the file is not UTF-8 text" in reply.json()["error"]
    assert recount.store.head() == before


def accented(text: str) -> str:
    """The file with its first player renamed José, as a Spanish table writes it."""
    first = re.search(r'\[Players "([^",]*)', text)[1]
    return re.sub(rf"\b{first}\b", "José", text)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"], ids=["UTF-16 LE", "UTF-16 BE", "UTF-8 with BOM"])
def test_a_notation_file_saved_as_notepad_saves_it_is_read_by_its_byte_order_mark(client: TestClient, recount: Recount, tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str) -> None:
    """docs/notation.md § Importing: Windows Notepad saves "Unicode" as UTF-16 behind a
    byte order mark (and "UTF-8 with BOM"). Posted by a script, or given to
    `recount-records import`, a UTF-16 file was refused ("byte 0 is not" UTF-8; the CLI
    "can't decode byte 0xff"); it is read by its mark, accents and all."""
    from service.cli.records import import_notation, is_notation

    original, text = fixture_notation(client, recount, "classic-four-full")
    data = (("\ufeff" if encoding == "utf-16-be" else "") + accented(text)).encode(encoding)
    reply = import_text(client, data)
    assert reply.status_code == 201, reply.text
    assert client.get(f"/matches/{reply.json()['match_id']}").json()["players"][0] == "José"
    path = tmp_path / "match.txt"
    path.write_bytes(data)
    assert is_notation(path)
    assert import_notation(recount, path) == 0, capsys.readouterr().err
    match_id = capsys.readouterr().out.split("match ", 1)[1].split(" ", 1)[0]
    assert client.get(f"/matches/{match_id}").json()["players"][0] == "José"


def test_a_uecda_log_saved_as_utf16_is_read_by_its_byte_order_mark(recount: Recount, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/daifugo.md § What the tournament programs write: a log is UTF-8 or Shift_JIS.
    One saved again by Notepad as "Unicode" is UTF-16 behind its mark; it was read as
    Shift_JIS and refused at its header. It reads as the log it is."""
    path = tmp_path / "utf16.log"
    path.write_bytes(UECDA_LOG.read_text().replace("player Al ", "player José ", 1).encode("utf-16"))
    failed, out = uecda_import(recount, path, capsys)
    assert failed == 0, out
    match_id = out.split("match ", 1)[1].split(",", 1)[0]
    assert any(placing.player == "José" for placing in recount.standings(match_id).placings)
