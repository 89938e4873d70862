"""Campaign turns: region and dice, Ballots cast into the reached states, hand
limits and refills, the order of play, the home stretch and the campaign's end
(mr-president.md § PLAY, § CAMPAIGNING)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from msgspec.structs import replace

from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.events import Ballot, BallotsCast, DiceRolled
from domain.mrpresident.state import CastBallot, Hand, MatchState, Turn
from domain.protocol import IllegalAction, Rule


def order_rule(state: MatchState) -> Rule:
    return rules.ORDER_FOUR if state.four else rules.ORDER_TWO


def require_campaign(state: MatchState) -> None:
    if state.phase == "setup":
        raise IllegalAction("the campaign has not begun", rules.FIRST_PLAYER)
    if state.phase != "campaign":
        raise IllegalAction("the campaign is over", rules.CAMPAIGN_END)


def require_player(state: MatchState, player: str) -> int:
    seat = state.seat_of(player)
    if seat is None:
        raise IllegalAction(f"{player} is not in this match (players: {', '.join(state.players)})", rules.PLAYERS)
    return seat


def require_turn(state: MatchState, player: str, *, at_headquarters: bool = False, raising_funds: bool = False) -> int:
    """The acting player's seat, if it is their turn, the dice are rolled and the
    turn is at the right stage."""
    require_campaign(state)
    seat = require_player(state, player)
    if seat != state.current:
        raise IllegalAction(f"it is {state.players[state.current]}'s turn, not {player}'s", order_rule(state))
    if state.turn is None:
        raise IllegalAction(f"{player} must choose a region and roll the dice first", rules.REGION)
    if state.turn.at_headquarters != at_headquarters:
        if at_headquarters:
            raise IllegalAction(f"{player} is not at Campaign Headquarters", rules.HQ_ROLL)
        raise IllegalAction(f"{player} is at Campaign Headquarters and draws a card now", rules.HQ_CARD)
    if state.turn.raising_funds != raising_funds:
        if raising_funds:
            raise IllegalAction(f"{player} did not announce fund raising before rolling", rules_advanced.FUND_ANNOUNCE)
        raise IllegalAction(f"{player} announced fund raising: the roll locates a state to raise funds in", rules_advanced.FUND_STATE)
    return seat


def check_dice_rolled(state: MatchState, event: DiceRolled) -> None:
    """mr-president.md § CAMPAIGNING: “After selecting a region, announce your choice
    and roll the dice.” In the home stretch “each player may select two regions”."""
    require_campaign(state)
    seat = require_player(state, event.player)
    if state.turn is not None:
        raise IllegalAction(f"{state.players[state.turn.seat]} has rolled already this turn", order_rule(state))
    if seat != state.current:
        raise IllegalAction(f"it is {state.players[state.current]}'s turn, not {event.player}'s", order_rule(state))
    unknown = [r for r in event.regions if r not in state.board.by_region]
    if unknown or not event.regions or len(set(event.regions)) != len(event.regions):
        names = ", ".join(state.board.by_region)
        raise IllegalAction(f"choose a region among {names}", rules.REGION)
    if event.raising_funds and not state.created.ruleset.fund_raising:
        raise IllegalAction("this match's ruleset leaves Fund Raising off", rules.ADVANCED)
    if len(event.regions) > (2 if state.home_stretch and not event.raising_funds else 1):
        if event.raising_funds:
            raise IllegalAction("fund raising selects one region", rules_advanced.FUND_ANNOUNCE)
        if state.home_stretch:
            raise IllegalAction("at most two regions in the home stretch", rules.HOME_STRETCH)
        raise IllegalAction("one region per turn until the home stretch", rules.HOME_STRETCH)
    if len(event.dice) != 2 or not all(1 <= d <= 6 for d in event.dice):
        raise IllegalAction(f"record both dice, each 1 to 6 (got {event.dice})", rules.REACH)


def evolve_dice_rolled(state: MatchState, event: DiceRolled) -> MatchState:
    regions = tuple(state.board.by_region[r] for r in event.regions)
    dice = tuple(event.dice)
    turn = Turn(
        seat=state.current,  # type: ignore[arg-type]
        regions=regions,
        dice=dice,
        reach=state.board.reach(regions, dice),
        step=state.step,
        raising_funds=event.raising_funds,
    )
    return replace(state, turn=turn, last_roll=turn)


def check_votes(ballots: Iterable[Ballot]) -> None:
    """mr-president.md § CAMPAIGNING: “Remember the number before each state represents
    votes in hundred thousands”: never negative; a seal is P or V (“announce whether it
    is a President or a Vice President Ballot”)."""
    for ballot in ballots:
        if ballot.votes is not None and ballot.votes < 0:
            raise IllegalAction(f"a Ballot's votes cannot be negative ({ballot.votes})", rules.VOTES)
        if ballot.seal not in ("P", "VP"):
            raise IllegalAction(f"a Ballot's seal is P or VP, not {ballot.seal!r}", rules.SEAL)


def check_on_board(state: MatchState, ballots: Iterable[Ballot], rule: Rule) -> None:
    """Every Ballot names a state of this match's board (the rule of the caller)."""
    for ballot in ballots:
        if ballot.state not in state.board.by_abbr:
            raise IllegalAction(f"{ballot.state!r} is not a state on the board", rule)


