"""What each perspective sees (DESIGN.md § Principles: hidden data never reaches a perspective not
entitled to it), and events told in a player's words."""

from __future__ import annotations

import json

import msgspec
import pytest

from domain.president import SYSTEM
from domain.protocol import EVERYONE, SPECTATOR, Perspective

EXCHANGED = ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"]


def test_spectator_sees_counts_trick_roles_points_turn_and_order(kit):
    state = kit.play(kit.small_game_two(), [*EXCHANGED, "Al plays 5C"])
    seen = SYSTEM.view(state, SPECTATOR)
    assert seen["hands"]["Al"] == {"count": 2}
    assert all("cards" not in hand for hand in seen["hands"].values())
    assert seen["trick"] == [{"player": "Al", "cards": ["5C"], "step": state.step}]
    assert seen["turn"] == "Carl"
    assert seen["roles"] == {"Al": "president", "Carl": "vice-president", "Betty": "worker", "Dana": "scum"}
    assert seen["points"] == {"Al": 2, "Carl": 1, "Betty": -1, "Dana": -2}
    assert seen["phase"] == "playing" and seen["game"] == 2
    assert all(done["cards"] == [] for done in seen["exchanges"])
    assert [done["unknown"] for done in seen["exchanges"]] == [2, 2, 1, 1]
    json.dumps(seen)


def test_a_seat_sees_its_own_cards_and_its_own_exchanges(kit):
    state = kit.play(kit.small_game_two(), EXCHANGED)
    seen = SYSTEM.view(state, Perspective("seat", "Dana"))
    assert sorted(seen["hands"]["Dana"]["cards"]) == ["3C", "4C", "7D"]
    assert "cards" not in seen["hands"]["Al"]
    shown = {(d["giver"], d["receiver"]): d["cards"] for d in seen["exchanges"]}
    assert shown[("Dana", "Al")] == ["8C", "8D"] and shown[("Betty", "Carl")] == []


def test_everyone_sees_all_recorded_hands(kit):
    state = kit.small_game_two()
    seen = SYSTEM.view(state, EVERYONE)
    assert {p: sorted(h["cards"]) for p, h in seen["hands"].items()} == {
        p: sorted(cards.split()) for p, cards in kit.SMALL_GAME_TWO.items()
    }


def test_public_record_shows_what_the_table_saw(kit):
    state = kit.play(kit.small_game_two(mode="public"), ["Dana gives Al 8C 8D"])
    seen = SYSTEM.view(state, SPECTATOR)
    assert seen["hands"]["Al"] == {"count": 5, "cards": ["8C", "8D"], "unknown": 3}


@pytest.mark.parametrize(
    "perspective, hands",
    [(SPECTATOR, set()), (Perspective("seat", "Carl"), {"Carl"}), (EVERYONE, {"Al", "Betty", "Carl", "Dana"})],
    ids=["spectator", "seat", "everyone"],
)
def test_redacted_deal(kit, perspective, hands):
    state = kit.small_match()
    dealt = kit.deal("Dana", kit.SMALL_GAME_TWO)
    shown = SYSTEM.redact(state, dealt, perspective)
    assert shown["sizes"] == {"Al": 3, "Carl": 3, "Betty": 3, "Dana": 3}
    assert set(shown["hands"]) == hands
    assert "8C" not in json.dumps(shown) or perspective.kind != "spectator"


def test_redacted_exchange_is_a_count_for_others(kit):
    state = kit.small_game_two()
    gift = kit.action("Dana gives Al 8C 8D")
    assert SYSTEM.redact(state, gift, SPECTATOR) == {"type": "CardsExchanged", "giver": "Dana", "receiver": "Al", "cards": [], "unknown": 2}
    assert SYSTEM.redact(state, gift, Perspective("seat", "Betty"))["cards"] == []
    assert SYSTEM.redact(state, gift, Perspective("seat", "Al"))["cards"] == ["8C", "8D"]
    assert SYSTEM.redact(state, gift, EVERYONE) == msgspec.json.decode(msgspec.json.encode(gift))


