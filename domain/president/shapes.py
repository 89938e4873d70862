"""The shape of a play where the ruleset has sequences or a Joker that stands for a card (docs/daifugo.md):
a group, a sequence or a lone Joker; what it beats, the suit lock, the 8-cut, the revolution; and the
checks of those rules, each citing its sentence of docs/daifugo.md (rules_daifugo.py)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

import msgspec

from domain.cards import JOKER, SUITS, labels
from domain.protocol import IllegalAction, Rule

if TYPE_CHECKING:
    from domain.president.state import Play, State

Kind = Literal["group", "sequence", "joker"]
SPADE_THREE = "3S"
# A Joker standing past the ends of the ranks in a sequence (`joker_past_ends`): its `joker_as` is one of these and
# the sequence's suit, "-S" below the lowest rank (the 3), "+S" above the highest (the 2); the UECda logs' rank
# letters `-` and `+`.
BELOW, ABOVE = "-", "+"


class Shape(msgspec.Struct, frozen=True):
    kind: Kind  # "joker": a Joker alone, standing for nothing
    stands: tuple[str, ...]  # the cards as they count: the Joker replaced by the card it stands for
    low: int  # the value of the lowest rank, as the ranks stand now (a revolution turns them over)
    high: int
    suits: tuple[str, ...]  # the suits of `stands`, sorted; () for a lone Joker


def shaped(state: State) -> bool:
    """Plays take shapes only where the ruleset has sequences or a Joker standing for a card."""
    return bool(state.ruleset.sequences or state.ruleset.joker_stands_for)


def _cite(state: State, concept: str) -> Rule:
    from domain.president.rules import rule

    return rule(state.ruleset.text, concept)


def stands_for(state: State, cards: tuple[str, ...], joker_as: str | None) -> tuple[str, ...]:
    if joker_as is None:
        return cards
    rank = state.deck.rank
    at = next(i for i, card in enumerate(cards) if rank[card] == JOKER)
    return cards[:at] + (joker_as,) + cards[at + 1 :]


def _suit(code: str) -> str:
    return code[-1:] if code[-1:] in SUITS else ""


def past_end(code: str) -> str:
    """`BELOW` or `ABOVE` when `code` is a Joker's `joker_as` past the ends of the ranks ("-S": the rank below the
    lowest, of spades; "+S": above the highest), else ""."""
    head = code[:-1] if _suit(code) else code
    return head if head in (BELOW, ABOVE) else ""


def counts_as(state: State, code: str) -> tuple[str, int]:
    """The rank a card of a play counts as, and its position in the ruleset's order: a card of the deck its own; a
    Joker's `joker_as` of a rank alone (five of a kind: "7") that rank; past the ends ("-S", "+S") one position below
    the lowest plain rank or above the highest."""
    deck = state.deck
    if code in deck.rank:
        rank = deck.rank[code]
        return rank, deck.order.get(rank, -1)
    if code in deck.order:
        return code, deck.order[code]
    end = past_end(code)
    if end == BELOW:
        return BELOW, deck.plain_low - 1
    if end == ABOVE:
        return ABOVE, deck.plain_top + 1
    return "", -1


def position_value(state: State, rank: str, position: int) -> int:
    """order.rank_value for a position that may lie past the ends of the ranks: a revolution turns it over too."""
    deck = state.deck
    if state.reversed and rank != JOKER:
        return deck.plain_top + deck.plain_low - position
    return position


def shape_of(state: State, cards: tuple[str, ...], joker_as: str | None = None) -> Shape | None:
    """The shape of a play, or None when it is neither a group nor a sequence. A Joker standing for a rank alone
    (five of a kind) has no suit; one past the ends of the ranks has the suit it names."""
    stands = stands_for(state, cards, joker_as)
    counted = [counts_as(state, card) for card in stands]
    ranks = [rank for rank, _ in counted]
    values = [position_value(state, rank, position) for rank, position in counted]
    suits = tuple(sorted(_suit(card) for card in stands if _suit(card) or card != joker_as))
    if len(cards) == 1 and ranks[0] == JOKER:
        return Shape("joker", stands, values[0], values[0], ())
    if "" in ranks:
        return None
    if len(set(ranks)) == 1:
        return Shape("group", stands, values[0], values[0], suits)
    minimum = state.ruleset.sequences
    if not minimum or len(stands) < minimum or JOKER in ranks or len(set(suits)) != 1 or not suits[0]:
        return None
    positions = sorted(position for _, position in counted)
    if positions != list(range(positions[0], positions[0] + len(positions))):
        return None
    return Shape("sequence", stands, min(values), max(values), suits)


def play_shape(state: State, play: Play) -> Shape | None:
    return shape_of(state, play.cards, play.joker_as)


def locked_suits(state: State) -> tuple[str, ...]:
    """docs/daifugo.md § The rules: “Suit lock: when a play has exactly the same suits as the play before it on the table
    (passes in between allowed), later plays of the trick must have those suits.” “a lone Joker neither sets nor
    meets a lock.”"""
    if not state.ruleset.suit_lock:
        return ()
    before: Shape | None = None
    for play in state.trick:
        shape = play_shape(state, play)
        if shape is None or shape.kind == "joker":
            before = None
            continue
        if before is not None and before.suits == shape.suits:
            return shape.suits
        before = shape
    return ()


def beats(state: State, shape: Shape, top: Shape) -> bool:
    """docs/daifugo.md § The rules: “A later play must be of the same kind and the same number of cards, and higher (sequences
    compare end to end).” “Joker alone beats any single, even under a suit lock; only the 3 of spades beats a lone
    Joker”. (Kind and count are checked first.)"""
    if top.kind == "joker":
        return state.ruleset.spade_three and shape.stands == (SPADE_THREE,)
    if shape.kind == "joker":
        return True
    if shape.kind == "sequence":
        return shape.low > top.high
    return shape.low >= top.low if state.ruleset.equal_rank_beats else shape.low > top.low


def same_kind(shape: Shape, top: Shape) -> bool:
    """A lone Joker plays as a single of a group."""
    kind = "group" if shape.kind == "joker" else shape.kind
    return kind == ("group" if top.kind == "joker" else top.kind)


def cuts(state: State, cards: tuple[str, ...], joker_as: str | None) -> bool:
    """docs/daifugo.md § The rules: “8-cut: a play that contains an 8 (a group of 8s, a sequence through an 8, or the Joker
    standing for an 8) ends the trick at once, and the same player leads.”"""
    eight = state.ruleset.eight_cut
    return bool(eight) and any(counts_as(state, card)[0] == eight for card in stands_for(state, cards, joker_as))


def ends_on_joker(state: State, cards: tuple[str, ...], beaten: Play | None) -> bool:
    """docs/daifugo.md § The rules: “only the 3 of spades beats a lone Joker, and that ends the trick.”"""
    if not state.ruleset.spade_three or beaten is None or cards != (SPADE_THREE,):
        return False
    return len(beaten.cards) == 1 and state.deck.rank[beaten.cards[0]] == JOKER


def revolts(state: State, cards: tuple[str, ...], joker_as: str | None) -> bool:
    """friday § Revolution: “any time a quadruple is played …”; docs/daifugo.md § The rules: “Revolution: a group of four or
    more (the Joker counts) or a sequence of five or more reverses the order of ranks until the next revolution”."""
    ruleset = state.ruleset
    if not ruleset.revolution:
        return False
    count = len(cards)
    if ruleset.sequences:
        shape = shape_of(state, cards, joker_as)
        if shape is not None and shape.kind == "sequence":
            return bool(ruleset.revolution_sequence) and count >= ruleset.revolution_sequence
    return count == 4 or (ruleset.revolution_sizes == "four_or_more" and count >= 4)


# -- the checks -------------------------------------------------------------------------------------


def check_joker_as(state: State, cards: tuple[str, ...], joker_as: str | None) -> None:
    """docs/daifugo.md § The rules: “the Joker may stand for any card”: a Joker played with other cards names the card it
    stands for, one of the deck's plain cards and not one played beside it; a Joker alone stands for nothing. Where
    the ruleset has them, “1–5 cards of one rank” lets it stand for a fifth card of a rank beside the four (its rank
    alone: `five_of_a_kind`), and “the Joker may fill one rank, including one past either end” a rank past the ends
    of a sequence (`joker_past_ends`: "-S", "+S")."""
    jokers = [card for card in cards if state.deck.rank[card] == JOKER]
    citing = _cite(state, "joker-as")
    if joker_as is None:
        if state.ruleset.joker_stands_for and jokers and len(cards) > 1:
            raise IllegalAction("a Joker played with other cards names the card it stands for (joker_as)", citing)
        return
    if not state.ruleset.joker_stands_for:
        raise IllegalAction("in this ruleset a Joker is a rank of its own and stands for no card", citing)
    if len(jokers) != 1 or len(cards) < 2:
        raise IllegalAction("joker_as names the card of the one Joker played with other cards", citing)
    if joker_as in state.deck.order and joker_as != JOKER:
        _check_fifth(state, cards, joker_as)
        return
    if past_end(joker_as):
        if not (state.ruleset.joker_past_ends and state.ruleset.sequences):
            raise IllegalAction(
                f"in this ruleset the Joker stands for a card of the deck, not a rank past the ends ({joker_as!r})", citing
            )
        if not _suit(joker_as):
            raise IllegalAction(f"a Joker past the ends of the ranks names the sequence's suit too ({joker_as}S, not {joker_as})", citing)
        return  # check_shape: the other cards make a sequence of its suit from the lowest rank, or to the highest
    if state.deck.rank.get(joker_as, JOKER) == JOKER or joker_as in cards:
        raise IllegalAction(f"the Joker stands for a card of the deck not played beside it, not {joker_as!r}", citing)


def _check_fifth(state: State, cards: tuple[str, ...], rank: str) -> None:
    """docs/daifugo.md § The rules: “A play is a group (1–5 cards of one rank; the Joker may stand for any card)”: with
    every card of a rank the Joker is a fifth of it; beside fewer it names a card of the deck (`five_of_a_kind`)."""
    if not state.ruleset.five_of_a_kind:
        raise IllegalAction(
            f"in this ruleset the Joker stands for a card of the deck, not a rank alone ({rank!r})", _cite(state, "joker-as")
        )
    plain = Counter(card for card in cards if state.deck.rank[card] != JOKER)
    every = Counter({code: held for code, held in state.deck.copies.items() if state.deck.rank[code] == rank})
    if plain != every:
        raise IllegalAction(
            f"the Joker stands for a {rank} alone only beside every {rank} of the deck (five of a kind); beside fewer it "
            "names the card it stands for",
            _cite(state, "five-of-a-kind"),
        )


def check_shape(state: State, cards: tuple[str, ...], joker_as: str | None) -> Shape:
    """docs/daifugo.md § The rules: “A play is a group (1–5 cards of one rank; the Joker may stand for any card) or a sequence
    (3 or more consecutive ranks of one suit; the Joker may fill one rank, including one past either end).”"""
    if not cards:
        raise IllegalAction("a play puts down at least one card", _cite(state, "set"))
    shape = shape_of(state, cards, joker_as)
    if shape is None:
        what = "a group of one rank or a sequence of one suit" if state.ruleset.sequences else "of one rank"
        if joker_as is not None and past_end(joker_as):
            plain = [rank for rank in state.rank_orders[False] if rank != JOKER]
            low, high = plain[0], plain[-1]
            end = f"below the {low}" if past_end(joker_as) == BELOW else f"above the {high}"
            raise IllegalAction(
                f"{labels(cards)} with the Joker {end} is not a sequence of one suit running to that end", _cite(state, "past-ends")
            )
        raise IllegalAction(f"{labels(cards)} is not {what}", _cite(state, "sequence" if state.ruleset.sequences else "set"))
    if shape.kind == "group" and len(cards) > state.ruleset.max_set:
        raise IllegalAction(f"a group is at most {state.ruleset.max_set} cards", _cite(state, "set"))
    return shape


def check_beats(state: State, shape: Shape) -> None:
    """docs/daifugo.md § The rules: “A later play must be of the same kind and the same number of cards, and higher (sequences
    compare end to end).”; “Joker alone beats any single, even under a suit lock; only the 3 of spades beats a lone
    Joker, and that ends the trick.”; “Suit lock: … later plays of the trick must have those suits.”"""
    if not state.trick:
        return
    top_play = state.trick[-1]
    top = play_shape(state, top_play)
    assert top is not None  # every play on the pile was checked
    if not same_kind(shape, top):
        raise IllegalAction(f"this trick is played in {top.kind}s, not {shape.kind}s", _cite(state, "same-kind"))
    if len(shape.stands) != len(top.stands):
        raise IllegalAction(
            f"this trick is played {len(top.stands)} cards at a time, not {len(shape.stands)}", _cite(state, "same-count")
        )
    if top.kind == "joker" or shape.kind == "joker":
        if not beats(state, shape, top):
            raise IllegalAction(f"{labels(shape.stands)} does not beat a lone Joker", _cite(state, "joker-alone"))
        return
    lock = locked_suits(state)
    if lock and shape.suits != lock:
        raise IllegalAction(f"the suits are locked to {' '.join(lock)}", _cite(state, "lock"))
    if not beats(state, shape, top):
        reversed_now = " (values are reversed)" if state.reversed else ""
        raise IllegalAction(f"{labels(shape.stands)} does not outrank {labels(top.stands)}{reversed_now}", _cite(state, "higher"))
