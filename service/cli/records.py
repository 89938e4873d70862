"""`recount export`, `recount import FILE.jsonl`, `recount verify`: the
subcommands for records that travel, wired into service/cli/main.py.

Long exports and imports show a progress bar (service/cli/progress.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import msgspec

from service.cli import inputs as cli_inputs
from service.cli.progress import progress
from service.errors import RecountError
from service.reads import sqlite_export
from service.records import export, notation_import, signing, textfiles, verify
from service.store.match_store import Recorded
from service.usecases.results import Created


def add_parsers(sub: Any, imp: argparse.ArgumentParser) -> None:
    imp.add_argument("--allow-unchained", action="store_true", help="JSON Lines exports: accept events recorded before the hash chain existed")
    out = sub.add_parser("export", help="matches as JSON Lines (or the whole store as a Datasette-ready SQLite file)")
    out.add_argument("match_ids", nargs="*", metavar="MATCH_ID", help="the ids of the matches to export (as GET /matches lists them), in the order given; or --all")
    out.add_argument("--all", action="store_true", help="every match in the store")
    out.add_argument("-o", "--output", type=Path, default=None, help="the file to write (default: standard output)")
    out.add_argument("--datasette", type=Path, default=None, metavar="FILE", help="write the whole store as an SQLite file for Datasette")
    check = sub.add_parser(
        "verify", help="check an exported match offline: its chain, its actions, its standings and their signature",
        description="Check each match of a JSON Lines export offline: its chain, its actions, its standings and their signature. "
        "Exit status 0: every match holds; 1: the file is an export and a match in it does not (its verdict says where); "
        "2: the file (or --key, --certificate) is not one the command can read.",
    )
    check.add_argument("file", type=Path, help="a JSON Lines export (recount export, GET /matches/{id}/export)")
    check.add_argument("--key", type=Path, default=None, help="the server's public key (PEM, from GET /keys/signing)")
    check.add_argument("--certificate", type=Path, default=None, help="a certificate (GET /matches/{id}/certificate) beside the export")


def is_jsonl(path: Path) -> bool:
    """A JSON Lines export (by its extension, else by its first line: a header)."""
    if path.suffix in (".jsonl", ".ndjson"):
        return True
    if path.suffix == ".json":
        return False
    with path.open("rb") as file:
        return b'"format"' in file.readline()


def export_command(recount: Any, args: argparse.Namespace) -> int:
    if args.datasette is not None:
        ids = sqlite_export.match_ids(recount)
        with progress(len(ids), "export") as advance:
            written = sqlite_export.build(recount, args.datasette, ids, advance)
        print(f"{args.datasette}: {written} matches (tables matches, players, events, placings); open it with: datasette {args.datasette}", file=sys.stderr)
        return 0
    ids = sqlite_export.match_ids(recount) if args.all else args.match_ids
    if args.all and not ids:
        print("recount export: the store has no matches: nothing to export", file=sys.stderr)
        return 0
    if not ids:
        print("recount export: name the matches (MATCH_ID…), or --all, or --datasette FILE", file=sys.stderr)
        return 2
    unknown = [] if args.all else [match_id for match_id in ids if not recount.store.read(match_id, upto=1)]
    if unknown:
        print(f"recount export: the store has no match {', '.join(map(repr, unknown))}: nothing written", file=sys.stderr)
        return 2
    out = args.output.open("wb") if args.output else sys.stdout.buffer
    try:
        with progress(len(ids), "export") as advance:
            for match_id in ids:
                for line in export.export_lines(recount, match_id):
                    out.write(line)
                advance()
    except RecountError as error:
        print(f"recount export: {error.message}; nothing more written", file=sys.stderr)
        return 1
    finally:
        if args.output:
            out.close()
    return 0


def store_export(recount: Any, path: Path, ready: list[list[Recorded]]) -> int:
    """Store the checked matches of a JSON Lines export (`cli_inputs.jsonl_export`), each all
    or nothing; a match the store holds already is said and not imported. Failures: 0 or 1."""
    failures = 0
    with progress(len(ready), f"import {path.name}") as advance:
        for records in ready:
            match_id = records[0].stream
            try:
                export.refuse_stored(recount, [(1, match_id)])
                export.store_checked(recount, [records])
            except RecountError as error:
                print(f"{path}: match {match_id} not imported: {error.message}", file=sys.stderr)
                failures = 1
            else:
                print(f"{path.name}: match {match_id} ({len(records)} events) imported, chain verified, every action checked")
            advance()
    return failures


def is_notation(path: Path) -> bool:
    """A notation file (docs/notation.md): its first line that says anything is a header tag."""
    if path.suffix in (".json", ".jsonl", ".ndjson"):
        return False
    try:
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    # Only the opening is read here: a character cut at its end is not the file's fault.
    return notation_import.looks_like_notation(textfiles.decode(head, errors="ignore"))


def import_notation(recount: Any, path: Path) -> int:
    """Record a notation file as a new match, all or nothing (BadInput names the line at fault)."""
    return store_notation(recount, path, cli_inputs.notation_file(path))


def store_notation(recount: Any, path: Path, checked: tuple[Created, list[Recorded]]) -> int:
    """Store a checked notation file's match (`cli_inputs.notation_file`); 0, or 1 saying why not."""
    created, records = checked
    try:
        export.store_checked(recount, [records])
    except RecountError as error:
        print(f"{path}: not imported: {error.message}", file=sys.stderr)
        return 1
    print(f"{path.name}: match {created.match_id} ({created.version} events) imported, every action checked; its write token: {created.write_token}")
    return 0


def verify_command(args: argparse.Namespace) -> int:
    """0 when every match of the file verifies; 1 otherwise, each bad match's headline
    saying what is wrong first (and at which step, when it is a step); 2 when the file is
    no export at all."""
    try:
        key = args.key.read_bytes() if args.key else None
        certificate = msgspec.json.decode(args.certificate.read_bytes(), type=signing.Certificate) if args.certificate else None
        with args.file.open("rb") as file:
            verdicts = verify.verify_lines(file, public_pem=key, certificate=certificate)
    except (OSError, ValueError, msgspec.DecodeError) as error:
        print(f"recount verify: {error}", file=sys.stderr)
        return 2
    except RecountError as error:  # bad input, not a verdict: there is no match to judge
        print(f"recount verify: {args.file}: not an export Recount can read: {error.message}", file=sys.stderr)
        return 2
    for verdict in verdicts:
        print(f"match {verdict.match_id}: {verdict.headline()}")
        for finding in verdict.findings:
            print(f"  {finding}")
    return 0 if all(v.ok for v in verdicts) else 1
