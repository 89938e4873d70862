"""A site a table can walk, in people's words, at a phone's size (390 px) and a desk's:
/new speaks as players do (President classic first, house rules folded and worded, the
API's bounds), every page carries the site's header, the index says what each match is
and how it ended, a finished match opens on its end, the end banner and the disputes
say things once in the record's words, and /leaderboards fits a phone and draws every
player's line."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.support.browser import expect

pytestmark = pytest.mark.browser

SIZES = ["phone", "page"]  # conftest.py: 390×844 touch, 1280×900


@pytest.fixture(params=SIZES)
def tab(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


def sideways(tab: Any) -> int:
    return tab.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def open_new(tab: Any, served: Any) -> None:
    tab.goto(f"{served.url}/new")
    expect(tab.locator("body[data-ready=true]")).to_have_count(1)


# --- /new ------------------------------------------------------------------------------------


def test_new_starts_from_president_classic_said_in_a_sentence(tab: Any, served: Any) -> None:
    open_new(tab, served)
    expect(tab.locator("#system")).to_have_value("president")
    expect(tab.locator("#preset")).to_have_value("classic")
    expect(tab.locator("#preset-sentence")).to_have_text("Classic President, 4–7 players, the scum gives the president their two best cards")
    expect(tab.locator("#modes legend")).to_have_text("Will you record every hand, or only what is played face up?")
    # An answer in words, not the mode's code.
    expect(tab.locator("#modes .mode-text").first).not_to_contain_text("full")


def test_the_house_rules_are_folded_and_counted(tab: Any, served: Any) -> None:
    open_new(tab, served)
    rules = tab.locator("#house-rules")
    expect(rules).not_to_have_attribute("open", "")
    expect(rules.locator("> summary")).to_have_text("House rules (0 changed)")
    # Folded, the page is a few screens, not forty (it was about 10,000 px on a phone).
    assert tab.evaluate("() => document.documentElement.scrollHeight") < 3000
    rules.locator("> summary").click()
    expect(tab.locator(".option-group h3").first).to_be_visible()
    assert tab.locator(".option-group").count() >= 5
    tab.locator('.option[data-field="revolution"] input[role=switch]').click()
    expect(rules.locator("> summary")).to_have_text("House rules (1 changed)")
    expect(tab.locator('.option[data-field="revolution"] .value-words')).to_have_text("yes")
    assert sideways(tab) <= 0


def test_every_option_is_in_words_never_code(tab: Any, served: Any) -> None:
    for system in ("president", "bid", "mrpresident"):
        tab.goto(f"{served.url}/new?system={system}")
        expect(tab.locator("body[data-ready=true]")).to_have_count(1)
        tab.locator("#house-rules > summary").click()
        fields = tab.locator("#options .option").evaluate_all("rows => rows.map(row => row.dataset.field)")
        names = tab.locator("#options .option .name").all_inner_texts()
        assert len(names) == len(fields) > 0
        for field, name in zip(fields, names):
            assert "_" not in name and name.lower() != field.replace("_", " "), (field, name)
        shown = tab.locator("#options").inner_text()
        for code in ("(False)", "(True)", '"same"', "_player_", "`", "true lets", "false has", '"at_least"', '"left_of_dealer"'):
            assert code not in shown, (system, code)
        # A choice is said in words: no option of a list is a bare code with an underscore.
        choices = tab.locator("#options select option").all_inner_texts()
        assert not [choice for choice in choices if "_" in choice]
        assert sideways(tab) <= 0


def test_the_title_and_names_stop_where_the_api_does(tab: Any, served: Any) -> None:
    open_new(tab, served)
    expect(tab.locator("#title")).to_have_attribute("maxlength", "200")
    expect(tab.locator("#players .player-name").first).to_have_attribute("maxlength", "40")
    tab.locator("#house-rules > summary").click()
    blind = tab.locator('.option[data-field="blind_hand"] input')
    expect(blind).to_have_attribute("min", "1")
    expect(blind).to_have_attribute("max", "224")


# --- the header --------------------------------------------------------------------------------


def test_every_page_has_the_site_header(tab: Any, served: Any) -> None:
    match = served.matches["president/classic-four-full"]
    pages = ["/", "/new", "/leaderboards", "/guide/president", "/schema", f"/view/{match.match_id}", f"/record/{match.match_id}#token={match.write_token}"]
    for path in pages:
        tab.goto(served.url + path)
        nav = tab.locator("nav.site-nav")
        expect(nav).to_have_count(1)
        for href in ("/", "/new", "/leaderboards", "/schema"):
            expect(nav.locator(f'a[href="{href}"]')).to_have_count(1)
        nav.locator("summary", has_text="Guides").click()
        expect(nav.locator('a[href="/guide/president"]')).to_be_visible()
        assert sideways(tab) <= 0, path
        if tab.viewport_size["width"] <= 400:
            assert nav.bounding_box()["height"] < 60, "one line of links on a phone"


# --- the index -----------------------------------------------------------------------------------


def test_the_index_says_each_matchs_game_preset_mode_state_and_result(tab: Any, served: Any) -> None:
    tab.goto(served.url + "/")
    expect(tab.locator("body[data-ready=true]")).to_have_count(1)
    daifugo = tab.locator(f'tr[data-match="{served.matches["president/daifugo-uecda"].match_id}"]')
    expect(daifugo.locator(".game")).to_contain_text("Daifugō")
    classic = tab.locator(f'tr[data-match="{served.matches["president/classic-four-full"].match_id}"]')
    expect(classic.locator(".game")).to_contain_text("Classic President")
    expect(classic.locator(".game")).to_contain_text("Every hand")
    expect(classic.locator(".state")).to_contain_text("finished")
    with served.api() as client:
        standings = client.get(f"/matches/{served.matches['president/classic-four-full'].match_id}/standings").json()
    first = [p["player"] for p in standings["placings"] if p["place"] == 1]
    expect(classic.locator(".match-result")).to_have_text(f"{first[0]} won" if len(first) == 1 else f"{' and '.join(first)} share first place")
    assert sideways(tab) <= 0


# --- the viewer ----------------------------------------------------------------------------------


def test_a_finished_match_opens_on_its_last_step_and_result(tab: Any, served: Any) -> None:
    match = served.matches["president/classic-four-full"]
    with served.api() as client:
        version = client.get(f"/matches/{match.match_id}").json()["version"]
    tab.goto(f"{served.url}/view/{match.match_id}")
    expect(tab.locator("#position")).to_have_text(re.compile(rf"^\s*{version}\s*/\s*{version}"))
    expect(tab.locator("#standings-title")).to_have_text("Final standings")
    result = tab.locator("#result")
    expect(result).to_be_visible()
    # A score below zero as the standings write it: a true minus, never "(-2)".
    expect(result).to_contain_text("−")
    assert not re.search(r"\(-\d", result.inner_text())
    scores = tab.locator("#standings td.score").all_inner_texts()
    assert all(not score.startswith("-") for score in scores)


# --- the leaderboards ----------------------------------------------------------------------------


def test_the_leaderboard_fits_a_phone_and_says_its_rating_in_words(tab: Any, served: Any) -> None:
    tab.goto(f"{served.url}/leaderboards")
    expect(tab.locator(".lb-table tbody tr").first).to_be_visible()
    assert sideways(tab) <= 0
    explained = tab.locator(".lb-model").inner_text()
    assert "sigma" not in explained and "mu" not in explained.split() and "rises" in explained
    headings = tab.locator(".lb-table th").all_inner_texts()
    assert "μ" not in headings and "σ" not in headings
    assert not re.search(r"\b\d+×\d+\b", tab.locator(".lb-table").inner_text()), "places in words, not 1×1"


def test_players_with_the_same_rating_draw_distinguishable_lines(tab: Any, served: Any) -> None:
    same = [{"match_id": "m_1", "ended_at": 1.0, "rating": 2.5}, {"match_id": "m_2", "ended_at": 2.0, "rating": 3.5}]
    player = lambda name, place: {"player": name, "rating": 3.5, "mu": 25.0, "sigma": 7.0, "played": 2, "places": {str(place): 2}, "points": 0}  # noqa: E731
    board = {
        "system": "president", "preset": "classic", "model": "openskill PlackettLuce, rating = mu - 3 sigma",
        "players": [player("Al", 1), player("Betty", 1), player("Carl", 3)],
        "history": {"Al": same, "Betty": same, "Carl": [{"match_id": "m_1", "ended_at": 1.0, "rating": 1.0}, {"match_id": "m_2", "ended_at": 2.0, "rating": 0.5}]},
    }
    listing = {"leaderboards": [{"system": "president", "preset": "classic", "matches": 2}]}
    def answer(body: Any) -> Any:
        # The page's own requests for the boards; the page itself is served as it is.
        def handle(route: Any) -> None:
            if route.request.resource_type in ("fetch", "xhr"):
                route.fulfill(status=200, content_type="application/json", body=json.dumps(body))
            else:
                route.continue_()

        return handle

    tab.route(re.compile(r".*/leaderboards/president/classic$"), answer(board))
    tab.route(re.compile(r".*/leaderboards$"), answer(listing))
    tab.goto(f"{served.url}/leaderboards")
    lines = tab.locator("svg.lb-chart polyline")
    expect(lines).to_have_count(3)
    drawn = lines.evaluate_all("ls => ls.map(l => [l.getAttribute('points'), l.getAttribute('stroke-dasharray') || '', l.getAttribute('stroke')])")
    assert len({points for points, _, _ in drawn}) == 3, "two lines of the same ratings are drawn apart"
    assert len({(dash, stroke) for _, dash, stroke in drawn}) == 3
    legend = tab.locator(".lb-legend li")
    expect(legend).to_have_count(3)
    expect(legend.nth(1)).to_have_text("Betty")
    expect(tab.locator(".lb-table tbody tr").first.locator(".places")).to_have_text("1st twice")
    assert sideways(tab) <= 0
