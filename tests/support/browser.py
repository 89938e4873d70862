"""What the browser tests share: Playwright's expect, a match's frames and events read through
the API, a replay opened at a step, the recording page opened on phones and tapped, and the
new-match page filled in. The `phone` fixture here opens phones on demand (a second call, a
second phone) for the modules that import it, in place of tests/browser/conftest.py's one
phone."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

# How long a page and an expectation wait for what they wait on. A wait ends as soon as
# it is met, so this is only how long a failure takes to show: 5 s was too short for
# Swagger UI's first load under `make test`'s two workers on two cores (a goto timed out).
WAIT_MS = 10_000
# The create token of the `served_with_create_token` fixture (tests/browser/conftest.py).
CREATE_TOKEN = "sesame-for-the-table"


def local_client(url: str) -> httpx.Client:
    """A client of the service under test: plain http on 127.0.0.1, so no CA bundle to
    load (the default loads one per client, 30 ms: a second in every 40 reads)."""
    return httpx.Client(base_url=url, timeout=10, verify=False)


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def frames_of(served: Any, match_id: str, token: str | None = None) -> list[dict[str, Any]]:
    """Every frame of a match, page by page, as the token (or a spectator) may see it."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    found: list[dict[str, Any]] = []
    start: int | None = 1
    with local_client(served.url) as client:
        while start:
            page = client.get(f"/matches/{match_id}/frames", params={"from": start, "limit": 1000}, headers=headers).json()
            found.extend(page["frames"])
            start = page["next_step"]
    return found


def open_at(page: Any, served: Any, match_id: str, step: int) -> None:
    page.goto(f"{served.url}/view/{match_id}?step={step}")
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}")


@pytest.fixture
def phone(browser: Any) -> Any:
    """A new phone-sized browser context per call (a second phone is a second call)."""
    contexts = []

    def open_phone() -> Any:
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        contexts.append(context)
        opened = context.new_page()
        opened.set_default_timeout(WAIT_MS)
        return opened

    yield open_phone
    for context in contexts:
        context.close()


def open_record(page: Any, served: Any, match: dict[str, Any]) -> None:
    page.goto(f"{served.url}/record/{match['match_id']}#token={match['write_token']}")
    settle(page)


def settle(page: Any) -> int:
    """Wait until the page offers what the rules allow at the head; its version."""
    actions = page.locator("#actions")
    expect(actions).to_have_attribute("data-settled", "true")
    return int(actions.get_attribute("data-version"))


def api_get(served: Any, match: dict[str, Any], path: str) -> Any:
    with local_client(served.url) as client:
        reply = client.get(f"/matches/{match['match_id']}{path}", headers={"Authorization": f"Bearer {match['write_token']}"})
        assert reply.status_code == 200, reply.text
        return reply.json()


