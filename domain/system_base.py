"""What every game system shares: the event dispatch, the fold's `step`, and the
protocol's defaults (`follow_up`, `to_act`, `actors`). A game's system.py subclasses
`SystemBase` and names its tables; see docs/game-template.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic

from msgspec.structs import replace

from domain.corrections import is_correction
from domain.protocol import Choice, E, IllegalAction, Rule, S


def walking(view_from: Callable[[S, Any, S | None, Any], Any], perspective: Any) -> Callable[[S], Any]:
    """A `viewer`: `view_from(state, perspective, was, shown)` called for the states of a walk
    in order, each with the state viewed before it and that state's view, so that it can take
    from `shown` every part whose inputs in `was` are the same objects as in `state`."""
    before: list[Any] = [None, None]  # the state viewed last and its view

    def view_next(state: S) -> Any:
        seen = view_from(state, perspective, before[0], before[1])
        before[0], before[1] = state, seen
        return seen

    return view_next


class SystemBase(Generic[S, E]):
    """`check` and `evolve` dispatch on the event's type through the game's tables:

    - `checks`: event type -> the function that raises IllegalAction when the rules
      forbid the event (each citing its `Rule`); an event type with no entry is
      refused citing `unknown_event`. `check_every` runs before each of them (the
      guards every action shares, e.g. “the match is over”); the default does nothing.
    - `evolvers`: event type -> the function that folds a checked event into the state.

    The fold owns `step`: `evolve` advances it before the evolver runs, so inside an
    evolver `state.step` is the step of the event being applied (what a rule records
    as “the step this happened”), and no evolver writes it.
    """

    title: str
    checks: Mapping[type, Callable[[Any, Any], None]]
    evolvers: Mapping[type, Callable[[Any, Any], Any]]
    unknown_event: Rule
    # What the game offers beside its rules (domain/protocol.py): none unless it says.
    notation: Any = None
    guide: Any = None
    file_formats: Mapping[str, Any] = {}
    supply_at_random: Callable[[S, Any, dict[str, Any], Any], dict[str, Any]] | None = None

    def check_every(self, state: S, event: E) -> None:
        """The guards every action shares, run before its own check."""

    def check(self, state: S, event: E) -> None:
        checker = self.checks.get(type(event))
        if checker is None:
            raise IllegalAction(f"{type(event).__name__} is not an action of {self.title}", self.unknown_event)
        self.check_every(state, event)
        checker(state, event)

    def evolve(self, state: S, event: E) -> S:
        return self.evolvers[type(event)](replace(state, step=state.step + 1), event)  # type: ignore[attr-defined]

    def follow_up(self, state: S) -> Sequence[E]:
        """No event happens by itself unless the game says so."""
        return ()

    def allowed(self, state: S) -> Sequence[Any]:
        raise NotImplementedError

    def players(self, state: S) -> Sequence[str]:
        raise NotImplementedError

    def viewer(self, perspective: Any) -> Callable[[S], Any]:
        """`view` for each state of a walk; a game with a faster way for states one
        after the other says so (see docs/game-template.md)."""
        view = self.view  # type: ignore[attr-defined]
        return lambda state: view(state, perspective)

    def seated(self, created: Any) -> Sequence[str]:
        """The players of the initial state; a game whose created event names them
        says so more cheaply."""
        return self.players(self.initial(created))  # type: ignore[attr-defined]

    def to_act(self, state: S) -> Sequence[str]:
        """The players with a choice in `allowed`, in seat order."""
        acting = {choice.player for choice in self.allowed(state) if choice.player is not None}
        return tuple(player for player in self.players(state) if player in acting)

    def seat_choice(self, state: S, choice: Choice, seat: str) -> Choice:
        return choice

    def actors(self, state: S, event: Any) -> tuple[str, ...]:
        """The player the event names as `player` (a play, a pass, a bid committed);
        the table's when it names none, and for a correction (see the protocol)."""
        player = getattr(event, "player", None)
        if is_correction(event) or not isinstance(player, str):
            return ()
        return (player,)
