"""Going to Campaign Headquarters: by choice on 7, 11 or doubles, or forced by a
blunder; home-state Ballots; the card drawn and its effect as recorded facts
(mr-president.md § GOING TO CAMPAIGN HEADQUARTERS)."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.mrpresident import rules
from domain.mrpresident.campaign import (
    check_hand,
    check_limits,
    check_on_board,
    check_votes,
    end_turn,
    from_hand,
    put_in_box,
    refill_all,
    require_campaign,
    require_player,
    require_turn,
)
from domain.mrpresident.events import (
    Ballot,
    BulletinDrawn,
    CardEffect,
    HeadquartersCardDrawn,
    HeadquartersVisited,
    PressEndorsed,
    RumorBallotsGiven,
    RumorDrawn,
)
from domain.mrpresident.state import MatchState, Rumor
from domain.protocol import IllegalAction, Rule


def may_visit(dice: Sequence[int]) -> bool:
    return sum(dice) in (7, 11) or dice[0] == dice[1]


def home_states(state: MatchState, seat: int) -> list[str]:
    """The home states a player may go to: their own candidate's, or (two players)
    their President's or their Vice President's."""
    return [card.home_state for card in state.seats[seat].cards]


def check_headquarters_visited(state: MatchState, event: HeadquartersVisited) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “You may go to Campaign
    Headquarters ... when you roll 7, 11 or doubles.” A blunder sends you there on
    any roll. “you may cast any Ballots you hold for this state before drawing a
    Campaign Headquarters card.”"""
    seat = require_turn(state, event.player)
    turn = state.turn
    assert turn is not None
    if not event.blundered and not may_visit(turn.dice):
        raise IllegalAction(
            f"a roll of {turn.dice[0]} and {turn.dice[1]} does not allow a visit to Campaign Headquarters", rules.HQ_ROLL
        )
    if not (event.ballots or event.home_state):
        return
    if not event.blundered and not state.created.ruleset.home_state_ballots_on_any_visit:
        raise IllegalAction("home-state Ballots only after a blunder (this match's ruleset)", rules.HOME_STATE)
    allowed = home_states(state, seat)
    if event.home_state not in allowed:
        rule = rules.HOME_STATE if state.four else rules.HOME_STATE_TWO
        raise IllegalAction(f"{event.player}'s home state is {' or '.join(allowed)}, not {event.home_state!r}", rule)
    check_votes(event.ballots)
    for ballot in event.ballots:
        if ballot.state != event.home_state:
            raise IllegalAction(f"only Ballots for {event.home_state} are cast at Headquarters", rules.HOME_STATE)
    check_hand(state, seat, event.ballots)
    check_limits(state, state.seats[seat].party, [b for b in event.ballots if not b.home_state_card])


def blunder_source(state: MatchState, seat: int) -> int | None:
    """The deck whose top card a blunder puts under the Undecided Voter stack."""
    if state.decks[seat]:
        return seat
    partner = state.seats[seat].partner
    if state.created.ruleset.blunder_from_partner_deck and partner is not None and state.decks[partner]:
        return partner
    return None


def evolve_headquarters_visited(state: MatchState, event: HeadquartersVisited) -> MatchState:
    seat = state.current
    assert seat is not None and state.turn is not None
    state = replace(state, turn=replace(state.turn, at_headquarters=True))
    if event.blundered:
        source = blunder_source(state, seat)
        if source is not None:
            decks = state.decks[:source] + (state.decks[source] - 1,) + state.decks[source + 1 :]
            state = replace(state, decks=decks, undecided=state.undecided + 1)
    state = from_hand(state, seat, event.ballots)
    return put_in_box(state, event.player, state.seats[seat].party, event.ballots, "home state")


