"""The recording page with no network, for as long as the table plays (390×844 phone):
a whole trick of President (public and full mode) and a whole turn of Mr. President
are tapped offline, from the kinds of choices the phone last saw for each seat, queued
"checked when back online", and recorded once each, in order, when the network is back,
with no 409 (each sent at the version the one before it made). What the rules refuse
then is held at its step with the rule, the rest waiting until it is fixed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import all_events, api_get, expect, open_record, phone, settle
from tests.support.reach import fixture

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)


class Counted:
    """Every reply the page got to a write (POST …/events), by status."""

    def __init__(self, page: Any):
        self.statuses: list[int] = []
        page.on("response", lambda reply: reply.request.method == "POST" and reply.url.endswith("/events") and self.statuses.append(reply.status))


def tap(page: Any, seat: str, label: str) -> None:
    """Tap `seat`'s choice named `label` (offline: first make it the seat offered), and
    confirm its composer if it opens one."""
    offer = page.locator("#offline-offer")
    if offer.count() and offer.get_attribute("data-seat") != seat:
        offer.locator(f'button.seat[data-seat="{seat}"]').click()
    group = page.locator(f'#actions .choice-group[data-player="{seat}"]')
    group.locator(f'button.choice[aria-label="{label}"], button.choice:text-is("{label}")').first.click()
    composer = page.locator("#actions .composer")
    if composer.count():
        composer.locator(".confirm").click()


def follow(page: Any, served: Any, match: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Record `events` one by one on another device while the page follows them (it sees
    the choices of every step, as a phone at the table does)."""
    for event in events:
        version = served.record(match, [event])["version"]
        expect(page.locator("#actions")).to_have_attribute("data-version", str(version))
        settle(page)


def dealt(phone: Any, served: Any) -> tuple[Any, dict[str, Any]]:
    """A public five-player President match dealt, open on a phone at Eli's lead."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Ana", "Ben", "Cleo", "Dev", "Eli"], "mode": "public"})
    served.record(match, fixture("president/classic-five-public")["events"][:1])
    page = phone()
    open_record(page, served, match)
    return page, match


def first_trick_tapped(phone: Any, served: Any) -> tuple[Any, dict[str, Any]]:
    """dealt(), then its first trick tapped online (singles 3 to jack, four passes): the
    phone has seen every seat's plays; Dev leads next."""
    page, match = dealt(phone, served)
    for seat, label in [("Eli", "Play a 3"), ("Ana", "Play a 5"), ("Ben", "Play a 7"), ("Cleo", "Play a 9"), ("Dev", "Play a jack")] + [(seat, "Pass") for seat in ("Eli", "Ana", "Ben", "Cleo")]:
        tap(page, seat, label)
        settle(page)
    return page, match


def followed(phone: Any, served: Any, data: dict[str, Any], opened: int, to: int) -> tuple[Any, dict[str, Any]]:
    """A fixture's match with its first `opened` events, opened on a phone that then
    follows its events up to `to` (follow())."""
    match = served.create(data["setup"])
    served.record(match, data["events"][:opened])
    page = phone()
    open_record(page, served, match)
    follow(page, served, match, data["events"][opened:to])
    return page, match


