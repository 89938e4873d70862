"""The protocol every game system implements; the only thing the service, the replay
and the standings code know about games.

A game system is a module-level object with the attributes and functions of
`GameSystem`, built on `domain.system_base.SystemBase`. Everything here is pure: no
I/O, no clock, no random generator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Annotated, Any, Literal, Protocol, TypeVar

import msgspec


class Rule(msgspec.Struct, frozen=True):
    """A sentence of a rules text that a check enforces.

    `source` names the file and section (`president-classic.md § Play Game`),
    `quote` is the sentence as the text words it, `id` is a short stable name.
    """

    id: str
    source: str
    quote: str

    def cite(self) -> str:
        return f"{self.source}: “{self.quote}”"


@cache
def event_tag(event_type: Any) -> str:
    """The tag of an event type (also of a parametrised generic one); cached, as
    frames ask it for every step."""
    origin = getattr(event_type, "__origin__", None) or event_type
    return origin.__struct_config__.tag


class IllegalAction(Exception):
    """An action the rules forbid: `what` says in a player's words what is wrong,
    `rule` is the rule that forbids it."""

    def __init__(self, what: str, rule: Rule):
        super().__init__(f"{what} ({rule.cite()})")
        self.what = what
        self.rule = rule


# Bounds of a setup (an unbounded 5 MB title made the match index 10 MB). Generous for a
# table: the largest game of the rules texts, Presidents past ten players with two decks,
# is well under 20 seats. The service bounds the whole body (options, board) in bytes.
TITLE_MAX = 200
NAME_MAX = 40
PLAYERS_MAX = 20
OPTIONS_MAX = 64
WORD_MAX = 40  # a system, preset or mode name

# A name is printable text with no space at either end: it is a key of views and patches
# (replay/patches.py reserves keys that begin with NUL), a word of the notation (one line per
# action) and what a page shows; and not "everyone" or "spectator", the views a reader asks
# for beside a player's (`?as=`). The lookahead spans newlines ([\s\S]), as Python's `$`
# also matches before a final newline. The line and paragraph separators (U+2028, U+2029) count as
# control characters: the notation is read a line at a time (str.splitlines ends a line there).
NAME_PATTERN = r"^(?!(?:everyone|spectator)$)(?![\s\S]*[\x00-\x1f\x7f-\x9f\u2028\u2029])\S(?:[\s\S]*\S)?$"
PlayerName = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=NAME_MAX,
        pattern=NAME_PATTERN,
        description="a player's name as the table says it: printable text, no space at either end, not 'everyone' or 'spectator'",
    ),
]
Word = Annotated[str, msgspec.Meta(max_length=WORD_MAX)]


class MatchSetup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a scorekeeper says when creating a match; a game system turns it into
    its first event (with the preset resolved into a full ruleset)."""

    system: Word
    players: Annotated[list[PlayerName], msgspec.Meta(max_length=PLAYERS_MAX)]
    preset: Word | None = None
    options: Annotated[dict[str, Any], msgspec.Meta(max_length=OPTIONS_MAX)] = {}
    mode: Word | None = None
    title: Annotated[str, msgspec.Meta(max_length=TITLE_MAX)] = ""
    board: dict[str, Any] | None = None
    keep_hands_private: bool = False


class Perspective(msgspec.Struct, frozen=True):
    """Who is looking: a spectator (public information only), one seat (a player's
    name: that player's own knowledge), or everyone (all that is recorded).

    `sees_sealed` False is everyone but what the rules keep from the whole table until
    they reveal it (a sealed bid before its reveal): the recorder's view while the match
    runs (`RECORDER`), as the write token's holder may be a player too. A finished match's
    replay is everyone's, sealed bids and all. A different value, so frames cached for the
    one are never served as the other's."""

    kind: Literal["spectator", "seat", "everyone"] = "spectator"
    seat: str | None = None
    sees_sealed: bool = True


SPECTATOR = Perspective("spectator")
EVERYONE = Perspective("everyone")
RECORDER = Perspective("everyone", sees_sealed=False)