@pytest.mark.parametrize(
    "given, when, said",
    [
        ([], "deal", "Dana deals 12 cards to 4 players"),
        (["deal"], "Dana gives Al 8C 8D", "Dana (scum) gives Al (president) 8♣ 8♦"),
        (["deal", *EXCHANGED], "Al plays 5C", "Al plays a 5"),
        (["deal", *EXCHANGED, "Al plays 5C"], "Carl passes", "Carl passes"),
        (["deal", *EXCHANGED, "Al plays 5C", "Carl passes", "Betty passes"], "Dana passes", "Dana passes; Al leads the next round"),
        (["deal", *EXCHANGED, "Al plays 5C", "Carl passes", "Betty passes", "Dana passes"], "Al plays 8C 8D", "Al plays two 8s and goes out"),
    ],
)
def test_describe(kit, given, when, said):
    """As the recorder (everyone) words them."""
    deal = kit.deal("Dana", kit.SMALL_GAME_TWO)
    state = kit.play(kit.small_match(), [deal if line == "deal" else line for line in given])
    event = deal if when == "deal" else kit.action(when)
    assert SYSTEM.describe(state, event, perspective=EVERYONE) == said


@pytest.mark.parametrize(
    "perspective, said",
    [
        (SPECTATOR, "Dana (scum) gives Al (president) two cards"),
        (Perspective("seat", "Betty"), "Dana (scum) gives Al (president) two cards"),
        (Perspective("seat", "Dana"), "Dana (scum) gives Al (president) 8♣ 8♦"),
        (Perspective("seat", "Al"), "Dana (scum) gives Al (president) 8♣ 8♦"),
        (EVERYONE, "Dana (scum) gives Al (president) 8♣ 8♦"),
    ],
    ids=["spectator", "another seat", "giver", "receiver", "everyone"],
)
def test_a_full_mode_exchange_is_worded_as_the_perspective_may_know_it(kit, perspective, said):
    """Given a full-mode match after the deal, when Dana gives Al 8♣ 8♦, then the words name the cards only to
    whom `redact` shows them: hidden cards never leak through words."""
    state = kit.small_game_two()
    gift = kit.action("Dana gives Al 8C 8D")
    assert SYSTEM.describe(state, gift, perspective=perspective) == said
    assert SYSTEM.describe(state, gift) == SYSTEM.describe(state, gift, perspective=SPECTATOR)


@pytest.mark.parametrize(
    "mode, perspective, said",
    [
        ("full", SPECTATOR, "Bo takes the top card of the pile"),
        ("full", Perspective("seat", "Al"), "Bo takes the top card of the pile"),
        ("full", Perspective("seat", "Bo"), "Bo takes the top card of the pile (5♣)"),
        ("full", EVERYONE, "Bo takes the top card of the pile (5♣)"),
        ("public", SPECTATOR, "Bo takes the top card of the pile (5♣)"),
    ],
    ids=["full-spectator", "full-other-seat", "full-drawer", "full-everyone", "public-spectator"],
)
def test_a_blind_draw_names_its_card_only_to_whom_the_hand_is_shown(kit, mode, perspective, said):
    """friday § Blind President: “If a player runs out of cards in their hand during a round, they may take one
    card from the top of their pile”; in full mode the card joins a hidden hand, in public mode the table saw it."""
    state = kit.new_match(players=["Al", "Bo"], preset="friday", deck=kit.SMALL_DECK, blind=True, blind_hand=1, mode=mode)
    dealt = kit.deal("Al", {"Bo": "3C 5C 7C 8C 4D 6D", "Al": "4C 3D 5D 6C 7D 8D"}) if mode == "full" else kit.deal("Al", Bo=6, Al=6)
    state = kit.play(state, [dealt, "Bo plays 3C", "Al plays 4C"])
    draw = kit.action("Bo draws 5C")
    assert SYSTEM.describe(state, draw, perspective=perspective) == said
    assert ("card" in SYSTEM.redact(state, draw, perspective)) == said.endswith("(5♣)")


