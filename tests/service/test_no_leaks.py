"""Hidden cards never leak, in any form: a match with hidden information is
recorded step by step over real HTTP (uvicorn), and at sampled steps every reader (the
spectator, each seat with its seat token, the write token) reads every route and the
first message of the live stream; the bytes must not hold a card hidden from that reader
in any notation the service uses: the code ("QC", "10H"), the card as printed ("Q♣",
"10♥", also JSON-escaped) and the words ("the queen of clubs").

Who may see what is stated here, in `MAY_SEE`, from the rules texts and the README, never
taken from the domain's views or the service's redaction (the code under test): the test
reads the cards and Ballots at each step from the domain state and hides those the table
keeps from the reader. DESIGN.md § Principles 4: “the checks use everything known and
nothing more”; docs/design-notes.md: “an event (a full-mode deal, a sealed bid) can hold
what a perspective may not see”.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.cards import RANK_NAMES as RANK_WORDS, SUIT_NAMES, label
from service.reads.readmodel import MatchIndex
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from service.web.routes import create_app


@contextmanager
def serving(db: Path) -> Iterator[tuple[str, Recount]]:
    """The app served by uvicorn on a free port in a background thread: the live
    stream is read as a client reads it, one message at a time (Litestar's test
    client waits for a stream to end, and a running match's never does)."""
    import uvicorn

    recount = Recount(MatchStore(default_env(str(db))))
    app = create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{listening.getsockname()[1]}", recount
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client, Recount]]:
    with serving(tmp_path_factory.mktemp("leaks") / "recount.sqlite") as (url, recount):
        with httpx.Client(base_url=url, timeout=30) as api:
            yield api, recount


# --- the notations ------------------------------------------------------------------------

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def notations(card: str) -> list[re.Pattern[str]]:
    """Every form the service writes a card in: the code, the printed label (President's
    `label`, Presidential Bid's `short`: the same), JSON-escaped too, and the words
    (Presidential Bid's `card_name`, “the 9 of hearts”). A code or label must stand
    alone (“0H” is not inside “10H”)."""
    printed = label(card)
    forms = [card, printed, json.dumps(printed)[1:-1]]
    # A first Joker is printed "Joker", a second "Joker 2": the one is not the other.
    after = r"(?![0-9A-Za-z])(?! [0-9])" if card.startswith("JK") else r"(?![0-9A-Za-z])"
    patterns = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(form)}{after}") for form in dict.fromkeys(forms)]
    rank, suit = card[:-1], card[-1:]
    if suit in SUIT_NAMES and not card.startswith("JK"):
        spoken = f"{WORDS.get(rank, RANK_WORDS.get(rank, rank))} of {SUIT_NAMES[suit]}"
        patterns.append(re.compile(rf"(?<![0-9A-Za-z]){re.escape(spoken)}", re.IGNORECASE))
    return patterns


def leaked(text: str, hidden: set[str]) -> list[str]:
    return sorted(f"{card} as {p.pattern!r} in ...{text[max(0, m.start() - 80):m.end() + 20]}..." for card in hidden for p in notations(card) if (m := p.search(text)))


# --- who may see what ----------------------------------------------------------------------

SPECTATOR, OWN_SEAT, OTHER_SEAT, WRITER = "spectator", "its own seat", "another seat", "write token"


def row(spectator: bool, own_seat: bool, other_seat: bool, writer: bool) -> dict[str, bool]:
    return {SPECTATOR: spectator, OWN_SEAT: own_seat, OTHER_SEAT: other_seat, WRITER: writer}


