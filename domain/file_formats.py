"""Files of other programs a game reads, each a named format (`recount import --format NAME`):
the reader a game system offers in its `file_formats`, what it reads a file into, and the
lookup that asks every system which one reads a format. Pure: the service reads the file's
bytes and turns them into text (service/records/textfiles.py, with the format's
`encodings`); the reader gets the text.

A read log is one match, or several when the log says where one ends and the next begins
(`LoggedGame.new_match`); each game is the actions a scorekeeper records, every one already
checked against the state the ones before it leave, and the finishing order the log gives
beside the one the actions give, so the service can say where they differ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import msgspec

import domain
from domain.protocol import GameSystem, MatchSetup


class FileRefused(ValueError):
    """A file a reader does not take, saying why. `foreign` is True when the text is not of the
    format at all (its header does not read); False when it is one whose content the reader
    refuses (a game that does not read, a move the rules refuse)."""

    foreign: bool = False


class LoggedGame(msgspec.Struct, frozen=True, kw_only=True):
    """One game of a log: its number in the log, its actions (checked), the finishing order they give
    (`recorded`) and the log's own (`logged`); `new_match` the setup of the match it starts when the
    log says the one before has ended (`why_new` says how, after “game N”); `notes` what was read
    otherwise than the log says."""

    number: int
    actions: list[Any]
    recorded: tuple[str, ...]
    logged: tuple[str, ...]
    new_match: MatchSetup | None = None
    why_new: str = ""
    notes: list[str] = []


class ReadLog(msgspec.Struct, frozen=True, kw_only=True):
    """A log read and checked whole, ready to record: the first match's setup, the games, and the
    actions that end a match (recorded after its last game)."""

    setup: MatchSetup
    games: list[LoggedGame]
    closing: list[Any]


class FileFormat(Protocol):
    """A format a game reads. `name` is what `--format` says, `title` what the file is called in a
    sentence (“a UECda game log”), `encodings` the codecs its text may be in besides UTF-8 and UTF-16
    behind a byte order mark (tried in order)."""

    name: str
    title: str
    encodings: tuple[str, ...]

    def recognizes(self, text: str) -> bool:
        """True when the text is of this format (its header reads): what tells it from another file."""

    def read(self, text: str, source: str) -> ReadLog:
        """The text read, converted and checked whole; `source` names the file (a match's title says
        it). Raises FileRefused."""


def readers() -> Mapping[str, FileFormat]:
    """Every format a game system reads, by name, asking each system (`file_formats`; a system not
    built on domain.system_base.SystemBase, such as a test's toy, may offer none)."""
    found: dict[str, FileFormat] = {}
    for system in domain.systems().values():
        found.update(_formats_of(system))
    return found


def _formats_of(system: GameSystem) -> Mapping[str, FileFormat]:
    return getattr(system, "file_formats", {})


def find(name: str) -> FileFormat:
    """The reader of the format `name`; KeyError naming the known formats when no system reads it."""
    try:
        return readers()[name]
    except KeyError:
        raise KeyError(f"no game reads the format {name!r} (known: {', '.join(sorted(readers())) or 'none'})") from None
