"""The named presets of President's ruleset, one per rules text plus Daifugō (docs/daifugo.md), and `resolve`,
which lays a match's options over its preset and checks them, before the match is created."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.cards import JOKER
from domain.option_bounds import check_limits
from domain.president.cards import suited_deck
from domain.president.ruleset import Ruleset
from domain.president.ruleset_bounds import check_ruleset
from domain.president.rules import RULES_ARE_DATA
from domain.protocol import IllegalAction

# presidents-deck.txt names the ranks by the # on the card: "Bomb (0), Turd (1), Couch Potato (2)", "Citizen
# (3)", "Police" (5), "Governors (#7)", "Speaker of the House (10)", "Vice President (11)", "President (12)".
# The Doppelgänger (D) has no #; alone "it counts as the lowest value (even lower than a Turd)".
DECK_RANKS = ("D", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")
DECK_RANK_NAMES = {
    "D": "Doppelgänger", "0": "Bomb", "1": "Turd", "2": "Couch Potato", "3": "Citizen", "5": "Police",
    "7": "Governor", "10": "Speaker of the House", "11": "Vice President", "12": "President",
}
# The text does not give the deck's make-up: this default (a reconstruction, 54 cards like a 52-card deck
# with two jokers) holds four of each rank 1-12 (codes "1a" … "12d"), two Bombs ("0a", "0b"), two Bomb
# (Reverse) ("0Ra", "0Rb") and two Doppelgängers ("Da", "Db"). A match may set its own `deck`.
PRESIDENTS_DECK = (
    tuple(f"{number}{copy}" for number in range(1, 13) for copy in "abcd")
    + ("0a", "0b", "0Ra", "0Rb", "Da", "Db")
)

FRIDAY_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", JOKER)

PRESETS: dict[str, Ruleset] = {
    "classic": Ruleset(),
    # president-friday.txt: every difference from classic is a field set here.
    "friday": Ruleset(
        preset="friday",
        text="friday",
        # "2-13 players (ideally 4-8)" and "the standard rules require three or more players"; two players
        # play Blind President.
        min_players=3,
        max_players=13,
        # "3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, Joker (if used)"
        ranks=FRIDAY_RANKS,
        deck=suited_deck(FRIDAY_RANKS[:-1]),
        # "that number of cards must be met or exceeded by all players for the remainder of the round"
        count_rule="at_least",
        single_top_beats_sets=True,
        unbeatable_ends_round=True,
        # "In each game, the dealer shifts to the left by one player." (seats are kept)
        reseat_by_finishing_order=False,
        next_dealer="left_of_previous",
        # "In future games, the Idiot (see "Ranking") starts the first round."
        next_leader="last",
        # "the President, who in return must give any two cards they were dealt to the Idiot"
        return_received_allowed=False,
        role_titles=("President", "Vice President", "citizen", "Vice Idiot", "Idiot"),
        # The Friday text keeps no score across games: the classic points are the documented default.
    ),
    # presidents-deck.txt: the commercial deck.
    "deck": Ruleset(
        preset="deck",
        text="deck",
        # The text names no range; it plays six in its example and combines two decks past ten players.
        min_players=2,
        max_players=20,
        ranks=DECK_RANKS,
        deck=PRESIDENTS_DECK,
        # "This determines how many cards must be played each turn. If someone starts by playing Doubles, then
        # only Doubles can be played (not Singles, Triples, or Quadruples)."
        count_rule="same",
        # "Players continue one-by-one playing cards equal or higher than the card or cards played"
        equal_rank_beats=True,
        equal_skips_next=True,
        # "Players may pass at any time, even if they have cards they could play."
        leader_may_pass=True,
        # "If the President leaves, then the Vice President becomes President and whoever was 3rd becomes Vice
        # President."
        vice_below_four=True,
        bomb_rank="0",
        reverse_cards=tuple(code for code in PRESIDENTS_DECK if code.startswith("0R")),
        wild_rank="D",
        first_leader="chosen",
        choose_direction=True,
        # "After cards have been stolen/exchanged, the President goes first"
        next_leader="president",
        # "You may rearrange seating in the order players finish" is a house rule: seats are kept.
        reseat_by_finishing_order=False,
        exchange_asks=True,
        # "may look at what cards they received before they give back cards, but may not give back the same
        # cards they received"
        return_received_allowed=False,
        extras_from_dealers_left=False,
        players_may_change=True,
        extra_deck_above=10,
        rank_names=DECK_RANK_NAMES,
        role_titles=("President", "Vice President", "Citizen", "Couch Potato", "Turd"),
        # The deck text keeps no score across games: the classic points are the documented default.
    ),
    # docs/daifugo.md: the UECda standard rules.
    "daifugo": Ruleset(
        preset="daifugo",
        text="daifugo",
        # "53 cards: 3 … K, A, 2 and one Joker; five players"
        min_players=5,
        max_players=5,
        ranks=FRIDAY_RANKS,
        deck=suited_deck(FRIDAY_RANKS[:-1], jokers=1),
        jokers=1,
        # "a group (1–5 cards of one rank; the Joker may stand for any card)"
        max_set=5,
        sequences=3,
        joker_stands_for=True,
        # "1–5 cards of one rank; the Joker may stand for any card": the four of a rank and the Joker
        five_of_a_kind=True,
        # "the Joker may fill one rank, including one past either end"
        joker_past_ends=True,
        spade_three=True,
        revolution=True,
        revolution_sizes="four_or_more",
        revolution_sequence=5,
        eight_cut="8",
        suit_lock=True,
        pass_locks_out=True,
        # "Passing shuts a player out until the trick ends." forbids no pass, the leader's included (the UECda
        # server takes it); "The trick ends when every player still in has passed": on an empty table too, and "The
        # last player to play leads the next trick": the player whose lead it was leads again.
        leader_may_pass=True,
        last_player_answers=True,
        suit_order=("C", "D", "H", "S"),
        leader_holds="3D",
        seating_per_game=True,
        reseat_by_finishing_order=False,
        # "dealt one at a time starting from the daifugō's seat (so some hands have one card more)"
        deal_starts="first_place",
        # "the daifugō then returns any two and the fugō any one (cards just received may go back)"
        exchange=(2, 1),
        return_received_allowed=True,
        role_titles=("daifugō", "fugō", "heimin", "hinmin", "daihinmin"),
        # "Points per game: 5, 4, 3, 2, 1 by place."
        role_points=(5, 4, 3, 2, 1),
    ),
}


def resolve(preset: str | None, options: dict[str, Any], players: int = 0) -> Ruleset:
    """The preset with the options laid over it, checked field by field and against the deck and the
    `players` (0: any the ruleset admits; ruleset_bounds.py). A match of more than `extra_deck_above`
    players plays with two decks unless the options say otherwise."""
    name = preset or "classic"
    if name not in PRESETS:
        raise IllegalAction(f"there is no preset {name!r} (known: {', '.join(PRESETS)})", RULES_ARE_DATA)
    base = PRESETS[name]
    options = dict(options)
    if base.extra_deck_above and players > base.extra_deck_above and not {"deck", "decks"} & set(options):
        options["decks"] = 2
    fields = msgspec.to_builtins(base) | options
    # The types and bounds first: the deck below is built from `jokers` and `decks`.
    check_limits(_converted(fields), RULES_ARE_DATA)
    if ("jokers" in options or "decks" in options) and "deck" not in options:
        if base.text == "deck":
            fields["deck"] = list(base.deck) * fields["decks"]
        else:
            plain = [rank for rank in fields["ranks"] if rank != JOKER]
            fields["deck"] = suited_deck(plain, fields["jokers"], fields["decks"])
        if "max_set" not in options:
            fields["max_set"] = base.max_set * fields["decks"]
    ruleset = _converted(fields)
    check_ruleset(ruleset, players, options)
    return ruleset


def _converted(fields: dict[str, Any]) -> Ruleset:
    """The ruleset `fields` make, each field of its type."""
    try:
        return msgspec.convert(fields, Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the options do not make a ruleset: {error}", RULES_ARE_DATA) from None
