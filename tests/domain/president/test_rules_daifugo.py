"""Given/when/then tables for the daifugo preset (docs/daifugo.md: the UECda standard rules), and
the same rules switched on as options of another preset.

Given: five players and the 53-card deal of HANDS (Eve deals; Al holds the 3 of diamonds and leads), and
the lines recorded after it; when: one more action; then: accepted, or refused citing the rule id."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from domain.president.events import CardsDealt
from domain.protocol import IllegalAction
from tests.domain.harness import OK, accepted, cases, params, verify

D = "president.daifugo."
FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]
HANDS = {
    "Al": "3C 3D 4C 4H 5H 6H 7H 9C 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "4D 5D 6D 7D 8D 9D JC JD JH QH KH",
    "Dana": "3H 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}
SEQUENCE = ["Al plays 4H 5H 6H", "Betty passes"]
CUT = [*SEQUENCE, "Carl plays 7D 8D 9D"]
JOKER_ON_TOP = ["Al plays 9C", "Betty plays AH", "Carl passes", "Dana passes", "Eve plays 2S", "Al plays JK1"]
ALL_PASS = ["Al plays 3C", "Betty passes", "Carl passes", "Dana passes", "Eve passes"]
SHUT_OUT = ["Al plays 3C", "Betty passes", "Carl plays 4D", "Dana plays 5S", "Eve plays 7C", "Al plays 9C"]
REVOLUTION = ["Al plays 9C 9H 9S JK1 as 9D", "Betty passes", "Carl passes", "Dana passes", "Eve passes", "Al passes"]

# (id naming the sentence, given lines, action, expected rule id or OK)
PLAY = [
    ("diamond-lead: the holder of the 3 of diamonds leads, without it", [], "Al plays 9C", OK),
    ("diamond-lead: nobody else leads", [], "Betty plays 5C", D + "diamond-lead"),
    ("play: a sequence of three ranks of one suit", [], "Al plays 4H 5H 6H", OK),
    ("play: a sequence of four", [], "Al plays 4H 5H 6H 7H", OK),
    ("play: not with a rank missing", [], "Al plays 4H 5H 7H", D + "play"),
    ("play: not of two suits", [], "Al plays 4C 5H 6H", D + "play"),
    ("play: not two cards", [], "Al plays 4H 5H", D + "play"),
    ("play: the Joker fills one rank", [], "Al plays 4H JK1 6H as 5H", OK),
    ("play: the Joker one past the end", [], "Al plays 5H 6H 7H JK1 as 8H", OK),
    ("play: the Joker with other cards names its card", [], "Al plays 9C JK1", D + "play"),
    ("play: the Joker stands for a card of the group's rank", [], "Al plays 9C JK1 as 9D", OK),
    ("play: not for another rank", [], "Al plays 9C JK1 as 10D", D + "play"),
    ("play: not for a card played beside it", [], "Al plays 9C JK1 as 9C", D + "play"),
    ("play: a lone Joker stands for nothing", [], "Al plays JK1 as 9D", D + "play"),
    ("play: a lone Joker", [], "Al plays JK1", OK),
    ("later-play: the same kind", SEQUENCE[:1], "Betty plays 10C 10D 10H", D + "later-play"),
    ("later-play: the same number of cards", SEQUENCE, "Carl plays 6D 7D 8D 9D", D + "later-play"),
    ("later-play: sequences compare end to end", SEQUENCE, "Carl plays 6D 7D 8D", D + "later-play"),
    ("later-play: a higher sequence", SEQUENCE, "Carl plays 7D 8D 9D", OK),
    ("later-play: a higher group", ["Al plays 3C 3D", "Betty plays 10C 10D"], "Carl plays JC JD", OK),
    ("later-play: an equal rank does not beat", ["Al plays 4C", "Betty passes"], "Carl plays 4D", D + "later-play"),
    ("eight-cut: a sequence through an 8: the same player leads", CUT, "Carl plays JC", OK),
    ("eight-cut: it ends the trick at once", CUT, "Dana plays 3H", D + "lead"),
    ("eight-cut: the Joker standing for an 8", ["Al plays 5H 6H 7H JK1 as 8H"], "Al plays 3C", OK),
    ("eight-cut: a group of 8s", [*ALL_PASS[:-1], "Eve plays 8C"], "Eve plays 2C", OK),
    ("joker-alone: a lone Joker beats any single", JOKER_ON_TOP[:-1], "Al plays JK1", OK),
    (
        "joker-alone: even under a suit lock",
        ["Al plays 9H", "Betty plays AH", "Carl passes", "Dana passes", "Eve plays 2H"],
        "Al plays JK1",
        OK,
    ),
    ("joker-alone: nothing else beats a lone Joker", JOKER_ON_TOP, "Betty plays KC", D + "joker-alone"),
    ("joker-alone: the 3 of spades beats a lone Joker", JOKER_ON_TOP, "Betty plays 3S", OK),
    ("joker-alone: and that ends the trick", [*JOKER_ON_TOP, "Betty plays 3S"], "Betty plays 5C", OK),
    ("joker-alone: its player leads", [*JOKER_ON_TOP, "Betty plays 3S"], "Carl plays 4D", D + "lead"),
    ("suit-lock: the same suits as the play before lock the trick", ["Al plays 4H", "Betty passes", "Carl plays JH"], "Dana plays QS", D + "suit-lock"),
    ("suit-lock: the locked suit follows", ["Al plays 4H", "Betty passes", "Carl plays JH", "Dana passes"], "Eve plays 2H", OK),
    ("suit-lock: no lock after two suits", ["Al plays 4H", "Betty plays 10C"], "Carl plays JD", OK),
    ("suit-lock: pairs lock by their suits", ["Al plays 3C 3D", "Betty plays 10C 10D"], "Carl plays JC JH", D + "suit-lock"),
    ("shut-out: a pass shuts a player out until the trick ends", SHUT_OUT, "Betty plays 10C", D + "shut-out"),
    ("shut-out: the trick goes on without them", SHUT_OUT, "Carl plays JC", OK),
    ("turn-back: the last player gets the turn back", ALL_PASS, "Al plays 4C", OK),
    ("turn-back: and beats their own cards", ALL_PASS, "Al plays 3D", D + "later-play"),
    ("lead: when they pass too, they lead the next trick", [*ALL_PASS, "Al passes"], "Al plays 3D", OK),
    ("lead: nobody else", [*ALL_PASS, "Al passes"], "Betty plays 5C", D + "lead"),
    ("revolution: a group of four with the Joker reverses the ranks", [*REVOLUTION, "Al plays 7H"], "Betty plays 6C", accepted(reversed=True)),
    ("revolution: a higher rank no longer beats", [*REVOLUTION, "Al plays 7H"], "Betty plays 10C", D + "later-play"),
    ("revolution: a sequence of five reverses the ranks", ["Al plays 4H 5H 6H 7H JK1 as 8H", "Al plays 9C"], "Betty plays 6C", OK),
    (
        "revolution: a sequence of four does not",
        ["Al plays 4H 5H 6H 7H", "Betty passes", "Carl passes", "Dana passes", "Eve passes", "Al passes", "Al plays 9C"],
        "Betty plays 6C",
        D + "later-play",
    ),
]


# Five of a kind and a Joker past the ends (`five_of_a_kind`, `joker_past_ends`), and a leader's pass (`leader_may_pass`).
LEADER_PASS = [
    ("shut-out: the leader may pass: nothing forbids it", [], "Al passes", accepted(turn="Betty", passed=("Al",))),
    ("shut-out: the next player may lead", ["Al passes"], "Betty plays 5C", OK),
    ("shut-out: the leader's pass shuts them out of the trick", ["Al passes", "Betty plays 5C", "Carl plays 6D", "Dana plays 7S", "Eve passes"], "Al plays JK1", D + "shut-out"),
    ("shut-out: the trick goes on without them", ["Al passes", "Betty plays 5C", "Carl plays 6D", "Dana plays 7S", "Eve passes"], "Betty plays KC", accepted(turn="Carl")),
    ("shut-out: nobody out of turn on the empty table", ["Al passes"], "Carl plays 4D", D + "shut-out"),
    ("turn-back: every player still in has passed on the empty table: the trick ends", [*(f"{p} passes" for p in FIVE[:4])], "Eve passes", accepted(turn="Al", passed=())),
    ("diamond-lead: no play yet: the holder of the 3 of diamonds leads again", [f"{p} passes" for p in FIVE], "Al plays 3C", OK),
    ("lead: the last player to play leads the next trick", [*ALL_PASS, "Al passes", *(f"{p} passes" for p in FIVE)], "Al plays 3D", OK),
    ("lead: nobody else", [*ALL_PASS, "Al passes", *(f"{p} passes" for p in FIVE)], "Betty plays 5C", D + "lead"),
]
PAST = ["Al plays JK1 3C 4C as -C", "Betty passes"]
PAST_ENDS = [
    ("past-ends: the Joker below the 3", [], "Al plays JK1 3C 4C as -C", OK),
    ("past-ends: written anywhere among the cards", [], "Al plays 3C 4C JK1 as -C", OK),
    ("past-ends: the sequence runs from the 3", [], "Al plays JK1 4H 5H as -H", D + "past-ends"),
    ("past-ends: not above the 2 of a sequence that ends lower", [], "Al plays 4H 5H JK1 as +H", D + "past-ends"),
    ("past-ends: of the sequence's suit", [], "Al plays JK1 3C 4C as -H", D + "past-ends"),
    ("past-ends: a group does not reach past the ends", [], "Al plays 3C 3D JK1 as -C", D + "past-ends"),
    ("past-ends: the rank names its suit", [], "Al plays JK1 3C 4C as -", D + "play"),
    ("past-ends: below the 3 is lower than any rank: compared end to end, 4 to 6 does not beat it", PAST, "Carl plays 4D 5D 6D", D + "later-play"),
    ("past-ends: a sequence from a 5 does", PAST, "Carl plays 5D 6D 7D", OK),
    ("past-ends: three cards still answer three", PAST, "Carl plays 5D 6D 7D 8D", D + "later-play"),
    ("five-of-a-kind: not beside three cards of the rank", [], "Al plays 9C 9H 9S JK1 as 9", D + "five-of-a-kind"),
    ("five-of-a-kind: not a rank of other cards", [], "Al plays 9C 9H 9S JK1 as 4", D + "five-of-a-kind"),
]


def dealt(kit, mode: str = "full", **options):
    state = kit.new_match(FIVE, mode=mode, preset="daifugo", **options)
    if mode == "full":
        return kit.play(state, [kit.deal("Eve", HANDS)])
    return kit.play(state, [kit.deal("Eve", Al=11, Betty=11, Carl=11, Dana=10, Eve=10)])


@pytest.mark.parametrize("case", params(cases(PLAY, "name given when then")))
def test_play(kit, case):
    verify(SYSTEM, lambda: kit.play(dealt(kit), case.given), kit.action(case.when), case.then)


@pytest.mark.parametrize("case", params(cases(LEADER_PASS + PAST_ENDS, "name given when then")))
def test_every_play_the_tournament_allows(kit, case):
    verify(SYSTEM, lambda: kit.play(dealt(kit), case.given), kit.action(case.when), case.then)


# Al holds all four 9s and Eve all four 2s; a second Joker (JK2, Eve's) for a five of a kind that beats another.
FIVES = {
    "Al": "3D 4C 4H 5H 6H 7H 9C 9D 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "3C 4D 5D 6D 7D 8D JC JD JH QH KH",
    "Dana": "3H 4S 5S 6S 7S 7C 8S 10S JS QS KS",
    "Eve": "8C 8H AC AD AS 2C 2D 2H 2S JK2",
}
FIVE_NINES = "Al plays 9C 9D 9H 9S JK1 as 9"
AFTER_NINES = [FIVE_NINES, "Betty passes", "Carl passes", "Dana passes"]
FIVE_OF_A_KIND = [
    ("five-of-a-kind: the four 9s and the Joker as a fifth 9", {}, [], FIVE_NINES, OK),
    ("revolution: a group of five reverses the ranks", {}, [], FIVE_NINES, accepted(reversed=True)),
    ("five-of-a-kind: the Joker still names a card beside three", {}, [], "Al plays 9C 9D 9H JK1 as 9S", OK),
    ("five-of-a-kind: a fifth 9 is not a card beside four", {}, [], "Al plays 9C 9D 9H 9S JK1 as 9S", D + "play"),
    ("later-play: a higher five of a kind beats it", {"revolution": False}, AFTER_NINES, "Eve plays 2C 2D 2H 2S JK2 as 2", OK),
    ("later-play: four of a kind does not", {"revolution": False}, AFTER_NINES, "Eve plays 2C 2D 2H 2S", D + "later-play"),
    ("later-play: nor a lone Joker", {"revolution": False}, AFTER_NINES, "Eve plays JK2", D + "later-play"),
    ("later-play: under its revolution, a five of 2s is lower", {}, AFTER_NINES, "Eve plays 2C 2D 2H 2S JK2 as 2", D + "later-play"),
    ("past-ends: the Joker above the 2", {}, ["Al plays 4H 5H 6H", "Betty passes", "Carl passes", "Dana passes"], "Eve plays AS 2S JK2 as +S", OK),
    (
        "past-ends: under a revolution, above the 2 is lowest",
        {},
        [FIVE_NINES, "Betty passes", "Carl passes", "Dana passes", "Eve passes", "Al passes", "Al plays 4H 5H 6H", "Betty passes", "Carl passes", "Dana passes"],
        "Eve plays AS 2S JK2 as +S",
        D + "later-play",
    ),
]


@pytest.mark.parametrize("case", params(cases(FIVE_OF_A_KIND, "name options given when then")))
def test_five_of_a_kind(kit, case):
    state = kit.new_match(FIVE, preset="daifugo", jokers=2, **case.setup["options"])
    verify(SYSTEM, lambda: kit.play(state, [kit.deal("Eve", FIVES), *case.given]), kit.action(case.when), case.then)


def test_the_preset_holds_53_cards_and_scores_five_to_one():
    """docs/daifugo.md § The rules: “53 cards: 3 … K, A, 2 and one Joker; five players” and “Points per game: 5, 4,
    3, 2, 1 by place.”"""
    ruleset = SYSTEM.presets["daifugo"]
    assert len(ruleset.deck) == 53 and ruleset.deck.count("JK1") == 1
    assert ruleset.ranks[0] == "3" and ruleset.ranks[-2:] == ("2", "JK")
    assert ruleset.role_points == (5, 4, 3, 2, 1)


# -- between games: a ten-card deck, two cards each ---------------------------------------------------

SMALL = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D".split()
GAME_ONE = {"Al": "3D 7D", "Betty": "3C 7C", "Carl": "4C 6D", "Dana": "4D 6C", "Eve": "5C 5D"}
# Betty goes out first, then Dana, Al, Carl; Eve is left holding 5D.
GAME_ONE_PLAY = (
    "Al plays 3D|Betty plays 7C|Carl passes|Dana passes|Eve passes|Al passes|Betty passes|Betty plays 3C|"
    "Carl plays 4C|Dana plays 6C|Eve passes|Al passes|Carl passes|Dana passes|Dana plays 4D|Eve plays 5C|"
    "Al plays 7D|Carl passes|Eve passes|Carl plays 6D"
).split("|")
GAME_TWO = {"Betty": ("3C", "3D"), "Dana": ("4C", "4D"), "Al": ("5C", "5D"), "Carl": ("7C", "7D"), "Eve": ("6C", "6D")}
SEATS = ("Betty", "Dana", "Al", "Carl", "Eve")


def after_game_one(kit, **options):
    state = kit.new_match(FIVE, preset="daifugo", deck=SMALL, **options)
    return kit.play(state, [kit.deal("Eve", GAME_ONE), *GAME_ONE_PLAY])


def test_game_one_scores_five_to_one_by_place(kit):
    """docs/daifugo.md § The rules: “Points per game: 5, 4, 3, 2, 1 by place.”"""
    state = after_game_one(kit)
    assert state.games[0].order == ("Betty", "Dana", "Al", "Carl", "Eve")
    assert state.points == {"Betty": 5, "Dana": 4, "Al": 3, "Carl": 2, "Eve": 1}
    assert state.seating == tuple(FIVE), "no reseating by finishing order: seating per game is recorded"


GAME_TWO_DEAL = CardsDealt(dealer="Eve", hands=GAME_TWO, seating=SEATS)
GIFTS = ["Eve gives Betty 6C 6D", "Carl gives Dana 7D"]
EXCHANGE = [
    ("exchange: the daihinmin's two highest cards go to the daifugō", [], "Eve gives Betty 6C 6D", accepted({"hands.Betty.known": lambda cards: {"6C", "6D"} <= set(cards)})),
    ("suit-order: the hinmin's highest card, by suit within a rank", ["Eve gives Betty 6C 6D"], "Carl gives Dana 7C", D + "suit-order"),
    ("suit-order: ♦ above ♣", ["Eve gives Betty 6C 6D"], "Carl gives Dana 7D", OK),
    ("exchange: cards just received may go back", GIFTS, "Betty gives Eve 6C 6D", OK),
    ("exchange: the fugō returns any one", GIFTS, "Dana gives Carl 4C", OK),
    ("diamond-lead: after the exchange, the 3 of diamonds leads", [*GIFTS, "Betty gives Eve 6C 6D", "Dana gives Carl 4C"], "Dana plays 4D", D + "diamond-lead"),
    ("diamond-lead: its holder leads every game", [*GIFTS, "Betty gives Eve 6C 6D", "Dana gives Carl 4C"], "Betty plays 3C", OK),
]


@pytest.mark.parametrize("case", params(cases(EXCHANGE, "name given when then")))
def test_exchange(kit, case):
    verify(SYSTEM, lambda: kit.play(after_game_one(kit), [GAME_TWO_DEAL, *case.given]), kit.action(case.when), case.then)


SEATING = [
    ("seating: the deal records the game's seats", "daifugo", SEATS, accepted(seating=SEATS)),
    ("seating: each player at the table once", "daifugo", ("Betty", "Dana", "Al", "Carl", "Zed"), D + "seating"),
    ("seating: not a player twice", "daifugo", ("Betty", "Betty", "Al", "Carl", "Eve"), D + "seating"),
]


@pytest.mark.parametrize("case", params(cases(SEATING, "name preset seats then")))
def test_seating_per_game(kit, case):
    deal = CardsDealt(dealer="Eve", hands=GAME_TWO, seating=case.setup["seats"])
    verify(SYSTEM, lambda: after_game_one(kit), deal, case.then)


def test_a_deal_without_seating_keeps_the_seats(kit):
    """docs/daifugo.md § The rules: “seating per game is recorded, not assumed”: no seating given, none changes."""
    state = kit.play(after_game_one(kit), [kit.deal("Eve", {p: " ".join(c) for p, c in GAME_TWO.items()})])
    assert state.seating == tuple(FIVE)


def test_the_deal_starts_from_the_daifugos_seat():
    """docs/daifugo.md § The rules: “dealt one at a time starting from the daifugō's seat (so some hands have one
    card more).” The first game has no daifugō: the deal starts at the dealer's left."""
    import random

    from domain.protocol import MatchSetup
    from fixtures.random_player import play_random

    created = SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo"))
    state = SYSTEM.initial(created)
    for event in play_random(SYSTEM, created, random.Random(3), steps=400):
        state = SYSTEM.evolve(state, event)
        if state.phase == "between":
            break
    assert state.phase == "between"
    daifugo, seats = state.ranking[0], state.seating

    def dealt_from(first: str, dealer: str) -> CardsDealt:
        start = seats.index(first)
        order = [seats[(start + offset) % 5] for offset in range(5)]
        hands = {player: tuple(state.ruleset.deck[place::5]) for place, player in enumerate(order)}
        return CardsDealt(dealer=dealer, hands=hands)

    SYSTEM.check(state, dealt_from(daifugo, seats[0]))
    left_of_daifugo = seats[(seats.index(daifugo) + 1) % 5]
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.check(state, dealt_from(left_of_daifugo, daifugo))
    assert refused.value.rule.id == D + "deal"


