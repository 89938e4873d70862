"""A whole game recorded at a real table on a phone (390×844, touch) through the
recording page: what a scorekeeper tripped on, one test each (Daifugō with the
`daifugo` preset of President, docs/daifugo.md; Presidential Bid,
../shared/rules/presidential-bid.txt)."""

from __future__ import annotations

from typing import Any

import pytest
import re

from tests.support.browser import expect

pytestmark = pytest.mark.browser

DAIFUGO_PLAYERS = ["Aki", "Ben", "Chie", "Dan", "Emi"]


def open_record(page: Any, served: Any, match: dict[str, Any]) -> int:
    page.goto(f"{served.url}/record/{match['match_id']}#token={match['write_token']}")
    return settle(page)


def settle(page: Any) -> int:
    actions = page.locator("#actions")
    expect(actions).to_have_attribute("data-settled", "true")
    return int(actions.get_attribute("data-version"))


def events_of(served: Any, match: dict[str, Any]) -> list[dict[str, Any]]:
    with served.api() as client:
        reply = client.get(f"/matches/{match['match_id']}/events", headers={"Authorization": f"Bearer {match['write_token']}"})
        return reply.json()["events"]


# A deal that holds what a Daifugō evening needs: Aki the 3 of diamonds (the lead), four
# 7s (a revolution) and a run of spades; Ben a run of clubs above it and a pair of 9s.
DAIFUGO_HANDS = {
    "Aki": ["3D", "7C", "7D", "7H", "7S", "4S", "5S", "6S", "8C", "10C", "KD"],
    "Ben": ["3C", "4C", "5C", "6C", "9D", "9H", "JC", "QC", "KC", "AC", "2C"],
    "Chie": ["3H", "4D", "5D", "6D", "8D", "9C", "10D", "JD", "QD", "AD", "2D"],
    "Dan": ["3S", "4H", "5H", "6H", "8H", "9S", "10H", "JH", "QH", "AH"],
    "Emi": ["8S", "10S", "JS", "QS", "KH", "KS", "AS", "2H", "2S", "JK1"],
}


def daifugo_match(served: Any, *events: dict[str, Any]) -> dict[str, Any]:
    """A daifugo match in full mode with the deal above, and then `events`."""
    match = served.create({"system": "president", "preset": "daifugo", "players": DAIFUGO_PLAYERS, "mode": "full"})
    served.record(match, [{"type": "CardsDealt", "dealer": "Emi", "hands": DAIFUGO_HANDS, "seating": DAIFUGO_PLAYERS}, *events])
    return match


def dealt_daifugo(phone: Any, served: Any) -> tuple[dict[str, Any], str]:
    """A daifugo match in full mode, dealt by a tap; the player to lead."""
    match = served.create({"system": "president", "preset": "daifugo", "players": DAIFUGO_PLAYERS, "mode": "full"})
    open_record(phone, served, match)
    phone.locator("#actions button.choice.deal").first.tap()
    expect(phone.locator("#actions")).to_have_attribute("data-version", "2")
    settle(phone)
    leader = phone.locator("#turn").get_attribute("data-players")
    assert leader in DAIFUGO_PLAYERS
    return match, leader


def test_daifugo_cards_the_leader_may_play_are_not_also_greyed_and_a_hand_tap_opens_their_play(phone: Any, served: Any) -> None:
    """The daifugo preset lists each play whole (no pick among cards): every card of
    the leader's hand was drawn twice, once as 'Play 9♥' and again greyed as not
    allowed, and a tap on a card of the hand asked the rule and said 'The rules allow
    it after all'. A lead may be any single, so nothing is greyed, and a card tapped
    on the table opens its play: two taps."""
    match, leader = dealt_daifugo(phone, served)
    expect(phone.locator("#actions button.choice.forbidden")).to_have_count(0)
    card = phone.locator(f'.pres-seat[data-player="{leader}"] .hand [data-code]').first
    code = card.get_attribute("data-code")
    card.tap()
    composer = phone.locator("#actions .composer")
    expect(composer).to_be_visible()
    expect(phone.locator("#explain")).to_be_hidden()
    expect(card).to_have_class(re.compile(r"\bpicked\b"))
    composer.locator("button.confirm").tap()
    expect(phone.locator("#actions")).to_have_attribute("data-version", "3")
    last = events_of(served, match)[-1]["event"]
    assert last["type"] == "CardsPlayed" and last["player"] == leader and code in last["cards"]


def test_choosing_a_preset_for_more_players_offers_their_seats(phone: Any, served: Any) -> None:
    """President opens on classic (4-7 players, four seats); choosing daifugo (five
    players, docs/daifugo.md) kept four seats, and the fifth had to be found under
    'Add a player'. The seats follow the chosen preset's fewest players."""
    phone.goto(f"{served.url}/new?system=president")
    expect(phone.locator("body")).to_have_attribute("data-ready", "true")
    expect(phone.locator("#players .player")).to_have_count(4)
    phone.locator("#players .player-name").first.fill("Aki")
    phone.select_option("#preset", "daifugo")
    expect(phone.locator("#players .player")).to_have_count(5)
    expect(phone.locator("#players .player-name").first).to_have_value("Aki")


