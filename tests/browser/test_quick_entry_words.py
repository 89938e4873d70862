"""Quick entry on the recording page (390×844) in headless Chromium: a typed line the
rules refuse is shown with the rules' own words and the rule they cite; only a line that
does not parse is "Not understood", its token quoted once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect
from tests.support.api import classic_deal

pytestmark = pytest.mark.browser


def test_a_counted_play_the_rules_refuse_quotes_the_rule_and_a_bad_token_is_quoted_once(served: Any, phone: Any) -> None:
    """Given Dana's deal (Al leads; Betty holds KC and KS), `b 2xK` was shown as “Not
    understood at “2xK”: '2xK': Betty cannot play 2 × K now”: understood, the token
    quoted twice, no rule. Now it is Betty's play, refused with the rule's sentence."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    served.record(match, [classic_deal()])
    phone.goto(f"{served.url}/record/{match['match_id']}#token={match['write_token']}")
    expect(phone.locator("#actions")).to_have_attribute("data-settled", "true")
    line, preview = phone.locator("#quick-line"), phone.locator("#quick-preview")

    line.fill("b 2xK")
    expect(preview).to_have_attribute("data-state", "refused")
    expect(preview).to_contain_text("Betty plays KC KS: not allowed.")
    expect(preview).not_to_contain_text("Not understood")
    expect(preview.locator("q.quick-rule")).not_to_be_empty()
    expect(preview.locator("cite")).not_to_be_empty()

    line.fill("zed 9c")
    expect(preview).to_have_attribute("data-state", "error")
    expect(preview).to_contain_text("Not understood: “zed” is not a player")
    assert preview.inner_text().count("zed") == 1