def take(hand: Hand, ballots: Sequence[Ballot]) -> Hand | None:
    """The hand after casting `ballots` from it, or None if it does not hold them."""
    president, vice_president = hand.president, hand.vice_president
    for ballot in ballots:
        if ballot.seal == "P":
            president -= 1
        else:
            vice_president -= 1
    either = hand.either + min(president, 0) + min(vice_president, 0)
    if either < 0:
        return None
    return Hand(max(president, 0), max(vice_president, 0), either)


def check_hand(state: MatchState, seat: int, ballots: Sequence[Ballot]) -> None:
    """mr-president.md § CAMPAIGNING: “You may never hold more cards than indicated by
    your Campaign Ability rating.” The Ballots come from the player's hand: no more than
    it holds, and (four players, where each deck has one seal) of the seals it holds."""
    hand = state.hands[seat]
    name = state.players[seat]
    if len(ballots) > hand.total:
        raise IllegalAction(f"{name} holds only {hand.total} Ballots, not {len(ballots)}", rules.HOLD)
    if take(hand, ballots) is None:
        raise IllegalAction(
            f"{name} holds {hand.president} President and {hand.vice_president} Vice President Ballots", rules.SEAL
        )


def check_limits(state: MatchState, party: int, ballots: Iterable[Ballot], also: Sequence[int] = ()) -> None:
    """mr-president.md § CAMPAIGNING: “each party is limited in the number of Ballots
    it may cast in a particular state” (the board's limit); `also` adds other marks
    that fill the Campaign Record's spaces."""
    record = state.record[party]
    for abbr, n in Counter(b.state for b in ballots).items():
        place = state.board.by_abbr[abbr]
        entry = state.board.places[place].entry
        before = record[place] + (also[place] if also else 0)
        if before + n > entry.limit:
            raise IllegalAction(
                f"the {MEMBERS[PARTIES[party]]} have cast {before} of {entry.limit} Ballots in {entry.name}; {n} more is over the limit",
                rules.LIMIT,
            )


def squelching(state: MatchState, seat: int, reach: Iterable[int]) -> set[int]:
    """States where this player, reaching them, squelches a Rumor drawn against them."""
    reached = set(reach)
    return {r.place for r in state.rumors if r.target == seat and r.place in reached}


