"""`recount serve` and `recount import FILE…`.

The store is RECOUNT_DATABASE_URL (postgresql://user@host:port/dbname) when set,
else the SQLite file given by --db (default data/recount.sqlite). Several processes
may share one store: each follows the others' appends (service/store/follow.py)."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

import segno

import domain
from domain import file_formats
from domain.protocol import IllegalAction
from service.cli import inputs as cli_inputs, records as records_cli
from service.cli.inputs import BadInput
from service.errors import RecountError
from service.records import fixtures, heavy
from service.store import storage
from service.web import address, limits, server


def _open(location: str):
    from service.store.match_store import MatchStore
    from service.usecases.app import Recount

    file = storage.sqlite_file(location)
    if file is not None:
        Path(file).parent.mkdir(parents=True, exist_ok=True)
    return Recount(MatchStore(storage.env_for(location)))


def _index_file(location: str, wanted: str | None) -> str | None:
    """The match index's SQLite file: beside an SQLite store; in memory for
    PostgreSQL (each process keeps its own, rebuilt from the store at start)."""
    if wanted:
        return None if wanted == ":memory:" else wanted
    file = storage.sqlite_file(location)
    return str(Path(file).with_suffix(".index.sqlite")) if file is not None else None


def _listening(host: str, port: int) -> socket.socket | None:
    """The service's socket, bound before anything says it is serving; None when the
    port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        print(f"cannot listen on {host}:{port} ({error.strerror}): is another server there? Choose another port: make run PORT={port + 1} (or recount serve --port {port + 1})", file=sys.stderr)
        return None
    return sock


def _import(recount, files: list[tuple[Path, fixtures.EventFile]], kept: list | None = None) -> int:
    failures = 0
    for path, match in files:
        try:
            created = fixtures.record(recount, match)
        except (IllegalAction, RecountError) as error:
            print(f"{path}: not imported: {error}", file=sys.stderr)
            failures += 1
            continue
        if kept is not None:
            kept.append((match.setup.title or path.stem, created))
        diffs = fixtures.differences(recount, created.match_id, match.expected) if match.expected else []
        status = "standings as expected" if not diffs else "STANDINGS DIFFER: " + "; ".join(diffs)
        print(f"{path.name}: match {created.match_id} ({len(match.events) + 1} events), write token {created.write_token}; {status}")
        failures += bool(diffs)
    return failures


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="recount", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=None, help=f"the event store: an SQLite file or a postgresql:// URL (default: ${storage.URL_VARIABLE}, else $RECOUNT_DB, else {storage.DEFAULT_SQLITE_FILE})")
    parser.add_argument("--index", default=None, help="the match index's SQLite file (default: beside an SQLite store; in memory with PostgreSQL)")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the HTTP service (loads the fixtures into an empty store)", description="Start the HTTP service. The links it hands out (the /new page's, the tokens file's) name an address a phone can open: see --host.")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on: 127.0.0.1 (the default) is this computer only; 0.0.0.0 lets phones on the same network in, and every address they can use is printed (behind a proxy, set $RECOUNT_PUBLIC_URL to the address it serves)")
    serve.add_argument("--port", type=int, default=8000, help="the TCP port to listen on (default: 8000)")
    serve.add_argument("--no-fixtures", action="store_true", help="leave an empty store empty (by default the matches of fixtures/ are recorded into it, their tokens kept beside it)")
    sub.add_parser("rebuild", help="rebuild the read models (the match index and the leaderboards) from the store's notification log, "
                   "and drop the stored replay frames (a running server's frames projection builds them again)")
    imp = sub.add_parser(
        "import", help="record event files (every action is checked)",
        description="Record matches from files, every action checked. Exit status 2: a file is not one the command can take "
        "(it does not read, or an export, notation file or UECda log holds a line that does not parse or that the rules refuse), "
        "said in one line, and nothing is recorded; 1: a match was not imported (an event file's action refused, a match "
        "in the store already) or its standings differ from those the file expects (a UECda game's finishing order from its log's).",
    )
    imp.add_argument("files", nargs="+", type=Path, help="event files (*.json), JSON Lines exports (*.jsonl) or notation files (docs/notation.md, told by their first line: a [Tag \"…\"])")
    imp.add_argument("--format", choices=["events", *file_formats.readers()], default="events", help="the logs of another program a game reads, one match a log (service/cli/uecda.py): " + "; ".join(f"{name}, a {reader.title}" for name, reader in file_formats.readers().items()))
    records_cli.add_parsers(sub, imp)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except BadInput as bad:
        print(f"recount {args.command}: {bad}", file=sys.stderr)
        return 2
    except OSError as error:  # a file the checks could not foresee (taken away meanwhile, a full disk)
        if error.filename is None:
            raise
        print(f"recount {args.command}: {error.filename}: {error.strerror}", file=sys.stderr)
        return 2


def _checked_imports(paths: list[Path], allow_unchained: bool) -> tuple[list, list, list[tuple[Path, fixtures.EventFile]]]:
    """The files to import, each read before any is recorded: the notation files and the
    JSON Lines exports checked whole (every action), the event files decoded; BadInput
    names one that is not fit."""
    for path in paths:
        cli_inputs.readable(path)
    notations = [path for path in paths if records_cli.is_notation(path)]
    exports = [path for path in paths if path not in notations and records_cli.is_jsonl(path)]
    events = [(path, cli_inputs.event_file(path)) for path in paths if path not in exports and path not in notations]
    checked_exports = [(path, cli_inputs.jsonl_export(path, allow_unchained)) for path in exports]
    checked_notations = [(path, cli_inputs.notation_file(path)) for path in notations]
    return checked_notations, checked_exports, events


