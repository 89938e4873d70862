"""Checks of the play: one function per rule; each raises IllegalAction citing its sentence."""

from __future__ import annotations

from collections import Counter

from domain.cards import label, labels
from domain.president.events import CardDrawn
from domain.president.hands import missing, seen_in, unseen_copies
from domain.president.order import beats_any_set, is_lone_wild, value
from domain.president.state import State
from domain.president.rules import KNOWLEDGE, MATCH_OVER, rule
from domain.protocol import IllegalAction, Rule


def cite(state: State, concept: str) -> Rule:
    return rule(state.ruleset.text, concept)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# -- phases -----------------------------------------------------------------------------------------


def check_not_ended(state: State) -> None:
    """docs/house-rules.md § The end of a match: “Nothing is recorded after the end of a match.”"""
    if state.phase == "ended":
        raise IllegalAction("the match has ended; nothing more can be recorded", MATCH_OVER)


def check_between_games(state: State, what: str) -> None:
    """classic § End Game: “But play doesn’t end at the first person out; you continue until only one
    player is left holding cards.” — a new deal or the end of the match waits for the game to end."""
    if state.phase in ("exchanging", "choosing", "playing"):
        raise IllegalAction(f"game {state.game} is still being played, so {what}", cite(state, "game-end"))


def check_playing(state: State) -> None:
    """classic § Preparation: the deal comes first; § End Game: exchanges come “Before the new game starts”."""
    if state.phase == "exchanging":
        due = state.dues[0]
        raise IllegalAction(
            f"the cards are not exchanged yet: {due.giver} still owes {due.receiver} {plural(due.count, 'card')}",
            cite(state, "exchange-first"),
        )
    if state.phase == "choosing":
        raise IllegalAction("the direction of play is not chosen yet", cite(state, "first-lead" if state.game == 1 else "next-lead"))
    if state.phase != "playing":
        raise IllegalAction("no game is being played: the cards must be dealt first", cite(state, "deal"))


# -- cards in hand ----------------------------------------------------------------------------------


def check_cards_exist(state: State, cards: tuple[str, ...]) -> None:
    """classic § Preparation: the deal “deals out all the cards in the deck”: no card outside it, and no
    card more often than the deck holds it."""
    for card, count in Counter(cards).items():
        held = state.deck.copies.get(card, 0)
        if held == 0:
            raise IllegalAction(f"{card!r} is not a card of this deck", cite(state, "deal"))
        if count > held:
            raise IllegalAction(f"the deck holds {label(card)} only {plural(held, 'time')}", cite(state, "deal"))


def check_in_hand(state: State, player: str, cards: tuple[str, ...]) -> None:
    """docs/house-rules.md § Recording: “the checks use everything known and nothing more”: a card must be in the
    hand as recorded — seen there, or (public mode) possibly among its unseen cards, which excludes a card
    already played this game or seen in another hand."""
    hand = state.hands[player]
    if len(cards) > hand.size:
        raise IllegalAction(f"{player} holds only {plural(hand.size, 'card')}", KNOWLEDGE)
    if seen_in(hand, cards):
        return
    unseen = unseen_copies(state.deck, (state.hands, state.piles), state.played)
    short = missing(hand, cards, unseen)
    if not short:
        return
    card = short[0]
    if state.mode == "full" or hand.unknown == 0:
        raise IllegalAction(f"{player} does not hold {label(card)}", KNOWLEDGE)
    if card in state.played:
        raise IllegalAction(f"{label(card)} was already played in this game", KNOWLEDGE)
    holders = [p for p, h in state.hands.items() if p != player and card in h.known]
    holders += [f"{p}'s pile" for p, h in state.piles.items() if card in h.known]
    if holders:
        raise IllegalAction(f"{label(card)} is known to be in {holders[0]}'s hand", KNOWLEDGE)
    raise IllegalAction(f"{player} cannot hold {labels(short)} as well as the cards already recorded", KNOWLEDGE)


# -- play -------------------------------------------------------------------------------------------


def check_turn(state: State, player: str) -> None:
    """classic § Play Game: “After a player lays the initial card, the opportunity to play progresses in a
    clockwise direction.” The first play of a game is the leader's (“The player to the dealer’s left plays
    first”; after the first game, § End Game: “The finishing order determines who plays first …”), the first
    of a round its winner's (“whoever played last on the previous round starts the new round”), or, when the
    winner went out with that play, § End Game: “the player to his left starts up the next round”."""
    if player == state.turn:
        return
    if state.turn is None and state.ruleset.leader_holds and not state.played and player in state.seating:
        return  # a public record that has not seen who holds the leading card (state._ready)
    if state.passed and not state.trick:
        concept = "turn"  # a pass shuts a player out of a trick not yet led too (`leader_may_pass`, `pass_locks_out`)
    elif not state.played:
        concept = "first-lead" if state.game == 1 else "next-lead"
    else:
        concept = "turn" if state.trick else "out-lead" if state.lead_passed_on else "lead"
    raise IllegalAction(f"it is {state.turn}'s turn, not {player}'s", cite(state, concept))


