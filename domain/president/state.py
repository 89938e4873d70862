"""The state of a match, `initial`, and `EVOLVERS`: per action, how it folds into the state."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.president.cards import Deck
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    MatchCreated,
    HandEntered,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.exchanges import Exchange, ExchangeDue, exchange_dues, givable, received_from
from domain.president.hands import Hand, add, draw, forget, take
from domain.president.holders import hand_entered
from domain.president.order import is_bomb, ranks_in_order, unbeatable, value
from domain.president.ruleset import Ruleset
from domain.president.seats import first_leader, holding, next_holding, still_in
from domain.president.shapes import cuts, ends_on_joker, revolts
from domain.president.titles import role_index, roles_of

Phase = Literal["dealing", "exchanging", "choosing", "playing", "between", "ended"]


class Play(msgspec.Struct, frozen=True):
    player: str
    cards: tuple[str, ...]
    step: int
    joker_as: str | None = None  # the card a Joker among the cards stands for (events.CardsPlayed)


class GameResult(msgspec.Struct, frozen=True):
    number: int
    dealer: str
    order: tuple[str, ...]  # finishing order, first out first
    out_steps: tuple[int, ...]  # the step each went out (the last: the step that ended the game)
    titles: tuple[str, ...]
    points: tuple[int, ...]

    @property
    def end_step(self) -> int:
        return self.out_steps[-1]


class State(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    ruleset: Ruleset
    deck: Deck
    mode: str
    players: tuple[str, ...]
    seating: tuple[str, ...]  # clockwise, for the game being played or the next one
    phase: Phase = "dealing"
    game: int = 0  # number of the game being played, or of the last one
    dealer: str | None = None
    leader: str | None = None  # who leads the game's first round
    turn: str | None = None
    direction: int = 1  # +1 clockwise (to the left), -1 counter-clockwise
    reversed: bool = False  # a revolution has turned the values over
    hands: dict[str, Hand] = {}
    piles: dict[str, Hand] = {}  # Blind President: face-down piles, top card first
    trick: tuple[Play, ...] = ()
    passed: tuple[str, ...] = ()  # passes since the last play of the round
    # The round's last player went out, so the next player still in leads (classic § End Game's note).
    lead_passed_on: bool = False
    played: tuple[str, ...] = ()  # cards played this game
    out: tuple[str, ...] = ()
    out_steps: tuple[int, ...] = ()
    dues: tuple[ExchangeDue, ...] = ()
    exchanged: tuple[Exchange, ...] = ()  # this game's exchanges
    ranking: tuple[str, ...] = ()  # finishing order of the last game played out, less those who left
    newcomers: tuple[str, ...] = ()  # joined since: citizens, outside the exchange (presidents-deck)
    points: dict[str, int] = {}
    games: tuple[GameResult, ...] = ()
    # Derived, kept here so that `view` (called for every step of a replay) need not recompute them:
    # each player's title from `ranking` and `newcomers` (see `titles.roles_of`), and the ranks the deck holds,
    # lowest value first, as they stand without and with a revolution (`rank_orders[reversed]`).
    roles: dict[str, str] = {}
    rank_orders: tuple[tuple[str, ...], ...] = ()
    # Mode "holders" (holders.py): this game's hand sizes as dealt, the hands entered as dealt, and the cards each
    # player played (a hand entered late is the hand dealt, less those and the cards given, plus those received),
    # keyed in the order the players first played, and who acted first (played or passed): who had the lead
    # (entering.py checks a hand entered against it; a leader may pass on the empty trick where the ruleset lets).
    dealt_sizes: dict[str, int] = {}
    entered: dict[str, tuple[str, ...]] = {}
    played_by: dict[str, tuple[str, ...]] = {}
    opened_by: str | None = None


def initial(created: MatchCreated) -> State:
    players = tuple(created.players)
    ruleset = created.ruleset
    state = State(
        step=1,
        ruleset=ruleset,
        deck=Deck.of(ruleset.deck, ruleset.ranks),
        mode=created.mode,
        players=players,
        seating=players,
        points={player: 0 for player in players},
    )
    # The deck and the ruleset never change in a match, so the two orders never do.
    orders = (tuple(ranks_in_order(state)), tuple(ranks_in_order(replace(state, reversed=True))))
    return replace(state, rank_orders=orders)


def _ready(state: State) -> State:
    """After the deal and the exchanges: the direction is chosen first where the ruleset says so."""
    if state.dues:
        return replace(state, phase="exchanging", turn=None)
    if state.ruleset.leader_holds:
        # docs/daifugo.md: "The holder of the 3 of diamonds after the exchange leads every game": a public record
        # that has not seen the card lets whoever plays first lead (checks.check_turn).
        card = state.ruleset.leader_holds
        state = replace(state, leader=next((p for p in state.seating if card in state.hands[p].known), None))
    if state.ruleset.choose_direction:
        return replace(state, phase="choosing", turn=None)
    return replace(state, phase="playing", turn=state.leader)


def _dealt(state: State, event: CardsDealt) -> State:
    if event.seating:
        state = replace(state, seating=tuple(event.seating))
    if state.mode == "full":
        hands = {player: Hand(tuple(event.hands[player])) for player in state.seating}
    else:
        hands = {player: Hand((), event.sizes[player]) for player in state.seating}
    piles: dict[str, Hand] = {}
    if state.ruleset.blind:
        piles, hands = hands, {}
        for player in state.seating:
            hands[player], piles[player] = draw(Hand(), piles[player], state.ruleset.blind_hand)
    state = replace(
        state,
        game=state.game + 1,
        dealer=event.dealer,
        hands=hands,
        piles=piles,
        reversed=False,
        trick=(),
        passed=(),
        played=(),
        out=(),
        out_steps=(),
        exchanged=(),
        dealt_sizes=dict(event.sizes) if state.mode == "holders" else {},
        entered={},
        played_by={},
        opened_by=None,
        # Newcomers are not in the ranking: citizens, outside the exchange, until this game ends.
        dues=exchange_dues(state.ruleset, state.ranking, {player: givable(state, hand) for player, hand in hands.items()}) if state.ranking else (),
        direction=1,
    )
    return _ready(replace(state, leader=first_leader(state, event.dealer)))


def _exchanged(state: State, event: CardsExchanged) -> State:
    hands = dict(state.hands)
    giver = take(hands[event.giver], event.cards, event.unknown)
    if event.unknown and giver.known:
        # Unseen cards left this hand: any seen card may have been among them, except
        # those the rules forbid giving back.
        keep = () if state.ruleset.return_received_allowed else received_from(state, event.giver, event.receiver)
        giver = forget(giver, keep)
    hands[event.giver] = giver
    hands[event.receiver] = add(hands[event.receiver], event.cards, event.unknown)
    dues = tuple(due for due in state.dues if (due.giver, due.receiver) != (event.giver, event.receiver))
    done = Exchange(event.giver, event.receiver, tuple(event.cards), event.unknown, state.step, tuple(event.asked))
    return _ready(replace(state, hands=hands, dues=dues, exchanged=state.exchanged + (done,)))


def _played(state: State, event: CardsPlayed) -> State:
    step = state.step  # this play's: the fold advanced it already
    beaten_play = state.trick[-1] if state.trick else None
    beaten = beaten_play.cards if beaten_play else None
    hands = dict(state.hands)
    hands[event.player] = take(hands[event.player], event.cards)
    out, out_steps = state.out, state.out_steps
    pile = state.piles.get(event.player)
    if hands[event.player].size == 0 and not (pile and pile.size):
        out, out_steps = out + (event.player,), out_steps + (step,)
    ruleset = state.ruleset
    played_by = state.played_by
    if state.mode == "holders":
        played_by = played_by | {event.player: played_by.get(event.player, ()) + tuple(event.cards)}
    state = replace(
        state,
        hands=hands,
        played_by=played_by,
        opened_by=_opened(state, event.player),
        trick=state.trick + (Play(event.player, tuple(event.cards), step, event.joker_as),),
        played=state.played + tuple(event.cards),
        passed=state.passed if ruleset.pass_locks_out else (),
        out=out,
        out_steps=out_steps,
        # friday § Revolution: "any time a quadruple is played the value of all cards (except Jokers) is
        # immediately reversed"
        # docs/daifugo.md: "a group of four or more (the Joker counts) or a sequence of five or more"
        reversed=state.reversed != revolts(state, event.cards, event.joker_as),
    )
    if still_in(state) <= 1:
        return _game_over(state, step)
    if cuts(state, event.cards, event.joker_as) or ends_on_joker(state, event.cards, beaten_play):
        # docs/daifugo.md: the 8-cut "ends the trick at once, and the same player leads"; "only the 3 of spades
        # beats a lone Joker, and that ends the trick."
        return _round_over(state, event.player)
    if ruleset.unbeatable_ends_round and unbeatable(state, event.cards):
        return _round_over(state, event.player)
    if is_bomb(state, event.cards):
        # deck: "the Bomb card (#0) resets the pile"; "The Bomb (Reverse) card resets the pile and changes the
        # direction."
        if any(card in ruleset.reverse_cards for card in event.cards):
            state = replace(state, direction=-state.direction)
        return _round_over(state, event.player)
    if ruleset.equal_skips_next and beaten is not None and value(state, event.cards) == value(state, beaten):
        # deck: "If someone plays the same card (or cards) as the previous card(s) played, it skips the next
        # person."; "If someone in the final 2 plays the same card …, it skips the other remaining player and
        # resets the pile like usual."
        skipped = next_holding(state, event.player)
        if still_in(state) == 2 and holding(state, event.player):
            return _round_over(state, event.player)
        return _pass_turn(state, event.player, state.passed + ((skipped,) if skipped else ()))
    return _pass_turn(state, event.player, state.passed)


def _opened(state: State, player: str) -> str | None:
    """Who acted first in this game (mode "holders"), now that `player` acts."""
    return state.opened_by or (player if state.mode == "holders" else None)


def _passed(state: State, event: PlayerPassed) -> State:
    state = replace(state, opened_by=_opened(state, event.player))
    if not state.trick:
        if state.ruleset.pass_locks_out:
            return _pass_on_empty(state, state.passed + (event.player,))
        # deck: "Players may pass at any time": a leader's pass on the empty pile hands the lead on.
        return replace(state, turn=next_holding(state, event.player) or event.player)
    return _pass_turn(state, event.player, state.passed + (event.player,))


def _pass_on_empty(state: State, passed: tuple[str, ...]) -> State:
    """docs/daifugo.md (`leader_may_pass` with `pass_locks_out`): "Passing shuts a player out until the trick ends.",
    on the empty table too: the next player not shut out may lead. "The trick ends when every player still in has
    passed": when all have, nobody has played in it, so the player whose lead it was (the first to pass) leads again,
    as "The last player to play leads the next trick" gave them the lead."""
    for player in state.seating:
        if player not in passed and holding(state, player):
            return replace(state, passed=passed, turn=next_holding(state, passed[-1], skip=passed))
    return replace(state, passed=(), turn=passed[0])


def _pass_turn(state: State, after: str, passed: tuple[str, ...]) -> State:
    """Give the turn to the next player who may still answer the last play, or, if
    nobody may, end the round: its last player leads, or, if out, the next one.
    (`passed` is the state's passes with this step's; taken apart to replace the state once.)"""
    last = state.trick[-1].player
    # docs/daifugo.md (`last_player_answers`): "The trick ends when every player still in has passed, including
    # the one who played last".
    answers = state.ruleset.last_player_answers
    for player in state.seating:
        if (answers or player != last) and player not in passed and holding(state, player):
            return replace(state, passed=passed, turn=next_holding(state, after, skip=passed))
    return _round_over(state, last)


def _round_over(state: State, last: str) -> State:
    """The pile is swept; the last player leads the next round, or, if out, the next
    player still in. Blind President: every hand is topped up from its pile."""
    leader = last if holding(state, last) else next_holding(state, last)
    if state.piles:
        size = state.ruleset.blind_hand
        hands, piles = dict(state.hands), dict(state.piles)
        for player, pile in state.piles.items():
            if pile.size and hands[player].size < size:
                hands[player], piles[player] = draw(hands[player], pile, size - hands[player].size)
        state = replace(state, hands=hands, piles=piles)
    return replace(state, trick=(), passed=(), turn=leader, lead_passed_on=leader != last)


def _drawn(state: State, event: CardDrawn) -> State:
    hands, piles = dict(state.hands), dict(state.piles)
    hands[event.player], piles[event.player] = draw(hands[event.player], piles[event.player], 1, event.card)
    return replace(state, hands=hands, piles=piles)


def _game_over(state: State, step: int) -> State:
    ruleset = state.ruleset
    order = state.out + tuple(player for player in state.seating if holding(state, player))
    out_steps = state.out_steps + (step,) * (len(order) - len(state.out))
    count = len(order)
    indexes = [role_index(place, count, ruleset.vice_below_four) for place in range(count)]
    points = tuple(ruleset.role_points[i] for i in indexes)
    result = GameResult(
        number=state.game,
        dealer=state.dealer or "",
        order=order,
        out_steps=out_steps,
        titles=tuple(ruleset.role_titles[i] for i in indexes),
        points=points,
    )
    running = dict(state.points)
    for player, gained in zip(order, points):
        running[player] = running.get(player, 0) + gained
    return replace(
        state,
        phase="between",
        turn=None,
        trick=(),
        passed=(),
        out=order,
        out_steps=out_steps,
        ranking=order,
        newcomers=(),
        roles=roles_of(ruleset, order, ()),
        seating=order if ruleset.reseat_by_finishing_order else state.seating,
        points=running,
        games=state.games + (result,),
        # The hands entered were this game's (mode "holders"): the next deal is entered anew.
        dealt_sizes={},
        entered={},
        played_by={},
        opened_by=None,
    )


def _direction_chosen(state: State, event: DirectionChosen) -> State:
    leader = event.leader or state.leader
    direction = 1 if event.direction == "clockwise" else -1
    return replace(state, direction=direction, leader=leader, phase="playing", turn=leader)


def _left(state: State, event: PlayerLeft) -> State:
    """deck: “If the President leaves, then the Vice President becomes President and whoever was 3rd becomes
    Vice President. The same is true for the Turd (last place) and Could Potato (2nd to last place).”: the
    finishing order closes up, so the titles counted from either end shift."""
    gone = event.player
    ranking = tuple(p for p in state.ranking if p != gone)
    newcomers = tuple(p for p in state.newcomers if p != gone)
    return replace(
        state,
        seating=tuple(p for p in state.seating if p != gone),
        ranking=ranking,
        newcomers=newcomers,
        roles=roles_of(state.ruleset, ranking, newcomers),
        hands={p: h for p, h in state.hands.items() if p != gone},
        piles={p: h for p, h in state.piles.items() if p != gone},
    )


def _joined(state: State, event: PlayerJoined) -> State:
    seats = list(state.seating)
    seats.insert(seats.index(event.after) + 1 if event.after in seats else len(seats), event.player)
    points = dict(state.points)
    points.setdefault(event.player, 0)
    newcomers = state.newcomers + (event.player,)
    return replace(
        state,
        seating=tuple(seats),
        players=state.players if event.player in state.players else state.players + (event.player,),
        newcomers=newcomers,
        roles=roles_of(state.ruleset, state.ranking, newcomers),
        points=points,
    )


def _ended(state: State, event: MatchEnded) -> State:
    return replace(state, phase="ended", turn=None)


# The evolver of each action (domain/system_base.py dispatches; inside an evolver `state.step` is
# the step of the event being applied already).
EVOLVERS = {
    CardsDealt: _dealt,
    CardsExchanged: _exchanged,
    CardsPlayed: _played,
    PlayerPassed: _passed,
    CardDrawn: _drawn,
    DirectionChosen: _direction_chosen,
    PlayerLeft: _left,
    PlayerJoined: _joined,
    MatchEnded: _ended,
    HandEntered: hand_entered,
}