# (system, mode) -> what -> reader -> may see it while the match runs. "Its own seat" is a
# seat token of the player who holds it (a hand), took part in it (an exchange: its giver
# or its receiver), committed it (a sealed bid) or whose party cast it (a Ballot).
#
# - A hand: README § Read the match back, “as a spectator (no token: hand counts, no
#   cards), as a player (… seat token) or as everyone (the write token)”; in public mode
#   the record holds “only what is seen face up”, so what it holds the table saw. In
#   holders mode a hand entered is its holder's (README § Each player on their own phone,
#   “the hand they were dealt, which only they and the rules' checks then know”) and, as
#   the same paragraph says, the write token's, which “sees everything but a sealed bid
#   before its reveal” (docs/design-notes.md: “seen by its holder and `everyone` only”).
#   The two sentences disagree on the write token; this row follows the second.
# - Cards exchanged: classic § Before the new game, the scum gives the president his cards
#   and receives cards in return: the two who exchange handle them, the others do not.
# - A Blind pile: friday § Blind President, “face-down piles that the players are not
#   allowed to look at”; the write token reads everything recorded.
# - A sealed bid: house-rules § Sealed bids, a player commits a bid “before the bids are
#   shown”; its committer knows it. The write token reads as the recorder while the match
#   runs, not as everyone: its holder may be a bidder too (README § At the table, “Each
#   player on their own phone”).
# - The votes of a Ballot in a region not counted yet: mr-president § Absentee Ballots,
#   “they do not, however, announce the casting of these Ballots to their opponents”.
PRESIDENT_FULL = {"a hand": row(False, True, False, True), "cards exchanged": row(False, True, False, True), "a Blind pile": row(False, False, False, True)}
PRESIDENT_HOLDERS = {"a hand": row(False, True, False, True), "cards exchanged": row(False, True, False, True), "a Blind pile": row(False, False, False, True)}
PRESIDENT_PUBLIC = {"a hand": row(True, True, True, True), "cards exchanged": row(True, True, True, True), "a Blind pile": row(False, False, False, True)}
FACE_DOWN_BALLOTS = {"the votes of a Ballot in a region not counted": row(False, True, False, True)}
MAY_SEE: dict[tuple[str, str], dict[str, dict[str, bool]]] = {
    ("president", "full"): PRESIDENT_FULL,
    ("president", "public"): PRESIDENT_PUBLIC,
    ("president", "holders"): PRESIDENT_HOLDERS,
    ("bid", "full"): {"a sealed bid": row(False, True, False, False)},
    ("mrpresident", "popular"): FACE_DOWN_BALLOTS,
    ("mrpresident", "electoral"): FACE_DOWN_BALLOTS,
}


def may_see(key: tuple[str, str], what: str, reader: str, owners: set[str], ended: bool = False, keep_hands_private: bool = False) -> bool:
    """Whether `reader` (the spectator, the write token or a seat's player) may see `what`
    of `owners`. Once a match is over its hands are open to every reader (README § Files:
    “once a match with open hands is over”) unless it was created with keep_hands_private."""
    if ended and not keep_hands_private:
        return True
    seen = MAY_SEE[key][what]
    if reader in (SPECTATOR, WRITER):
        return seen[reader]
    return seen[OWN_SEAT if reader in owners else OTHER_SEAT]


# --- the readers and the routes -----------------------------------------------------------


def readers(match: dict[str, Any], players: list[str]) -> list[tuple[str, dict[str, str]]]:
    """(name, headers): the spectator, each seat by its token (named by its player), the write token."""
    seats = [(p, {"Authorization": f"Bearer {match['seat_tokens'][p]}"}) for p in players]
    return [(SPECTATOR, {}), *seats, (WRITER, {"Authorization": f"Bearer {match['write_token']}"})]


def first_live_message(api: httpx.Client, match_id: str, after: int, headers: dict[str, str]) -> str:
    """The raw text of the first `frames` message of /live?after=N."""
    lines: list[str] = []
    with api.stream("GET", f"/matches/{match_id}/live", params={"after": after}, headers=headers) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if not line and any(seen.startswith("event: frames") for seen in lines):
                break
            lines.append(line)
    return "\n".join(lines)


def responses(api: httpx.Client, match_id: str, step: int, since: int, headers: dict[str, str]) -> dict[str, str]:
    """Every route a reader can read, as text: events and frames from `since` (the
    current game or round: older steps may show a card played face up before it was
    dealt again), the state, the standings, the summary, the live stream's first message."""
    got = {
        "events": api.get(f"/matches/{match_id}/events", params={"from": since, "limit": 1000}, headers=headers),
        "frames": api.get(f"/matches/{match_id}/frames", params={"from": since, "limit": 1000}, headers=headers),
        "state": api.get(f"/matches/{match_id}/state", headers=headers),
        "standings": api.get(f"/matches/{match_id}/standings", headers=headers),
        "summary": api.get(f"/matches/{match_id}", headers=headers),
    }
    for route, reply in got.items():
        assert reply.status_code == 200, (route, reply.text)
    texts = {route: reply.content.decode() for route, reply in got.items()}
    texts["live"] = first_live_message(api, match_id, step - 1, headers)
    return texts


# --- what is hidden: the domain state's cards, kept from a reader by the table --------------


def president_hidden(state: Any, reader: str) -> set[str]:
    """Cards in hands and Blind piles the reader may not see, less any copy it sees (two
    decks), the cards played this game and those of this game's exchanges it may see."""
    key = ("president", state.mode)
    hidden: set[str] = set()
    seen: set[str] = set(state.played)
    for player, hand in state.hands.items():
        (seen if may_see(key, "a hand", reader, {player}) else hidden).update(hand.known)
    for done in state.exchanged:
        if may_see(key, "cards exchanged", reader, {done.giver, done.receiver}):
            seen.update(done.cards)
    for pile in state.piles.values():
        if not may_see(key, "a Blind pile", reader, set()):
            hidden.update(pile.known)
    return hidden - seen