def check_set(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “putting one, two, three, or four cards of the same kind face-up on the table”;
    a Doppelgänger joins any set (deck § Cards Overview: “The Doppelgänger card duplicates any card.”)."""
    if not cards:
        raise IllegalAction("a play puts down at least one card", cite(state, "set"))
    if len(cards) > state.ruleset.max_set:
        raise IllegalAction(f"a play is at most {state.ruleset.max_set} cards", cite(state, "set"))
    ranks = {state.deck.rank[card] for card in cards} - {state.ruleset.wild_rank}
    if len(ranks) > 1:
        raise IllegalAction(f"{labels(cards)} are not all of the same rank", cite(state, "set"))


def check_lone_wild(state: State, cards: tuple[str, ...]) -> None:
    """deck § Cards Overview: “If you are unable to play the Doppelgänger with another card, it counts as the
    lowest value (even lower than a Turd) and can therefore only be played on a clean slate.”"""
    if state.trick and is_lone_wild(state, cards):
        raise IllegalAction("a Doppelgänger on its own is played only on a clean slate", cite(state, "wild"))


def check_count(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “she must put down the same number of cards as the previous lay down”."""
    if not state.trick:
        return
    needed = len(state.trick[-1].cards)
    if needed > 1 and beats_any_set(state, cards):
        return  # friday: “However, a single 2 may be played onto any DTQ up to the value of Ace.”
    if state.ruleset.count_rule == "same" and len(cards) != needed:
        raise IllegalAction(
            f"this round is played {plural(needed, 'card')} at a time, not {len(cards)}", cite(state, "same-count")
        )
    if state.ruleset.count_rule == "at_least" and len(cards) < needed:
        raise IllegalAction(
            f"this round needs at least {plural(needed, 'card')} a play, not {len(cards)}", cite(state, "same-count")
        )


def check_outranks(state: State, cards: tuple[str, ...]) -> None:
    """classic § Play Game: “the cards you put down must have a higher rank than the cards already played”;
    with `equal_rank_beats`, § Introduction: “Each play must equal or outrank the previous one.”"""
    if not state.trick:
        return
    top = state.trick[-1].cards
    played, beaten = value(state, cards), value(state, top)
    if state.ruleset.equal_rank_beats:
        if played < beaten:
            raise IllegalAction(f"{labels(cards)} does not equal or outrank {labels(top)}", cite(state, "equal-or-outrank"))
    elif played <= beaten:
        reversed_now = " (values are reversed)" if state.reversed else ""
        raise IllegalAction(f"{labels(cards)} does not outrank {labels(top)}{reversed_now}", cite(state, "higher"))


def check_may_pass(state: State) -> None:
    """deck § How To Play: “Players may pass at any time, even if they have cards they could play.”
    (`leader_may_pass`); where the text does not say so, docs/house-rules.md § Turns (President): “Where the
    text does not let the leader of a round pass, the player who leads a round plays.”"""
    if not state.trick and not state.ruleset.leader_may_pass:
        raise IllegalAction(f"{state.turn} leads this round and must play", cite(state, "leader-plays"))


def check_draw(state: State, event: CardDrawn) -> None:
    """friday § Blind President: “If a player runs out of cards in their hand during a round, they may take
    one card from the top of their pile and play it if it can be played.”"""
    if not state.ruleset.blind:
        raise IllegalAction("cards are drawn from a pile only in Blind President", cite(state, "no-draw"))
    drawing = cite(state, "blind-draw")
    hand, pile = state.hands[event.player], state.piles[event.player]
    if hand.size:
        raise IllegalAction(f"{event.player} still holds cards and draws only when the hand runs out", drawing)
    if not pile.size:
        raise IllegalAction(f"{event.player}'s pile is empty", drawing)
    if event.card is None:
        return
    if pile.known and pile.known[0] != event.card:
        raise IllegalAction(f"the top card of {event.player}'s pile is {label(pile.known[0])}", KNOWLEDGE)
    if not pile.known:
        check_cards_exist(state, (event.card,))
        if unseen_copies(state.deck, (state.hands, state.piles), state.played)[event.card] <= 0:
            raise IllegalAction(f"{label(event.card)} cannot be in {event.player}'s pile", KNOWLEDGE)