class Placing(msgspec.Struct, frozen=True, kw_only=True):
    """One player's place in the standings and why.

    `steps` are the stream versions (1-based, the match-created event is step 1)
    of the events that decided this place, earliest first.
    """

    player: str
    place: int
    # A number, whole or not: `float` alone, as OpenAPI's oneOf of "integer" and "number"
    # refuses a whole number (it is both). msgspec writes an int score as an int.
    score: float | None = None
    title: str = ""
    reason: str = ""
    steps: list[int] = []


class Standings(msgspec.Struct, frozen=True, kw_only=True):
    """Standings recomputed from the record. `final` is false while the match runs
    (then the placings are the standings so far). `explanation` is a list of
    sentences; `details` holds the game's own breakdown (regions, games, …)."""

    final: bool
    placings: list[Placing]
    explanation: list[str] = []
    details: dict[str, Any] = {}


class Pick(msgspec.Struct, frozen=True, kw_only=True):
    """A field of an allowed action left for the recorder to fill.

    `field` is the event's field, or a dotted path into it ("bids.0.card",
    "dice.Al"): build it with `domain.picks.field_path`, as a part
    may be a player's name with a dot in it ("Smith, Jr.").
    With `most` None it takes one value from `among`; otherwise a list of `least`
    to `most` values from `among`, each value at most `limits.get(value, 1)` times
    (a value listed twice in `among` may also be taken twice). Every event built by
    filling every pick of a `Choice` within these bounds passes `check`: where the
    rules tie one pick to another, the system lists separate choices instead."""

    field: str
    among: list[Any]
    least: int = 1
    most: int | None = None
    limits: dict[str, int] = {}
    label: str = ""


class Choice(msgspec.Struct, frozen=True, kw_only=True):
    """One action the rules allow now, in a shape a page can offer without knowing
    any rule: the event `type` (its tag), the fields already decided in `event`, and
    the `picks` left to the recorder (none: `event` is complete and can be sent as
    it is). `player` is who acts (None: the table, e.g. a deal or a tally); `label`
    says it in words for a button ("Pass", "Play two 9s", "Deal")."""

    type: str
    label: str
    player: str | None = None
    event: dict[str, Any] = {}
    picks: list[Pick] = []
    # System-specific hints for the page (e.g. a President play's rank and count).
    hints: dict[str, Any] = {}


# The state and event types of a game system (each package's `State` struct and its events' union).
S = TypeVar("S")
E = TypeVar("E", bound=msgspec.Struct)


