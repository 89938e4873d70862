"""A table's session on a phone, in headless Chromium against the real app: the slips a
person makes at the table (a setup sent without a choice the rules ask for, taps while the
network is gone, a fix of a card), each shown in words and recording nothing wrong."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect

pytestmark = pytest.mark.browser


def test_a_mode_left_unchosen_is_asked_for_with_its_rule_before_anything_is_sent(phone: Any, served: Any) -> None:
    """mr-president.md § SETUP: “Players must decide if they will play the game for popular
    votes or for electoral votes.” The page offers both and chooses neither; Create without a
    choice is answered on the page with that sentence (it showed the server's “(got None)”),
    and no match is created."""
    posted: list[str] = []
    phone.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    phone.goto(f"{served.url}/new?system=mrpresident")
    expect(phone.locator("body[data-ready=true]")).to_have_count(1)
    names = phone.locator("#players .player-name")
    names.nth(0).fill("Al")
    names.nth(1).fill("Betty")
    expect(phone.locator("#modes input:checked")).to_have_count(0)
    phone.locator("#create").tap()
    refused = phone.locator("#refused")
    expect(refused).to_be_visible()
    expect(refused.locator(".refused-what")).to_have_text("Not created: choose the mode first: popular or electoral.")
    expect(refused.locator("blockquote.rule")).to_contain_text("Players must decide if they will play the game for popular votes or for electoral votes.")
    expect(refused.locator("blockquote.rule cite")).to_have_text("mr-president.md § SETUP")
    expect(refused).not_to_contain_text("None")
    assert posted == []
    # Chosen, the match is created.
    phone.locator('#modes input[value="popular"]').check()
    expect(phone.locator("#refused")).to_be_hidden()
    phone.locator("#create").tap()
    expect(phone.locator("#created")).to_be_visible()


def open_record(page: Any, served: Any, match: dict[str, Any]) -> int:
    page.goto(f"{served.url}/record/{match['match_id']}#token={match['write_token']}")
    return settle(page)


def settle(page: Any, version: int | None = None) -> int:
    actions = page.locator("#actions")
    expect(actions).to_have_attribute("data-settled", "true")
    if version is not None:
        expect(actions).to_have_attribute("data-version", str(version))
    return int(actions.get_attribute("data-version"))


def test_a_play_tapped_with_no_network_says_it_waits_offline_then_is_recorded(phone: Any, served: Any) -> None:
    """README: “when the network drops, actions wait on the phone … and are sent once, in
    order”. In President the next player's choices are the rules' answer to the play, so
    nothing can be offered until it is recorded: the page says it is offline and waiting
    (it said “Sending…” and “Waiting for the recorded actions to come back…”, as if a
    reply were on its way), and the play is recorded once the network is back."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    open_record(phone, served, match)
    phone.locator("#actions button.choice.deal").first.tap()
    settle(phone, 2)
    phone.context.set_offline(True)
    phone.locator("#actions button.choice.opens").first.tap()
    phone.locator("#actions .composer button.confirm").tap()
    expect(phone.locator("#net")).to_have_text("offline · 1 queued")
    expect(phone.locator("#actions")).to_have_text("Offline: what you tapped waits on this phone and is sent when the network is back; the next choices come then.")
    expect(phone.locator("#turn")).to_have_text("Offline: waiting to send")
    expect(phone.locator("#queue li")).to_have_count(1)
    phone.context.set_offline(False)
    settle(phone, 3)
    expect(phone.locator("#net")).to_have_text("online")
    expect(phone.locator("#caption .description")).to_contain_text("Betty plays")
    expect(phone.locator("#turn")).to_have_text("Carl to act")


def test_a_bid_card_is_fixed_by_tapping_the_card_the_player_really_showed(phone: Any, served: Any) -> None:
    """presidential-bid.txt § play: “Each player chooses a card from their hand and shows it
    simultaneously.” Fix step N on a round's bids offers each player's hand before the step,
    in order, as cards to tap (a bid's card was a text field holding “2H” to retype), and the
    fix recorded is the card tapped."""
    match = served.create({"system": "bid", "preset": "table", "players": ["Al", "Betty", "Carl"]})
    served.record(match, [
        {"type": "DistrictRevealed", "district": "2C"},
        {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "2H"}, {"player": "Betty", "card": "3S"}, {"player": "Carl", "card": "4D"}]},
    ])
    open_record(phone, served, match)
    phone.locator("#history-box summary").tap()
    phone.locator('#history li[data-step="3"] button.fix-step').tap()
    als = phone.locator('#fix-fields [data-field="bids.0.card"]')
    expect(als.locator(".chip-button")).to_have_text(["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥"])
    expect(als.locator(".chip-button.on")).to_have_text(["2♥"])
    als.locator('.chip-button[data-value="7H"]').tap()
    expect(als.locator(".chip-button.on")).to_have_text(["7♥"])
    phone.locator("#fix-send").tap()
    settle(phone, 4)
    expect(phone.locator("#ack")).to_have_text("✓ Recorded: Fix step 3 (step 4)")
    with served.api() as client:
        fixed = client.get(f"/matches/{match['match_id']}/events", params={"from": 4, "limit": 1}).json()["events"][0]["event"]
    assert fixed["type"] == "EventAmended" and fixed["step"] == 3
    assert fixed["event"]["bids"][0] == {"player": "Al", "card": "7H"}


