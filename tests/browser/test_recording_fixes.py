"""The recording page's corrections, hand taps, outbox across a reload and refused
addresses: Undo last (an EventVoided) and Fix step N (an EventAmended, from a form of
the event's fields) through the page; a President play built by tapping the hand drawn
on the table; actions queued while the API cannot be reached, kept across a reload and
recorded once each, in order; an unknown match and a wrong token said on the page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import all_events, api_get, expect, open_record, phone, sealed_round_shown, settle

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)

FIXTURE = Path(__file__).parents[2] / "fixtures" / "president" / "classic-four-full.json"


def dealt_match(served: Any) -> dict[str, Any]:
    """A full-mode classic match with the fixture's deal recorded: Al leads, holding
    QH QD, AH AD, JC JD, 4D 4C among his thirteen."""
    fixture = json.loads(FIXTURE.read_text())
    match = served.create(fixture["setup"])
    served.record(match, fixture["events"][:1])
    return match


def undo_step_4(page: Any) -> None:
    """Undo last, armed by the first tap (it names step 4), done by the second."""
    page.locator("#undo").click()
    expect(page.locator("#undo")).to_contain_text("step 4")
    page.locator("#undo").click()
    settle(page)


def test_a_play_is_tapped_on_the_hand_and_grows_and_shrinks_by_further_taps(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game “singles to quads of equal count”: a card of the
    hand selects the smallest listed play of its rank, a second card of that rank makes
    it a pair, a picked card tapped again takes it back; then Play."""
    match = dealt_match(served)
    page = phone()
    open_record(page, served, match)
    hand = page.locator('#board .pres-seat[data-player="Al"] .hand')
    composer = page.locator('#actions .composer[data-type="CardsPlayed"]')
    hand.locator('[data-code="QH"]').click()
    expect(composer.locator(".pick-count")).to_have_text("1")
    expect(hand.locator(".picked")).to_have_count(1)
    hand.locator('[data-code="QD"]').click()
    expect(composer.locator(".pick-count")).to_have_text("2")
    expect(hand.locator(".picked")).to_have_count(2)
    hand.locator('[data-code="QH"]').click()
    expect(composer.locator(".pick-count")).to_have_text("1")
    composer.locator(".confirm").click()
    settle(page)
    last = all_events(served, match)[-1]
    assert (last["type"], last["event"]["cards"]) == ("CardsPlayed", ["QD"])


def test_undo_last_and_fix_step_n_record_corrections_and_the_history_shows_both(phone: Any, served: Any) -> None:
    """DESIGN.md § Principles 5 “History is never rewritten. A recording mistake is fixed
    by a correction event that voids or amends an earlier one”: Undo (two taps) records
    an EventVoided; Fix step 3 is a form (the cards Al held, as toggles) that records an
    EventAmended; the history lists the mistakes and the corrections."""
    match = dealt_match(served)
    served.record(match, [{"type": "CardsPlayed", "player": "Al", "cards": ["2S"]}, {"type": "PlayerPassed", "player": "Betty"}])
    page = phone()
    open_record(page, served, match)
    undo_step_4(page)
    page.locator("#history-box summary").click()
    page.locator('#history li[data-step="3"] button.fix-step').click()
    fix = page.locator("#fix")
    expect(fix).to_be_visible()
    cards = fix.locator('[data-field="cards"]')
    expect(cards.locator(".chip-button")).to_have_count(13)  # Al's hand before step 3
    expect(cards.locator(".chip-button.on")).to_have_text(["2♠"])
    cards.locator('[data-value="2S"]').click()
    fix.locator('[data-field="cards"] [data-value="3D"]').click()
    expect(fix.locator('[data-field="player"] select')).to_have_value("Al")
    fix.locator("#fix-send").click()
    settle(page)
    events = all_events(served, match)
    assert [(e["type"], e["event"].get("step")) for e in events[-2:]] == [("EventVoided", 4), ("EventAmended", 3)]
    assert events[-1]["event"]["event"]["cards"] == ["3D"]
    assert [e["type"] for e in events[2:4]] == ["CardsPlayed", "PlayerPassed"]  # the mistakes stay
    expect(page.locator("#history li")).to_have_count(len(events))
    state = api_get(served, match, "/state")
    assert [play["cards"] for play in state["view"]["trick"]] == [["3D"]]