def offline_then_back(page: Any, served: Any, match: dict[str, Any], taps: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Cut the network, tap `taps` ((seat, label) each), bring it back; the events recorded
    after the cut, once every tap is stored."""
    version = settle(page)
    counted = Counted(page)
    page.context.set_offline(True)
    expect(page.locator("#net")).to_have_attribute("data-state", "offline")
    for number, (seat, label) in enumerate(taps, start=1):
        tap(page, seat, label)
        expect(page.locator("#queue li")).to_have_count(number)
    assert api_get(served, match, "")["version"] == version  # nothing left the phone
    expect(page.locator('#queue li[data-state="unchecked"]')).to_have_count(len(taps) - 1)
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert len(recorded) == len(taps)
    assert counted.statuses == [201] * len(taps)  # each sent once, none refused as stale
    return recorded


def test_a_whole_trick_of_public_president_is_recorded_offline(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game: a trick is played on while the wifi is down. The
    phone saw each seat's plays during the first trick; the second (Dev leads a Queen,
    Eli beats it with a King, Ana with an Ace, the others pass) is tapped offline and
    stored once each, in order, when the network is back."""
    page, match = first_trick_tapped(phone, served)
    second = [("Dev", "Play a queen"), ("Eli", "Play a king"), ("Ana", "Play an ace")] + [(seat, "Pass") for seat in ("Ben", "Cleo", "Dev", "Eli")]
    recorded = offline_then_back(page, served, match, second)
    assert [(event["event"]["player"], event["type"]) for event in recorded] == [(seat, "PlayerPassed" if label == "Pass" else "CardsPlayed") for seat, label in second]
    assert [event["event"]["cards"][0][:-1] for event in recorded[:3]] == ["Q", "K", "A"]
    expect(page.locator("#turn")).to_have_text("Ana to act")  # Ana won the trick and leads


def test_a_whole_trick_of_full_president_is_recorded_offline(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game, every hand known: the phone followed the match
    to step 18; the trick Al leads with a 3 (Betty a 5, Carl a 6, Dana a 7, three passes)
    is tapped offline, each play's card from the hand the phone last saw, and stored once
    each when the network is back; Dana then leads."""
    data = fixture("president/classic-four-full")
    page, match = followed(phone, served, data, 1, 17)
    trick = [("Al", "Play a 3"), ("Betty", "Play a 5"), ("Carl", "Play a 6"), ("Dana", "Play a 7")] + [(seat, "Pass") for seat in ("Al", "Betty", "Carl")]
    recorded = offline_then_back(page, served, match, trick)
    assert [event["event"] for event in recorded] == data["events"][17:24]
    expect(page.locator("#turn")).to_have_text("Dana to act")


def test_a_whole_turn_of_mr_president_is_recorded_offline(phone: Any, served: Any) -> None:
    """mr-president.md § CAMPAIGNING “After selecting a region, announce your choice and
    roll the dice”, then cast the Ballots the roll allows: Al's turn is tapped offline,
    the roll from the choices listed, the Ballots from the kind the phone saw Al cast
    before (checked when back online), and both are stored once when it is back."""
    data = fixture("mrpresident/two-player-popular")
    page, match = followed(phone, served, data, 5, 17)
    version = settle(page)
    counted = Counted(page)
    page.context.set_offline(True)
    expect(page.locator("#net")).to_have_attribute("data-state", "offline")
    page.locator('#actions button.choice[data-type="DiceRolled"]').first.click()
    roll = page.locator('#actions .composer[data-type="DiceRolled"]')
    for die, face in ((1, 3), (2, 5)):
        roll.locator(f'.die-row[data-die="{die}"] button[data-value="{face}"]').click()
    roll.locator(".confirm").click()
    expect(page.locator("#queue li")).to_have_count(1)
    expect(page.locator("#offline-offer")).to_have_attribute("data-seat", "Al")
    page.locator('#actions button.choice[data-type="BallotsCast"]').first.click()
    ballots = page.locator('#actions .composer[data-type="BallotsCast"]')
    for state in ("PA", "PA"):
        ballots.locator(f".pick[data-field=\"ballots\"] [data-value='\"{state}\"']").click()
    ballots.locator(".confirm").click()
    expect(page.locator("#queue li")).to_have_count(2)
    expect(page.locator('#queue li[data-state="unchecked"]')).to_have_count(1)
    assert api_get(served, match, "")["version"] == version
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [(event["type"], event["event"]["player"]) for event in recorded] == [("DiceRolled", "Al"), ("BallotsCast", "Al")]
    assert [ballot["state"] for ballot in recorded[1]["event"]["ballots"]] == ["PA", "PA"]
    assert counted.statuses == [201, 201]


def test_a_page_reloaded_with_no_network_records_on_into_its_queue(phone: Any, served: Any) -> None:
    """The service worker keeps the page and its files, localStorage the match as last
    seen: reloaded with no network, the page shows the match and goes on recording; the
    three actions tapped then are stored once each when the network is back."""
    page, match = followed(phone, served, fixture("president/classic-five-public"), 1, 9)
    expect(page.locator("body")).to_have_attribute("data-offline-ready", "true")
    caption = page.locator("#caption").inner_text()
    version = settle(page)
    counted = Counted(page)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#caption")).to_have_text(caption)
    expect(page.locator("#net")).to_have_attribute("data-state", "offline")
    taps = [("Cleo", "Play two jacks"), ("Dev", "Pass"), ("Eli", "Play two queens")]
    for number, (seat, label) in enumerate(taps, start=1):
        tap(page, seat, label)
        expect(page.locator("#queue li")).to_have_count(number)
    assert api_get(served, match, "")["version"] == version
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [(event["event"]["player"], event["type"]) for event in recorded] == [("Cleo", "CardsPlayed"), ("Dev", "PlayerPassed"), ("Eli", "CardsPlayed")]
    assert counted.statuses == [201, 201, 201]


def test_a_queued_action_the_rules_refuse_is_held_at_its_step_and_fixed_there(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game: a play must beat the one before. Tapped offline,
    Eli's 3 after Dev's queen is refused when the network is back: the page shows it at
    its step with the rule, Ana's pass queued after it waits, and once Eli's pass is
    tapped in its place both are recorded, in order."""
    page, match = first_trick_tapped(phone, served)
    version = settle(page)
    page.context.set_offline(True)
    for seat, label in [("Dev", "Play a queen"), ("Eli", "Play a 3"), ("Ana", "Pass")]:
        tap(page, seat, label)
    expect(page.locator("#queue li")).to_have_count(3)
    page.context.set_offline(False)
    held = page.locator('#queue li[data-state="refused"]')
    expect(held).to_contain_text(f"Play a 3 refused at step {version + 2}")
    expect(page.locator("#explain")).to_be_visible()
    assert page.locator("#explain").get_attribute("data-rule")
    expect(page.locator("#queue li")).to_have_count(2)  # Ana's pass waits behind it
    assert [event["type"] for event in all_events(served, match) if event["step"] > version] == ["CardsPlayed"]
    tap(page, "Eli", "Pass")
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [(event["event"]["player"], event["type"]) for event in recorded] == [("Dev", "CardsPlayed"), ("Eli", "PlayerPassed"), ("Ana", "PlayerPassed")]


def test_a_tap_is_confirmed_in_the_records_words_and_a_typed_line_is_done_with(phone: Any, served: Any) -> None:
    """The acknowledgement says what the record says (“Eli plays a 3”), not the button's
    label (“Play a 3”); a typed line's “Recording: …” goes once it is recorded."""
    page, match = dealt(phone, served)
    tap(page, "Eli", "Play a 3")
    version = settle(page)
    words = api_get(served, match, f"/frames?from={version}&limit=1")["frames"][0]["description"]
    assert "Eli" in words
    expect(page.locator("#ack")).to_have_text(f"✓ Recorded: {words} (step {version})")
    page.locator("#quick-line").fill("a p")
    expect(page.locator("#quick-preview")).to_have_attribute("data-state", "ready")
    page.locator("#quick-line").press("Enter")
    expect(page.locator("#ack")).to_contain_text(f"(step {version + 1})")
    expect(page.locator("#quick-preview")).to_have_text("")


def test_what_another_phone_recorded_meanwhile_is_said_and_what_waits_checked_again(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game: while this phone is offline another one records
    Dev's queen. Back online, the page says what was recorded meanwhile and checks what
    waits against it: its own Dev's queen is not needed any more, and Eli's king, queued
    unchecked after it, still beats the queen and is recorded."""
    page, match = first_trick_tapped(phone, served)
    version = settle(page)
    page.context.set_offline(True)
    for seat, label in [("Dev", "Play a queen"), ("Eli", "Play a king")]:
        tap(page, seat, label)
    expect(page.locator("#queue li")).to_have_count(2)
    served.record(match, [{"type": "CardsPlayed", "player": "Dev", "cards": ["QH"]}])
    page.context.set_offline(False)
    expect(page.locator("#changes")).to_contain_text("Recorded meanwhile on another phone:")
    expect(page.locator("#changes")).to_contain_text(f"Step {version + 1}: Dev plays")
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [(event["event"]["player"], event["type"]) for event in recorded] == [("Dev", "CardsPlayed"), ("Eli", "CardsPlayed")]
    assert recorded[0]["event"]["cards"] == ["QH"]