class GameSystem(Protocol[S, E]):
    """The small protocol of a game system (see DESIGN.md, principle 6, and
    docs/game-template.md), generic over its state type `S` and event type `E`.

    Every state struct has an integer field `step`: the number of events folded
    into it, so it equals the stream version of the last event applied. The fold
    owns it (domain/system_base.py): `evolve` advances it, no rule does.
    `follow_up`, `to_act` and `actors` have defaults in `system_base.SystemBase`.
    """

    name: str
    title: str
    presets: Mapping[str, Any]
    created_type: type[msgspec.Struct]
    action_types: tuple[type[msgspec.Struct], ...]
    # What a game offers beside its rules, each found here and nowhere else (docs/game-template.md;
    # `system_base.SystemBase` has the defaults: none). `setup_words`: the new-match form in people's
    # words (domain.option_words.SetupWords); `notation`: its notation (`write`, `parse`, `setup_of`:
    # domain/notation.py); `guide`: what the guide page cannot read off the event types (`answers_to`,
    # `EXAMPLE_SETUPS`, `supply`: service/web/guide.py); `file_formats`: the files of other programs it
    # reads, by format name (domain/file_formats.py); `supply_at_random`: `(state, choice, event, rng)`
    # filling what a Choice's hints leave to the page, for the random legal player (fixtures/random_player.py).
    setup_words: Any
    notation: Any
    guide: Any
    file_formats: Mapping[str, Any]
    supply_at_random: Callable[[S, Choice, dict[str, Any], Any], dict[str, Any]] | None

    def start(self, setup: MatchSetup) -> msgspec.Struct:
        """The match-created event for a setup, with the preset resolved and the
        board embedded. Raises IllegalAction for a setup the rules forbid."""

    def check_created(self, created: Any) -> None:
        """Raise IllegalAction, citing the rule, for a match-created event that `start` would
        not have made: the ruleset's options past their bounds (domain/option_bounds.py) or
        the bounds between them, the players, mode or board refused. The same checks `start`
        runs, called with what the event holds: the ruleset stands as recorded (its preset
        is not resolved again: it may be another server's or an older one's). An import runs
        it on a match's first event before any action; a stored match is never checked
        again (check before append, never on replay)."""

    def initial(self, created: Any) -> S:
        """The state after the match-created event (step 1)."""

    def check(self, state: S, event: E) -> None:
        """Raise IllegalAction if the rules forbid `event` in `state`."""

    def evolve(self, state: S, event: E) -> S:
        """The state after a checked event, its `step` one more. Trusts its input;
        never raises for a stored event."""

    def view(self, state: S, perspective: Perspective) -> Mapping[str, Any]:
        """What `perspective` may see of `state`, as JSON-able data."""

    def redact(self, state: S, event: E, perspective: Perspective) -> Mapping[str, Any]:
        """The event as `perspective` may see it, in the state *before* it."""

    def standings(self, state: S) -> Standings:
        """Standings recomputed from the state, with the steps that decided them."""

    def describe(self, state: S, event: E, after: S | None = None, perspective: Perspective = SPECTATOR) -> str:
        """One line in words, e.g. “Betty plays three 9s”, as `perspective` may know the
        event: like `view` and `redact`, the words name no card (value, ballot) hidden
        from it, in any form (“Carl gives Dana two cards” to a spectator, the cards
        named to Carl, Dana and everyone). The default is a spectator, so a caller that
        forgets to say who reads leaks nothing. `state` is before the event, `after`
        (when the caller has folded it already) the state it leaves."""

    def allowed(self, state: S) -> Sequence[Choice]:
        """The actions the rules allow now, from everything the record knows (the
        recorder's view). Agrees with `check`: every listed choice, filled within its
        picks' bounds, passes it. Empty when the match is over."""

    def actors(self, state: S, event: Any) -> Sequence[str]:
        """Whose own action `event` is in `state`: the seat(s) that may record it from
        their own phone, in seat order; empty when it is the table's (recorded with the
        write token only: a reveal, a tally, a correction). The service answers a seat
        token recording another seat's action “this is Betty's action”. A correction
        (domain/corrections.py) is the table's here: a void names only a step (the
        service lets a seat void or amend what it recorded itself, or its own action).
        Default: the event's `player`, if it names one."""

    def seat_choice(self, state: S, choice: Choice, seat: str) -> Choice:
        """`choice`, one of `allowed`'s that is `seat`'s own, as that seat's phone is
        offered it: its hints drawn only from what the seat may know (`allowed` is the
        recorder's, who may know every hand). Default: the choice as it is."""

    def to_act(self, state: S) -> Sequence[str]:
        """Whose turn it is: the players who may act now, in seat order (empty when only
        the table acts, e.g. a deal or a tally, or when the match is over). Default: the
        players of `allowed`'s choices."""

    def follow_up(self, state: S) -> Sequence[E]:
        """The events the rules make happen by themselves now (e.g. the reveal once every
        sealed bid is committed); the service records them right after the action that
        made them due, checked like any. Default: none."""

    def finished(self, state: S) -> bool:
        """True when the match is over and nothing more may be recorded."""

    def players(self, state: S) -> Sequence[str]:
        """The players' names in seat order (for tokens and perspectives)."""

    def viewer(self, perspective: Perspective) -> Callable[[S], Mapping[str, Any]]:
        """`view(·, perspective)` for the states of one walk through a match, in order: the
        same views, possibly faster (a game may reuse the parts of the view before whose
        state parts a step left alone). The default calls `view` for each."""

    def seated(self, created: Any) -> Sequence[str]:
        """The players a match-created event seats, in seat order: `players` of the
        initial state, read without building it (the match index lists every match)."""