def test_undo_of_the_bid_that_closed_a_sealed_round_voids_its_reveal_too(phone: Any, served: Any) -> None:
    """docs/house-rules.md § Sealed bids: the service reveals a round by itself once every
    bid is committed. Undo last undoes the last bid tapped: the reveal the service recorded
    after it is voided first in the same request (voided alone, it would be recorded again
    at once), and the round is open to that bid again."""
    match = sealed_round_shown(served)
    events = all_events(served, match)
    assert [(e["type"], e["automatic"]) for e in events[-2:]] == [("BidCommitted", False), ("BidsRevealed", True)]
    page = phone()
    open_record(page, served, match)
    undo_step_4(page)
    events = all_events(served, match)
    assert [(e["type"], e["event"].get("step")) for e in events[5:]] == [("EventVoided", 5), ("EventVoided", 4)]
    state = api_get(served, match, "/state")
    assert not any(e["type"] == "BidsRevealed" for e in events[6:])
    served.record(match, [{"type": "BidCommitted", "player": "Betty", "card": "JS"}])
    reveal = all_events(served, match)[-1]
    assert reveal["type"] == "BidsRevealed" and reveal["automatic"], reveal
    assert state["version"] == 7


def test_fix_of_a_bid_a_sealed_round_showed_is_the_amendment_alone(phone: Any, served: Any) -> None:
    """docs/house-rules.md § Corrections: “What the rules make happen by themselves (a sealed
    round's reveal) is, once an earlier step is corrected, what the rules make it from the
    corrected record.” Fix step 4 (Betty's sealed bid, shown by the service's reveal at
    step 5) through the form: the page sends the amendment, nothing else, and the table
    shows Betty's fixed bid spent (the page voided the reveal first, which fails once
    another district is up)."""
    match = sealed_round_shown(served)
    page = phone()
    open_record(page, served, match)
    page.locator("#history-box summary").click()
    page.locator('#history li[data-step="4"] button.fix-step').click()
    fix = page.locator("#fix")
    expect(fix).to_be_visible()
    fix.locator('[data-field="card"] input').fill("JS")
    fix.locator("#fix-send").click()
    settle(page)
    events = all_events(served, match)
    assert [(e["type"], e["event"].get("step")) for e in events[5:]] == [("EventAmended", 4)], events[5:]
    betty = next(row for row in api_get(served, match, "/state")["view"]["players"] if row["player"] == "Betty")
    assert "JS" not in betty["hand"] and "QS" in betty["hand"]


def test_actions_queued_while_the_api_is_unreachable_survive_a_reload(phone: Any, served: Any) -> None:
    """docs/house-rules.md § Sealed bids (Presidential Bid): three bids tapped while no request reaches the
    server stay queued on the phone through a reload of the page (which cannot load the
    match either), then are recorded once each, in order, when the server is reached."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions .choice-values button.value").first.click()
    version = settle(page)
    cut = lambda route: route.abort("internetdisconnected")  # noqa: E731 (a route handler)
    page.route("**/matches/**", cut)
    for player in ["Al", "Betty", "Cy"]:
        page.locator(f'#actions .choice-group[data-player="{player}"] button.value').first.click()
        expect(page.locator(f'#actions .choice-group[data-player="{player}"]')).to_have_count(0)
    expect(page.locator("#queue li")).to_have_count(3)
    page.reload()
    expect(page.locator("#notice")).to_contain_text("No network")
    expect(page.locator("#queue li")).to_have_count(3)
    assert api_get(served, match, "")["version"] == version
    page.unroute("**/matches/**", cut)
    expect(page.locator("#queue")).to_be_hidden(timeout=15000)
    settle(page)
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [event["type"] for event in recorded] == ["BidCommitted"] * 3 + ["BidsRevealed"]
    assert [event["event"]["player"] for event in recorded[:3]] == ["Al", "Betty", "Cy"]


def test_an_unknown_match_is_said_on_the_page(phone: Any, served: Any) -> None:
    page = phone()
    page.goto(f"{served.url}/record/m_nosuchmatch#token=whatever")
    expect(page.locator("#notice")).to_contain_text("There is no match “m_nosuchmatch”")
    expect(page.locator("#actions button")).to_have_count(0)


def test_a_wrong_token_is_said_on_the_page_and_nothing_is_recorded(phone: Any, served: Any) -> None:
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"})
    page = phone()
    page.goto(f"{served.url}/record/{match['match_id']}#token=not-the-token")
    expect(page.locator("#notice")).to_contain_text("token is not accepted for this match")
    expect(page.locator("#actions button")).to_have_count(0)
    page.locator("#undo").click()
    page.locator("#undo").click()
    page.wait_for_timeout(300)
    assert api_get(served, match, "")["version"] == 1


def test_a_step_recorded_elsewhere_reaches_the_page_after_its_own_taps(phone: Any, served: Any) -> None:
    """The live stream pauses while this phone records and resumes when it is idle: a
    step recorded by another recorder right after this phone's tap is shown without
    any tap here."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions button.choice").first.click()  # the deal
    version = settle(page)
    play = next(c for c in api_get(served, match, "/allowed")["choices"] if c["type"] == "CardsPlayed")
    (pick,) = play["picks"]
    served.record(match, [{**play["event"], pick["field"]: pick["among"][: pick["least"]]}])
    expect(page.locator("#actions")).to_have_attribute("data-version", str(version + 1), timeout=6000)
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {version + 1}")