def check_rumor_drawn(state: MatchState, event: RumorDrawn) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: the Rumor falls on “the
    candidate who is seeking the same office that you are”, in the state it names."""
    require_turn(state, event.player, at_headquarters=True)
    if event.state not in state.board.by_abbr:
        raise IllegalAction(f"{event.state!r} is not a state on the board", rules.RUMOR)


def evolve_rumor_drawn(state: MatchState, event: RumorDrawn) -> MatchState:
    seat = state.current
    assert seat is not None
    rumor = Rumor(drawer=seat, target=state.opponent(seat), place=state.board.by_abbr[event.state], step=state.step)
    return end_turn(replace(state, rumors=state.rumors + (rumor,)), seat)


def check_rumor_ballots_given(state: MatchState, event: RumorBallotsGiven) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “If the candidate who drew
    the Rumor card is given cards by his opponent, he must cast them immediately but
    does not record them.” Only the target of an open Rumor gives, between turns."""
    require_campaign(state)
    seat = require_player(state, event.player)
    if not any(r.target == seat for r in state.rumors):
        raise IllegalAction(f"no Rumor is out against {event.player}", rules.RUMOR_GIVEN)
    if state.turn is not None:
        raise IllegalAction("cards change hands between turns", rules.RUMOR_GIVEN)
    if not event.ballots:
        raise IllegalAction("record the Ballots given", rules.RUMOR_GIVEN)
    check_votes(event.ballots)
    check_on_board(state, event.ballots, rules.RUMOR_GIVEN)
    check_hand(state, seat, event.ballots)


def evolve_rumor_ballots_given(state: MatchState, event: RumorBallotsGiven) -> MatchState:
    seat = state.seat_of(event.player)
    assert seat is not None
    rumor = next(r for r in state.rumors if r.target == seat)
    drawer = state.seats[rumor.drawer]
    state = replace(state, rumors=tuple(r for r in state.rumors if r is not rumor))
    state = from_hand(state, seat, event.ballots)
    every = {state.board.by_abbr[b.state] for b in event.ballots}
    state = put_in_box(state, drawer.name, drawer.party, event.ballots, "given", every)
    return refill_all(state, seat)


def check_press_endorsed(state: MatchState, event: PressEndorsed) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “roll the die (or dice as
    indicated by the card) to determine the number of Ballots you may take from the
    Undecided Voter stack”; “The region(s) or state(s) in which you may cast the
    Undecided Voter Ballots are indicated on the Endorsement card according to your
    Press Support rating”; “you may cast as many Ballots as can be replaced.”"""
    seat = require_turn(state, event.player, at_headquarters=True)
    if len(event.dice) not in (1, 2) or not all(1 <= d <= 6 for d in event.dice):
        raise IllegalAction(f"record the die or both dice, each 1 to 6 (got {event.dice})", rules.PRESS_DICE)
    rating = state.seats[seat].press_support
    if event.press_support != rating:
        raise IllegalAction(f"{event.player}'s Press Support rating is {rating}, not {event.press_support}", rules.PRESS_RATING)
    check_places(state, event.places, rules.PRESS_PLACES)
    taken = min(sum(event.dice), state.undecided)
    if len(event.ballots) > taken:
        raise IllegalAction(f"the dice allow {taken} Undecided Ballots, not {len(event.ballots)}", rules.PRESS_DICE)
    if len(event.ballots) > sum(state.decks):
        raise IllegalAction(f"only {sum(state.decks)} Ballots are left to replenish the stack", rules.PRESS_REPLACE)
    check_votes(event.ballots)
    check_in_places(state, event.ballots, event.places, rules.PRESS_PLACES)
    check_limits(state, state.seats[seat].party, event.ballots)


def check_places(state: MatchState, places: Sequence[str], rule: Rule) -> None:
    unknown = [p for p in places if p not in state.board.by_region and p not in state.board.by_abbr]
    if unknown or not places:
        raise IllegalAction(f"name the regions or states the card gives (not {unknown or 'none'})", rule)


def check_in_places(state: MatchState, ballots: Sequence[Ballot], places: Sequence[str], rule: Rule) -> None:
    check_on_board(state, ballots, rule)
    for ballot in ballots:
        place = state.board.places[state.board.by_abbr[ballot.state]]
        if ballot.home_state_card or (
            ballot.state not in places and state.board.board.regions[place.region].name not in places
        ):
            raise IllegalAction(f"the card allows Ballots in {', '.join(places)}, not {ballot.state}", rule)


def replenish(state: MatchState, seat: int, count: int) -> MatchState:
    """“draw one card from each player's Ballot deck (beginning with the player who
    drew the Endorsement card) until all cards cast have been replaced”, in the order
    of play, skipping spent decks."""
    decks = list(state.decks)
    start = state.order.index(seat)
    i = 0
    while count and any(decks):
        source = state.order[(start + i) % len(state.order)]
        if decks[source]:
            decks[source] -= 1
            count -= 1
        i += 1
    return replace(state, decks=tuple(decks))


def evolve_press_endorsed(state: MatchState, event: PressEndorsed) -> MatchState:
    seat = state.current
    assert seat is not None
    state = put_in_box(state, event.player, state.seats[seat].party, event.ballots, "press")
    state = replenish(state, seat, len(event.ballots))
    return end_turn(state, seat)


def identified(state: MatchState, seat: int, issue: str) -> bool:
    wanted = issue.casefold()
    return any(wanted == i.casefold() for card in state.seats[seat].cards for i in card.issues)


def check_effects(state: MatchState, effects: Sequence[CardEffect], issue: str | None) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “Most of the cards are
    self-explanatory”: each affected player's Ballots come from their hand, in the
    places the card names, within the limits; a Bulletin touches only candidates
    identified with its issue (“any player not identified with the issue on a Bulletin
    card may disregard the card”)."""
    for effect in effects:
        seat = require_player(state, effect.player)
        if issue is not None and not identified(state, seat, issue):
            raise IllegalAction(f"{effect.player} is not identified with {issue}", rules.BULLETIN)
        if min(effect.turns_lost, effect.extra_turns) < 0:
            raise IllegalAction("counts on a card are never negative", rules.HQ_CARD)
        if effect.ballots:
            check_places(state, effect.places, rules.HQ_CARD)
            check_votes(effect.ballots)
            check_in_places(state, effect.ballots, effect.places, rules.HQ_CARD)
            check_limits(state, state.seats[seat].party, effect.ballots)
        check_hand(state, seat, [*effect.ballots, *discards(effect)])
        state = apply_effect(state, effect)


