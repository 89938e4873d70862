"""In headless Chromium: the viewer draws Daifugō's sequences (a run in rank order, the Joker with the card
it stands for), the suit lock and the revolution (docs/daifugo.md § The rules), from the view's `kind`, `joker_as`,
`lock` and `reversed`. The UECda fixture has locks, a Joker in a group and a revolution but no sequence; the
sequences are recorded into matches of their own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect, frames_of, open_at

pytestmark = pytest.mark.browser
FIXTURE = "president/daifugo-uecda"
FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]
HANDS = {  # Eve deals; Al holds the 3 of diamonds and leads (as in tests/domain/president/test_rules_daifugo.py)
    "Al": "3C 3D 4C 4H 5H 6H 7H 9C 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "4D 5D 6D 7D 8D 9D JC JD JH QH KH",
    "Dana": "3H 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}


def daifugo_match(served: Any, plays: list[dict[str, Any]], hands: dict[str, str] = HANDS) -> str:
    """A daifugo match of `hands` with `plays` recorded after the deal; its id."""
    match = served.create({"system": "president", "preset": "daifugo", "players": FIVE, "mode": "full"})
    deal = {"type": "CardsDealt", "dealer": "Eve", "hands": {player: cards.split() for player, cards in hands.items()}}
    served.record(match, [deal, *plays])
    return match["match_id"]


def played(player: str, cards: str, joker_as: str | None = None) -> dict[str, Any]:
    return {"type": "CardsPlayed", "player": player, "cards": cards.split()} | ({"joker_as": joker_as} if joker_as else {})


def passes(player: str) -> dict[str, Any]:
    return {"type": "PlayerPassed", "player": player}


def test_a_sequence_is_a_run_in_rank_order_with_the_joker_as_its_card_and_a_lock_on_its_suit(page: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: “a sequence (3 or more consecutive ranks of one suit; the Joker may fill one rank …)”;
    “Suit lock: when a play has exactly the same suits as the play before it on the table …, later plays of the trick
    must have those suits.” Given Al's 6♥ Joker 4♥ (the Joker as 5♥) and Carl's K♥ J♥ Q♥ recorded in that card order,
    then both are drawn as runs low to high, the Joker in the 5♥'s place and named, and the table shows “♥ locked”."""
    match_id = daifugo_match(served, [played("Al", "6H JK1 4H", "5H"), passes("Betty"), played("Carl", "KH JH QH")])
    open_at(page, served, match_id, 2)
    expect(page.locator(".table-mark.lock")).to_have_count(0)
    open_at(page, served, match_id, 5)
    runs = page.locator(".trick .cards.run")
    expect(runs).to_have_count(2)
    assert runs.nth(0).locator("[data-code]").evaluate_all("cards => cards.map(card => card.dataset.code)") == ["4H", "JK1", "6H"]
    assert runs.nth(1).locator("[data-code]").evaluate_all("cards => cards.map(card => card.dataset.code)") == ["JH", "QH", "KH"]
    expect(page.locator(".trick .stands-for .as")).to_have_text("as 5♥")
    expect(page.locator(".trick .shape").first).to_have_text("sequence 4♥–6♥")
    expect(page.locator(".table-mark.lock")).to_have_text("♥ locked")
    expect(page.locator(".trick .card")).to_have_count(6)  # the Joker's name is a label, not a card