def test_a_blind_deal_shows_a_seat_its_hand_not_its_pile(kit):
    """friday § Blind President: “face-down piles that the players are not allowed to look at”."""
    state = kit.new_match(players=["Al", "Bo"], preset="friday", deck=kit.SMALL_DECK, blind=True, blind_hand=1)
    dealt = kit.deal("Al", {"Bo": "3C 5C 7C 8C 4D 6D", "Al": "4C 3D 5D 6C 7D 8D"})
    assert SYSTEM.redact(state, dealt, Perspective("seat", "Bo"))["hands"] == {"Bo": ["3C"]}
    assert SYSTEM.redact(state, dealt, EVERYONE)["hands"]["Bo"] == ["3C", "5C", "7C", "8C", "4D", "6D"]


def test_describe_public_exchange_and_the_end(kit):
    state = kit.small_game_two(mode="public")
    assert SYSTEM.describe(state, kit.action("Dana gives Al 2 unseen")) == "Dana (scum) gives Al (president) two cards"
    before_end = kit.small_match()
    assert SYSTEM.describe(before_end, kit.action("end")) == "The match ends after 1 game"


def test_describe_the_last_play_of_a_game(kit):
    start = kit.new_match(deck=kit.SMALL_DECK)
    state = kit.play(start, [kit.deal("Dana", kit.SMALL_GAME_ONE), *kit.SMALL_GAME_ONE_PLAY[:-1]])
    said = SYSTEM.describe(state, kit.action(kit.SMALL_GAME_ONE_PLAY[-1]))
    assert said == "Betty plays a 7 and goes out; the game is over, Dana is the scum"


def test_standings_explain_points_and_steps(kit):
    state = kit.small_match()
    standings = SYSTEM.standings(state)
    assert not standings.final
    assert [(p.player, p.place, p.score, p.reason) for p in standings.placings] == [
        ("Al", 1, 2, "+2 points over 1 game: game 1 president +2"),
        ("Carl", 2, 1, "+1 point over 1 game: game 1 vice-president +1"),
        ("Betty", 3, -1, "−1 point over 1 game: game 1 worker −1"),
        ("Dana", 4, -2, "−2 points over 1 game: game 1 scum −2"),
    ]
    assert all(p.title == "" for p in standings.placings)  # the last game's title read as the overall result
    assert standings.placings[0].steps == [state.games[0].end_step] == [16]
    assert standings.details["games"][0]["out_steps"] == {"Al": 7, "Carl": 12, "Betty": 16, "Dana": 16}
    assert SYSTEM.standings(kit.play(state, ["end"])).final


@pytest.mark.parametrize(
    "played, trick_leader, turn",
    [
        (0, "Al", "Al"),  # the game's first lead, on an empty pile
        (1, "Al", "Betty"),
        (4, "Al", "Al"),  # Al played 8C and everybody passed: Al leads the next round
        (5, "Al", "Betty"),
        (9, "Carl", "Carl"),  # Carl played last on the swept round: his lead on an empty pile
        (10, "Carl", "Dana"),
        (12, "Dana", "Dana"),  # Carl went out; Dana played last and leads again
        (13, "Dana", "Betty"),
    ],
)
def test_the_view_names_who_leads_the_trick_being_played(kit, played, trick_leader, turn):
    """classic § Play Game: “whoever played last on the previous round starts the new round of plays again”.
    Given game one of the small match, when `played` of its actions are recorded, then the view's
    `trick_leader` is the trick's first player (or, on an empty pile, whose lead it is), while `leader`
    stays the game's first leader (the page's LEADS badge must read `trick_leader`)."""
    start = kit.new_match(deck=kit.SMALL_DECK)
    state = kit.play(start, [kit.deal("Dana", kit.SMALL_GAME_ONE), *kit.SMALL_GAME_ONE_PLAY[:played]])
    seen = SYSTEM.view(state, SPECTATOR)
    assert (seen["trick_leader"], seen["turn"], seen["leader"]) == (trick_leader, turn, "Al")


def test_no_trick_leader_outside_play(kit):
    """Between games nobody leads a trick (classic § Play Game: the rounds of plays belong to a game)."""
    assert SYSTEM.view(kit.small_match(), SPECTATOR)["trick_leader"] is None


