"""`recount import --format NAME FILE…`: the logs of other programs a game system reads, each recorded as
matches (one a log, or one per run of games the log says end a match). The systems say which formats they read
and read them (`file_formats`, domain/file_formats.py: the UECda tournament's logs, `--format uecda`, are one);
here the file's bytes are read and turned into text, and what the reader gives is recorded.

The whole log is read and checked before any of it is recorded, so a malformed part or a move the rules forbid
stops the import, saying where: nothing of the log is recorded. Each game's finishing order is said beside the
log's; the import exits non-zero if any differs or a game fails."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from domain import file_formats
from domain.file_formats import FileRefused, ReadLog
from service.records import textfiles

UECDA = "uecda"  # the format the command reads unless told another (`--format`)


def checked_log(path: Path, format_name: str = UECDA) -> ReadLog:
    """A log read, converted and checked whole, before any of it is recorded; FileRefused says what refuses it;
    OSError or UnicodeDecodeError for a file that does not open or is not text."""
    reader = file_formats.find(format_name)
    return reader.read(textfiles.decode(path.read_bytes(), fallbacks=reader.encodings), path.name)


def import_log(recount: Any, path: Path, say: Callable[[str], None] = print, advance: Callable[[], None] = lambda: None,
               format_name: str = UECDA) -> int:
    """Record one log (`checked_log`, then `record_log`); 1 when it is refused, said in one line, else the number of
    games whose order differs from the log's (0: all agree). Nothing is recorded unless every game holds."""
    try:
        checked = checked_log(path, format_name)
    except (FileRefused, OSError, UnicodeDecodeError) as error:
        say(refused(path, error))
        return 1
    return record_log(recount, path, checked, say, advance)


def refused(path: Path, error: Exception) -> str:
    """One line: the log and why it is not imported."""
    return f"{path}: not imported: {error}; nothing of the log is recorded"


def record_log(recount: Any, path: Path, log: ReadLog, say: Callable[[str], None], advance: Callable[[], None] = lambda: None) -> int:
    """Record a checked log as one match, or one per run of games the log says end a match (`new_match`), each game's
    finishing order said beside the log's; the number of games whose order differs."""
    closing = [msgspec.to_builtins(event) for event in log.closing]
    created = recount.create(log.setup, recorded_by="import")
    version, differing = created.version, 0
    say(f"{path.name}: match {created.match_id}, write token {created.write_token}")
    for game in log.games:
        if game.new_match is not None:
            recount.append(created.match_id, created.write_token, closing, expected_version=version)
            created = recount.create(game.new_match, recorded_by="import")
            version = created.version
            say(f"{path.name}: game {game.number} {game.why_new}: match {created.match_id}, write token {created.write_token}")
        raw = [msgspec.to_builtins(action) for action in game.actions]
        version = recount.append(created.match_id, created.write_token, raw, expected_version=version).version
        same = game.recorded == game.logged
        differing += not same
        verdict = "equals the log's result" if same else f"DIFFERS from the log's result ({', '.join(game.logged)})"
        say(f"  game {game.number}: finishing order {', '.join(game.recorded)} {verdict}")
        for note in game.notes:
            say(f"    {note}")
        advance()
    if log.games:
        recount.append(created.match_id, created.write_token, closing, expected_version=version)
    return differing


def import_logs(recount: Any, logs: list[tuple[Path, ReadLog]]) -> int:
    """`recount import --format NAME`: record the logs, each checked whole before any is recorded (a refused one
    is the command line's bad input, exit status 2: service/cli/inputs.py); each game's result on standard output,
    exit status 1 if any game's finishing order differs from its log's."""
    from service.cli.progress import progress

    differing = 0
    for path, checked in logs:
        with progress(len(checked.games), f"{path.name}: games") as advance:
            differing += record_log(recount, path, checked, say=_say, advance=advance)
    return 1 if differing else 0


def _say(line: str) -> None:
    """A result line (the match made, each game's order): standard output, at once, for a reader following a long import."""
    print(line, file=sys.stdout, flush=True)