def test_the_first_deal_starts_at_the_dealers_left(kit):
    """docs/daifugo.md § The rules: “so some hands have one card more”: in the first game, the first three seats
    from the dealer's left."""
    state = kit.new_match(FIVE, preset="daifugo")
    hands = dict(HANDS, Carl=HANDS["Carl"] + " 3H", Dana=HANDS["Dana"].replace("3H ", ""))
    kit.outcome(state, [kit.deal("Dana", hands)], D + "deal")
    kit.outcome(state, [kit.deal("Eve", HANDS)], None)


# -- the options on another preset ----------------------------------------------------------------------

OPTIONS = [
    ("classic has no sequences", {}, "Al plays JC QC KC", "president.classic.set"),
    ("sequences: an option of any preset, citing docs/daifugo.md", {"sequences": 3}, "Al plays JC QC KC", OK),
    ("sequences: still one suit", {"sequences": 3}, "Al plays JC QC KH", D + "play"),
    ("joker_as: classic's cards stand for nothing", {}, "Al plays 3C 3D", OK),
    ("leader_may_pass: classic's leader plays", {}, "Al passes", "recount.leader-plays"),
]


@pytest.mark.parametrize("case", params(cases(OPTIONS, "name options when then")))
def test_options_on_classic(kit, case):
    verify(SYSTEM, lambda: kit.classic_dealt(**case.setup["options"]), kit.action(case.when), case.then)