def test_a_play_is_fixed_among_the_hand_shown_in_order(phone: Any, served: Any) -> None:
    """Fix step N on a President play offers the hand the player held before it as cards
    to tap: in rank order, as the table shows a hand (they came in the order dealt)."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    deck = [f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2") for suit in "SHDC"]
    hands = {player: deck[seat::4] for seat, player in enumerate(["Betty", "Carl", "Dana", "Al"])}
    assert hands["Betty"][:2] == ["AS", "KS"]
    served.record(match, [
        {"type": "CardsDealt", "dealer": "Al", "hands": hands},
        {"type": "CardsPlayed", "player": "Betty", "cards": ["2S"]},
    ])
    open_record(phone, served, match)
    phone.locator("#history-box summary").tap()
    phone.locator('#history li[data-step="3"] button.fix-step').tap()
    cards = phone.locator('#fix-fields [data-field="cards"] .chip-button')
    expect(cards).to_have_text(["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠"])
    expect(phone.locator('#fix-fields [data-field="cards"] .chip-button.on')).to_have_text(["2♠"])


def test_a_play_tapped_among_many_brings_its_cards_and_play_button_into_view(phone: Any, served: Any) -> None:
    """A public hand is counts, so every rank and count is offered (52 buttons for a classic
    deck's leader). The composer for the tapped play is drawn after all of them: it opened
    off the phone's screen, and a tap seemed to do nothing. The tap now brings it into view."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"})
    open_record(phone, served, match)
    phone.locator('#actions button.choice[data-type="CardsDealt"]').first.tap()
    settle(phone, 2)
    assert phone.locator("#actions button.choice.opens").count() > 40
    phone.locator("#actions button.choice.opens").first.tap()
    expect(phone.locator("#actions .composer button.confirm")).to_be_in_viewport()
    expect(phone.locator("#actions .composer .chip-button").first).to_be_in_viewport()


def test_undo_with_no_network_takes_back_a_tap_not_sent_and_never_says_nothing_to_undo(phone: Any, served: Any) -> None:
    """README: “Undo last … record[s] corrections”; with no network the last action may be
    one still waiting on the phone. Undo last takes it back from the queue (two taps, as
    always), and nothing is recorded; with nothing waiting it says it needs the network (it
    said “Nothing to undo.” with a whole step recorded, and could not take back a mis-tap
    until the network came back and recorded it)."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    open_record(phone, served, match)
    phone.locator("#actions button.choice.deal").first.tap()
    settle(phone, 2)
    phone.context.set_offline(True)
    phone.locator("#undo").tap()
    expect(phone.locator("#explain .what")).to_have_text("Undo needs the network to find the last action.")
    phone.locator("#explain .close").tap()
    phone.locator("#actions button.choice.opens").first.tap()
    label = phone.locator("#actions .composer h3").inner_text()
    phone.locator("#actions .composer button.confirm").tap()
    expect(phone.locator("#queue li")).to_have_count(1)
    phone.locator("#undo").tap()
    expect(phone.locator("#undo")).to_have_text(f"Tap again to take back “{label}” (not sent yet)")
    phone.locator("#undo").tap()
    expect(phone.locator("#queue")).to_be_hidden()
    expect(phone.locator("#ack")).to_have_text(f"Taken back: {label} (it was never sent)")
    expect(phone.locator("#turn")).to_have_text("Betty to act")
    phone.context.set_offline(False)
    expect(phone.locator("#net")).to_have_text("online")
    phone.wait_for_timeout(300)  # a queue that still held the play would be sending it now
    with served.api() as client:
        assert client.get(f"/matches/{match['match_id']}/allowed", headers={"Authorization": f"Bearer {match['write_token']}"}).json()["version"] == 2
    assert settle(phone) == 2


def test_a_recording_link_that_cannot_record_says_why_and_offers_nothing_that_would_be_refused(phone: Any, served: Any) -> None:
    """A recording link with the wrong token, without its token, or for no match: the page
    says why, offers no typing and no fixes, and Undo says why too (it answered “Undo needs
    the network”); it follows nothing (its live stream was opened and refused with a 403),
    and its heading is not left at “Loading…”."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    live: list[str] = []
    phone.on("request", lambda request: live.append(request.url) if "/live" in request.url else None)
    phone.goto(f"{served.url}/record/{match['match_id']}")
    expect(phone.locator("#notice")).to_contain_text("open it from a link made when the match was created")
    expect(phone.locator("#title")).to_have_text("Nothing can be recorded here")
    expect(phone.locator("#quick-line")).to_be_hidden()
    phone.goto(f"{served.url}/record/{match['match_id']}#token=not-the-token")
    phone.reload()  # a new fragment alone does not load the page again
    expect(phone.locator("#notice")).to_contain_text("This link’s token is not accepted for this match")
    for control in ("#quick-line", "#history-box"):
        expect(phone.locator(control)).to_be_hidden()
    phone.locator("#undo").tap()
    expect(phone.locator("#explain .what")).to_contain_text("This link’s token is not accepted for this match")
    phone.wait_for_timeout(300)
    assert live == []
    phone.goto(f"{served.url}/record/m_nosuchmatch#token=x")
    expect(phone.locator("#title")).to_have_text("No such match")
    expect(phone.locator("#notice")).to_have_text("There is no match “m_nosuchmatch”: check the link.")
    expect(phone.locator("#quick-line")).to_be_hidden()


def test_a_wrong_recording_link_does_not_replace_the_token_this_phone_records_with(phone: Any, served: Any) -> None:
    """The phone keeps the write token it recorded with, so the bare /record/{id} address
    works on it. A mistyped or wrong link opened once (refused) replaced that token, and
    the bare address was refused from then on."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    open_record(phone, served, match)
    phone.goto(f"{served.url}/record/{match['match_id']}#token=not-the-token")
    phone.reload()
    expect(phone.locator("#notice")).to_contain_text("This link’s token is not accepted for this match")
    phone.goto(f"{served.url}/record/{match['match_id']}")
    settle(phone, 1)
    expect(phone.locator("#notice")).to_be_hidden()
    expect(phone.locator("#actions button.choice.deal")).to_have_count(4)