def check_ballots_cast(state: MatchState, event: BallotsCast) -> None:
    """mr-president.md § CAMPAIGNING: “Each Ballot cast must list one of the three
    states in which you may campaign.” “At least one Ballot must be cast per turn.”
    Limits per party and state; Ballots held; a Rumor's state squelched unrecorded."""
    seat = require_turn(state, event.player)
    turn = state.turn
    assert turn is not None
    if not event.ballots:
        raise IllegalAction(f"{event.player} must cast at least one Ballot (or blunder)", rules.AT_LEAST_ONE)
    check_votes(event.ballots)
    check_on_board(state, event.ballots, rules.BALLOT_STATE)
    for ballot in event.ballots:
        if ballot.home_state_card:
            raise IllegalAction("the Ballot marked “Home State” is cast at Campaign Headquarters", rules.HOME_STATE_CARD)
        if state.board.by_abbr[ballot.state] not in turn.reach:
            reached = ", ".join(sorted(state.board.places[p].entry.name for p in turn.reach)) or "no state"
            raise IllegalAction(
                f"a roll of {turn.dice[0]} and {turn.dice[1]} reaches {reached}, not {ballot.state}", rules.BALLOT_STATE
            )
    check_hand(state, seat, event.ballots)
    rumored = squelching(state, seat, turn.reach)
    check_limits(state, state.seats[seat].party, [b for b in event.ballots if state.board.by_abbr[b.state] not in rumored])


def put_in_box(
    state: MatchState, player: str, party: int, ballots: Sequence[Ballot], how: str, unrecorded: set[int] = frozenset()
) -> MatchState:
    """Ballots into the Ballot Box for `party`, marked on its Campaign Record unless
    their state is in `unrecorded` or the Ballot is the “Home State” one."""
    if not ballots:
        return state
    record = list(state.record[party])
    cast = []
    for ballot in ballots:
        place = state.board.by_abbr[ballot.state]
        recorded = place not in unrecorded and not ballot.home_state_card
        if recorded:
            record[place] += 1
        cast.append(
            CastBallot(
                step=state.step,
                party=party,
                player=player,
                seal=ballot.seal,
                place=place,
                votes=ballot.votes,
                recorded=recorded,
                how=how,
            )
        )
    records = (tuple(record), state.record[1]) if party == 0 else (state.record[0], tuple(record))
    return replace(state, record=records, ballots=state.ballots + tuple(cast))


def from_hand(state: MatchState, seat: int, ballots: Sequence[Ballot]) -> MatchState:
    hand = take(state.hands[seat], ballots)
    assert hand is not None
    return replace(state, hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :])


def evolve_ballots_cast(state: MatchState, event: BallotsCast) -> MatchState:
    seat = state.current
    turn = state.turn
    assert seat is not None and turn is not None
    rumored = squelching(state, seat, {state.board.by_abbr[b.state] for b in event.ballots})
    if rumored:
        state = replace(state, rumors=tuple(r for r in state.rumors if not (r.target == seat and r.place in rumored)))
    state = from_hand(state, seat, event.ballots)
    state = put_in_box(state, event.player, state.seats[seat].party, event.ballots, "campaign", rumored)
    return end_turn(state, seat)


def draw(state: MatchState, seat: int, decks: list[int], hand: Hand, count: int) -> Hand:
    """Draw `count` cards into a hand: from the player's deck, then the partner's."""
    me = state.seats[seat]
    for source in (seat, me.partner):
        if source is None or count <= 0:
            continue
        n = min(count, decks[source])
        decks[source] -= n
        count -= n
        seal = state.seats[source].deck_seal
        if seal == "P":
            hand = Hand(hand.president + n, hand.vice_president, hand.either)
        elif seal == "VP":
            hand = Hand(hand.president, hand.vice_president + n, hand.either)
        else:
            hand = Hand(hand.president, hand.vice_president, hand.either + n)
    return hand


def refill_all(state: MatchState, first: int) -> MatchState:
    """mr-president.md § CAMPAIGNING: “After casting your Ballots, refill your hand
    from your Ballot deck.” “When your Ballot deck is depleted, refill your hand from
    your partner's deck.” Everyone short of their Campaign Ability refills, the acting
    player first; a party with both decks spent puts the election in the home stretch."""
    short = [seat for seat, hand in zip(state.seats, state.hands) if seat.hand_limit > hand.total]
    if short and any(state.decks):
        decks = list(state.decks)
        hands = list(state.hands)
        start = state.order.index(first)
        for i in range(len(state.order)):
            seat = state.order[(start + i) % len(state.order)]
            missing = state.seats[seat].hand_limit - hands[seat].total
            if missing > 0:
                hands[seat] = draw(state, seat, decks, hands[seat], missing)
        state = replace(state, decks=tuple(decks), hands=tuple(hands))
    if not state.home_stretch and any(
        all(state.decks[s] == 0 for s, seat in enumerate(state.seats) if seat.party == party) for party in (0, 1)
    ):
        state = replace(state, home_stretch=state.step)
    return state


