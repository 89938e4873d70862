"""A match's `options` lay fields over its preset's ruleset (README § Routes; each
system's ruleset.py). Whatever a setup sends there, starting the match either works or
is a rule's refusal (IllegalAction, a 422): a value of the wrong type or past a field's
bounds once built President's deck first and failed as a TypeError or a MemoryError (a
500), and `{"decks": 100000}` took 40 s and stored a 26 MB match."""

from __future__ import annotations

import time

import msgspec
import pytest

import domain
from domain.protocol import IllegalAction, MatchSetup

PLAYERS = {"president": ["Al", "Betty", "Carl", "Dana", "Eve"], "bid": ["Al", "Betty"], "mrpresident": ["Al", "Betty"]}
ODD_VALUES = ["two", 2.5, -1, 0, 10**9, 2**63, None, [], {}, True]
PRESETS = [(system, preset) for system in sorted(domain.systems()) for preset in domain.find(system).presets]


def outcome(setup: MatchSetup) -> str | None:
    """What is wrong with starting the match of `setup`, or None."""
    started = time.process_time()
    try:
        created = domain.find(setup.system).start(setup)
    except IllegalAction:
        return None
    except Exception as error:  # noqa: BLE001 — any other is the 500 this test is for
        return f"{type(error).__name__}: {error}"
    if time.process_time() - started > 1:
        return "took over a second of CPU"
    if len(msgspec.json.encode(created)) > 64 * 1024:
        return "made a first event over 64 KiB"
    return None


@pytest.mark.parametrize(("system", "preset"), PRESETS)
def test_any_value_of_any_ruleset_field_starts_the_match_or_is_refused_by_a_rule(system: str, preset: str) -> None:
    fields = type(domain.find(system).presets[preset]).__struct_fields__
    mode = {"mrpresident": "popular"}.get(system)
    wrong = {
        (field, repr(value)): problem
        for field in fields
        for value in ODD_VALUES
        if (problem := outcome(MatchSetup(system=system, preset=preset, players=PLAYERS[system], mode=mode, options={field: value})))
    }
    assert not wrong
