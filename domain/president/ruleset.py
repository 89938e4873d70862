"""The ruleset: every point where the texts differ or are silent is a field here (or of `CoreOptions`,
ruleset_core.py, the options every text speaks to), with the sentence each text says about it. Presets
(presets.py) are resolved at match creation and embedded in `MatchCreated`, so changing a preset never changes
an old match."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from domain.cards import SUITS
from domain.option_bounds import limits
from domain.president.ruleset_core import CODE_MAX, DECK_MAX, DECKS_MAX, JOKERS_MAX, RANKS_MAX, Code, CoreOptions, Points, Seats, Title
from domain.protocol import PLAYERS_MAX


class Ruleset(CoreOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options of one rules text or house rule, after those every text speaks to (`CoreOptions`); each
    field's description (shown beside it on the /new page) quotes what the texts say about it."""

    single_top_beats_sets: Annotated[
        bool,
        Meta(
            description="A single card of the highest rank but the jokers (a 2; a 3 while reversed) or a joker may "
            'be played on a set of any size of lower value. friday: "However, a single 2 may be played onto any DTQ '
            'up to the value of Ace." / "Single Jokers also share the 2s\' property of being able to beat any '
            'lower-value DTQ" / "While values are reversed, single 3s gain the ability to beat any DTQ." classic has '
            "none (False)."
        ),
    ] = False
    unbeatable_ends_round: Annotated[
        bool,
        Meta(
            description='A play no rank can beat ends the round at once and its player leads. friday: "Nothing can '
            'beat a 2, so if a player uses one they win the round immediately." classic lets the others pass as '
            "usual (False). The text is silent on what else no card can beat: with Jokers a Joker ends the round "
            "(a 2 no longer does), during a revolution a 3 does (when no Joker is used); and on a 2 that is the "
            'player\'s last card, where "Playing your last card" has play continue to their left: the round ends '
            "and the next player still holding cards leads (docs/silent-choices.md)."
        ),
    ] = False
    revolution: Annotated[
        bool,
        Meta(
            description='friday § Revolution: "any time a quadruple is played the value of all cards (except Jokers) '
            "is immediately reversed. This change remains in place until the end of the game, or until another "
            'quadruple is played." classic has none (False).'
        ),
    ] = False
    blind: Annotated[
        bool,
        Meta(
            description='friday § Blind President (2-4 players): "The whole deck is still dealt to all players, but '
            'into face-down piles …" (True).'
        ),
    ] = False
    blind_hand: Annotated[
        int,
        limits(
            minimum=1,
            maximum=DECK_MAX,
            description='Blind President: the cards of a hand ("the top seven cards"), topped up after each round; '
            "at least one, or no one could ever play.",
        ),
    ] = 7
    blind_min_players: Annotated[int, Seats, Meta(description="Blind President: the fewest players (2-4 players; 2 to 20).")] = 2
    blind_max_players: Annotated[int, Seats, Meta(description="Blind President: the most players (2-4 players; 2 to 20).")] = 4
    jokers: Annotated[
        int,
        limits(
            minimum=0, maximum=JOKERS_MAX,
            description="Jokers in each deck, used to build `deck` when the options change them (and `deck` is not "
            'given). friday: "President can also be played with the two Jokers."'
        ),
    ] = 0
    decks: Annotated[
        int,
        limits(
            minimum=1, maximum=DECKS_MAX,
            description="Decks shuffled together, used to build `deck` when the options change them (and `deck` is not given).",
        ),
    ] = 1
    equal_skips_next: Annotated[
        bool,
        Meta(
            description='deck: "If someone plays the same card (or cards) as the previous card(s) played, it skips the '
            'next person." and "If someone in the final 2 plays the same card that was previously played, it skips '
            'the other remaining player and resets the pile like usual." classic and friday: no skipping (False).'
        ),
    ] = False
    bomb_rank: Annotated[
        str,
        limits(
            max_length=CODE_MAX,
            description='The rank of Bombs: "the Bomb card (#0) resets the pile. After playing the Bomb card, the '
            'player may play any card or set of cards of the same rank." "" = no bombs (classic, friday). A code of at most 8 '
            "characters."
        ),
    ] = ""
    reverse_cards: Annotated[
        tuple[Code, ...],
        limits(
            max_items=DECK_MAX,
            description='deck: "The Bomb (Reverse) card resets the pile and changes the direction. Otherwise, it’s '
            'identical to the Bomb card, including rank." The codes of those cards.'
        ),
    ] = ()
    wild_rank: Annotated[
        str,
        limits(
            max_length=CODE_MAX,
            description='deck: "The Doppelgänger card duplicates any card." Its rank ("" = none); alone "it counts as '
            'the lowest value (even lower than a Turd) and can therefore only be played on a clean slate". A code of at '
            "most 8 characters."
        ),
    ] = ""
    first_leader: Annotated[
        Literal["left_of_dealer", "chosen"],
        Meta(
            description='Who leads the first game. classic: "The player to the dealer’s left plays first" '
            '("left_of_dealer"); deck: "The dealer elects someone to go first and chooses the direction" ("chosen").'
        ),
    ] = "left_of_dealer"
    choose_direction: Annotated[
        bool,
        Meta(
            description="deck: the direction of play is chosen for every game (by the dealer in the first, then "
            '"the Vice President chooses the direction"). classic and friday play to the left (False).'
        ),
    ] = False
    exchange_asks: Annotated[
        bool,
        Meta(
            description='deck: "The President and Vice President may either ask for “high” cards or “low” cards. This '
            'is based on the # on the card." classic and friday: always the highest (False).'
        ),
    ] = False
    extras_from_dealers_left: Annotated[
        bool,
        Meta(
            description='classic: cards dealt "clockwise, and one at a time" from the dealer\'s left, so the extra '
            'cards go to the first players after the dealer (True). deck: "dealing one card at a time face down to '
            'each player" from no named seat: hands only differ by at most one card (False).'
        ),
    ] = True
    deal_starts: Annotated[
        Literal["dealers_left", "first_place"],
        Meta(
            description='Where the deal one card at a time starts, so who holds the extra cards. classic: from the '
            'dealer\'s left ("dealers_left"). docs/daifugo.md: "dealt one at a time starting from the daifugō\'s seat '
            '(so some hands have one card more)": after the first game, from the seat of the first placed '
            '("first_place").'
        ),
    ] = "dealers_left"
    players_may_change: Annotated[
        bool,
        Meta(
            description="deck § Players Leaving/Entering Between Rounds: players may leave and join between games "
            "(True). classic and friday say nothing of it (False)."
        ),
    ] = False
    extra_deck_above: Annotated[
        int,
        limits(
            minimum=0,
            maximum=PLAYERS_MAX,
            description='deck: "It’s recommended that you combine 2 decks together when playing with more than 10 '
            'people." A recommendation, not a rule: a match of more players than this gets `decks=2` unless its '
            'options set `decks` or `deck` (0 = never; at most 20, the most seats).'
        ),
    ] = 0
    rank_names: Annotated[
        dict[Code, Title],
        limits(
            max_properties=RANKS_MAX,
            description='Names of ranks for describing plays ("a Turd", "two Citizens"): at most 32, each at most 40 '
            "characters, as a player's name.",
        ),
    ] = {}
    role_titles: Annotated[
        tuple[Title, Title, Title, Title, Title],
        Meta(
            description="Titles by finishing place: first, second, the middle, second to last, last (classic § End "
            "Game); each at most 40 characters, as a player's name."
        ),
    ] = ("president", "vice-president", "citizen", "worker", "scum")
    sequences: Annotated[
        int,
        limits(
            minimum=0,
            maximum=RANKS_MAX,
            description='The fewest cards of a sequence; 0: no sequences (classic, friday, deck). docs/daifugo.md: "A '
            'play is a group (1–5 cards of one rank; the Joker may stand for any card) or a sequence (3 or more '
            'consecutive ranks of one suit; the Joker may fill one rank, including one past either end)." (3). '
            "So 0, or from 3 to one more than the ranks but the Joker's (ruleset_bounds.py)."
        ),
    ] = 0
    joker_stands_for: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "the Joker may stand for any card": a Joker played with other cards names '
            "the card it stands for (`joker_as` of the play); alone it is a Joker (True). False: a Joker is a rank "
            "of its own (friday)."
        ),
    ] = False
    five_of_a_kind: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "A play is a group (1–5 cards of one rank; the Joker may stand for any card)": '
            "beside the four cards of a rank the Joker stands for a fifth of it, named by the rank alone (`joker_as` "
            '"7"); a group of five, so a revolution where groups of four or more make one, and only a higher five of '
            "a kind beats it (a later play is of the same kind and the same number of cards) (True). False: the Joker "
            "stands only for a card of the deck not played beside it, so no group holds five."
        ),
    ] = False
    joker_past_ends: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "a sequence (3 or more consecutive ranks of one suit; the Joker may fill one '
            'rank, including one past either end)": in a sequence the Joker may stand for the rank below the lowest '
            '(`joker_as` "-" and the suit: "-S" below the 3 of spades) or above the highest ("+S" above the 2). As '
            '"sequences compare end to end", below the 3 is lower than any rank, so such a sequence is lower than any '
            "sequence from a 3, and above the 2 higher than any rank, so a sequence to it beats any sequence to a 2; "
            "a revolution turns both over, as it turns the ranks (True). False: the Joker fills a rank of the deck."
        ),
    ] = False
    spade_three: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "only the 3 of spades beats a lone Joker, and that ends the trick." (True). '
            "False: nothing beats a lone Joker."
        ),
    ] = False
    revolution_sizes: Annotated[
        Literal["four", "four_or_more"],
        Meta(
            description='Which groups make a revolution. friday: "any time a quadruple is played" ("four"); '
            'docs/daifugo.md: "a group of four or more (the Joker counts)" ("four_or_more").'
        ),
    ] = "four"
    revolution_sequence: Annotated[
        int,
        limits(
            minimum=0,
            maximum=RANKS_MAX,
            description='The fewest cards of a sequence that makes a revolution (0: none). docs/daifugo.md: "or a '
            'sequence of five or more reverses the order of ranks until the next revolution" (5). 0, or a '
            "sequence's length (ruleset_bounds.py)."
        ),
    ] = 0
    eight_cut: Annotated[
        str,
        limits(
            max_length=CODE_MAX,
            description='docs/daifugo.md: "8-cut: a play that contains an 8 (a group of 8s, a sequence through an 8, '
            'or the Joker standing for an 8) ends the trick at once, and the same player leads." The rank that cuts '
            '("8"); "" = none. A code of at most 8 characters.'
        ),
    ] = ""
    suit_lock: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "Suit lock: when a play has exactly the same suits as the play before it on '
            'the table (passes in between allowed), later plays of the trick must have those suits." (True).'
        ),
    ] = False
    last_player_answers: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "The trick ends when every player still in has passed, including the one '
            'who played last: that player gets the turn back and may play again on their own cards." (True). '
            "False: the trick ends when all the others have passed."
        ),
    ] = False
    suit_order: Annotated[
        tuple[Code, ...],
        limits(
            max_items=len(SUITS),
            description='Suits low to high, deciding between cards of one rank where the exchange needs a "highest" '
            'card. docs/daifugo.md: "Within a rank the suits order ♠ > ♥ > ♦ > ♣ where the exchange needs a '
            '"highest" card." (C, D, H, S). () = suits never decide.'
        ),
    ] = ()
    leader_holds: Annotated[
        str,
        limits(
            max_length=CODE_MAX,
            description='The card whose holder leads every game. docs/daifugo.md: "The holder of the 3 of diamonds '
            'after the exchange leads every game (the lead need not contain it)." ("3D"); "" = `first_leader` and '
            "`next_leader` say who leads. A code of at most 8 characters."
        ),
    ] = ""
    seating_per_game: Annotated[
        bool,
        Meta(
            description='docs/daifugo.md: "Seats may be redrawn between games (the tournament does so every third '
            'game): seating per game is recorded, not assumed.": a deal may give the seating of its game (True).'
        ),
    ] = False
    role_points: Annotated[
        tuple[Points, Points, Points, Points, Points],
        Meta(
            description='classic: "gets 2 points, … gets 1 point. The scum, or beggar, loses 2 points, and … the '
            'worker, loses 1 point. All players in between … score nothing and lose nothing." friday and deck keep '
            "no score across games (the deck text: \"there is no additional benefit\" for 3rd): their presets keep "
            "classic's points so that a match of several games has standings; set (0, 0, 0, 0, 0) to score none. "
            "Each from -100 to 100 (a silent choice: twenty times the texts' largest, 5)."
        ),
    ] = (2, 1, 0, -1, -2)


MODES = ("full", "public", "holders")  # holders: hands entered by their holders (holders.py)