def president_since(state: Any) -> int:
    """The step of the current game's deal: older steps show cards played in earlier games
    (and step 1, the match created, lists the whole deck in its ruleset: public)."""
    return state.games[-1].end_step + 1 if state.games else 2


def bid_hidden(state: Any, reader: str) -> set[str]:
    return {commit.card for commit in state.commits if not may_see(("bid", "full"), "a sealed bid", reader, {commit.player})}


def bid_since(state: Any) -> int:
    return state.up_step or state.step


HAND_LIST = re.compile(r'"hand":\[[^\]]*\]')


def bid_text(text: str) -> str:
    """Presidential Bid's hands are public (each player's suit is known, rule text
    § setup): the committed card is still in the hand, as at the table. The hand lists
    are taken out, and the bid must not show anywhere else."""
    return HAND_LIST.sub('"hand":[]', text)


# --- the cases ------------------------------------------------------------------------------


class Case:
    def __init__(self, name: str, setup: dict[str, Any], events: list[dict[str, Any]], hidden: Callable[[Any, str], set[str]], since: Callable[[Any], int], checks: Callable[[int, dict[str, Any]], bool], text: Callable[[str], str] = lambda t: t):
        self.name, self.setup, self.events, self.hidden, self.since, self.checks, self.text = name, setup, events, hidden, since, checks, text


