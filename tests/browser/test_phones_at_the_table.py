"""Every player records from their own phone, a whole game at once (README § At the table,
"Each player on their own phone"): each phone opens its seat's link (/record/{id}#token=<seat
token>, what /new hands out), offers its seat's own actions only, and shows no card another
player holds; a spectator's page shows none either. The table's own actions (a deal, a club
turned up) are the write token's."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import PLAYERS, api_get, deal, expect, phone, settle

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)

# Everything a page holds, as a reader of its DOM could find a card in it: its text, the text
# nodes run together (a card face is a "7" node then a "♣" one), and every attribute's words (a
# card's title "7C", a choice's hints). `skip`: a selector of elements left out.
PAGE_WORDS = """(skip) => {
  const words = new Set();
  const kept = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (skip && element.closest(skip)) continue;
    kept.push(element);
    for (const attribute of element.attributes) for (const word of attribute.value.split(/[^0-9A-Za-z]+/)) words.add(word);
  }
  const text = kept.flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.data)).join("");
  return { words: [...words], text: text.replace(/\\s+/g, "") };
}"""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def page_words(page: Any, skip: str | None = None) -> dict[str, Any]:
    """What PAGE_WORDS finds in the page: its words and its text run together."""
    found = page.evaluate(PAGE_WORDS, skip)
    return {"words": set(found["words"]), "text": found["text"]}


def cards_in(found: dict[str, Any], cards: list[str]) -> list[str]:
    """Those of `cards` among a page's words, as a code or as a card face."""
    return [code for code in cards if code in found["words"] or f"{code[:-1]}{SUIT_SYMBOLS[code[-1]]}" in found["text"]]


def cards_shown(page: Any, cards: list[str], skip: str | None = None) -> list[str]:
    """Those of `cards` the page holds anywhere in its DOM, as a code or as a card face."""
    return cards_in(page_words(page, skip), cards)


def at_the_table(phone: Any, served: Any, match: dict[str, Any], players: list[str]) -> tuple[dict[str, Any], Any]:
    """A phone per player (a browser context each) on the link /new gives that player
    (replay/static/match-links.js: /record/{id}#token=<seat token>), and a spectator's phone
    on the replay page, following the match live."""
    phones = {player: phone() for player in players}
    for player, page in phones.items():
        page.goto(f"{served.url}/record/{match['match_id']}#token={match['seat_tokens'][player]}")
    spectator = phone()
    spectator.goto(f"{served.url}/view/{match['match_id']}")
    expect(spectator.locator("#live")).to_have_attribute("data-state", "open")
    return phones, spectator


def at_version(page: Any, version: int) -> None:
    """Wait until a recording page has caught up with `version` and offers what it may record there."""
    expect(page.locator("#actions")).to_have_attribute("data-version", str(version))
    settle(page)


def caught_up(phones: dict[str, Any], spectator: Any, version: int) -> None:
    """Every phone and the spectator's page show the match at `version` (the live stream brought it)."""
    for page in phones.values():
        at_version(page, version)
    expect(spectator.locator("#caption .step-no")).to_have_text(f"Step {version}")


def offers_only_its_own(page: Any, player: str) -> None:
    groups = page.locator("#actions .choice-group").evaluate_all("groups => groups.map(group => group.dataset.player)")
    assert set(groups) <= {player}, f"{player}'s phone offers {groups}"


# --- President: a whole game in mode `holders`, four phones ------------------------------------


HOLDERS = {"system": "president", "preset": "classic", "mode": "holders", "players": PLAYERS, "title": "Four phones"}
# Checking every page's cards after each action doubles the run: every CHECK_EVERY-th step,
# and after the hands are entered and at the end.
CHECK_EVERY = 3


def enter_hand(page: Any, hand: list[str]) -> None:
    """The seat's own hand through the card grid (render-president-hand.js): a tap per card, then Record."""
    page.locator('#actions button.choice[data-type="HandEntered"]').click()
    grid = page.locator("#actions .composer .pres-enter-hand")
    for code in hand:
        grid.locator(f'.hand-card[data-code="{code}"]').click()
    expect(grid.locator(".hand-count")).to_have_text(f"{len(hand)} of {len(hand)}")
    page.locator("#actions .composer .confirm").click()


