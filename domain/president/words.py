"""`describe`: an event in a player's words, one line, as a perspective may know it
(`views.redact` shows the same event as data)."""

from __future__ import annotations

import msgspec

from domain.cards import JOKER, SUIT_SYMBOLS, label, labels
from domain.president.cards import count_words, rank_words
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    HandEntered,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.order import is_bomb, set_rank
from domain.president.shapes import BELOW, counts_as, cuts, locked_suits, past_end, shape_of, shaped
from domain.president.state import State
from domain.president.titles import title_of
from domain.president.views import sees_cards_of
from domain.protocol import SPECTATOR, Perspective


def _titled(state: State, player: str) -> str:
    title = state.roles.get(player)
    return f"{player} ({title})" if title else player


def _shaped_words(state: State, event: CardsPlayed, after: State, line: str) -> str:
    """docs/daifugo.md: a sequence is named by its cards, a Joker by the card it stands for, and a suit lock when
    a play sets it."""
    shape = shape_of(state, event.cards, event.joker_as)
    if shape is not None and shape.kind == "sequence":
        # Low to high as the deck is printed, a Joker past the ends first or last.
        run = sorted(shape.stands, key=lambda card: counts_as(state, card)[1])
        shown = ("Joker" if past_end(card) else label(card) for card in run)
        line = f"{event.player} plays a sequence {' '.join(shown)}"
    elif shape is not None and shape.kind == "group":
        # The rank the group counts as, whichever card comes first (the Joker may).
        rank = counts_as(state, shape.stands[0])[0]
        line = f"{event.player} plays {rank_words(rank, len(event.cards), state.ruleset.rank_names)}"
    if event.joker_as is not None:
        line += f" (the Joker as {joker_words(state, event.joker_as)})"
    if after.trick and locked_suits(after) and not locked_suits(state):
        suits = dict.fromkeys(locked_suits(after))  # a sequence holds its one suit several times
        line += ", locking the suits to " + " ".join(SUIT_SYMBOLS.get(suit, suit) for suit in suits)
    if cuts(state, event.cards, event.joker_as):
        line += ": an 8-cut"
    return line


def joker_words(state: State, joker_as: str) -> str:
    """What a Joker stands for: a card ("5♥"); a rank alone, beside its four cards ("a fifth 7", `five_of_a_kind`);
    a rank past the ends of a sequence ("♠ below the 3", "♠ above the 2", `joker_past_ends`)."""
    end = past_end(joker_as)
    if end:
        plain = [rank for rank in state.rank_orders[False] if rank != JOKER]
        suit = SUIT_SYMBOLS.get(joker_as[-1:], joker_as[-1:])
        return f"{suit} below the {plain[0]}" if end == BELOW else f"{suit} above the {plain[-1]}"
    if joker_as in state.deck.order:
        return f"a fifth {rank_words(joker_as, 1, state.ruleset.rank_names).split(' ', 1)[1]}"
    return label(joker_as)


def describe(state: State, event: msgspec.Struct, after: State, perspective: Perspective = SPECTATOR) -> str:
    # Cards that change hands unseen by `perspective` (an exchange, a Blind draw) are only counted, as
    # `redact` counts them: the words must not name what the event's data hides. A play or a pass is
    # worded from the state it leaves, `after`.
    # Plays and passes first: nearly every event of a match is one.
    if isinstance(event, CardsPlayed):
        names = state.ruleset.rank_names
        rank = set_rank(state, event.cards)
        line = f"{event.player} plays {rank_words(rank, len(event.cards), names)}"
        wild = [card for card in event.cards if state.deck.rank[card] == state.ruleset.wild_rank]
        if wild and rank != state.ruleset.wild_rank:
            line += f" (with {rank_words(state.ruleset.wild_rank, len(wild), names)})"
        if shaped(state):
            line = _shaped_words(state, event, after, line)
        bomb = is_bomb(state, event.cards)
        if bomb:
            line += ": the pile is reset" + (", the direction changes" if after.direction != state.direction else "")
        elif after.passed and state.ruleset.equal_skips_next and after.passed[-1] not in state.passed:
            line += f", skipping {after.passed[-1]}"
        if after.reversed != state.reversed:
            line += ": a revolution, " + ("the values are reversed" if after.reversed else "the values are back")
        if after.phase == "between":
            last = after.out[-1]
            return f"{line} and goes out; the game is over, {last} is the {title_of(state.ruleset, len(after.out) - 1, len(after.out))}"
        if event.player in after.out and event.player not in state.out:
            line += " and goes out"
        if not after.trick and not bomb:
            line += f"; the pile is reset, {after.turn} leads the next round"
        return line
    if isinstance(event, PlayerPassed):
        if not state.trick and state.ruleset.pass_locks_out and after.turn:
            # docs/daifugo.md (`leader_may_pass`): a pass on the empty table shuts the player out of the trick too.
            if after.passed:
                return f"{event.player} passes without leading; {after.turn} may lead"
            return f"{event.player} passes: every player still in has passed, {after.turn} leads again"
        if not after.trick and after.turn:
            return f"{event.player} passes; {after.turn} leads the next round"
        return f"{event.player} passes"
    if isinstance(event, CardsDealt):
        count = sum(len(c) for c in event.hands.values()) or sum(event.sizes.values())
        return f"{event.dealer} deals {count} cards to {len(state.seating)} players"
    if isinstance(event, CardsExchanged):
        seen = sees_cards_of(state, perspective, event.giver) or sees_cards_of(state, perspective, event.receiver)
        given = labels(event.cards) if seen else count_words(len(event.cards) + event.unknown)
        if event.unknown and seen:
            unseen = count_words(event.unknown)
            given = f"{given} and {event.unknown} unseen" if given else unseen
        asked = f", asked for {' and '.join(event.asked)}" if event.asked else ""
        return f"{_titled(state, event.giver)} gives {_titled(state, event.receiver)} {given}{asked}"
    if isinstance(event, HandEntered):
        shown = f": {labels(event.cards)}" if sees_cards_of(state, perspective, event.player) else ""
        return f"{event.player} enters their hand ({count_words(len(event.cards))}){shown}"
    if isinstance(event, CardDrawn):
        shown = f" ({labels((event.card,))})" if event.card and sees_cards_of(state, perspective, event.player) else ""
        return f"{event.player} takes the top card of the pile{shown}"
    if isinstance(event, DirectionChosen):
        first = f"; {event.leader} goes first" if event.leader else ""
        return f"{event.player} chooses to play {event.direction}{first}"
    if isinstance(event, PlayerLeft):
        return f"{_titled(state, event.player)} leaves the table"
    if isinstance(event, PlayerJoined):
        beside = f", to the left of {event.after}" if event.after else ""
        return f"{event.player} joins the table as a {state.ruleset.role_titles[2].lower()}{beside}"
    if isinstance(event, MatchEnded):
        return f"The match ends after {len(state.games)} game{'s' if len(state.games) != 1 else ''}"
    return type(event).__name__
