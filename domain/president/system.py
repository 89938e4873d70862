"""The President game system: the protocol of domain/protocol.py over this package."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.president import option_words
from domain.president.actors import actors
from domain.president import choices, standings, state, views, words
from domain.president.checks import CHECKS, check_every
from domain.president.entering import ENTERED, entry_choices, seat_entry_choice
from domain.president.state import EVOLVERS, State
from domain.president.cards import Deck
from domain.president.events import ACTION_TYPES, Action, MatchCreated
from domain.president.playing import plural
from domain.president import guide as declared, notation as written, random_fill, uecda_games
from domain.president.presets import PRESETS, resolve
from domain.president.ruleset_bounds import check_ruleset
from domain.president.ruleset import MODES
from domain.president.rules import BLIND_NOT_ENTERED, KNOWLEDGE, RULES_ARE_DATA, UNKNOWN_ACTION, rule
from domain.protocol import SPECTATOR, Choice, IllegalAction, MatchSetup, Perspective, Standings
from domain.system_base import SystemBase


class President(SystemBase[State, Action]):
    name = "president"
    title = "President"
    presets = PRESETS
    setup_words = option_words.WORDS  # the new-match form in people's words
    notation = written
    guide = declared
    supply_at_random = staticmethod(random_fill.supply)
    created_type = MatchCreated
    action_types = ACTION_TYPES
    checks = CHECKS
    evolvers = EVOLVERS
    unknown_event = UNKNOWN_ACTION

    def __init__(self) -> None:
        self.file_formats = {uecda_games.NAME: uecda_games.UecdaLog(self)}  # the files of other programs it reads

    def start(self, setup: MatchSetup) -> MatchCreated:
        ruleset = resolve(setup.preset, setup.options, len(setup.players))
        created = MatchCreated(players=tuple(setup.players), ruleset=ruleset, mode=setup.mode or "full", title=setup.title)
        check_table(created)
        return created

    def check_created(self, created: MatchCreated) -> None:
        """The ruleset's bounds as `resolve` checks them with no option given (a preset's `max_set` and
        `exchange` kept with a smaller deck are bounded by their limits alone: which were given is not
        recorded), then the table as `start` checks it."""
        check_ruleset(created.ruleset, len(created.players), ())
        check_table(created)

    def initial(self, created: MatchCreated) -> State:
        return state.initial(created)

    def check_every(self, current: State, event: msgspec.Struct) -> None:
        check_every(current, event)

    def view(self, current: State, perspective: Perspective) -> dict[str, Any]:
        return views.view(current, perspective)

    def viewer(self, perspective: Perspective) -> Callable[[State], dict[str, Any]]:
        return views.viewer(perspective)

    def redact(self, current: State, event: msgspec.Struct, perspective: Perspective) -> dict[str, Any]:
        return views.redact(current, event, perspective)

    def standings(self, current: State) -> Standings:
        return standings.standings(current)

    def describe(
        self, current: State, event: msgspec.Struct, after: State | None = None, perspective: Perspective = SPECTATOR
    ) -> str:
        return words.describe(current, event, after if after is not None else self.evolve(current, event), perspective)

    def allowed(self, current: State) -> list[Choice]:
        return choices.allowed(current) + entry_choices(current)

    def to_act(self, current: State) -> Sequence[str]:
        """The players with a choice, but not for entering their hand (mode "holders"): that waits for no turn."""
        acting = {choice.player for choice in self.allowed(current) if choice.player is not None and choice.type != ENTERED}
        return tuple(player for player in current.players if player in acting)

    def finished(self, current: State) -> bool:
        return current.phase == "ended"

    def seat_choice(self, current: State, choice: Choice, seat: str) -> Choice:
        return seat_entry_choice(current, choice, seat)

    def actors(self, current: State, event: msgspec.Struct) -> tuple[str, ...]:
        return actors(current, event)

    def players(self, current: State) -> Sequence[str]:
        return current.players

    def seated(self, created: MatchCreated) -> Sequence[str]:
        return tuple(created.players)


def check_table(created: MatchCreated) -> None:
    """A new match's players, mode and deck, whatever its ruleset allows: a name each, as many as the ruleset
    is for, a mode of MODES, a deck of ranked cards with a card for each player."""
    ruleset, players, mode = created.ruleset, created.players, created.mode
    twice = sorted(player for player, named in Counter(players).items() if named > 1)
    if twice or not all(player.strip() for player in players):
        # The players are counted by name (classic header: “_player_: 4-7”), so each needs one of their own.
        what = f"{', '.join(twice)} is named twice" if twice else "a player has an empty name"
        raise IllegalAction(f"every player needs a name of their own: {what}", rule(ruleset.text, "names"))
    low, high = ruleset.min_players, ruleset.max_players
    if ruleset.blind:
        low, high = ruleset.blind_min_players, ruleset.blind_max_players
    if not low <= len(players) <= high:
        concept = "blind" if ruleset.blind else "too-few" if len(players) < low else "players"
        game = "Blind President" if ruleset.blind else "this ruleset"
        raise IllegalAction(f"{plural(len(players), 'player')}: {game} is for {low} to {high}", rule(ruleset.text, concept))
    if mode not in MODES:
        raise IllegalAction(f"mode must be one of {', '.join(MODES)}, not {mode!r}", KNOWLEDGE)
    if mode == "holders" and ruleset.blind:
        raise IllegalAction("Blind President's hands come from face-down piles: record it as public", BLIND_NOT_ENTERED)
    deck = Deck.of(ruleset.deck, ruleset.ranks)
    nameless = sorted(code for code, rank in deck.rank.items() if not rank)
    if nameless:
        raise IllegalAction(f"the deck lists cards of no rank: {', '.join(nameless)}", RULES_ARE_DATA)
    if deck.size < len(players):
        raise IllegalAction("the deck has fewer cards than there are players", rule(ruleset.text, "deal"))


SYSTEM = President()
