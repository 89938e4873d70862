"""The Presidential Bid game system: `start` and the protocol object."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.bid import choices, standings, state, views, words
from domain.bid import guide as declared, notation as written, option_words
from domain.bid.checks import CHECKS
from domain.bid.board import board_from, validate
from domain.bid.events import ACTION_TYPES, Action, MatchCreated, Seat
from domain.bid.rules import MODE, PLAYERS, SETUP, SUIT_PER_PLAYER
from domain.bid.ruleset import DEFAULT_PRESET, PRESETS, Ruleset, check_ruleset, resolve
from domain.protocol import SPECTATOR, Choice, IllegalAction, MatchSetup, Perspective, Standings
from domain.system_base import SystemBase

NAME = "bid"


def start(setup: MatchSetup) -> MatchCreated:
    """The created event: players seated with their suits, the ruleset resolved and
    the board checked. Refuses a setup the rules forbid."""
    if setup.system != NAME:
        raise IllegalAction(f"this is the {NAME!r} system, not {setup.system!r}", SETUP)
    players, mode = list(setup.players), setup.mode or "full"
    check_players(players, mode)
    ruleset = resolve(setup.preset, setup.options)
    check_suits_dealt(ruleset, len(players))
    return MatchCreated(
        title=setup.title,
        preset=setup.preset or DEFAULT_PRESET,
        mode=mode,
        players=tuple(Seat(player=player, suit=suit) for player, suit in zip(players, ruleset.suits)),
        ruleset=ruleset,
        board=board_from(setup.board),
    )


def check_created(created: MatchCreated) -> None:
    """What `start` checks, of the event: the players and mode, the ruleset (as recorded), each seat holding
    the ruleset's suit in turn, the board."""
    players = [seat.player for seat in created.players]
    check_players(players, created.mode)
    check_ruleset(created.ruleset)
    check_suits_dealt(created.ruleset, len(players))
    if tuple(seat.suit for seat in created.players) != created.ruleset.suits[: len(players)]:
        raise IllegalAction("each player holds the suit the ruleset gives their seat", SUIT_PER_PLAYER)
    validate(created.board)


def check_players(players: list[str], mode: str) -> None:
    """§ header: "NUMBER OF PLAYERS: 2 or 3", each a name of their own; every card is shown (mode full)."""
    if not 2 <= len(players) <= 3:
        raise IllegalAction(f"Presidential Bid is for 2 or 3 players, not {len(players)}", PLAYERS)
    if not all(player.strip() for player in players) or len(set(players)) != len(players):
        raise IllegalAction("each player needs a name of their own", PLAYERS)
    if mode != "full":
        raise IllegalAction(f"a Presidential Bid match records everything shown: mode 'full', not {mode!r}", MODE)


def check_suits_dealt(ruleset: Ruleset, players: int) -> None:
    """§ setup: "Give one of the remaining suits to each player in the game.": a suit for each."""
    if len(ruleset.suits) < players:
        raise IllegalAction(f"{players} players need {players} suits, the options give {len(ruleset.suits)}", SUIT_PER_PLAYER)


class BidSystem(SystemBase[state.BidState, Action]):
    """`actors` is the protocol's default, the event's `player`: a sealed bid committed is its bidder's
    (§ play: “Each player chooses a card from their hand”), recorded from the bidder's phone; the club
    turned up and the bids shown name nobody and are the table's: shown at once, every player's card
    in one event, and a sealed round's reveal is what the service records by itself (`follow_up`)."""

    name = NAME
    title = "Presidential Bid"
    presets = PRESETS
    setup_words = option_words.WORDS  # the new-match form in people's words
    notation = written
    guide = declared
    created_type = MatchCreated
    action_types = ACTION_TYPES
    checks = CHECKS
    evolvers = state.EVOLVERS
    unknown_event = SETUP

    def start(self, setup: MatchSetup) -> MatchCreated:
        return start(setup)

    def check_created(self, created: MatchCreated) -> None:
        check_created(created)

    def initial(self, created: MatchCreated) -> state.BidState:
        return state.initial(created)

    def view(self, current: state.BidState, perspective: Perspective) -> dict:
        return views.view(current, perspective)

    def redact(self, current: state.BidState, event: msgspec.Struct, perspective: Perspective) -> dict:
        return views.redact(current, event, perspective)

    def standings(self, current: state.BidState) -> Standings:
        return standings.standings(current)

    def describe(
        self, current: state.BidState, event: msgspec.Struct, after: state.BidState | None = None, perspective: Perspective = SPECTATOR
    ) -> str:
        return words.describe(current, event, perspective)

    def follow_up(self, current: state.BidState) -> tuple[msgspec.Struct, ...]:
        """The reveal, once every sealed bid of the round is committed: in a remote
        game nobody at a table knows all the cards to record it."""
        due = state.reveal_due(current)
        return (due,) if due is not None else ()

    def allowed(self, current: state.BidState) -> list[Choice]:
        return choices.allowed(current)

    def finished(self, current: state.BidState) -> bool:
        return state.finished(current)

    def players(self, current: state.BidState) -> Sequence[str]:
        return state.names(current)
