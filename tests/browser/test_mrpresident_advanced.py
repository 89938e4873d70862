"""Mr. President's advanced game in the browser: recorded on a phone through
taps alone (the Nomination's laid-out cards and running mate, fund raising with the
Chart's amount, advertising, a debate with its risked Ballots, one per region), to the
tally, the standings shown equal to the record's; and the viewer drawing the advanced
fixture's candidates, funds, Advertising and Funds checks, debates and issues won,
with no hidden vote for a spectator.

A short campaign: two players and a Ballot deck of 8 cards (ruleset option
`ballot_deck_size`: “Each candidate shuffles his Ballot deck and removes three cards”,
so five are left per candidate, enough for a full hand and a debate's four risked
Ballots)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.browser import all_events, api_get, expect, frames_of, open_record, open_replay, phone, settle, standings_shown

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)

SETUP = {"system": "mrpresident", "preset": "advanced", "mode": "popular", "players": ["Al", "Betty"], "options": {"ballot_deck_size": 8}}
# The advanced actions the test records once each before campaigning plainly.
WANTED = ("FundsRaised", "Advertised", "Debated")
LUCKY = [(3, 3), (3, 4), (2, 2), (1, 6)]
PLAIN = [(1, 2), (4, 6), (1, 3), (5, 6), (2, 3), (3, 5), (1, 4), (4, 5), (2, 4), (2, 6), (3, 6), (1, 5)]


def composer_of(page: Any) -> Any:
    return page.locator("#actions .composer")


def tap_dice(composer: Any, field: str, faces: list[int]) -> None:
    """Each die row of the dice pick `field` that must be rolled gets the next face."""
    rows = composer.locator(f'.pick.dice[data-field="{field}"] .die-row').all()
    for row, face in zip(rows, faces * len(rows)):
        if "(if rolled)" not in row.locator(".die-name").inner_text():
            row.locator(f'.chip-button[data-value="{face}"]').click()


def confirm(page: Any) -> None:
    composer = composer_of(page)
    button = composer.locator(".confirm")
    refused = "forbidden" in (button.get_attribute("class") or "")
    kind = composer.get_attribute("data-type")
    button.click()
    if refused:  # the page says what is missing
        raise AssertionError(f"{kind}: {page.locator('#explain .what').inner_text()}")


def bounds_of(label: str) -> tuple[int, int]:
    """The least and most a pick's label names: "… 0 of 4" or "… 0 (1–4)"."""
    ranged = re.search(r"\((\d+)–(\d+)\)", label)
    if ranged:
        return int(ranged.group(1)), int(ranged.group(2))
    fixed = int(re.search(r" of (\d+)", label).group(1))
    return fixed, fixed


def risk(composer: Any, side: str, least: int) -> None:
    """One Ballot in each of the first `least` regions' first state."""
    for row in composer.locator(f'.pick.risked[data-field="{side}"] .risk-row').all()[:least]:
        row.locator(".chip-button:not(.seal)").first.click()


def fill_composer(page: Any, done: dict[str, Any]) -> str:
    """Fill the open composer for what it records, then confirm."""
    composer = composer_of(page)
    kind = composer.get_attribute("data-type")
    if kind == "DiceRolled":
        # Regions and dice in turn, so that Ballots go to every part of the board.
        rolls = done["rolls"] = done.get("rolls", 0) + 1
        regions = composer.locator('.pick[data-field="regions"]')
        least, _ = bounds_of(regions.locator(".pick-label").inner_text())
        for on in regions.locator(".chip-button.on").all():  # a fixed-size pick comes pre-filled
            on.click()
        chips = regions.locator(".chip-button")
        for i in range(least):
            chips.nth((rolls + i) % chips.count()).click()
        # Doubles or 7 while an advanced action is wanted (“if you roll 7 or doubles”).
        lucky = any(not done.get(t) for t in ("Advertised", "Debated"))
        tap_dice(composer, "dice", list(LUCKY[rolls % len(LUCKY)] if lucky else PLAIN[rolls % len(PLAIN)]))
    elif kind == "FundsRaised":
        tap_dice(composer, "chart_dice", [4, 4])
        expect(composer.locator(".chart-amount")).to_contain_text("million")
        done.setdefault("amounts shown", []).append(int(re.sub(r"\D", "", composer.locator(".chart-amount").inner_text())))
    elif kind == "Debated":
        tap_dice(composer, "dice", [1])
        tap_dice(composer, "opponent_dice", [1])
        least, _ = bounds_of(composer.locator('.pick.risked[data-field="risked"] .pick-label').inner_text())
        risk(composer, "risked", least)
        # Two players hold both decks' cards: a tap on a risked Ballot's seal turns it.
        seal = composer.locator('.pick.risked[data-field="risked"] .risk-row .seal').first
        seal.click()
        expect(composer.locator('.pick.risked[data-field="risked"] .risk-row .seal').first).to_have_attribute("data-seal", "VP")
        least, _ = bounds_of(composer.locator('.pick.risked[data-field="opponent_risked"] .pick-label').inner_text())
        risk(composer, "opponent_risked", max(least, 1))
        # Face down: the page asks for no votes.
        assert composer.locator("input[type=number], .stepper").count() == 0
    else:
        # Any other composer: a pick left empty gets its first values (up to three
        # Ballots, in as many states, keeping the campaign short).
        for pick in composer.locator(".pick:not(.dice):not(.count):not(.press)").all():
            chips = pick.locator(".chip-button:not(.seal)")
            if chips.count() and pick.locator(".chip-button.on:not(.seal)").count() == 0:
                _, most = bounds_of(pick.locator(".pick-label").inner_text()) if pick.locator(".pick-count").count() else (1, 1)
                for i in range(min(3, most, chips.count())):
                    chips.nth(i).click()
        tap_dice(composer, "dice", [4])
    confirm(page)
    return kind