def discards(effect: CardEffect) -> list[Ballot]:
    """The Ballots a card takes from the hand, as Ballots of their seals."""
    return [Ballot(seal=seal, state="") for seal in effect.discarded]


def apply_effect(state: MatchState, effect: CardEffect) -> MatchState:
    seat = state.seat_of(effect.player)
    assert seat is not None
    state = from_hand(state, seat, effect.ballots)
    state = put_in_box(state, effect.player, state.seats[seat].party, effect.ballots, "card")
    if effect.discarded:
        state = from_hand(state, seat, discards(effect))
        state = replace(state, undecided=state.undecided + len(effect.discarded))
    if effect.turns_lost or effect.extra_turns:
        lost = state.lost_turns[:seat] + (state.lost_turns[seat] + effect.turns_lost,) + state.lost_turns[seat + 1 :]
        extra = state.extra_turns[:seat] + (state.extra_turns[seat] + effect.extra_turns,) + state.extra_turns[seat + 1 :]
        state = replace(state, lost_turns=lost, extra_turns=extra)
    return state


def check_bulletin_drawn(state: MatchState, event: BulletinDrawn) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “any player not identified
    with the issue on a Bulletin card may disregard the card.”"""
    require_turn(state, event.player, at_headquarters=True)
    check_effects(state, event.effects, event.issue)


def check_headquarters_card(state: MatchState, event: HeadquartersCardDrawn) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “Most of the cards are
    self-explanatory”: their effects are recorded as facts and checked against hands,
    places and limits."""
    require_turn(state, event.player, at_headquarters=True)
    check_effects(state, event.effects, None)


def evolve_card_effects(state: MatchState, event: BulletinDrawn | HeadquartersCardDrawn) -> MatchState:
    seat = state.current
    assert seat is not None
    for effect in event.effects:
        state = apply_effect(state, effect)
    return end_turn(state, seat)
