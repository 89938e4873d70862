"""A notation file, like PGN for chess: a header of tags, then one action a line in
the game's own words (docs/notation.md has the grammar; domain/notation.py reads and
writes each line).

    [System "president"]
    [Preset "classic"]
    [Players "Al, Betty, Carl, Dana"]
    [Mode "full"]
    [Result "Dana 1, Al 2, Betty 3, Carl 4"]

    2. Dana deals: Al 3C 3D …; Betty …
    3. Al plays 4C
    4. Betty passes

This module writes and reads the header and the whole file: the match it sets up,
each line in the state the lines before it leave (corrections folded in), and the
Result checked against the record. Pure: no I/O. A notation file is the full record
(the recorder's view): hands and sealed bids are written out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import msgspec

import domain
from domain.corrections import Folding
from domain.notation import NAME_RULE, QUOTED, NotationError, notation_of, parse_line, player_by_prefix, single_spaced, write_line
from domain.protocol import GameSystem, IllegalAction, MatchSetup, event_tag

# Tags in the order they are written; Options and Board are JSON, Players a list.
TAGS = ("System", "Preset", "Options", "Players", "Mode", "Title", "Date", "Board", "Result")
_TAG_LINE = re.compile(r'^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
# A tag as a word processor's smart quotes write it ([Players “Al, Betty”]): its value has no quote of its own.
_SMART_TAG_LINE = re.compile(r'^\[\s*(\w+)\s+[“”„]([^"“”\\]*)[“”]\s*\]$')
# Tags whose value is a name the service knows (`president`, `classic`, `full`): read in any case.
_NAMED_TAGS = ("System", "Preset", "Mode")


def _tag(name: str, value: str) -> str:
    return f"[{name} {json.dumps(value, ensure_ascii=False)}]"


_LISTED = re.compile(rf'\s*((?:{QUOTED}|[^,"])*?)\s*(?:,|$)')


def name_in_list(name: str) -> str:
    """A name as the Players and Result tags list it: as it is, or as a JSON string when
    it holds a comma or a quote or has spaces at its ends (`Al, "Smith, Jr.", Carl`)."""
    plain = name and "," not in name and '"' not in name and name == name.strip()
    return name if plain else json.dumps(name, ensure_ascii=False)


def _unquoted(item: str, tag: str) -> str:
    if not re.fullmatch(QUOTED, item):
        return item
    try:
        return json.loads(item)
    except ValueError:
        raise NotationError(f"{item} in the {tag} tag is not a JSON string", tag) from None


def listed(value: str, tag: str) -> list[str]:
    """The comma-separated items of a tag, quoted ones decoded (`name_in_list`)."""
    items: list[str] = []
    position = 0
    while position < len(value):
        match = _LISTED.match(value, position)
        if match is None or match.end() == position:
            raise NotationError(f"the {tag} tag does not list names: {value!r}", tag)
        item = match.group(1)
        items.append(_unquoted(item, tag))
        position = match.end()
    return items


def header(setup: MatchSetup, date: str = "", result: str = "") -> list[str]:
    lines = [_tag("System", setup.system), _tag("Preset", setup.preset or "")]
    if setup.options:
        lines.append(_tag("Options", json.dumps(setup.options, ensure_ascii=False, sort_keys=True)))
    lines.append(_tag("Players", ", ".join(map(name_in_list, setup.players))))
    if setup.mode:
        lines.append(_tag("Mode", setup.mode))
    if setup.title:
        lines.append(_tag("Title", setup.title))
    if date:
        lines.append(_tag("Date", date))
    if setup.board is not None:
        lines.append(_tag("Board", json.dumps(setup.board, ensure_ascii=False, sort_keys=True)))
    lines.append(_tag("Result", result or "*"))
    return lines


def result_of(system: GameSystem, state: Any) -> str:
    """The Result tag: the final places, or `*` while the match runs."""
    if not system.finished(state):
        return "*"
    placings = system.standings(state).placings
    return ", ".join(f"{name_in_list(p.player)} {p.place}" for p in placings)


def places_in(result: str) -> dict[str, int] | None:
    """The places a Result tag gives (None for `*`: the match is not over)."""
    if result.strip() == "*":
        return None
    places: dict[str, int] = {}
    for item in listed(result, "Result"):
        name, _, place = single_spaced(item).rpartition(" ")
        if not name or not place.isdigit():
            raise NotationError(f"a Result is 'Name place, …' or '*', not {result!r}", "Result")
        places[_unquoted(name, "Result")] = int(place)
    return places


def setup_of(system: GameSystem, created: msgspec.Struct) -> MatchSetup:
    """The setup that creates `created` again (the system's own helper)."""
    return notation_of(system).setup_of(created)


def write_match(events: Sequence[msgspec.Struct], system_name: str | None = None, date: str = "") -> str:
    """The notation of a whole match: `events[0]` is the created event, then every
    recorded event (corrections included), each line numbered with its step."""
    created, *actions = events
    system = domain.find(system_name) if system_name else _system_of(created)
    setup = setup_of(system, created)
    lines: list[str] = []
    folding = Folding(system, created)
    for step, event in enumerate(actions, start=2):
        lines.append(f"{step}. {write_line(system, folding.state, event)}")
        # After a correction the state before the next line is the record as corrected.
        folding.add(event)
    state = folding.state
    return "\n".join([*header(setup, date, result_of(system, state)), "", *lines]) + "\n"


def _system_of(created: msgspec.Struct) -> GameSystem:
    for system in domain.systems().values():
        if isinstance(created, system.created_type):
            return system
    raise NotationError(f"{type(created).__name__} is no game system's created event")


def parse_header(lines: Sequence[tuple[int, str]]) -> tuple[MatchSetup, dict[str, str], dict[str, int]]:
    """The setup a header makes, its tags' values, and the line of each tag."""
    tags: dict[str, str] = {}
    at: dict[str, int] = {}
    for number_, line in lines:
        match = _TAG_LINE.match(line) or _SMART_TAG_LINE.match(line)
        if match is None:
            raise NotationError(f"a header line is [Name \"value\"], not {line!r}", line, number_)
        name, raw = match.groups()
        name = next((known for known in TAGS if known.lower() == name.lower()), name)
        if name not in TAGS:
            raise NotationError(f"{name!r} is not a tag (known: {', '.join(TAGS)})", name, number_)
        if name in tags:
            raise NotationError(f"the {name} tag is given twice (first at line {at[name]})", name, number_)
        try:
            tags[name] = json.loads(f'"{raw}"')
        except ValueError as error:
            raise NotationError(f"the {name} tag's value is not a JSON string: {error}", name, number_) from None
        at[name] = number_
        if name in _NAMED_TAGS:
            tags[name] = tags[name].strip().lower()
    for needed in ("System", "Players"):
        if needed not in tags:
            raise NotationError(f"the header has no {needed} tag", needed)
    json_values: dict[str, Any] = {}
    for name in ("Options", "Board"):
        try:
            json_values[name] = json.loads(tags[name]) if tags.get(name) else None
        except ValueError as error:
            raise NotationError(f"the {name} tag is not JSON: {error}", name, at[name]) from None
        except RecursionError:
            raise NotationError(f"the {name} tag is JSON nested too deep", name, at[name]) from None
    try:
        players = listed(tags["Players"], "Players")
    except NotationError as error:
        raise NotationError(error.message, "Players", at["Players"]) from None
    try:
        setup = msgspec.convert(
            {"system": tags["System"], "players": players, "preset": tags.get("Preset") or None,
             "options": json_values["Options"] or {}, "mode": tags.get("Mode") or None, "title": tags.get("Title", ""),
             "board": json_values["Board"]},
            MatchSetup,
        )
    except msgspec.ValidationError as error:
        # msgspec names the field at fault (`$.options`): the tag that gave it.
        field = re.search(r"\$\.(\w+)(?:\[(\d+)\])?", str(error))
        tag = next((name for name in TAGS if field and name.lower() == field.group(1)), "Players")
        if tag == "Players" and field and field.group(2) is not None:
            name = players[int(field.group(2))]
            raise NotationError(f"the Players tag names {name!r}, which is not a player's name: {NAME_RULE}", tag, at[tag]) from None
        raise NotationError(f"the {tag} tag does not make a setup: {error}", tag, at.get(tag, 0)) from None
    return setup, tags, at


def _header_refused(error: IllegalAction, tags: dict[str, str], at: dict[str, int]) -> NotationError:
    """A setup the rules refuse (too few players, no such preset, a mode the game does
    not have), named by the tag that gave it: the rule's id says which."""
    parts = error.rule.id.split(".")
    tag = "Preset" if "no preset" in error.what else next((name for name in TAGS if name.lower() in parts), None)
    said = {"mode": "Mode", "board": "Board", "player": "Players", "name": "Players"}
    tag = tag or next((name for word, name in said.items() if word in error.what.lower()), "Options")
    missing = "" if tag in tags else f" (the header has no {tag} tag)"
    return NotationError(f"the header does not make a match{missing}: {error}", tag, at.get(tag, 0))


def parse_match(text: str) -> tuple[MatchSetup, list[msgspec.Struct]]:
    """The setup and the recorded events (created event not included) of a notation
    file. Every line is read, and its action checked, in the state the lines before it
    leave (corrections are checked when they are recorded). `;` starts a comment line.
    A Result tag other than the standings recomputed from the lines is refused."""
    numbered = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    numbered = [(n, line) for n, line in numbered if line and not line.startswith(";")]
    head = [(n, line) for n, line in numbered if line.startswith("[")]
    body = [(n, line) for n, line in numbered if not line.startswith("[")]
    setup, tags, tag_lines = parse_header(head)
    try:
        system = domain.find(setup.system)
        created = system.start(setup)
    except IllegalAction as error:
        raise _header_refused(error, tags, tag_lines) from None
    folding = Folding(system, created)

    def record(event: msgspec.Struct) -> None:
        # As the application checks an action; a correction names an action in effect, and
        # every action from the one it corrects on is checked again. The state after a
        # correction is the record as corrected: an action after it is folded on from there.
        folding.add(event, check=True, describe=lambda at: event_tag(type(folding.events[at - 1] if at <= len(folding.events) else event)))

    def follow_ups(before: msgspec.Struct | None) -> bool:
        """Records what the rules make happen by themselves now (a sealed round's reveal)
        unless `before`, the next line's event, spells it out: a file that leaves such
        events out gets them as the service records them. Whether any were recorded."""
        due = list(system.follow_up(folding.state))
        if not due or (before is not None and type(before) is type(due[0])):
            return False
        for event in due:
            record(event)
        return True

    n, line = 0, ""
    try:
        for n, line in body:
            event = parse_line(system, folding.state, line)
            if follow_ups(event):
                event = parse_line(system, folding.state, line)  # read again in the state they leave
            record(event)
        follow_ups(None)
    except NotationError as error:
        raise NotationError(error.message + _unsaid_preset(system, created, tags), error.token, n) from None
    except IllegalAction as error:
        # A file that records what is seen face up but says no Mode is read in the game's default mode: say so.
        unsaid = "Mode" not in tags and "knowledge" in error.rule.id.split(".") and getattr(created, "mode", None)
        hint = f" (the header has no Mode tag, so the match records as {created.mode!r})" if unsaid else ""
        hint += _unsaid_preset(system, created, tags)
        raise NotationError(f"step {len(folding.events) + 1} is against the rules: {error}{hint}", line, n) from None
    if "Result" in tags:
        _check_result(system, folding.state, tags["Result"], tag_lines["Result"])
    return setup, folding.events[1:]


def _unsaid_preset(system: GameSystem, created: msgspec.Struct, tags: dict[str, str]) -> str:
    """A refused line of a file without a Preset tag was read by the game's default preset: said beside the
    refusal, as the rules that refuse it may not be the ones the file was written for."""
    if "Preset" in tags:
        return ""
    return f" (the header has no Preset tag, so the match is played by the preset {setup_of(system, created).preset!r})"


def _named_in_result(players: list[str], name: str) -> str:
    try:
        return player_by_prefix(players, single_spaced(name))
    except NotationError:
        return name  # no player here: the comparison names the difference


def _check_result(system: GameSystem, state: Any, result: str, line: int) -> None:
    """The Result tag must say what the standings recomputed from the lines say."""
    try:
        said = places_in(result)
    except NotationError as error:
        raise NotationError(error.message, "Result", line) from None
    over = system.finished(state)
    recomputed = {p.player: p.place for p in system.standings(state).placings} if over else None
    if said is not None and recomputed is not None:
        # A player is named as in every line: in full or by a unique prefix, in any case.
        said = {_named_in_result(list(recomputed), name): place for name, place in said.items()}
    if said != recomputed:
        # Places for a match the lines leave running: the file lacks its end (President's `the match ends`).
        unfinished = " (the match is not over after the file's last line)" if recomputed is None else ""
        raise NotationError(
            f"the Result tag says {result!r} but the record gives {result_of(system, state)!r}{unfinished}", "Result", line
        )
