"""The daifugo preset's new plays (docs/daifugo.md § The rules): five of a kind, a Joker past
either end of a sequence, a pass by the player who leads, each beside the revolution, the 8-cut, the suit
lock and the 3 of spades. Given/when/then rows as tests/domain/president/test_rules_daifugo.py writes them."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from tests.domain.harness import OK, accepted, cases, params, verify

D = "president.daifugo."
FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]
# Al holds all four 8s and the Joker (a five of 8s); Betty the 3 of spades; Carl a club run from the 3.
EIGHTS = {
    "Al": "3D 4H 5H 6H 7H 8C 8D 8H 8S 9C JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "3C 4C 4D 5D 6D 7D 9D JC JD JH QH",
    "Dana": "3H 4S 5S 6S 7S 9H 9S 10S JS QS",
    "Eve": "7C AC AD AS 2C 2D 2H 2S KH KS",
}
FIVE_EIGHTS = "Al plays 8C 8D 8H 8S JK1 as 8"
ROWS = [
    ("eight-cut: a five of 8s (the Joker as a fifth 8) ends the trick: the same player leads", [FIVE_EIGHTS], "Al plays 3D", OK),
    ("eight-cut: and nobody else plays on it", [FIVE_EIGHTS], "Betty plays 10C", D + "lead"),
    ("revolution: a five of 8s reverses the ranks as well", [], FIVE_EIGHTS, accepted(reversed=True, turn="Al")),
    ("shut-out: the leader after an 8-cut may pass: the next player leads", ["Al plays 6H 7H 8H"], "Al passes", accepted(turn="Betty")),
    ("joker-alone: the 3 of spades beats a lone Joker led", ["Al plays JK1"], "Betty plays 3S", OK),
    ("diamond-lead: every player passed on the empty table: the holder of the 3 of diamonds leads again",
     [f"{p} passes" for p in FIVE], "Al plays 3D", OK),
]


def dealt(kit):
    return kit.play(kit.new_match(FIVE, preset="daifugo"), [kit.deal("Eve", EIGHTS)])


@pytest.mark.parametrize("case", params(cases(ROWS, "name given when then")))
def test_daifugo_new_plays_beside_the_old_rules(kit, case):
    verify(SYSTEM, lambda: kit.play(dealt(kit), case.given), kit.action(case.when), case.then)