DAIFUGO_HANDS = {  # Eve deals; Al holds the 3 of diamonds and leads (as in test_rules_daifugo.py)
    "Al": "3C 3D 4C 4H 5H 6H 7H 9C 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "4D 5D 6D 7D 8D 9D JC JD JH QH KH",
    "Dana": "3H 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}


@pytest.mark.parametrize(
    "lines, kinds, joker_as, lock, reversed_",
    [
        (["Al plays 4H JK1 6H as 5H"], ["sequence"], ["5H"], None, False),
        (["Al plays 4H JK1 6H as 5H", "Betty passes", "Carl plays JH QH KH"], ["sequence", "sequence"], ["5H", None], ["H"], False),
        (["Al plays 4H", "Betty passes", "Carl plays JH"], ["group", "group"], [None, None], ["H"], False),
        (["Al plays 4H", "Betty plays 10C"], ["group", "group"], [None, None], None, False),
        (["Al plays 9C", "Betty plays AH", "Carl passes", "Dana passes", "Eve plays 2S", "Al plays JK1"], ["group", "group", "group", "joker"], [None] * 4, None, False),
        (["Al plays 9C 9H 9S JK1 as 9D"], ["group"], ["9D"], None, True),
    ],
    ids=["joker-in-sequence", "sequences-lock", "singles-lock", "two-suits-no-lock", "lone-joker", "revolution"],
)
def test_the_daifugo_view_names_each_play_s_shape_the_joker_s_card_and_the_lock(kit, lines, kinds, joker_as, lock, reversed_):
    """docs/daifugo.md § The rules: “A play is a group … or a sequence (3 or more consecutive ranks of one suit; the Joker
    may fill one rank …)”; “Suit lock: when a play has exactly the same suits as the play before it on the table (passes
    in between allowed), later plays of the trick must have those suits.”; “Revolution: … reverses the order of ranks”.
    Given the daifugo deal, when `lines` are recorded, then each play of the view's trick carries its kind and the
    card a Joker stands for, and the view carries the suits locked (absent when none) and `reversed`."""
    state = kit.play(kit.new_match(players=["Al", "Betty", "Carl", "Dana", "Eve"], preset="daifugo"), [kit.deal("Eve", DAIFUGO_HANDS), *lines])
    seen = SYSTEM.view(state, SPECTATOR)
    assert [play["kind"] for play in seen["trick"]] == kinds
    assert [play.get("joker_as") for play in seen["trick"]] == joker_as
    assert seen.get("lock") == lock
    assert seen["reversed"] is reversed_
    json.dumps(seen)


def test_a_classic_view_carries_no_shapes(kit):
    """classic has neither sequences nor a Joker standing for a card (docs/daifugo.md is the daifugo preset's), so its
    trick stays as it was: player, cards and step."""
    state = kit.play(kit.small_game_two(), [*EXCHANGED, "Al plays 5C"])
    seen = SYSTEM.view(state, SPECTATOR)
    assert seen["trick"] == [{"player": "Al", "cards": ["5C"], "step": state.step}] and "lock" not in seen


def test_an_eight_cut_is_said_in_words() -> None:
    """docs/daifugo.md § The rules: “8-cut: a play that contains an 8 … ends the trick at once, and the same
    player leads.” — the words of the play say so, as the viewer's caption reads them."""
    from pathlib import Path
    from typing import Union

    import msgspec

    from domain import find
    from domain.protocol import EVERYONE, MatchSetup

    recorded = msgspec.json.decode((Path(__file__).parents[3] / "fixtures/president/daifugo-uecda.json").read_bytes())
    system = find("president")
    state = system.initial(system.start(msgspec.convert(recorded["setup"], MatchSetup)))
    said = []
    for raw in recorded["events"]:
        event = msgspec.convert(raw, Union[system.action_types])  # noqa: UP007 - a runtime union
        after = system.evolve(state, event)
        said.append(system.describe(state, event, after, EVERYONE))
        state = after
    cuts = [line for line in said if "an 8-cut" in line]
    assert cuts and all(" plays " in line and ("leads the next round" in line or "goes out" in line) for line in cuts)
    assert not any("♦ ♦" in line or "♥ ♥" in line for line in said)  # a lock names each suit once