def test_classic_deals_no_seating(kit):
    """docs/daifugo.md § The rules: “seating per game is recorded” only where the ruleset redraws seats."""
    hands = {player: tuple(cards.split()) for player, cards in kit.CLASSIC_HANDS.items()}
    deal = CardsDealt(dealer="Dana", hands=hands, seating=tuple(kit.FOUR))
    kit.outcome(kit.new_match(), [deal], D + "seating")
    kit.outcome(kit.new_match(seating_per_game=True), [deal], None)


def test_joker_as_on_classic_is_refused(kit):
    """docs/daifugo.md § The rules: “the Joker may stand for any card” only where the ruleset says so."""
    with pytest.raises(IllegalAction) as refused:
        kit.play(kit.classic_dealt(), ["Al plays 3C 3D as 3H"])
    assert refused.value.rule.id == D + "play"


def test_a_public_record_lets_whoever_plays_first_lead(kit):
    """docs/daifugo.md § The rules: “The holder of the 3 of diamonds after the exchange leads every game”: a public
    record has not seen who holds it, so the first play names the leader; the turn follows from there."""
    state = dealt(kit, mode="public")
    assert state.turn is None
    state = kit.play(state, ["Carl plays 4D"])
    assert state.turn == "Dana"
    kit.outcome(state, ["Eve plays 5C"], D + "shut-out")