def test_an_8_cut_is_said_on_the_table(page: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: “8-cut: a play that contains an 8 (… a sequence through an 8 …) ends the trick at once,
    and the same player leads.” Given Carl's 7♦ 8♦ 9♦ over Al's sequence, then the table says the play ended the
    trick and that Carl leads; a play that does not end the trick says nothing of the kind."""
    match_id = daifugo_match(served, [played("Al", "4H 5H 6H"), passes("Betty"), played("Carl", "7D 8D 9D")])
    open_at(page, served, match_id, 5)
    expect(page.locator(".pres-cut")).to_have_text("The play ended the trick at once")
    expect(page.locator(".pres-empty")).to_have_text("Carl leads")
    open_at(page, served, match_id, 3)
    expect(page.locator(".pres-cut")).to_have_count(0)


def test_the_fixture_s_lock_joker_and_revolution_are_drawn(page: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: the suit lock (as above); “the Joker may stand for any card”; “Revolution: a group of
    four or more (the Joker counts) … reverses the order of ranks until the next revolution”. Given the UECda fixture at
    the frames whose view has a lock, a Joker standing for a card and a revolution in force, then each is drawn; at a
    frame with none of them, none is."""
    match_id = served.matches[FIXTURE].match_id
    frames = frames_of(served, match_id)
    locked = next(f for f in frames if f["view"].get("lock") and len(f["view"]["lock"]) == 2)
    open_at(page, served, match_id, locked["step"])
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    expect(page.locator(".table-mark.lock")).to_have_text(f"{''.join(symbols[s] for s in locked['view']['lock'])} locked")

    joker = next(f for f in frames if any(play.get("joker_as") for play in f["view"]["trick"]))
    stands = next(play["joker_as"] for play in joker["view"]["trick"] if play.get("joker_as"))
    open_at(page, served, match_id, joker["step"])
    expect(page.locator(".trick .stands-for .as")).to_have_text(f"as {stands[:-1]}{symbols[stands[-1]]}")

    revolution = next(f for f in frames if f["view"]["reversed"] and f["view"]["phase"] == "playing")
    open_at(page, served, match_id, revolution["step"])
    expect(page.locator(".table-mark.revolution")).to_have_text("⇅ Revolution: ranks reversed")
    expect(page.locator(".pres-status .chip.revolution")).to_be_visible()

    plain = next(f for f in frames if f["view"]["phase"] == "playing" and f["view"]["trick"] and not f["view"]["reversed"] and not f["view"].get("lock"))
    open_at(page, served, match_id, plain["step"])
    expect(page.locator(".table-mark")).to_have_count(0)
    expect(page.locator(".trick .stands-for")).to_have_count(0)


# Al holds the four 9s, the 3 and 4 of hearts and the Joker.
SPECIAL_HANDS = {
    "Al": "3D 3H 4H 5H 6H 7H 9C 9D 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "3C 4D 5D 6D 7D 8D JC JD JH QH KH",
    "Dana": "4C 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}


def test_a_joker_below_the_3_is_drawn_first_of_its_run(page: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: “the Joker may fill one rank, including one past either end”. Given Al's 3♥ Joker 4♥
    with the Joker below the 3 (joker_as "-H"), then the run is drawn Joker, 3♥, 4♥, the Joker named “as ♥ below 3”."""
    match_id = daifugo_match(served, [played("Al", "3H JK1 4H", "-H")], SPECIAL_HANDS)
    open_at(page, served, match_id, 3)
    run = page.locator(".trick .cards.run")
    expect(run).to_have_count(1)
    assert run.locator("[data-code]").evaluate_all("cards => cards.map(card => card.dataset.code)") == ["JK1", "3H", "4H"]
    expect(page.locator(".trick .stands-for .as")).to_have_text("as ♥ below 3")
    expect(page.locator(".trick .shape")).to_have_text("sequence Joker–4♥")


def test_five_of_a_kind_names_the_joker_a_fifth_of_its_rank(page: Any, served: Any) -> None:
    """docs/daifugo.md § The rules: “A play is a group (1–5 cards of one rank; the Joker may stand for any card)”; a
    group of five is a revolution. Given Al's four 9s and the Joker (joker_as "9"), then five cards are drawn, the Joker
    named “as a fifth 9”, and the revolution is shown."""
    match_id = daifugo_match(served, [played("Al", "9C JK1 9D 9H 9S", "9")], SPECIAL_HANDS)
    open_at(page, served, match_id, 3)
    expect(page.locator(".trick .card")).to_have_count(5)
    expect(page.locator(".trick .stands-for .as")).to_have_text("as a fifth 9")
    expect(page.locator(".table-mark.revolution")).to_have_count(1)