def test_the_fix_form_s_buttons_fit_a_phone(phone: Any, served: Any) -> None:
    """'Record the fix', 'It never happened' and 'Cancel' sat on one line of a 390 px
    phone: 'Cancel' was squeezed narrower than its word, which ran past its border.
    They wrap, each as wide as its words."""
    match = daifugo_match(served, {"type": "CardsPlayed", "player": "Aki", "cards": ["4S", "5S", "6S"]})
    open_record(phone, served, match)
    phone.locator("#history-box summary").tap()
    phone.locator("#history li").first.get_by_role("button", name="Fix").tap()
    expect(phone.locator("#fix")).to_be_visible()
    for button in ("#fix-send", "#fix-void", "#fix-cancel"):
        sizes = phone.locator(button).evaluate("(b) => [b.scrollWidth, b.clientWidth, b.getBoundingClientRect().right]")
        assert sizes[0] <= sizes[1], f"{button}: its words are {sizes[0]} px wide in {sizes[1]} px"
        assert sizes[2] <= 390


def test_the_joker_is_named_on_the_recording_page_s_card_buttons(phone: Any, served: Any) -> None:
    """A card picked on the recording page (the cards a daifugō gives back, the fix
    form's cards) was labelled by its code: 'JK1' beside '2♠'. It is 'Joker'."""
    match = daifugo_match(
        served,
        {"type": "CardsPlayed", "player": "Aki", "cards": ["3D"]},
        {"type": "PlayerPassed", "player": "Ben"},
        {"type": "PlayerPassed", "player": "Chie"},
        {"type": "PlayerPassed", "player": "Dan"},
        {"type": "CardsPlayed", "player": "Emi", "cards": ["2H"]},
    )
    open_record(phone, served, match)
    phone.locator("#history-box summary").tap()
    phone.locator('#history li[data-step="7"]').get_by_role("button", name="Fix").tap()
    joker = phone.locator('#fix-fields [data-value="JK1"]')
    expect(joker).to_have_text("Joker")
    expect(phone.locator("#fix-fields")).not_to_contain_text("JK1")