def test_the_new_plays_and_a_leaders_pass_are_said_in_words(kit):
    """docs/daifugo.md § The rules: five of a kind (“1–5 cards of one rank”, a revolution), a Joker “past either end”
    of a sequence, and passes on the empty table (“Passing shuts a player out until the trick ends.”; “The trick ends
    when every player still in has passed”), each said in the table's words."""
    hands = {  # the preset's 53 cards; Al holds the four 9s, the 3 and 4 of hearts and the Joker
        "Al": "3D 3H 4H 5H 6H 7H 9C 9D 9H 9S JK1",
        "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
        "Carl": "3C 4D 5D 6D 7D 8D JC JD JH QH KH",
        "Dana": "4C 4S 5S 6S 7S 8S 10S JS QS KS",
        "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
    }
    state = kit.play(kit.new_match(FIVE, preset="daifugo"), [kit.deal("Eve", hands)])
    said = {
        "Al plays JK1 9C 9D 9H 9S as 9": "Al plays five 9s (the Joker as a fifth 9): a revolution, the values are reversed",
        "Al plays 3H JK1 4H as -H": "Al plays a sequence Joker 3♥ 4♥ (the Joker as ♥ below the 3)",
        "Al passes": "Al passes without leading; Betty may lead",
    }
    for line, words in said.items():
        assert SYSTEM.describe(state, kit.action(line)) == words
    four_passed = kit.play(state, [f"{p} passes" for p in FIVE[:4]])
    assert SYSTEM.describe(four_passed, kit.action("Eve passes")) == "Eve passes: every player still in has passed, Al leads again"
    labels = [choice.label for choice in SYSTEM.allowed(state)]
    assert "Play 9♣ 9♦ 9♥ 9♠ Joker (the Joker as a fifth 9)" in labels
    assert "Play Joker 3♥ 4♥ (the Joker as ♥ below the 3)" in labels