def tap_once(page: Any, done: dict[str, Any], rolled_for_funds: set[str]) -> str:
    """The next tap: an open composer filled and confirmed; else the advanced action
    still wanted; else the first thing offered. Returns what was recorded or opened."""
    if page.locator("#actions .done").count():
        return ""
    offered = page.locator("#actions")
    rolls = offered.locator('button.choice[data-type="DiceRolled"]')
    raise_funds = [b for b in rolls.all() if "Raise funds" in b.inner_text()]
    player = offered.locator(".choice-group").first.get_attribute("data-player")
    # Fund raising is announced with the roll: once per player (the Chart's amount).
    if raise_funds and player not in rolled_for_funds and not composer_of(page).filter(has_text="Raise funds").count():
        rolled_for_funds.add(player)
        raise_funds[0].click()
        return "opened fund raising"
    if composer_of(page).count():
        return fill_composer(page, done)
    for kind, label in (("Advertised", "Advertise in "), ("Debated", "Debate")):
        if not done.get(kind):
            wanted = [b for b in offered.locator(f'button.choice[data-type="{kind}"]').all() if b.inner_text().startswith(label) and "cast none" not in b.inner_text()]
            if wanted:
                wanted[0].click()
                return f"opened {kind}"
    for kind in ("FundsRaised", "TicketChosen", "BallotsCast"):
        buttons = offered.locator(f'[data-type="{kind}"] button.choice.value, button.choice[data-type="{kind}"]:not(.forbidden)')
        if buttons.count():
            buttons.first.click()
            return kind
    offered.locator("button.choice:not(.forbidden)").first.click()
    return "choice"


def test_an_advanced_campaign_is_recorded_through_taps_to_its_tally(phone: Any, served: Any) -> None:
    """mr-president.md § NOMINATION (“select both candidates from the seven cards”), §
    FUND RAISING (“announce your intention of raising funds and select a region”, “Roll
    the dice again” for the Chart), § ADVERTISING (“if you roll 7 or doubles and have at
    least $1 million”), § DEBATE (“you must risk four Ballots from your hand ... one for
    each region”): each recorded by taps among what the page lists, then the tally."""
    match = served.create(SETUP)
    page = phone()
    open_record(page, served, match)
    done: dict[str, Any] = {}
    rolled_for_funds: set[str] = set()
    taps: list[str] = []
    for _ in range(400):
        settle(page)
        did = tap_once(page, done, rolled_for_funds)
        if not did:
            break
        taps.append(did)
        if did in WANTED:
            settle(page)
            recorded = [e["type"] for e in all_events(served, match)]
            done[did] = recorded.count(did)
    else:
        raise AssertionError(f"the campaign did not reach its tally within 400 taps: {taps[-20:]}")
    events = all_events(served, match)
    types = [event["type"] for event in events]
    assert types.count("CandidatesLaidOut") == 2 and types.count("TicketChosen") == 2, types
    assert all(types.count(kind) >= 1 for kind in WANTED), f"{types} {taps}"
    assert types.count("RegionCounted") == 4, types
    # The amount recorded is the one the page read off the Chart for the dice tapped.
    raised = [e["event"] for e in events if e["type"] == "FundsRaised" and e["event"]["state"]]
    assert all(r["chart_dice"] == [4, 4] for r in raised)
    assert [r["amount"] for r in raised] == done["amounts shown"]
    debate = next(e["event"] for e in events if e["type"] == "Debated")
    assert len(debate["risked"]) == 4 and len({b["state"] for b in debate["risked"]}) == 4
    assert {b["seal"] for b in debate["risked"]} == {"P", "VP"}
    assert all(b.get("votes") is None for b in debate["risked"] + debate["opponent_risked"])
    standings = api_get(served, match, "/standings")
    assert standings["final"]
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    assert standings_shown(page) == [(placing["player"], placing["place"]) for placing in standings["placings"]]


