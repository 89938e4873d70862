"""The Presidential Bid game system: `start` and the protocol object."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.bid import choices, standings, state, views, words
from domain.bid import option_words
from domain.bid.checks import CHECKS
from domain.bid.board import board_from
from domain.bid.events import ACTION_TYPES, Action, MatchCreated, Seat
from domain.bid.rules import MODE, PLAYERS, SETUP, SUIT_PER_PLAYER
from domain.bid.ruleset import DEFAULT_PRESET, PRESETS, resolve
from domain.protocol import SPECTATOR, Choice, IllegalAction, MatchSetup, Perspective, Standings
from domain.system_base import SystemBase

NAME = "bid"
PLAYABLE_SUITS = ("D", "H", "S")


def start(setup: MatchSetup) -> MatchCreated:
    """The created event: players seated with their suits, the ruleset resolved and
    the board checked. Refuses a setup the rules forbid."""
    if setup.system != NAME:
        raise IllegalAction(f"this is the {NAME!r} system, not {setup.system!r}", SETUP)
    players = list(setup.players)
    if not 2 <= len(players) <= 3:
        raise IllegalAction(f"Presidential Bid is for 2 or 3 players, not {len(players)}", PLAYERS)
    if not all(player.strip() for player in players) or len(set(players)) != len(players):
        raise IllegalAction("each player needs a name of their own", PLAYERS)
    mode = setup.mode or "full"
    if mode != "full":
        raise IllegalAction(f"a Presidential Bid match records everything shown: mode 'full', not {mode!r}", MODE)
    ruleset = resolve(setup.preset, setup.options)
    suits = ruleset.suits
    if any(suit not in PLAYABLE_SUITS for suit in suits) or len(set(suits)) != len(suits):
        raise IllegalAction("the players hold different suits other than clubs (D, H or S)", SUIT_PER_PLAYER)
    if len(suits) < len(players):
        raise IllegalAction(
            f"{len(players)} players need {len(players)} suits, the options give {len(suits)}", SUIT_PER_PLAYER
        )
    return MatchCreated(
        title=setup.title,
        preset=setup.preset or DEFAULT_PRESET,
        mode=mode,
        players=tuple(Seat(player=player, suit=suit) for player, suit in zip(players, suits)),
        ruleset=ruleset,
        board=board_from(setup.board),
    )


class BidSystem(SystemBase[state.BidState, Action]):
    name = NAME
    title = "Presidential Bid"
    presets = PRESETS
    setup_words = option_words.WORDS  # the new-match form in people's words
    created_type = MatchCreated
    action_types = ACTION_TYPES
    checks = CHECKS
    evolvers = state.EVOLVERS
    unknown_event = SETUP

    def start(self, setup: MatchSetup) -> MatchCreated:
        return start(setup)

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