def test_the_quick_entry_s_examples_are_in_the_game_s_own_notation(phone: Any, served: Any) -> None:
    """A Presidential Bid match's quick-entry box read 'Type an action: b 3x9 · b p ·
    deal d', President's notation, which a Bid match cannot take. Its examples are
    Bid's (docs/notation.md § Presidential Bid), named by the match's players, and the
    first one typed is understood."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Ana", "Bo", "Cy"]})
    open_record(phone, served, match)
    line = phone.locator("#quick-line")
    expect(line).to_have_attribute("placeholder", "Type an action: 7c · a 9h b ks c 2d")
    line.fill("7c")
    expect(phone.locator("#quick-preview")).to_have_attribute("data-state", "ready")


def test_the_bids_to_show_open_right_below_their_button_not_below_every_sealed_bid(phone: Any, served: Any) -> None:
    """Presidential Bid, a club turned up: 'Show the bids for district 7♣' opens by
    itself (one tap per player's card), but its cards were drawn below each player's
    thirteen sealed-bid buttons, out of sight two screens down; tapping the gold
    button to find them closed it. The composer sits right below the table's button."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Ana", "Bo", "Cy"]})
    served.record(match, [{"type": "DistrictRevealed", "district": "7C"}])
    open_record(phone, served, match)
    order = phone.locator("#actions > *").evaluate_all("parts => parts.map((p) => p.classList.contains('composer') ? 'composer' : p.dataset.player)")
    assert order[:2] == ["", "composer"], order
    composer = phone.locator("#actions .composer")
    expect(composer).to_be_in_viewport()


def test_a_player_who_may_only_pass_has_his_cards_explained(phone: Any, served: Any) -> None:
    """Emi's lone Joker is on the table and Aki slaps down an 8♣ for an 8-cut. The
    page offered Aki only 'Pass', greyed nothing, and his 8♣ on the table did nothing
    when tapped: no word of why. His cards are greyed like any refused play, and the
    8♣ tapped says the rule (docs/daifugo.md: only the 3 of spades beats a lone Joker)."""
    match = daifugo_match(
        served,
        {"type": "CardsPlayed", "player": "Aki", "cards": ["3D"]},
        {"type": "CardsPlayed", "player": "Ben", "cards": ["2C"]},
        {"type": "PlayerPassed", "player": "Chie"},
        {"type": "PlayerPassed", "player": "Dan"},
        {"type": "CardsPlayed", "player": "Emi", "cards": ["JK1"]},
    )
    version = open_record(phone, served, match)
    expect(phone.locator("#actions button.choice:not(.forbidden)")).to_have_text(["Pass"])
    expect(phone.locator("#actions button.choice.forbidden", has_text="Play 8♣")).to_have_count(1)
    phone.locator('.pres-seat[data-player="Aki"] .hand [data-code="8C"]').tap()
    expect(phone.locator("#explain")).to_have_attribute("data-rule", "president.daifugo.joker-alone")
    assert len(events_of(served, match)) == version


def test_the_heading_does_not_name_one_dealer_among_several(phone: Any, served: Any) -> None:
    """Before a Daifugō deal any of the five may deal (or the match may end): the
    heading read 'Aki deals', the first button's words, as if the page had decided.
    It asks the table to choose; a single table action (Bid's club) is still named."""
    match = served.create({"system": "president", "preset": "daifugo", "players": DAIFUGO_PLAYERS, "mode": "full"})
    open_record(phone, served, match)
    expect(phone.locator("#actions button.choice.deal")).to_have_count(5)
    expect(phone.locator("#turn")).to_have_text("The table: choose what happened")
    bid = served.create({"system": "bid", "preset": "text", "players": ["Ana", "Bo", "Cy"]})
    open_record(phone, served, bid)
    expect(phone.locator("#turn")).to_have_text("Turn up the club for round 1")


def test_a_fixed_step_says_so_in_the_history(phone: Any, served: Any) -> None:
    """Ben answered Aki's 3♦ with the 9♥, recorded as the 9♦ and fixed at the next
    step. The history still listed step 4 as 'Ben plays a 9' with its Fix button and
    nothing beside it, as if the fix had not taken. It says 'fixed at step 5'; an
    undone step says 'undone at step N'."""
    match = daifugo_match(
        served,
        {"type": "CardsPlayed", "player": "Aki", "cards": ["3D"]},
        {"type": "CardsPlayed", "player": "Ben", "cards": ["9D"]},
    )
    served.record(match, [{"type": "EventAmended", "step": 4, "event": {"type": "CardsPlayed", "player": "Ben", "cards": ["9H"]}}])
    served.record(match, [{"type": "PlayerPassed", "player": "Chie"}])
    served.record(match, [{"type": "EventVoided", "step": 6}])
    open_record(phone, served, match)
    phone.locator("#history-box summary").tap()
    expect(phone.locator('#history li[data-step="4"]')).to_contain_text("fixed at step 5")
    expect(phone.locator('#history li[data-step="6"]')).to_contain_text("undone at step 7")
    expect(phone.locator('#history li[data-step="3"]')).not_to_contain_text("at step")


def test_public_daifugo_plays_are_found_by_tapping_their_cards_not_among_1500_buttons(phone: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: groups and sequences, and (a public record) nobody
    known to hold the 3 of diamonds, so after the deal every player may lead any play
    their hand may hold: about 300 each, each listed whole. The page drew every one
    (1,585 buttons, a page 66,000 px tall); it now offers the cards, and the plays
    holding every card tapped, the one made of exactly those first."""
    match = served.create({"system": "president", "preset": "daifugo", "players": DAIFUGO_PLAYERS, "mode": "public"})
    served.record(match, [{"type": "CardsDealt", "dealer": "Emi", "sizes": {"Aki": 11, "Ben": 11, "Chie": 11, "Dan": 10, "Emi": 10}}])
    open_record(phone, served, match)
    assert phone.locator("#actions button.choice").count() < 20  # a Pass each: no play before a card is tapped
    ben = phone.locator("section.choice-group[data-player=Ben]")
    expect(ben.locator(".narrow-hint")).to_contain_text("plays: tap the cards played")
    expect(ben.locator(".narrow-card")).to_have_count(53)  # the whole deck, the Joker too
    for code in ("5H", "6H", "7H"):
        ben.locator(f".narrow-card[data-code='{code}']").tap()
    expect(ben.locator(".narrow-card[aria-pressed=true]")).to_have_count(3)
    plays = ben.locator("button.choice:not(.forbidden)", has_text="Play")
    expect(plays.first).to_have_text("Play 5♥ 6♥ 7♥")
    assert all(all(card in label for card in ("5♥", "6♥", "7♥")) for label in plays.all_inner_texts())
    ben.locator(".narrow-card[data-code='7H']").tap()  # tapped again: taken back
    expect(ben.locator(".narrow-card[aria-pressed=true]")).to_have_count(2)
    expect(ben.locator(".narrow-hint")).to_contain_text("with 5♥ 6♥")
    assert all("5♥" in label and "6♥" in label for label in plays.all_inner_texts())
    ben.locator(".narrow-card[data-code='7H']").tap()
    expect(plays.first).to_have_text("Play 5♥ 6♥ 7♥")
    plays.first.tap()
    expect(phone.locator("#actions")).to_have_attribute("data-version", "3")
    assert events_of(served, match)[-1]["event"] == {"type": "CardsPlayed", "player": "Ben", "cards": ["5H", "6H", "7H"]}
    settle(phone)
    expect(phone.locator("#actions .narrow-card[aria-pressed=true]")).to_have_count(0)