def _check_inputs(args: argparse.Namespace, location: str) -> None:
    if args.command == "verify":
        cli_inputs.readable(args.file)
        if args.key is not None:
            cli_inputs.public_key(args.key)
        if args.certificate is not None:
            cli_inputs.certificate(args.certificate)
    if args.command == "export":
        for wanted in (args.output, args.datasette):
            if wanted is not None:
                cli_inputs.writable(wanted)
    if args.command in ("serve", "export"):
        cli_inputs.signing_key(location)
    if args.command == "serve":
        # Settings that do not fit stop the start before an empty store is given the fixtures.
        limits.settings_from_environment()
        heavy.configured()
        heavy.frames_projection_wanted()


def _run(args: argparse.Namespace) -> int:
    location = args.db or storage.location_from_environment()
    _check_inputs(args, location)
    if args.command == "verify":  # offline: no store
        return records_cli.verify_command(args)
    imports = _checked_imports(args.files, args.allow_unchained) if args.command == "import" and args.format == "events" else None
    logs = [(path, cli_inputs.log_file(path, args.format)) for path in args.files] if args.command == "import" and args.format != "events" else None

    listening = None
    if args.command == "serve":
        listening = _listening(args.host, args.port)
        if listening is None:
            return 2
    recount = _open(location)
    if args.command == "rebuild":
        from service.reads.frames_projection import FrameStore
        from service.reads.leaderboard import rebuild_command
        from service.web.analysis import leaderboard_file

        code = rebuild_command(recount, leaderboard_file(_index_file(location, args.index)))
        stored_frames = FrameStore(recount.store)
        if stored_frames.enabled:  # a store in memory keeps none
            stored_frames.clear()
            print("stored replay frames dropped: a server's frames projection builds them again")
        recount.close()
        return code
    if args.command == "export":
        code = records_cli.export_command(recount, args)
        recount.close()
        return code
    if logs is not None:
        from service.cli.uecda import import_logs

        code = import_logs(recount, logs)
        recount.close()
        return code
    if imports is not None:
        notations, exports, events = imports
        failures = _import(recount, events)
        failures += sum(records_cli.store_export(recount, path, ready) for path, ready in exports)
        failures += sum(records_cli.store_notation(recount, path, checked) for path, checked in notations)
        recount.close()
        return 1 if failures else 0

    assert listening is not None
    return _serve(recount, location, args, listening)


def _serve(recount, location: str, args: argparse.Namespace, listening: socket.socket) -> int:
    where = address.Listening(args.host, args.port)
    public = address.for_command_line(where)
    tokens = fixtures.tokens_file(location)
    kept = fixtures.read_tokens(tokens)
    if not args.no_fixtures and recount.store.recorder.max_notification_id() is None:
        files = fixtures.fixture_files()
        print(f"empty store: loading {len(files)} fixture matches")
        created: list = []
        _import(recount, [(path, fixtures.read(path)) for path in files], created)
        kept = fixtures.kept_tokens(created)
    if kept is not None:
        fixtures.write_tokens(tokens, kept, public.base)
        print(f"the fixture matches' write and seat tokens (with recording and player links at {public.base}): {tokens}")
    elif tokens.exists():
        print(f"{tokens} is not a tokens file Recount wrote: its links are left as they are", file=sys.stderr)
    from service.reads.readmodel import MatchIndex
    from service.web.routes import create_app

    app = create_app(recount, MatchIndex(recount, _index_file(location, args.index)))
    app.state.listening = where
    heavy.start_frames_projection(recount.store.env)
    serving = f"Recount ({storage.redacted(location)}) is serving {len(domain.systems())} game systems"
    if public.every_interface:
        print(f"{serving} on every network interface, port {args.port}  (API schema: /schema)")
    else:
        print(f"{serving} at {public.base}/  (API schema: /schema)")
    _say_where_phones_go(public, args.port)
    create_token = limits.settings_from_environment().create_token
    if create_token:
        print(f"  creating a match needs the create token (RECOUNT_CREATE_TOKEN): a phone that opens {public.base}/new#create={create_token} keeps it")
    sys.stdout.flush()
    server.run(app, listening)
    return 0


def _say_where_phones_go(public: address.PublicAddress, port: int) -> None:
    """Every address a phone on the same network can open, the first as a QR code; or why there is none."""
    if public.loopback and not public.every_interface:
        print(f"  this computer only: phones cannot open {public.base}/; to let phones on the same network in: make run-lan (recount serve --host 0.0.0.0)")
        return
    if public.loopback:
        print("  this computer is on no network (loopback only): phones cannot reach it; join the phones' wifi and start again")
        return
    if public.every_interface:
        print(f"  on this computer: http://127.0.0.1:{port}/")
    phones = [public.base, *(public.others if public.every_interface else [])]
    print("  from a phone on the same network: " + "   or ".join(f"{base}/" for base in phones))
    try:
        segno.make(f"{public.base}/").terminal(compact=True)
    except UnicodeEncodeError:  # a terminal that cannot show the block characters
        segno.make(f"{public.base}/").terminal()


if __name__ == "__main__":
    raise SystemExit(main())