def spectator_frames(served: Any, match_id: str) -> list[dict[str, Any]]:
    with httpx.Client(base_url=served.url, timeout=10) as client:
        reply = client.get(f"/matches/{match_id}/frames", params={"as": "spectator", "limit": 1000})
        assert reply.status_code == 200, reply.text
        return reply.json()["frames"]


def test_the_viewer_draws_the_advanced_columns_and_hides_risked_votes_from_a_spectator(page: Any, served: Any) -> None:
    """mr-president.md § ADVANCED GAME (funds written on the Tally Board, the
    Advertising and Funds columns, issues won) and § DEBATE (“Each debator must risk
    Ballots face down”): the spectator's viewer shows each party's funds, the states'
    checks and the debates, and no vote of a Ballot not yet counted."""
    created = served.matches["mrpresident/advanced-two-player-popular"]
    frames = frames_of(served, created.match_id)
    last = frames[-1]["view"]
    open_replay(page, served, created.match_id, f"?step={len(frames)}")
    for party, info in last["parties"].items():
        card = page.locator(f'.mrp-party[data-party="{party}"]')
        expect(card.locator("[data-funds]")).to_have_attribute("data-funds", str(info["funds"]))
        for issue in info["issues_won"]:
            expect(card.locator(".issues-won")).to_contain_text(issue)
        for office, key in (("President", "president"), ("Vice President", "vice_president")):
            drawn = card.locator(f'.mrp-card[data-office="{office}"]')
            expect(drawn).to_have_attribute("data-name", info[key]["name"])
            expect(drawn.locator('[data-rating="effective_total"]')).to_have_text(str(info[key]["effective_total"]))
        for abbr in info["advertising_column"]:
            expect(page.locator(f'.mrp-state[data-state="{abbr}"] .col-mark[data-column="advertising"][data-party="{party}"]')).to_have_count(1)
        for abbr in info["funds_column"]:
            expect(page.locator(f'.mrp-state[data-state="{abbr}"] .col-mark[data-column="funds"][data-party="{party}"]')).to_have_count(1)
    expect(page.locator(".mrp-debate")).to_have_count(len(last["debates"]))
    # At the first debate no region is counted: every risked Ballot lies face down for
    # a spectator (the match is over, so the page is asked for the spectator's view:
    # a finished match is open to every reader).
    spectator = spectator_frames(served, created.match_id)
    first = next(f for f in spectator if f["type"] == "Debated")
    assert not first["view"]["counted"]
    open_replay(page, served, created.match_id, f"?step={first['step']}&as=spectator")
    risked = page.locator(f'.mrp-debate[data-step="{first["step"]}"] .ballot')
    expect(risked.first).to_be_visible()
    assert risked.count() == sum(1 for b in first["view"]["ballots"] if b["how"] == "debate")
    assert risked.count() == page.locator(".mrp-debate .ballot.face-down").count()
    assert all(not re.search(r"\d", text) for text in page.locator(".mrp-debate .ballot .votes").all_inner_texts())
    # The spectator's frames (what this page loads) hold no vote before the first count.
    for frame in spectator:
        assert all(b["votes"] is None for b in frame["view"]["ballots"] if not frame["view"]["counted"])


def test_the_viewer_draws_the_nomination_while_the_tickets_are_chosen(page: Any, served: Any) -> None:
    """mr-president.md § NOMINATION: “Each player selects five Candidate cards ... and
    places them face up”, then each chooses one: the viewer shows each player's cards
    laid out with the one chosen marked, until the campaign starts."""
    created = served.matches["mrpresident/advanced-four-player-electoral"]
    frames = spectator_frames(served, created.match_id)
    both_picked = next(f for f in frames if len(f["view"]["nomination"]["picked"]) == 2)
    open_replay(page, served, created.match_id, f"?step={both_picked['step']}&as=spectator")
    for player, names in both_picked["view"]["nomination"]["laid_out"].items():
        row = page.locator(f'.mrp-nomination [data-player="{player}"]')
        expect(row.locator(".laid-out")).to_have_count(len(names))
    expect(page.locator(".mrp-nomination .laid-out.picked")).to_have_count(2)
    campaigning = next(f for f in frames if f["view"]["phase"] == "campaign")
    open_replay(page, served, created.match_id, f"?step={campaigning['step']}&as=spectator")
    expect(page.locator(".mrp-nomination")).to_have_count(0)
    expect(page.locator(".mrp-party .mrp-card")).to_have_count(4)