def all_events(served: Any, match: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    start = 1
    while True:
        page = api_get(served, match, f"/events?from={start}&limit=1000")
        found.extend(page["events"])
        if not page["next_step"]:
            return found
        start = page["next_step"]


def tap_once(page: Any, rng: random.Random) -> int:
    """One tap chosen at random among what the page offers now: an open composer's
    first unfilled one-value pick, else its confirm button, else any offered choice or
    value. Returns the number of taps made (0 when the match is over)."""
    if page.locator("#actions .done").count():
        return 0
    composer = page.locator("#actions .composer")
    if composer.count():
        for pick in composer.locator(".pick").all():
            chips = pick.locator(".chip-button")
            if pick.locator(".pick-count").count() == 0 and pick.locator(".chip-button.on").count() == 0:
                chips.nth(rng.randrange(chips.count())).click()
                return 1
        composer.locator(".confirm").click()
        return 1
    # The whole game, not a change of table; once a game is over, the match ends.
    ending = page.locator('#actions button.choice[data-type="MatchEnded"]')
    if ending.count():
        ending.click()
        return 1
    offered = page.locator("#actions button.choice:not(.forbidden):not([data-type=PlayerJoined])")
    offered = offered.locator("xpath=self::*[not(ancestor::*[@data-type='PlayerLeft'])]")
    offered.nth(rng.randrange(offered.count())).click()
    return 1


def standings_shown(page: Any) -> list[tuple[str, int]]:
    rows = page.locator("#standings tr[data-player]")
    return [(row.get_attribute("data-player"), int(row.get_attribute("data-place"))) for row in rows.all()]


def step_shown(page: Any) -> int:
    return int(page.locator("#caption .step-no").inner_text().split()[-1])


def open_replay(page: Any, served: Any, match_id: str, query: str = "", fragment: str = "") -> None:
    page.goto(f"{served.url}/view/{match_id}{query}{fragment}")
    expect(page.locator("#caption .step-no")).to_be_visible()


def play_one(served: Any, match: dict[str, Any]) -> list[str]:
    """The lowest single card the rules accept from the player to play, or a pass;
    found through the API (a 422 is an illegal choice). Returns the cards played."""
    with local_client(served.url) as client:
        auth = {"Authorization": f"Bearer {match['write_token']}"}
        view = client.get(f"/matches/{match['match_id']}/state", headers=auth).json()["view"]
        player = view["turn"]
        hand = sorted(view["hands"][player]["cards"], key=lambda card: RANKS.index(card[:-1]))
        for card in hand:
            reply = client.post(f"/matches/{match['match_id']}/events", json={"events": [{"type": "CardsPlayed", "player": player, "cards": [card]}]}, headers=auth)
            if reply.status_code == 201:
                return [card]
            assert reply.status_code == 422, reply.text
        reply = client.post(f"/matches/{match['match_id']}/events", json={"events": [{"type": "PlayerPassed", "player": player}]}, headers=auth)
        assert reply.status_code == 201, reply.text
        return []


def running_match(served: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    match = served.create({"system": "president", "preset": "classic", "players": PLAYERS, "mode": "full", "title": "Live at the table"})
    dealt = deal()
    served.record(match, [dealt])
    return match, dealt


def open_new(phone: Any, served: Any, system: str) -> None:
    phone.goto(f"{served.url}/new?system={system}")
    expect(phone.locator("body[data-ready=true]")).to_have_count(1)
    expect(phone.locator("#system")).to_have_value(system)


def seat_players(phone: Any, names: list[str]) -> None:
    rows = phone.locator("#players .player-name")
    while rows.count() < len(names):
        phone.locator("#add-player").click()
    for i in range(rows.count()):
        rows.nth(i).fill(names[i] if i < len(names) else "")


def sealed_round_shown(served: Any) -> dict[str, Any]:
    """A two-player Presidential Bid match whose first sealed round is committed: the
    service has shown it by itself at step 5 (docs/house-rules.md § Sealed bids)."""
    match = served.create({"system": "bid", "players": ["Al", "Betty"]})
    served.record(match, [
        {"type": "DistrictRevealed", "district": "7C"},
        {"type": "BidCommitted", "player": "Al", "card": "KH"},
        {"type": "BidCommitted", "player": "Betty", "card": "QS"},
    ])
    return match


class Counter:
    """Body bytes of the API's responses a page received, by request."""

    def __init__(self, page: Any):
        self.urls: dict[str, str] = {}
        self.body: dict[str, int] = defaultdict(int)
        self.wire: dict[str, int] = defaultdict(int)
        self.finished: dict[str, int] = {}
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent", lambda event: self.urls.__setitem__(event["requestId"], event["request"]["url"]))
        cdp.on("Network.dataReceived", self.received)
        cdp.on("Network.loadingFinished", lambda event: self.finished.__setitem__(event["requestId"], event["encodedDataLength"]))
        cdp.send("Network.enable")

    def received(self, event: dict[str, Any]) -> None:
        self.body[event["requestId"]] += event["dataLength"]
        self.wire[event["requestId"]] += event["encodedDataLength"]

    def totals(self) -> tuple[int, int]:
        """(body, on the wire) of the API's responses so far."""
        ids = [rid for rid, url in self.urls.items() if "/matches/" in url]
        # A finished response reports its whole size (headers too) at its end; a stream as it goes.
        return sum(self.body.get(rid, 0) for rid in ids), sum(max(self.wire.get(rid, 0), self.finished.get(rid, 0)) for rid in ids)


def click(locator: Any, what: str) -> None:
    locator.click()


def choose(select: Any, value: str, what: str) -> None:
    select.select_option(value)


def fill_composer_once(page: Any, rng: random.Random, tap: Any = click, pick_option: Any = choose) -> str:
    """One tap (or select) in the open composer: the first thing still unfilled, else
    the confirm button. Returns what was done. `tap(locator, what)` and
    `pick_option(select, value, what)` do it (a caller may measure the control first)."""
    composer = page.locator("#actions .composer")
    for card in composer.locator("fieldset.candidate-card").all():
        home = card.locator("select.card-home")
        if home.input_value() == "":
            remembered = card.locator("button.remembered-card")
            if remembered.count():
                tap(remembered.first, "remembered card")
                return "remembered card"
            options = home.locator("option").all()
            pick_option(home, options[rng.randrange(1, len(options))].get_attribute("value"), "home state")
            return "home state"
    for row in composer.locator(".pick.dice .die-row").all():
        if "if rolled" not in row.locator(".die-name").inner_text() and row.locator(".chip-button.on").count() == 0:
            faces = row.locator(".chip-button")
            tap(faces.nth(rng.randrange(faces.count())), "die")
            return "die"
    for pick in composer.locator(".pick:not(.dice):not(.count):not(.press)").all():
        chips = pick.locator(".chip-button:not(.seal)")
        if chips.count() and pick.locator(".chip-button.on:not(.seal)").count() == 0:
            tap(chips.nth(rng.randrange(chips.count())), "pick")
            return "pick"
    confirm = composer.locator(".confirm")
    refused = "forbidden" in (confirm.get_attribute("class") or "")
    tap(confirm, "confirm")
    if refused:  # the page says what is missing
        raise AssertionError(f"{composer.get_attribute('data-type')}: {page.locator('#explain .what').inner_text()}")
    return "confirm"


SUITS = "CDHS"


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


PLAYERS = ["Al", "Betty", "Carl", "Dana"]


def deal(seed: int = 11) -> dict[str, Any]:
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    random.Random(seed).shuffle(deck)
    hands: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for i, card in enumerate(deck):
        hands[PLAYERS[i % 4]].append(card)  # Dana deals, Al on her left gets the first card
    return {"type": "CardsDealt", "dealer": "Dana", "hands": hands}


@contextmanager
def opened_tab(browser: Any, timeout_ms: int, **context: Any) -> Iterator[Any]:
    """A page in a browser context of its own (`context`: Playwright's new_context options), closed after."""
    made = browser.new_context(**context)
    opened = made.new_page()
    opened.set_default_timeout(timeout_ms)
    try:
        yield opened
    finally:
        made.close()


# A phone as the table holds one: the width the pages are laid out for, and touch.
PHONE = {"width": 390, "height": 844}