def lowest_play(page: Any, ranks: list[str]) -> Any:
    """The play of the lowest rank the page offers, as many of them as it may (fewer actions), else None."""
    plays = page.locator('#actions button.choice[data-type="CardsPlayed"]:not(.forbidden)')
    hints = plays.evaluate_all("buttons => buttons.map(button => JSON.parse(button.dataset.hints))")
    if not hints:
        return None
    best = min(range(len(hints)), key=lambda i: (ranks.index(hints[i]["rank"]), -hints[i]["count"]))
    return plays.nth(best)


def no_hidden_card_shown(phones: dict[str, Any], spectator: Any, view: dict[str, Any]) -> None:
    """No page but its holder's shows a card still in a hand; the holder's does (the check can fail)."""
    # Each page read once for all four hands (a read per hand and page was a tenth of the run).
    found = {reader: page_words(page) for reader, page in [*phones.items(), ("a spectator", spectator)]}
    for holder in PLAYERS:
        held = view["hands"][holder]["cards"]
        assert len(held) == view["hands"][holder]["count"]
        for reader in found:
            shown = cards_in(found[reader], held)
            if reader == holder:
                assert sorted(shown) == sorted(held), f"{holder}'s phone shows {shown} of {held}"
            else:
                assert shown == [], f"{reader}'s page shows {holder}'s {shown}"


def test_four_phones_play_a_whole_holders_game_each_its_own_hand_and_turns(phone: Any, served: Any) -> None:
    """house-rules.md § Hands entered by their holders; classic § Play Game: the player whose turn
    it is plays or passes, from their own phone. The deal is the table's (the write token's)."""
    match = served.create(HOLDERS)
    served.record(match, [{"type": "CardsDealt", "dealer": "Dana", "sizes": {player: 13 for player in PLAYERS}}])
    hands = deal(21)["hands"]
    phones, spectator = at_the_table(phone, served, match, PLAYERS)

    version = 2
    for player, page in phones.items():
        at_version(page, version)
        offers_only_its_own(page, player)
        enter_hand(page, hands[player])
        version += 1
        at_version(page, version)
    state = api_get(served, match, "/state")
    assert state["version"] == version and sorted(state["view"]["entered"]) == sorted(PLAYERS)
    ranks = state["view"]["ranks"]

    actions = 0
    while state["view"]["phase"] == "playing":
        if actions % CHECK_EVERY == 0:
            caught_up(phones, spectator, version)
            for reader, page in phones.items():
                offers_only_its_own(page, reader)
            no_hidden_card_shown(phones, spectator, state["view"])
        turn = state["view"]["turn"]
        page = phones[turn]
        at_version(page, version)
        offers_only_its_own(page, turn)
        play = lowest_play(page, ranks)
        if play is None:
            page.locator('#actions button.choice[data-type="PlayerPassed"]').click()
        else:
            play.click()
            page.locator("#actions .composer .confirm").click()
        expect(page.locator("#actions")).not_to_have_attribute("data-version", str(version))
        actions += 1
        state = api_get(served, match, "/state")
        assert state["version"] > version
        version = state["version"]

    assert state["view"]["phase"] == "between", state["view"]["phase"]
    caught_up(phones, spectator, version)
    no_hidden_card_shown(phones, spectator, state["view"])
    for reader, page in phones.items():
        # The next deal is the dealer's (actors.py): each phone offers its own, as a deal names no player.
        offered = page.locator("#actions button.choice").evaluate_all("buttons => buttons.map(b => [b.dataset.type, b.textContent])")
        assert offered == [["CardsDealt", f"{reader} deals"]], offered
    events = api_get(served, match, "/events?from=3&limit=1000")["events"]
    own = [e for e in events if not e.get("automatic")]
    assert {e["type"] for e in own} == {"HandEntered", "CardsPlayed", "PlayerPassed"} and len(own) == 4 + actions
    assert own and all(e.get("recorded_as") == e["event"]["player"] for e in own), [(e["type"], e.get("recorded_as")) for e in own if e.get("recorded_as") != e["event"].get("player")]
    standings = api_get(served, match, "/standings")
    places = [(p["player"], p["place"]) for p in standings["placings"]]
    assert [place for _, place in places] == [1, 2, 3, 4]
    assert [player for player, _ in places] == state["view"]["finishing_order"]