def end_turn(state: MatchState, seat: int) -> MatchState:
    """Refill, then pass the turn on; the player who casts their last Ballot gives
    every other player one more turn (mr-president.md § Campaign's End)."""
    state = refill_all(replace(state, turn=None), seat)
    due = state.final_due
    if due is None and state.hands[seat].total == 0:
        due = tuple(s for s in state.order if s != seat)
    elif due is not None:
        due = tuple(s for s in due if s != seat)
    return advance(replace(state, final_due=due), seat)


def advance(state: MatchState, seat: int) -> MatchState:
    """The next player: the same one for an extra turn, else the next in the order of
    play who has Ballots, has no turn to lose and (at the end) is owed a turn."""
    extra = state.extra_turns
    if state.final_due is None and extra[seat] and state.hands[seat].total:
        return replace(state, extra_turns=extra[:seat] + (extra[seat] - 1,) + extra[seat + 1 :])
    lost = list(state.lost_turns)
    due = state.final_due
    position = state.at
    n = len(state.order)
    for _ in range(n * (sum(lost) + 2)):
        if (due is not None and not due) or not any(h.total for h in state.hands):
            break
        position = (position + 1) % n
        candidate = state.order[position]
        if due is not None and candidate not in due:
            continue
        if state.hands[candidate].total == 0 or lost[candidate]:
            if lost[candidate]:
                lost[candidate] -= 1
            if due is not None:
                due = tuple(s for s in due if s != candidate)
            continue
        return replace(state, at=position, lost_turns=tuple(lost), final_due=due)
    return end_campaign(replace(state, lost_turns=tuple(lost), final_due=due))


def end_campaign(state: MatchState) -> MatchState:
    """mr-president.md § Campaign's End: “Ballots remaining in players' hands are put
    into the Undecided Voter stack.” Then the Absentee Ballots are due: one per state
    of difference to the party that campaigned in more states, the rest dealt one at a
    time beginning with that party."""
    undecided = state.undecided + sum(h.total for h in state.hands)
    counts = [len(state.campaigned(0)), len(state.campaigned(1))]
    if counts[0] != counts[1]:
        lead = 0 if counts[0] > counts[1] else 1
    else:
        tie = state.created.ruleset.absentee_tie_first
        lead = state.seats[state.order[0]].party if tie == "first player" else PARTIES.index(tie)
    # DEBATE 10: “the party winning the most debates will receive the first five
    # Absentee Ballots”, before or after the basic count as the ruleset says.
    debated = [sum(1 for _, won in state.debates if won == p) for p in (0, 1)]
    five = [0, 0]
    if debated[0] != debated[1]:
        five[0 if debated[0] > debated[1] else 1] = 5
    before = state.created.ruleset.debate_absentee_first
    rest = undecided
    first_five = [min(n, rest) for n in five] if before else [0, 0]
    rest -= sum(first_five)
    top = min(abs(counts[0] - counts[1]), rest)
    rest -= top
    later_five = [min(n, rest) for n in five] if not before else [0, 0]
    rest -= sum(later_five)
    due = [first_five[0] + later_five[0], first_five[1] + later_five[1]]
    due[lead] += top + (rest + 1) // 2
    due[1 - lead] += rest // 2
    return replace(
        state,
        phase="absentee",
        undecided=undecided,
        hands=(Hand(),) * len(state.hands),
        turn=None,
        campaign_over=state.step,
        absentee_due=(due[0], due[1]),
        absentee_first=lead,
        debate_absentee=(first_five[0] + later_five[0], first_five[1] + later_five[1]),
    )
