"""One rule-table harness for every game system: a table is a list of `Case`s, each a row of
given / when / then whose name cites the sentence of the rules text it checks.

- given: the state the rules are asked about: a state, `Events(created, events)` (folded from the
  match-created event, every event checked), or a function of no arguments making either (so that a
  table builds its states when its test runs, not when pytest collects it);
- when: one action (an event), or a `MatchSetup` (then the question is `start`);
- then: `Accepted(facts)`: `check` passes, the harness applies the action through the fold (`check`
  then `evolve`, as a match records it) and asserts the step advanced by one and each stated fact
  of the resulting state; or `Refused(rule)`: `check` raises IllegalAction citing the Rule of that id.
  A row may write `None` or `OK` for accepted with no facts, and a rule id for refused.

A game's tests turn their own notation into these (its `given` builder, its action parser) and hand
each row to `verify`; `params` makes the rows pytest parameters named by their sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from domain.fold import checked_states, record
from domain.protocol import GameSystem, IllegalAction, MatchSetup


@dataclass(frozen=True)
class Accepted:
    """The action passes `check`; after it, each fact holds. A fact's key is a dotted path into the
    state (attributes, mapping keys, list indexes: "hands.Al.count", "ranking.0"); its value is the
    value there, or a function of that value that must return True."""

    facts: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return "accepted" + (f" with {dict(self.facts)}" if self.facts else "")


@dataclass(frozen=True)
class Refused:
    """The action fails `check`, citing the Rule with this id."""

    rule: str

    def __str__(self) -> str:
        return f"refused by {self.rule}"


Then = Accepted | Refused
OK = Accepted()


def accepted(facts: Mapping[str, Any] | None = None, **named: Any) -> Accepted:
    """Accepted, with facts by dotted path (`facts`) or by top-level field (`named`)."""
    return Accepted({**(facts or {}), **named})


def refused(rule: str) -> Refused:
    return Refused(rule)


def as_then(then: Then | str | None) -> Then:
    """A row's outcome as written: None or "accepted" for accepted, a rule id for refused."""
    if isinstance(then, (Accepted, Refused)):
        return then
    if then is None or then == "accepted":
        return OK
    return Refused(then)


@dataclass(frozen=True)
class Events:
    """A given made of events: the state after `created` and `events`, each checked."""

    created: msgspec.Struct
    events: Sequence[msgspec.Struct] = ()


@dataclass(frozen=True)
class Case:
    """A row of a rule table: `name` cites the rules text; `setup` holds what the table's given
    builder needs beyond `given` (options, players, a preset), when it needs any."""

    name: str
    given: Any
    when: Any
    then: Then
    setup: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "then", as_then(self.then))


def cases(rows: Iterable[Sequence[Any]], columns: str) -> list[Case]:
    """Cases from a table written as tuples: `columns` names the tuple's items in order: `name` and
    `then`, `given` and `when` where the row has them, and any other names, which go to `setup`
    ("name options given when then")."""
    names = columns.split()
    built = []
    for row in rows:
        values = dict(zip(names, row, strict=True))
        core = {key: values.pop(key) for key in ("name", "given", "when", "then") if key in values}
        built.append(Case(core["name"], core.get("given"), core.get("when"), core["then"], setup=values))
    return built


def params(table: Iterable[Case]) -> list[Any]:
    """The rows as pytest parameters, each named by its sentence."""
    return [pytest.param(case, id=case.name) for case in table]


def given_state(system: GameSystem, given: Any) -> Any:
    """The state a row's `given` stands for."""
    if callable(given):
        given = given()
    if isinstance(given, Events):
        return record(system, system.initial(given.created), given.events)
    return given


def fact(state: Any, path: str) -> Any:
    """The value at a dotted path of a state: attributes, mapping keys, list indexes."""
    value = state
    for part in path.split("."):
        if isinstance(value, Mapping):
            value = value[part]
        elif isinstance(value, (list, tuple)) and part.lstrip("-").isdigit():
            value = value[int(part)]
        else:
            value = getattr(value, part)
    return value


def assert_facts(state: Any, facts: Mapping[str, Any]) -> None:
    for path, expected in facts.items():
        actual = fact(state, path)
        if callable(expected):
            assert expected(actual), f"{path} is {actual!r}, which fails {getattr(expected, '__name__', expected)}"
        else:
            assert actual == expected, f"{path} is {actual!r}, not {expected!r}"


def verify(system: GameSystem, given: Any, when: msgspec.Struct | MatchSetup, then: Then | str | None) -> Any:
    """Ask the rules about `when` in the state `given` stands for, and hold the answer to `then`.
    Returns the state after an accepted action (the match-created state for a setup), None after a
    refusal."""
    then = as_then(then)
    if isinstance(when, MatchSetup):
        return _verify_setup(system, when, then)
    state = given_state(system, given)
    try:
        after = next(checked_states(system, state, [when]))
    except IllegalAction as refusal:
        assert isinstance(then, Refused), f"{when!r} was refused by {refusal.rule.id} ({refusal}), expected {then}"
        assert refusal.rule.id == then.rule, f"{when!r} was refused by {refusal.rule.id} ({refusal}), expected {then}"
        return None
    assert isinstance(then, Accepted), f"{when!r} was accepted, expected {then}"
    assert after.step == state.step + 1, f"the step went from {state.step} to {after.step}"
    assert_facts(after, then.facts)
    return after


def _verify_setup(system: GameSystem, setup: MatchSetup, then: Then) -> Any:
    try:
        created = system.start(setup)
    except IllegalAction as refusal:
        assert isinstance(then, Refused), f"{setup!r} was refused by {refusal.rule.id} ({refusal}), expected {then}"
        assert refusal.rule.id == then.rule, f"{setup!r} was refused by {refusal.rule.id} ({refusal}), expected {then}"
        return None
    assert isinstance(then, Accepted), f"{setup!r} was accepted, expected {then}"
    state = system.initial(created)
    assert state.step == 1, "the match-created event is step 1"
    assert_facts(state, then.facts)
    return state


def run(system: GameSystem, case: Case, build: Callable[[Case], Any] | None = None, action: Callable[[Any], Any] | None = None) -> Any:
    """`verify` a row: `build` turns the row into its given state (default: `case.given` as `verify`
    takes it), `action` turns the row's `when` into an event (default: as it is)."""
    given = (lambda: build(case)) if build is not None else case.given
    when = action(case.when) if action is not None else case.when
    return verify(system, given, when, case.then)