# --- Presidential Bid: a sealed round, three phones --------------------------------------------


BIDDERS = {"Al": "KH", "Betty": "QS", "Cy": "2D"}  # each from the suit the bidder holds
HANDS = ".bid-seat .hand"  # public, and a committed card stays in its hand until the reveal


def test_three_bidders_commit_sealed_bids_from_their_phones_and_none_sees_another_before_the_reveal(phone: Any, served: Any) -> None:
    """house-rules.md § Sealed bids: “a player may commit a bid before the bids are shown”; “the
    bids are shown when every player has committed”. presidential-bid.txt § play: the highest
    card wins the district. The club turned up is the table's (the write token's)."""
    match = served.create({"system": "bid", "preset": "text", "players": list(BIDDERS), "title": "Three phones"})
    served.record(match, [{"type": "DistrictRevealed", "district": "7C"}])
    phones, spectator = at_the_table(phone, served, match, list(BIDDERS))
    caught_up(phones, spectator, 2)
    for player, page in phones.items():
        offers_only_its_own(page, player)

    committed: list[str] = []
    for version, (player, card) in enumerate(BIDDERS.items(), start=2):
        page = phones[player]
        at_version(page, version)
        offers_only_its_own(page, player)
        page.locator(f'#actions .choice-group[data-player="{player}"] button.value[data-value=\'"{card}"\']').click()
        committed.append(player)
        if len(committed) == len(BIDDERS):
            break  # the last commit makes the reveal due: the service records it
        caught_up(phones, spectator, version + 1)
        for reader, seen in [*phones.items(), ("a spectator", spectator)]:
            for bidder in committed:
                bid = BIDDERS[bidder]
                sealed = seen.locator(f'.bid-seat[data-player="{bidder}"] .bid-line')
                shown = cards_shown(seen, [bid], skip=HANDS)
                if reader == bidder:  # the bidder's own phone shows its bid face up: the check can fail
                    assert shown == [bid], f"{bidder}'s phone does not show its own bid"
                    expect(sealed.locator(f'.card[title="{bid}"]')).to_have_count(1)
                else:
                    assert shown == [], f"{reader}'s page shows {bidder}'s sealed bid"
                    expect(sealed.locator(".hidden-bid")).to_have_count(1)
                    expect(seen.locator(f'.bid-seat[data-player="{bidder}"] .hand .card')).to_have_count(13)
            if reader in phones:
                offers_only_its_own(seen, reader)
                expect(seen.locator("#actions button.value")).to_have_count(0 if reader in committed else 13)

    revealed = 2 + len(BIDDERS) + 1
    caught_up(phones, spectator, revealed)
    events = api_get(served, match, "/events?from=3")["events"]
    assert [(e["type"], e["recorded_as"], e["automatic"]) for e in events] == [
        *(("BidCommitted", player, False) for player in BIDDERS),
        ("BidsRevealed", "Cy", True),
    ]
    assert {bid["player"]: bid["card"] for bid in events[-1]["event"]["bids"]} == BIDDERS
    for seen in [*phones.values(), spectator]:
        shown = seen.locator(".reveal .bid-shown").evaluate_all("bids => bids.map(bid => [bid.querySelector('.who').textContent, bid.querySelector('.card').title])")
        assert dict(shown) == BIDDERS
        expect(seen.locator('.district[data-district="7C"]')).to_have_attribute("data-status", "won")
        expect(seen.locator(".reveal .verdict")).to_have_text("Al wins it")
    standings = api_get(served, match, "/standings")
    assert [(p["player"], p["place"], p["score"]) for p in standings["placings"]] == [("Al", 1, 7), ("Betty", 2, 0), ("Cy", 2, 0)]
    assert "South" in standings["placings"][0]["reason"]
