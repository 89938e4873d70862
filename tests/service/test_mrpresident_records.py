"""Mr. President's advanced game through the API: a Candidate picked before every
player's cards are laid out is refused (422) quoting the sentence that orders it."""

from __future__ import annotations

from litestar.testing import TestClient

from domain.mrpresident import events as mr
from tests.support.mrpresident import FOUR
from tests.support.mrpresident_advanced import NOMINATION
from tests.support.scripted import mr_match, ok, refused


def test_a_candidate_picked_before_every_card_is_laid_out_is_refused_quoting_the_text(client: TestClient) -> None:
    """mr-president.md § NOMINATION: “Each player receives five of his party's cards and places them face up ...
    Players may study their opponents' cards ... Each player then picks up his five cards”."""
    match = mr_match(client, FOUR, mode="electoral", preset="advanced", setup=NOMINATION[:3])
    body = refused(client, match, mr.CandidatePicked(player="Al", card="Harlan Whitcomb"), "mrpresident.nomination.pick")
    assert body["rule"]["quote"].startswith("Each player then picks up his five cards")
    assert "Betty, Dot not yet" in body["error"]
    ok(client, match, NOMINATION[3], NOMINATION[4], NOMINATION[5])
