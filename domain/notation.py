"""A text notation's lines: one action a line in the game's own words, `3. Al plays 4C`
(docs/notation.md has the grammar; domain/notation_file.py the header and the file).

Each game system words its own actions (`domain/<system>/notation.py`: `write`,
`parse`, `setup_of`); this module holds the parts every system shares (players named
by a unique prefix, cards as people write them, the `Tag {json}` form any event may
take), the system's notation as it offers it, and a line written and read. Pure: no I/O.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from typing import Any, Union

import msgspec

from domain.cards import symbols_as_letters
from domain.corrections import correction_types, is_correction
from domain.protocol import NAME_MAX, GameSystem, event_tag

# A line's step, `12. ` or as PGN numbers its moves, `12.` glued to the action.
_STEP = re.compile(r"^(\d+)\.\s*")
_FALLBACK = re.compile(r"^([A-Za-z]\w*)\s*([{\[].*[}\]])$")
QUOTED = r'"(?:[^"\\]|\\.)*"'
_SPACED = re.compile(rf"({QUOTED})|\s+")
_SUIT_FIRST = re.compile(r"^([CDHS])(10|[2-9TJQKA])$", re.IGNORECASE)
_TEN = re.compile(r"^T(?=[CDHS]$)", re.IGNORECASE)
# What people and other programs write for a joker, when the deck holds one kind.
JOKER_WORDS = ("jk", "joker", "jo", "\U0001f0cf")


# What a player's name may be (domain/protocol.py PlayerName), in words.
NAME_RULE = f"1 to {NAME_MAX} printable characters, no space at either end, not 'everyone' or 'spectator' (the other views of a match)"


class NotationError(ValueError):
    """A line (or a header tag) that does not parse: `token` is the word at fault,
    `line` the line number in a file (0 for a single line)."""

    def __init__(self, message: str, token: str = "", line: int = 0):
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{message}")
        self.message = message
        self.token = token
        self.line = line


# -- shared parts of every system's notation ---------------------------------------------------------


def single_spaced(text: str) -> str:
    """`text` with every run of whitespace outside a quoted string as one space: a file
    from a text editor separates words with tabs, non-breaking or repeated spaces, and a
    line reads the same whichever (a card's quoted text keeps its own spacing)."""
    return _SPACED.sub(lambda found: found.group(1) or " ", text).strip()


def card_as_written(token: str) -> str:
    """A card of the standard deck as other programs and people write it, as its code: a
    suit symbol for its letter (`K♠`, `♥10`), the suit before the rank (`SK`, `H10`), `T`
    for 10 (`TH`, `t♥`). Other text comes back as it is (letters and digits are never
    both a rank and a suit, so the suit-first form is never another card's code)."""
    text = symbols_as_letters(token)
    found = _SUIT_FIRST.match(text)
    if found:
        text = found.group(2) + found.group(1)
    return _TEN.sub("10", text)


def composed(text: str) -> str:
    """`text` with its accents composed (Unicode NFC): `José` typed on one system and
    pasted from another (an `e` and a combining accent) is the same name."""
    return unicodedata.normalize("NFC", text)


def tokens(line: str) -> list[str]:
    """The words of a terse line: spaces and commas separate, ':' and ';' stand alone."""
    return [word for word in re.split(r"[\s,]+|([:;])", line.strip()) if word]


def player_by_prefix(players: Sequence[str], token: str) -> str:
    """The one player whose name starts with `token` (case-insensitive; an exact name
    wins over longer names it begins)."""
    lowered = composed(token).lower()
    exact = [p for p in players if composed(p).lower() == lowered]
    if exact:
        return exact[0]
    found = [p for p in players if composed(p).lower().startswith(lowered)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotationError(f"{token!r} is not a player here (players: {', '.join(players)})", token)
    raise NotationError(f"{token!r} could be {' or '.join(found)}: type more of the name", token)


def leading_player(players: Sequence[str], line: str) -> tuple[str, str]:
    """The player a line starts with and the rest: a full name (the longest that fits,
    so names with spaces work in the long form), else the first word as a prefix. The
    line is read single-spaced, so a name's own spaces are compared the same way."""
    line = composed(single_spaced(line))
    for name in sorted(players, key=len, reverse=True):
        spaced = composed(single_spaced(name))
        if line.lower().startswith(spaced.lower()) and line[len(spaced) : len(spaced) + 1] in ("", " "):
            return name, line[len(spaced) :].strip()
    first, _, rest = line.partition(" ")
    return player_by_prefix(players, first), rest.strip()


def players_named(players: Sequence[str], text: str) -> list[str]:
    """The players a run of names says, in order: full names (spaces in them too) or
    unique prefixes, separated by spaces or commas (`Ann Lee, Bo` or `a b`)."""
    named: list[str] = []
    rest = single_spaced(text.replace(",", " "))
    while rest:
        name, rest = leading_player(players, rest)
        named.append(name)
    return named


def one_of(options: Sequence[str], token: str, what: str) -> str:
    """The option `token` names: exactly (case-insensitive) or by a unique prefix."""
    lowered = token.lower()
    exact = [o for o in options if o.lower() == lowered]
    if exact:
        return exact[0]
    found = [o for o in options if o.lower().startswith(lowered)]
    if len(found) == 1:
        return found[0]
    known = ", ".join(options)
    if not found:
        raise NotationError(f"{token!r} is not a {what} (known: {known})", token)
    raise NotationError(f"{token!r} could be the {what} {' or '.join(found)}: type more of it", token)


def number(token: str, what: str) -> int:
    if not re.fullmatch(r"-?\d+", token):
        raise NotationError(f"{token!r} is not a number ({what})", token)
    return int(token)


def as_json_line(event: msgspec.Struct) -> str:
    """The form any event may take: its tag and its fields as JSON."""
    fields = msgspec.to_builtins(event)
    fields.pop("type", None)
    return f"{event_tag(type(event))} {json.dumps(fields, ensure_ascii=False, separators=(', ', ': '))}"


def from_json_line(system: GameSystem, line: str) -> msgspec.Struct | None:
    """The event of a `Tag {json}` line, or None when the line is not of that form."""
    match = _FALLBACK.match(line.strip())
    if match is None:
        return None
    tag, body = match.groups()
    types = {event_tag(t): t for t in (*system.action_types, *correction_types(system))}
    tag = next((known for known in types if known.lower() == tag.lower()), tag)
    if tag not in types and body.startswith("["):
        return None  # words with a bracket (a card's effects), not an event's fields
    if tag not in types:
        raise NotationError(f"{tag!r} is not an event of {system.name} (known: {', '.join(types)})", tag)
    if not body.startswith("{"):
        raise NotationError(f"the fields of {tag} are a JSON object: {tag} {{…}}", tag)
    try:
        fields = json.loads(body)
        return msgspec.convert({**fields, "type": tag}, Union[tuple(types.values())])  # noqa: UP007
    except (ValueError, msgspec.ValidationError) as error:
        raise NotationError(f"the fields of {tag} do not fit: {error}", tag) from None
    except RecursionError:
        raise NotationError(f"the fields of {tag} are JSON nested too deep", tag) from None


def options_differing(ruleset: msgspec.Struct, preset: msgspec.Struct, leave_out: Sequence[str] = ()) -> dict[str, Any]:
    """The ruleset's fields that differ from its preset's: the options a setup gives."""
    mine, base = msgspec.to_builtins(ruleset), msgspec.to_builtins(preset)
    return {key: value for key, value in mine.items() if base.get(key) != value and key not in leave_out}


# -- a system's notation -----------------------------------------------------------------------------


def notation_of(system: GameSystem) -> Any:
    """The notation the system offers (its `notation`: `domain/<package>/notation.py`), or None for
    one that offers none (a test's toy system, not built on domain.system_base.SystemBase)."""
    return getattr(system, "notation", None)


def write_line(system: GameSystem, state: Any, event: msgspec.Struct) -> str:
    """One action in words (corrections and anything the system has no words for in
    the `Tag {json}` form). Words are kept only when they read back to the very same
    event: a name the words cannot carry (`Smith, Jr.` in a list of hands, say) makes
    that line fall back to the `Tag {json}` form, so a file always parses back."""
    if is_correction(event):
        return as_json_line(event)
    words = notation_of(system).write(state, event)
    try:
        if parse_line(system, state, words) == event:
            return words
    except NotationError:
        pass
    return as_json_line(event)


def parse_line(system: GameSystem, state: Any, line: str) -> msgspec.Struct:
    """The event a line (long or terse, with or without its `N.` step) says, in
    `state` (the state before it). Raises NotationError naming the token at fault."""
    text = _STEP.sub("", single_spaced(line), count=1).strip()
    if not tokens(text):
        raise NotationError("the line is empty", text)
    event = from_json_line(system, text)
    if event is not None:
        return event
    return notation_of(system).parse(state, text)