OPTIONS_OFF = [
    ("play: without five_of_a_kind the Joker names a card of the deck", {"five_of_a_kind": False}, FIVES, "Al plays 9C 9D 9H 9S JK1 as 9", D + "play"),
    ("play: without joker_past_ends it fills a rank of the deck", {"joker_past_ends": False}, HANDS, "Al plays JK1 3C 4C as -C", D + "play"),
    ("leader_may_pass: off, the leader plays", {"leader_may_pass": False}, HANDS, "Al passes", "recount.leader-plays"),
]


@pytest.mark.parametrize("case", params(cases(OPTIONS_OFF, "name options hands when then")))
def test_each_new_play_is_an_option(kit, case):
    """Each new play is an option of the ruleset (on in the daifugo preset): switched off, the play is refused."""
    jokers = {"jokers": 2} if case.setup["hands"] is FIVES else {}
    state = kit.new_match(FIVE, preset="daifugo", **jokers, **case.setup["options"])
    verify(SYSTEM, lambda: kit.play(state, [kit.deal("Eve", case.setup["hands"])]), kit.action(case.when), case.then)


def test_the_options_are_on_in_the_daifugo_preset_only():
    for name, ruleset in SYSTEM.presets.items():
        on = name == "daifugo"
        assert (ruleset.five_of_a_kind, ruleset.joker_past_ends) == (on, on), name
    assert SYSTEM.presets["daifugo"].leader_may_pass
