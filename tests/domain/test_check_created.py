"""`check_created` (domain/protocol.py): a match-created event is checked as `start` checks a setup, with its
ruleset as recorded. Every event `start` makes passes it (every preset, every fixture), whatever its preset is
called now; a ruleset past a bound, or players and a mode `start` refuses, is refused citing the same rule."""

from __future__ import annotations

import msgspec
import pytest

import domain
from domain.protocol import IllegalAction, MatchSetup
from service.records.fixtures import fixture_files, read

SYSTEMS = sorted(domain.systems().values(), key=lambda system: system.name)
MODES = {"president": "full", "bid": None, "mrpresident": "electoral"}
PLAYERS = {"president": ["Al", "Betty", "Carl", "Dana"], "bid": ["Al", "Betty", "Carl"], "mrpresident": ["Al", "Betty"]}


def started(system_name: str, preset: str, options: dict | None = None, players: list[str] | None = None):
    system = domain.find(system_name)
    setup = MatchSetup(system=system_name, preset=preset, players=players or PLAYERS[system_name], mode=MODES[system_name], options=options or {})
    return system, system.start(setup)


def every_preset() -> list[tuple[str, str]]:
    return [(system.name, preset) for system in SYSTEMS for preset in system.presets]


@pytest.mark.parametrize(("system_name", "preset"), every_preset(), ids=[f"{s}-{p}" for s, p in every_preset()])
def test_every_preset_s_created_event_passes(system_name: str, preset: str) -> None:
    try:
        system, created = started(system_name, preset)
    except IllegalAction:  # a preset for other players (Daifugō's five, Blind President's two to four)
        system, created = started(system_name, preset, players=["Al", "Betty", "Carl", "Dana", "Eve"][: 5 if preset == "daifugo" else 2])
    system.check_created(created)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_fixture_s_created_event_passes(path) -> None:
    match = read(path)
    system = domain.find(match.setup.system)
    system.check_created(system.start(match.setup))


def test_a_ruleset_stands_as_recorded_its_preset_is_not_resolved_again() -> None:
    """An imported match may come from another server or an older preset: a name no preset has now, and a
    preset's exchange kept with a deck too small for it (resolve keeps it: state.exchange_dues gives the
    hand), are no reason to refuse it."""
    system, created = started("president", "classic", {"deck": ["3S", "3H", "4S", "4H", "5S", "5H", "6S", "6H"]})
    assert created.ruleset.exchange == (2, 1)
    system.check_created(msgspec.structs.replace(created, ruleset=msgspec.structs.replace(created.ruleset, preset="a preset of an older server")))


# given a change to a created event `start` made, then the words of the refusal (the same as `start`'s)
REFUSED = [
    ("president", "classic", "ruleset", {"exchange": (100000000, 1)}, "exchange[0] must be at most 224"),
    ("president", "classic", "ruleset", {"role_points": (10**30, 1, 0, -1, -2)}, "role_points[0]"),
    ("president", "classic", "ruleset", {"jokers": 2}, "jokers need a place in the ranks"),
    ("president", "classic", "event", {"players": ("Al", "Al", "Carl", "Dana")}, "Al is named twice"),
    ("president", "classic", "event", {"players": tuple(f"P{n}" for n in range(100000))}, "100000 players: this ruleset is for 4 to 7"),
    ("president", "classic", "event", {"mode": "secret"}, "mode must be one of"),
    ("bid", "text", "event", {"mode": "public"}, "mode 'full'"),
    ("bid", "text", "ruleset", {"suits": ("C", "H", "S")}, "other than clubs"),
    ("mrpresident", "basic", "event", {"players": ["Al", "Betty", "Carl"]}, "2 or 4 players"),
    ("mrpresident", "basic", "ruleset", {"ballot_deck_size": 3}, "more than the three cards removed"),
    ("mrpresident", "basic", "ruleset", {"incumbent_year": True}, "advanced tables come with the advanced game"),
]


@pytest.mark.parametrize(("system_name", "preset", "where", "change", "said"), REFUSED, ids=[row[4][:30] for row in REFUSED])
def test_a_created_event_start_would_not_make_is_refused(system_name: str, preset: str, where: str, change: dict, said: str) -> None:
    system, created = started(system_name, preset)
    if where == "ruleset":
        created = msgspec.structs.replace(created, ruleset=msgspec.structs.replace(created.ruleset, **change))
    else:
        created = msgspec.structs.replace(created, **change)
    with pytest.raises(IllegalAction) as refused:
        system.check_created(created)
    assert said in refused.value.what
