"""President's new-match form in people's words: each preset a sentence, the recording
mode a question, each ruleset option a short sentence filed under a group, with the words
of its values (domain/option_words.py). The rules text's sentence stays the option's
description in ruleset.py; these words say what the option does at the table."""

from __future__ import annotations

from domain.option_words import ModeWords, OptionWords, SetupWords
from domain.president.rules import KNOWLEDGE

PLAYERS = "Players and seats"
DECK = "The deck"
PLAY = "Playing a round"
SPECIAL = "Special cards and plays"
BETWEEN = "Between games"
BLIND = "Blind President"
SCORE = "Titles and points"
TEXT = "Rules text"

YES_NO = {"true": "yes", "false": "no"}


def _yes_no(yes: str, no: str) -> dict[str, str]:
    return {"true": f"yes: {yes}", "false": f"no: {no}"}


OPTIONS: dict[str, OptionWords] = {
    "min_players": OptionWords(label="Fewest players", group=PLAYERS, unit="players"),
    "max_players": OptionWords(label="Most players", group=PLAYERS, unit="players"),
    "vice_below_four": OptionWords(label="With three players, is the second a vice-president?", group=PLAYERS, values=_yes_no("the second exchanges a card", "the second is a citizen")),
    "reseat_by_finishing_order": OptionWords(label="Do players change seats to their finishing order after each game?", group=PLAYERS, values=YES_NO),
    "players_may_change": OptionWords(label="May players leave or join between games?", group=PLAYERS, values=YES_NO),
    "seating_per_game": OptionWords(label="May the seats be redrawn before any game?", group=PLAYERS, values=YES_NO),
    "ranks": OptionWords(label="Ranks, lowest first", group=DECK, item="rank"),
    "deck": OptionWords(label="The cards of the deck", group=DECK, item="card"),
    "jokers": OptionWords(label="Jokers in each deck", group=DECK, unit="jokers"),
    "decks": OptionWords(label="Decks shuffled together", group=DECK, unit="decks"),
    "extra_deck_above": OptionWords(label="Add a second deck when more players than this sit (0: never)", group=DECK, unit="players"),
    "rank_names": OptionWords(label="Names of ranks", group=DECK, item="rank's name"),
    "suit_order": OptionWords(label="Suits, lowest first, where the exchange needs the highest card", group=DECK, item="suit"),
    "extras_from_dealers_left": OptionWords(label="Do the players left of the dealer get the extra cards?", group=DECK, values=_yes_no("the deal starts at the dealer's left", "hands differ by one card at most, from no named seat")),
    "deal_starts": OptionWords(label="Where the deal starts", group=DECK, values={"dealers_left": "at the dealer's left", "first_place": "at the seat of last game's winner"}),
    "max_set": OptionWords(label="Most cards in one play", group=PLAY, unit="cards"),
    "equal_rank_beats": OptionWords(label="May a play of the same rank beat the last one?", group=PLAY, values=_yes_no("equal beats", "it must be higher")),
    "count_rule": OptionWords(label="How many cards must each play hold?", group=PLAY, values={"same": "the same number as the lead", "at_least": "at least as many as the lead"}),
    "pass_locks_out": OptionWords(label="Does a pass keep a player out until the round ends?", group=PLAY, values=_yes_no("out until the next round", "they may play again next turn")),
    "leader_may_pass": OptionWords(label="May the player who leads pass?", group=PLAY, values=YES_NO),
    "equal_skips_next": OptionWords(label="Does playing the same cards as the last play skip the next player?", group=PLAY, values=YES_NO),
    "first_leader": OptionWords(label="Who leads the first game?", group=PLAY, values={"left_of_dealer": "the player left of the dealer", "chosen": "whoever the dealer chooses"}),
    "choose_direction": OptionWords(label="Is the direction of play chosen each game?", group=PLAY, values=_yes_no("chosen each game", "always to the left")),
    "leader_holds": OptionWords(label="The card whose holder leads every game (empty: none)", group=PLAY),
    "last_player_answers": OptionWords(label="When all others pass, may the last player play again on their own cards?", group=PLAY, values=YES_NO),
    "suit_lock": OptionWords(label="Do two plays of the same suits lock the round to those suits?", group=PLAY, values=YES_NO),
    "single_top_beats_sets": OptionWords(label="May a single 2 (or Joker) beat a set of any size?", group=SPECIAL, values=YES_NO),
    "unbeatable_ends_round": OptionWords(label="Does a play nothing can beat end the round at once?", group=SPECIAL, values=YES_NO),
    "revolution": OptionWords(label="Does four of a kind turn the ranks upside down (a revolution)?", group=SPECIAL, values=YES_NO),
    "revolution_sizes": OptionWords(label="Which sets make a revolution?", group=SPECIAL, values={"four": "four of a kind", "four_or_more": "four or more of a kind"}),
    "revolution_sequence": OptionWords(label="Cards of a run that makes a revolution (0: none)", group=SPECIAL, unit="cards"),
    "sequences": OptionWords(label="Fewest cards of a run of one suit (0: no runs)", group=SPECIAL, unit="cards"),
    "bomb_rank": OptionWords(label="The rank of the Bomb, which clears the pile (empty: no Bomb)", group=SPECIAL),
    "reverse_cards": OptionWords(label="Reverse cards, which clear the pile and turn the direction", group=SPECIAL, item="card"),
    "wild_rank": OptionWords(label="The rank of the card that copies any card (empty: none)", group=SPECIAL),
    "joker_stands_for": OptionWords(label="May a Joker stand for any card?", group=SPECIAL, values=YES_NO),
    "five_of_a_kind": OptionWords(label="May a Joker make five of a kind?", group=SPECIAL, values=YES_NO),
    "joker_past_ends": OptionWords(label="May a Joker extend a run past either end?", group=SPECIAL, values=YES_NO),
    "spade_three": OptionWords(label="Does the 3 of spades beat a lone Joker?", group=SPECIAL, values=YES_NO),
    "eight_cut": OptionWords(label="The rank that ends the round at once when played (empty: none)", group=SPECIAL),
    "next_dealer": OptionWords(label="Who deals the next game?", group=BETWEEN, values={"any": "anyone", "left_of_previous": "the player left of the last dealer"}),
    "next_leader": OptionWords(label="Who leads the next game?", group=BETWEEN, values={"president": "the president", "last": "the last player out"}),
    "exchange": OptionWords(label="Cards given to the president, then to the vice-president", group=BETWEEN, item="number of cards"),
    "return_received_allowed": OptionWords(label="May the president give back a card just received?", group=BETWEEN, values=YES_NO),
    "exchange_asks": OptionWords(label="May the president ask for high or low cards?", group=BETWEEN, values=_yes_no("they ask", "always the highest")),
    "blind": OptionWords(label="Play Blind President (face-down piles)?", group=BLIND, values=YES_NO),
    "blind_hand": OptionWords(label="Cards in a blind hand", group=BLIND, unit="cards"),
    "blind_min_players": OptionWords(label="Fewest players of Blind President", group=BLIND, unit="players"),
    "blind_max_players": OptionWords(label="Most players of Blind President", group=BLIND, unit="players"),
    "role_titles": OptionWords(label="Titles from first to last: first, second, middle, second to last, last", group=SCORE, item="title"),
    "role_points": OptionWords(label="Points from first to last: first, second, middle, second to last, last", group=SCORE, item="points"),
    "preset": OptionWords(
        label="Rules these start from",
        group=TEXT,
        values={"classic": "classic President", "friday": "Friday-night President", "deck": "President's Deck", "daifugo": "Daifugō"},
    ),
    "text": OptionWords(
        label="Rules text the checks quote",
        group=TEXT,
        values={"classic": "classic President", "friday": "Friday-night President", "deck": "President's Deck", "daifugo": "Daifugō"},
    ),
}

WORDS = SetupWords(
    sentence="President: shed your cards first, beating each play with higher cards; the last out gives the first their best",
    listed=0,
    presets={
        "classic": "Classic President, 4–7 players, the scum gives the president their two best cards",
        "friday": "Friday-night President, 3–13 players, a single 2 beats any set and four of a kind starts a revolution",
        "deck": "President's Deck, the boxed game, 2–20 players, with Bombs, Reverse cards and a Doppelgänger",
        "daifugo": "Daifugō, the Japanese tournament rules, 5 players, with runs, revolutions, 8-cut and a Joker",
    },
    modes=ModeWords(
        question="Will you record every hand, or only what is played face up?",
        choices={
            "full": "Every hand: the cards dealt to each player are entered, and each play is checked against them",
            "public": "Only what is played face up: hands are counted, not listed",
            "holders": "Each player enters their own hand on their phone; plays are checked against it",
        },
        default="full",
        rule=KNOWLEDGE,
    ),
    options=OPTIONS,
)
