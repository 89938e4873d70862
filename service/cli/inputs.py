"""The command line's files, checked before a command records or writes anything: a file
it cannot take is answered in one line naming it and what is wrong (`recount` exits 2),
never with a traceback, and nothing is changed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import msgspec

from domain import file_formats
from domain.file_formats import FileRefused
from service.cli import uecda
from service.errors import RecountError
from service.records import export, fixtures, notation_import, signing, textfiles
from service.store.match_store import Recorded
from service.usecases.results import Created

PEM_START = b"-----BEGIN "
EVENT_FILE = "an event file holds a match's name, setup and events, as the files of fixtures/ do"


class BadInput(Exception):
    """A file a command cannot take; its message names the file and what is wrong."""


def readable(path: Path) -> None:
    """A file that is there and opens for reading, or BadInput saying why not."""
    if not path.exists():
        raise BadInput(f"{path}: no such file")
    if path.is_dir():
        raise BadInput(f"{path}: a folder, not a file (name the files in it)")
    try:
        path.open("rb").close()
    except OSError as error:
        raise BadInput(f"{path}: cannot be read ({error.strerror})") from None


def read(path: Path) -> bytes:
    readable(path)
    try:
        return path.read_bytes()
    except OSError as error:
        raise BadInput(f"{path}: cannot be read ({error.strerror})") from None


def event_file(path: Path) -> fixtures.EventFile:
    """An event file (a match's setup and its actions), decoded; a log of a format a game reads,
    given without `--format`, is told so."""
    data = read(path)
    try:
        return fixtures.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        for name, reader in file_formats.readers().items():
            if _recognized(reader, data):
                raise BadInput(f"{path}: a {reader.title}, not an event file: import it with --format {name}") from None
        raise BadInput(f"{path}: not an event file ({error}); {EVENT_FILE}") from None


def log_file(path: Path, format_name: str) -> file_formats.ReadLog:
    """A log of the format `format_name` (a game system reads it), converted and its every game checked (to be
    recorded as it is)."""
    readable(path)
    title = file_formats.find(format_name).title
    try:
        return uecda.checked_log(path, format_name)
    except OSError as error:
        raise BadInput(f"{path}: cannot be read ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise BadInput(f"{path}: not a {title} ({error})") from None
    except FileRefused as error:  # a header that does not read is no such log; a game that does not is a bad one
        raise BadInput(f"{path}: not a {title} ({error})" if error.foreign else uecda.refused(path, error)) from None


def jsonl_export(path: Path, allow_unchained: bool) -> list[list[Recorded]]:
    """A JSON Lines export's matches, each decoded, its chain verified and every action checked (to be stored as
    they are); BadInput names the line at fault."""
    try:
        with path.open("rb") as file:
            return export.checked_matches(export.parse(file), allow_unchained=allow_unchained)
    except OSError as error:
        raise BadInput(f"{path}: cannot be read ({error.strerror})") from None
    except RecountError as error:
        raise BadInput(f"{path}: not imported, nothing recorded: {error.message}") from None


def notation_file(path: Path) -> tuple[Created, list[Recorded]]:
    """A notation file's match, every line parsed and checked (to be stored as it is); BadInput names the line at fault."""
    try:
        text = textfiles.decode(read(path))
    except UnicodeDecodeError as error:
        raise BadInput(f"{path}: not imported: a notation file is UTF-8 text, or UTF-16 behind its byte order mark (byte {error.start} is not)") from None
    try:
        return notation_import.checked_notation(text, time.time())
    except RecountError as error:
        raise BadInput(f"{path}: not imported, nothing recorded: {error.message}") from None


def _recognized(reader: file_formats.FileFormat, data: bytes) -> bool:
    try:
        return reader.recognizes(textfiles.decode(data, fallbacks=reader.encodings))
    except UnicodeDecodeError:
        return False


def public_key(path: Path) -> None:
    """A public key in PEM form, as GET /keys/signing gives it."""
    data = read(path)
    if not data.lstrip().startswith(PEM_START):
        raise BadInput(f"{path}: not a key in PEM form (a line -----BEGIN PUBLIC KEY----- first), as GET /keys/signing gives it")
    try:
        signing.load_public(data)
    except ValueError:
        raise BadInput(f"{path}: not an Ed25519 public key in PEM form, as GET /keys/signing gives it") from None


def certificate(path: Path) -> None:
    try:
        msgspec.json.decode(read(path), type=signing.Certificate)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise BadInput(f"{path}: not a certificate ({error}), as GET /matches/{{id}}/certificate gives it") from None


def signing_key(location: str) -> None:
    """The store's own signing key, when its file is there (a new one is made where there is none)."""
    path = signing.key_file(location)
    if not path.exists():
        return
    try:
        signing.load_or_create(path)
    except (ValueError, TypeError, OSError):
        raise BadInput(
            f"{path}: not this store's signing key (an Ed25519 private key in PEM form); move it away and a new key "
            "is made, but exports signed with the old one then verify only with its public key"
        ) from None


def writable(path: Path) -> None:
    """A file the command may write: not a folder, in a folder that is there."""
    if path.is_dir():
        raise BadInput(f"{path}: a folder; name a file to write")
    if not path.parent.is_dir():
        raise BadInput(f"{path}: its folder {path.parent} does not exist")
    if not os.access(path if path.exists() else path.parent, os.W_OK):
        raise BadInput(f"{path}: cannot be written here (permission denied)")