def test_the_page_sets_a_pick_path_whose_player_name_has_a_dot_or_is_proto(page: Any, served: Any) -> None:
    """The page reads a Pick's field as domain/picks.py writes it: "dice.Smith, Jr~1" is
    the dice of the player "Smith, Jr.", "bids.0.card" the first bid's card; a player
    called "__proto__" is set and patched as a key, not taken for the prototype."""
    page.goto(f"{served.url}/")
    built = json.loads(page.evaluate(
        """async () => {
            const { setField } = await import("/static/record-choices.js");
            const event = { bids: [{ player: "Al" }] };
            setField(event, "dice.Smith, Jr~1", [1, 2]);
            setField(event, "dice.a~0b", [3, 4]);
            setField(event, "bids.0.card", "5C");
            setField(event, "dice.__proto__", [5, 6]);
            const { apply } = await import("/static/patches.js");
            const view = JSON.parse('{"hands": {"Al": {"count": 1}, "__proto__": {"count": 2}}}');
            const patched = apply(view, JSON.parse('{"hands": {"__proto__": {"count": 1}}}'));
            // As JSON: Playwright's own serialisation drops a key called "__proto__".
            return JSON.stringify({ event, patched, own: Object.hasOwn(patched.hands, "__proto__") });
        }"""
    ))
    # A player named "__proto__" is a key like any other, set and patched as one.
    assert built["event"] == {"bids": [{"player": "Al", "card": "5C"}], "dice": {"Smith, Jr.": [1, 2], "a~b": [3, 4], "__proto__": [5, 6]}}
    assert built["patched"] == {"hands": {"Al": {"count": 1}, "__proto__": {"count": 1}}} and built["own"]


def test_a_step_that_arrives_live_while_the_page_loads_the_one_before_is_not_left_behind(phone: Any, served: Any) -> None:
    """Another phone records two steps in a row. The first reaches this page over the
    live stream and the page loads what the rules allow after it; the second arrives
    while that load waits for the standings. The page used to skip loading again ("a
    load under way will catch up") and settle one step behind the head, offering the
    choices of a state already gone (test_two_phones_recording_at_once failed on it)."""
    fixture = json.loads(FIXTURE.read_text())
    match = dealt_match(served)
    page = phone()
    open_record(page, served, match)
    held: list[Any] = []
    page.route("**/standings", lambda route: held.append(route))
    served.record(match, fixture["events"][1:2])
    # The live step arrives; a page that reads the standings after it is held there. (The
    # recording page now takes the standings and the choices from the stream and reads
    # nothing: then the second step simply comes after the first.)
    expect(page.locator("#caption .step-no")).to_have_text("Step 3")
    page.wait_for_timeout(200)
    served.record(match, fixture["events"][2:3])
    page.wait_for_timeout(1000)  # the second step comes over the live stream meanwhile
    page.unroute("**/standings")  # and the held load goes on
    expect(page.locator("#actions")).to_have_attribute("data-version", "4")
    assert settle(page) == 4
