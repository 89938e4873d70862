"""The viewer reviewed as a spectator, a player and a disputing table would use it: a
player who watched their match end live is offered to confirm its standings; a step
tapped in the standings or the list of steps on a phone is shown where the reader is
looking, and Back returns to where they were; Mr. President's board says which tally
decides the game it draws."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.records import fixtures
from tests.support.browser import WAIT_MS, expect, frames_of, open_at

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def fixture_file(name: str) -> fixtures.EventFile:
    return fixtures.read(next(p for p in fixtures.fixture_files() if f"{p.parent.name}/{p.stem}" == name))


def test_a_player_who_watched_the_match_end_live_is_offered_to_confirm_it(page: Any, served: Any) -> None:
    # The player's link from /new (?as=Al#token=…), open while the last action is recorded: the
    # standings turn final on the page, and so must the confirmations beside them (a player
    # confirms the final standings with their seat token), without a reload.
    recorded = fixture_file("bid/three-player")
    match = served.create(msgspec.to_builtins(recorded.setup))
    served.record(match, recorded.events[:-1])
    page.goto(f"{served.url}/view/{match['match_id']}?as=Al#token={match['seat_tokens']['Al']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    expect(page.locator("#claims")).to_be_hidden()  # nothing to confirm while it runs
    served.record(match, recorded.events[-1:])
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    expect(page.locator("#confirmed")).to_have_text("confirmed by 0 of 3")
    button = page.get_by_role("button", name="Confirm these standings (as Al)")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator("#confirmed")).to_have_text("confirmed by 1 of 3 (Al)")


def test_a_step_tapped_in_the_standings_on_a_phone_is_shown_and_back_returns_to_the_end(browser: Any, served: Any) -> None:
    # On a phone the standings lie far below the board: a tap on "decided at step 152" must bring
    # the board of that step into view (else only the standings being read change), and Back
    # return to the final standings the reader left, not out of the replay.
    created = served.matches["president/classic-four-full"]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(f"{served.url}/")
        page.goto(f"{served.url}/view/{created.match_id}?step=323")
        expect(page.locator("#standings-title")).to_have_text("Final standings")
        page.locator('#standings a[data-step="152"]').first.click()
        expect(page.locator("#caption .step-no")).to_have_text("Step 152")
        expect(page.locator("#caption")).to_be_in_viewport()
        expect(page.locator("#standings-title")).to_have_text("Standings after step 152")
        page.go_back()
        expect(page).to_have_url(re.compile(rf"/view/{created.match_id}\?step=323$"))
        expect(page.locator("#caption .step-no")).to_have_text("Step 323")
        expect(page.locator("#standings-title")).to_have_text("Final standings")
        page.go_forward()
        expect(page.locator("#caption .step-no")).to_have_text("Step 152")
    finally:
        context.close()


def test_mr_president_s_board_leads_with_the_tally_the_game_is_played_for(page: Any, served: Any) -> None:
    # mr-president.md § OBJECT OF THE GAME: "When playing for *popular votes*, each party attempts to
    # win a majority of the total votes cast. When playing for *electoral votes*, each party attempts
    # to win a majority (270 or more) of the 538 electoral votes." § TALLY BOARD: "Additional Votes
    # section (*used only for popular vote tally*)".
    popular = served.matches["mrpresident/two-player-popular"].match_id
    last = frames_of(served, popular)[-1]
    tally = last["view"]["tally"]["popular"]
    open_at(page, served, popular, last["step"])
    totals = page.locator(".mrp-totals")
    expect(totals).to_have_attribute("data-decided-by", "popular")
    expect(totals).not_to_contain_text("270 to win")
    for party, plural in (("Republican", "Republicans"), ("Democratic", "Democrats")):
        expect(totals.locator(f'.total[data-party="{party}"]')).to_contain_text(f"{plural} {tally['totals'][party]} popular")
    for region in tally["regions"]:
        to = region["additional_to"]
        words = "divided" if to == "divided" else f"to the {'Republicans' if to == 'Republican' else 'Democrats'}"
        expect(page.locator(f'.mrp-region[data-region="{region["region"]}"] .additional')).to_contain_text(f"additional {words}")

    electoral = served.matches["mrpresident/four-player-electoral"].match_id
    last = frames_of(served, electoral)[-1]
    open_at(page, served, electoral, last["step"])
    expect(page.locator(".mrp-totals")).to_have_attribute("data-decided-by", "electoral")
    expect(page.locator(".mrp-totals")).to_contain_text(f"{last['view']['tally']['electoral']['majority']} to win")
    expect(page.locator(".mrp-region")).to_have_count(len(last["view"]["board"]["regions"]))
    expect(page.locator(".mrp-region header", has_text="additional")).to_have_count(0)


@pytest.mark.parametrize(
    ("fixture", "unit", "heading"),
    [
        # mr-president.md § OBJECT OF THE GAME: "each party attempts to win a majority (270 or more) of the
        # 538 electoral votes"; the running mates of a party are elected together, not tied.
        ("mrpresident/four-player-electoral", "electoral votes", "Electoral votes"),
        # presidential-bid.txt: "Be the player with the most votes at the end of the game".
        ("bid/three-player", "votes", "Votes"),
    ],
)
def test_the_result_of_a_game_won_on_votes_says_votes_and_running_mates_win_together(page: Any, served: Any, fixture: str, unit: str, heading: str) -> None:
    match_id = served.matches[fixture].match_id
    with served.api() as client:
        final = client.get(f"/matches/{match_id}/standings").json()
    first = [placing for placing in final["placings"] if placing["place"] == 1]
    winners = " and ".join(placing["player"] for placing in first)
    verb = "wins" if len(first) == 1 else "win"
    open_at(page, served, match_id, len(frames_of(served, match_id)))
    expect(page.locator("#result .headline")).to_have_text(f"Match over: {winners} {verb} with {first[0]['score']} {unit}")
    expect(page.locator("#result")).not_to_contain_text("tie")
    expect(page.locator("#standings th")).to_have_text(["Place", "Player", heading, "How"])


def test_a_sealed_bid_seen_by_its_reader_is_on_the_table_not_also_in_the_hand(page: Any, served: Any) -> None:
    # presidential-bid.txt: "Each player chooses a card from their hand and shows it"; a sealed bid
    # (docs/house-rules.md) is that card laid face down: it has left the hand. The player (here the
    # finished match read as everyone) saw it drawn twice, as the bid and still in the hand.
    match_id = served.matches["bid/sealed-all-cards"].match_id
    frames = frames_of(served, match_id)
    frame = next(f for f in frames if f["type"] == "BidCommitted")
    seat = next(s for s in frame["view"]["players"] if s["bid"] not in (None, "committed"))
    open_at(page, served, match_id, frame["step"])
    drawn = page.locator(f'.bid-seat[data-player="{seat["player"]}"]')
    expect(drawn.locator(f'.bid-line .card[title="{seat["bid"]}"]')).to_have_count(1)
    expect(drawn.locator(f'.hand .card[title="{seat["bid"]}"]')).to_have_count(0)
    expect(drawn.locator(".hand .card")).to_have_count(len(seat["hand"]) - 1)


def test_a_claim_made_at_the_table_is_checked_against_the_record_and_links_its_step(page: Any, served: Any) -> None:
    # "Al scored 3": README § A claimed result can be checked against the standings. president-classic.md
    # § Play Game scores it: "The winner, and president for the next game, gets 2 points, and the
    # runner-up, or vice-president, gets 1 point. The scum, or beggar, loses 2 points, and the
    # second-to-last player, the worker, loses 1 point."
    match_id = served.matches["president/classic-four-full"].match_id
    with served.api() as client:
        al = next(p for p in client.get(f"/matches/{match_id}/standings").json()["placings"] if p["player"] == "Al")
    claimed = al["score"] + 1
    open_at(page, served, match_id, 2)
    form = page.get_by_role("form", name="Check a claim")
    form.get_by_label("Player").select_option("Al")
    form.get_by_label("Score claimed").fill(str(claimed))
    form.get_by_role("button", name="Check").click()
    verdict = form.locator(".claim-verdict")
    expect(verdict).to_contain_text(f"The record gives Al score {al['score']}, not {claimed}: {al['reason']}")
    verdict.get_by_role("link", name=f"see step {al['steps'][-1]}").click()
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {al['steps'][-1]}")
    form.get_by_label("Score claimed").fill(str(al["score"]))
    form.get_by_role("button", name="Check").click()
    expect(verdict).to_have_text("The record agrees.")
    expect(form.get_by_role("button", name="Dispute the record")).to_be_hidden()  # a spectator cannot raise one


def test_space_on_the_claim_form_s_button_checks_the_claim_rather_than_playing_the_replay(page: Any, served: Any) -> None:
    match_id = served.matches["bid/three-player"].match_id
    open_at(page, served, match_id, 2)
    form = page.get_by_role("form", name="Check a claim")
    form.get_by_label("Place claimed").fill("1")
    form.get_by_role("button", name="Check").focus()
    page.keyboard.press(" ")
    expect(form.locator(".claim-verdict")).to_contain_text("The record")
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#caption .step-no")).to_have_text("Step 2")


def test_the_index_counts_a_new_match_s_one_step_in_the_singular(page: Any, served: Any) -> None:
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty"], "title": "Just created"})
    page.goto(f"{served.url}/")
    row = page.locator("#matches tr", has=page.locator(f'a[href="/view/{match["match_id"]}"]'))
    expect(row.locator(".steps")).to_have_text("1 step")


def test_a_state_tapped_on_a_phone_says_how_it_was_carried(browser: Any, served: Any) -> None:
    # mr-president.md § ELECTION TALLY, Electoral Vote: "One party will have the built-in edge in the
    # state (see Built-in Edge column of Tally Board). The party having the edge adds it to the announced
    # total." A state nobody campaigned in is carried on its edge alone; the why was only in a title,
    # which a phone never shows.
    match_id = served.matches["mrpresident/four-player-electoral"].match_id
    last = frames_of(served, match_id)[-1]
    tallied = last["view"]["tally"]["electoral"]["states"]
    state = next(s for s in tallied if not any(s["ballot_votes"].values()))  # carried on the edge alone
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        open_at(page, served, match_id, last["step"])
        page.locator(f'.mrp-state[data-state="{state["state"]}"]').tap()
        region = page.locator(f'.mrp-region[data-region="{state["region"]}"]')
        explained = region.locator(".mrp-explained")
        expect(explained).to_be_visible()
        expect(explained).to_contain_text(state["reason"])
        expect(explained).to_be_in_viewport()
    finally:
        context.close()


def test_a_player_refused_every_hand_gets_their_own_hand_back_by_choosing_it(page: Any, served: Any) -> None:
    # A player's seat token shows their own hand; asking for every hand needs the write token (README §
    # read the match back). The refusal dropped the page to a spectator's view and kept it there for
    # every perspective chosen afterwards, the player's own included, with "Token ✗" on a good token.
    from tests.support.browser import running_match

    match, dealt = running_match(served)
    token = match["seat_tokens"]["Betty"]
    page.goto(f"{served.url}/view/{match['match_id']}#token={token}")
    own = page.locator('.pres-seat[data-player="Betty"] .hand .card:not(.back)')
    expect(own).to_have_count(len(dealt["hands"]["Betty"]))
    page.select_option("#as", "everyone")
    expect(page.locator("#notice")).to_contain_text("write token")
    expect(own).to_have_count(0)
    page.select_option("#as", "")
    expect(own).to_have_count(len(dealt["hands"]["Betty"]))
    expect(page.locator("#perspective")).to_have_text("Showing Betty’s hand")
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#token")).to_have_text("Token ✓")


def test_a_step_voided_while_watched_is_marked_as_voided_where_it_is_listed_and_shown(page: Any, served: Any) -> None:
    # README § A recording mistake is corrected, never erased: "the replay shows the mistake and its
    # correction". A table stepping back to the mistake read it as if it had happened.
    from tests.support.browser import play_one, running_match

    match, _ = running_match(served)
    play_one(served, match)  # step 3
    page.goto(f"{served.url}/view/{match['match_id']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    expect(page.locator("#caption .step-no")).to_have_text("Step 3")
    served.record(match, [{"type": "EventVoided", "step": 3, "reason": "not that card"}])
    expect(page.locator("#caption .step-no")).to_have_text("Step 4")
    mistake = page.locator('#events li[data-step="3"]')
    expect(mistake).to_have_attribute("data-corrected-by", "4")
    expect(mistake.locator(".corrected-note")).to_have_text(" (voided at step 4)")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#caption .step-no")).to_have_text("Step 3")
    note = page.locator("#caption .corrected-note")
    expect(note).to_have_text("(voided at step 4)")
    note.click()
    expect(page.locator("#caption .step-no")).to_have_text("Step 4")
    # Read again from the start (a reload), the mark is there too.
    page.goto(f"{served.url}/view/{match['match_id']}?step=3")
    expect(page.locator("#caption .corrected-note")).to_have_text("(voided at step 4)")
    expect(page.locator('#events li[data-step="3"]')).to_have_attribute("data-corrected-by", "4")


def test_a_party_s_absentee_ballots_read_as_cast_once_cast(page: Any, served: Any) -> None:
    # mr-president.md § ABSENTEE BALLOTS: the ballots are dealt to the parties, then cast; "they do not,
    # however, announce the casting of these Ballots to their opponents". The board kept saying
    # "absentee due: 19" for a party that had cast its 19, through the tally.
    match_id = served.matches["mrpresident/four-player-electoral"].match_id
    frame = next(f for f in frames_of(served, match_id) if f["type"] == "AbsenteeBallotsCast")
    cast_by = "Republican" if frame["description"].startswith("The Republicans cast") else "Democratic"
    other = "Democratic" if cast_by == "Republican" else "Republican"
    due = {party: frame["view"]["parties"][party]["absentee_ballots_due"] for party in (cast_by, other)}
    assert str(due[cast_by]) in frame["description"]  # "The Republicans cast 19 Absentee Ballots"
    page.goto(f"{served.url}/view/{match_id}?step={frame['step']}&as=spectator")
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {frame['step']}")
    expect(page.locator(f'.mrp-party[data-party="{cast_by}"] header')).to_contain_text(f"{due[cast_by]} absentee cast")
    expect(page.locator(f'.mrp-party[data-party="{other}"] header')).to_contain_text(f"absentee due: {due[other]}")


def test_a_long_list_of_deciding_steps_shows_the_latest_and_folds_the_rest(browser: Any, served: Any) -> None:
    # Mid-campaign, each Mr. President player's placing lists every step a Ballot of the party went in:
    # some thirty links a player on a phone's standings. The latest four stay; the others fold away.
    match_id = served.matches["mrpresident/four-player-electoral"].match_id
    last = frames_of(served, match_id)[-1]["step"]
    step = last - 6  # before the tally
    with served.api() as client:
        placing = max(client.get(f"/matches/{match_id}/standings", params={"step": step}).json()["placings"], key=lambda p: len(p["steps"]))
    assert len(placing["steps"]) > 5
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        open_at(page, served, match_id, step)
        row = page.locator(f'#standings tr[data-player="{placing["player"]}"]')
        expect(row.locator("a[data-step]:visible")).to_have_count(4)
        expect(row.locator(f'a[data-step="{placing["steps"][-1]}"]')).to_be_visible()
        folded = row.locator("details.earlier-steps")
        folded.locator("summary").click()
        expect(row.locator("a[data-step]:visible")).to_have_count(len(placing["steps"]))
        row.locator(f'a[data-step="{placing["steps"][0]}"]').click()
        expect(page.locator("#caption .step-no")).to_have_text(f"Step {placing['steps'][0]}")
    finally:
        context.close()