def fixture(path: str, upto: int | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    read = fixtures.read(fixtures.FIXTURES / path)
    return msgspec.to_builtins(read.setup), read.events[:upto]


def blind_match() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Blind President for two in full mode with a twelve-card deck and hands of one
    card, so draws come at once; each draw names its card (full mode knows the pile)."""
    deck = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D".split()
    setup = {"system": "president", "preset": "friday", "players": ["Al", "Bo"], "mode": "full", "options": {"deck": deck, "blind": True, "blind_hand": 1}}
    events = [
        {"type": "CardsDealt", "dealer": "Al", "hands": {"Bo": "3C 5C 7C 8C 4D 6D".split(), "Al": "4C 3D 5D 6C 7D 8D".split()}},
        {"type": "CardsPlayed", "player": "Bo", "cards": ["3C"]},
        {"type": "CardsPlayed", "player": "Al", "cards": ["4C"]},
        {"type": "CardDrawn", "player": "Bo", "card": "5C"},
        {"type": "CardsPlayed", "player": "Bo", "cards": ["5C"]},
        {"type": "CardDrawn", "player": "Al", "card": "3D"},
    ]
    return setup, events


def holders_match() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The classic fixture's first game in holders mode: the deal as sizes, then Al and Carl
    enter their hands (Betty's and Dana's stay unknown), then the fixture's plays."""
    setup, events = fixture("president/classic-four-full.json", 40)
    deal = events[0]
    entered = [{"type": "HandEntered", "player": player, "cards": deal["hands"][player]} for player in ("Al", "Carl")]
    sizes = {player: len(cards) for player, cards in deal["hands"].items()}
    return {**setup, "mode": "holders"}, [{"type": "CardsDealt", "dealer": deal["dealer"], "sizes": sizes}, *entered, *events[1:]]


def interesting(kinds: set[str], every: int) -> Callable[[int, dict[str, Any]], bool]:
    """Check after every event of `kinds` (what hides or moves a hidden card) and every `every` steps."""
    return lambda index, event: event["type"] in kinds or index % every == 0


PRESIDENT_KINDS = {"CardsDealt", "CardsExchanged", "CardDrawn"}
CASES = [
    # Game 1, then game 2's deal, exchanges (“Carl (scum) gives Dana (president) Q♣ A♣” in view) and first plays.
    Case("president classic full", *fixture("president/classic-four-full.json", 86), president_hidden, president_since, interesting(PRESIDENT_KINDS, 37)),
    Case("president classic holders", *holders_match(), president_hidden, president_since, interesting({"HandEntered"}, 11)),
    Case("president friday full Blind draws", *blind_match(), president_hidden, president_since, interesting(PRESIDENT_KINDS, 2)),
    Case("president friday full", *fixture("president/friday-revolution.json", 93), president_hidden, president_since, interesting(PRESIDENT_KINDS, 45)),
    Case("bid sealed bids", *fixture("bid/sealed-all-cards.json", 12), bid_hidden, bid_since, interesting({"BidCommitted"}, 99), bid_text),
]


def record_until(api: httpx.Client, match: dict[str, Any], events: list[dict[str, Any]], version: int) -> int:
    reply = api.post(f"/matches/{match['match_id']}/events", json={"events": events, "expected_version": version}, headers={"Authorization": f"Bearer {match['write_token']}"})
    assert reply.status_code == 201, reply.text
    return reply.json()["version"]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_no_reader_receives_a_card_hidden_from_it_in_any_form(served: tuple[httpx.Client, Recount], case: Case) -> None:
    api, recount = served
    created = api.post("/matches", json=case.setup)
    assert created.status_code == 201, created.text
    match = created.json()
    players = list(case.setup["players"])
    version, pending, checked, hidden_seen = 1, [], 0, 0
    events = list(case.events)
    while events:
        event = events.pop(0)
        pending.append(event)
        if not (case.checks(version + len(pending), event) or not events):
            continue
        before = version
        version = record_until(api, match, pending, version)
        # The rules may record an event by themselves (a sealed round's reveal): the file lists it too.
        for _ in range(version - before - len(pending)):
            assert events.pop(0)["type"] == "BidsRevealed"
        pending = []
        state = recount.log(match["match_id"]).state
        for name, headers in readers(match, players):
            hidden = case.hidden(state, name)
            hidden_seen += len(hidden)
            for route, text in responses(api, match["match_id"], version, case.since(state), headers).items():
                found = leaked(case.text(text), hidden)
                assert not found, f"step {version}, {name}, {route}: {found}"
        checked += 1
    # Not a test that cannot fail: there were hidden cards to look for.
    assert checked >= 3 and hidden_seen > 0


def test_an_exchange_is_worded_as_each_reader_may_see_it(served: tuple[httpx.Client, Recount]) -> None:
    """The words of an exchange name its cards only where its redacted event does: a
    spectator must not read “Carl (scum) gives Dana (president) Q♣ A♣” next to an
    exchange redacted to `"unknown": 2`. Game 2's exchanges of the classic fixture, as
    each reader reads them."""
    api, _ = served
    setup, events = fixture("president/classic-four-full.json", 80)
    match = api.post("/matches", json=setup).json()
    record_until(api, match, events, 1)
    said: dict[str, dict[int, str]] = {}
    for name, headers in readers(match, list(setup["players"])):
        page = api.get(f"/matches/{match['match_id']}/events", params={"from": 70}, headers=headers).json()
        said[name] = {e["step"]: e["description"] for e in page["events"] if e["type"] == "CardsExchanged"}
        for entry in page["events"]:
            if entry["type"] == "CardsExchanged":
                named = bool(entry["event"]["cards"])
                assert named == bool(re.search("[♣♦♥♠]", entry["description"])), (name, entry)
    exchanges = said[WRITER]
    assert exchanges and all(re.search("[♣♦♥♠]", line) for line in exchanges.values())
    assert all(re.fullmatch(r"\w+ \([\w-]+\) gives \w+ \([\w-]+\) (one card|two cards)", line) for line in said[SPECTATOR].values())


# --- Mr. President: Ballots are cast face down ----------------------------------------------


def votes_shown(data: Any) -> int:
    """How many Ballots in `data` show their votes."""
    if isinstance(data, dict):
        return int(data.get("votes") is not None and "seal" in data) + sum(votes_shown(v) for v in data.values())
    if isinstance(data, list):
        return sum(votes_shown(v) for v in data)
    return 0


def ballot_open(state: Any, ballot: Any, reader: str) -> bool:
    """Whether the reader may see the Ballot's votes: its region counted, or the table lets it."""
    if state.counted[state.board.places[ballot.place].region]:
        return True
    party = {p for p in state.players if state.party_of and state.party_of[state.seat_of(p)] == ballot.party}
    return may_see(("mrpresident", state.created.mode), "the votes of a Ballot in a region not counted", reader, party)


def assert_ballots_hidden(view: dict[str, Any], hidden: list[tuple[int, Any]], where: str) -> None:
    for index, ballot in hidden:
        shown = view["ballots"][index]
        assert shown["votes"] is None, (where, shown)
        if ballot.how == "absentee":
            assert shown["seal"] is None and shown["state"] is None, (where, shown)


@pytest.mark.parametrize("path", ["mrpresident/two-player-popular.json", "mrpresident/four-player-electoral.json"])
def test_no_reader_receives_the_votes_of_a_ballot_cast_face_down(served: tuple[httpx.Client, Recount], path: str) -> None:
    """mr-president.md § Absentee Ballots: “they do not, however, announce the casting of
    these Ballots to their opponents”; a Ballot lies face down until its region is counted.
    The Ballots of the domain state the table (`MAY_SEE`) keeps from the reader. Votes are numbers, so the check is on the fields that carry
    them (views, redacted events) and on the words (an Absentee Ballot's state is named
    only to its party)."""
    api, recount = served
    setup, events = fixture(path)
    match = api.post("/matches", json=setup).json()
    players = list(setup["players"])
    version, start, hidden_seen = 1, 0, 0
    marks = [i + 1 for i, e in enumerate(events) if e["type"] in ("AbsenteeBallotsCast", "RegionCounted") or i % 50 == 49]
    for end in marks:
        version = record_until(api, match, events[start:end], version)
        start = end
        state = recount.log(match["match_id"]).state
        for name, headers in readers(match, players):
            hidden = [(i, b) for i, b in enumerate(state.ballots) if not ballot_open(state, b, name)]
            hidden_seen += len(hidden)
            texts = responses(api, match["match_id"], version, version, headers)
            assert_ballots_hidden(json.loads(texts["state"])["view"], hidden, f"{name} state")
            assert_ballots_hidden(json.loads(texts["frames"])["frames"][-1]["view"], hidden, f"{name} frames")
            live = json.loads(texts["live"].split("data: ", 1)[1].splitlines()[0])
            assert_ballots_hidden(live["frames"][-1]["view"], hidden, f"{name} live")
            hidden_steps = {b.step for _, b in hidden}
            page = api.get(f"/matches/{match['match_id']}/events", params={"from": 2, "limit": 1000}, headers=headers).json()
            for entry in page["events"]:
                if entry["step"] not in hidden_steps:
                    continue
                at_step = [b for b in state.ballots if b.step == entry["step"]]
                open_ = sum(1 for b in at_step if b.votes is not None and ballot_open(state, b, name))
                assert votes_shown(entry["event"]) <= open_, (name, entry)
                if entry["type"] == "AbsenteeBallotsCast":
                    assert "(" not in entry["description"], (name, entry["description"])
    assert hidden_seen > 0


def test_a_public_record_words_unseen_exchanges_as_counts_for_every_reader(served: tuple[httpx.Client, Recount]) -> None:
    """Public mode: “cards that change hands unseen are recorded as unknown” (DESIGN.md
    § Principles 4), and what the record saw is public (domain/president/views.py
    `sees_cards_of`), so no card is hidden from a reader there: the unseen exchanges of
    the six-player fixture are counts, the same for every reader, in words and data."""
    api, _ = served
    setup, events = fixture("president/classic-six-public-unseen.json", 113)
    match = api.post("/matches", json=setup).json()
    record_until(api, match, events, 1)
    said = set()
    for name, headers in readers(match, list(setup["players"])):
        page = api.get(f"/matches/{match['match_id']}/events", params={"from": 111}, headers=headers).json()
        for entry in page["events"]:
            assert entry["event"]["unknown"] and not entry["event"].get("cards"), (name, entry)
            said.add((entry["step"], entry["description"]))
    assert said == {
        (111, "Hana (scum) gives Kai (president) two cards"),
        (112, "Kai (president) gives Hana (scum) two cards"),
        (113, "Mo (worker) gives Lu (vice-president) one card"),
        (114, "Lu (vice-president) gives Mo (worker) one card"),
    }


@pytest.mark.parametrize("keep_hands_private", [False, True])
def test_after_the_end_the_hands_of_the_past_are_open_unless_kept_private(served: tuple[httpx.Client, Recount], keep_hands_private: bool) -> None:
    """A finished match's first game, step by step, as each reader reads it: each hand is
    shown or a count as `may_see` says once the match is over."""
    api, _ = served
    setup, events = fixture("president/classic-four-full.json")
    assert events[-1]["type"] == "MatchEnded"
    match = api.post("/matches", json={**setup, "keep_hands_private": keep_hands_private}).json()
    record_until(api, match, events, 1)
    players = list(setup["players"])
    shown = {}
    for name, headers in readers(match, players):
        page = api.get(f"/matches/{match['match_id']}/frames", params={"from": 2, "to": 12}, headers=headers)
        assert page.status_code == 200, page.text
        for frame in page.json()["frames"]:
            for player in players:
                hand = frame["view"]["hands"][player]
                expected = may_see(("president", "full"), "a hand", name, {player}, ended=True, keep_hands_private=keep_hands_private)
                assert bool(hand.get("cards")) == expected, (name, frame["step"], player, hand)
                shown[name, player] = expected
    # Not a test that cannot fail: some hands are shown, and kept private some are not.
    assert any(shown.values()) and (all(shown.values()) or keep_hands_private)
