"""`recount serve` and `recount import FILE…`.

The store is RECOUNT_DATABASE_URL (postgresql://user@host:port/dbname) when set,
else the SQLite file given by --db (default data/recount.sqlite). Several processes
may share one store: each follows the others' appends (service/follow.py)."""

from __future__ import annotations

import argparse
import json
import socket
import sys
from pathlib import Path

import domain
from domain.protocol import IllegalAction
from service import fixtures, records_cli, server, storage
from service.errors import RecountError


def _open(location: str):
    from service.app import Recount
    from service.store import MatchStore

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


def _tokens_file(location: str) -> Path:
    """Where the fixture matches' tokens are kept for this store: beside an SQLite
    file, else in data/ (the server never stores a token in clear; this file is the
    operator's, on their own machine)."""
    file = storage.sqlite_file(location)
    return Path(file).with_suffix(".tokens.json") if file is not None else Path("data") / "fixture-tokens.json"


def _keep_tokens(path: Path, created: list, host: str, port: int) -> None:
    base = f"http://{host}:{port}"
    kept = {
        c.match_id: {
            "title": title,
            "write_token": c.write_token,
            "seat_tokens": c.seat_tokens,
            "record": f"{base}/record/{c.match_id}#token={c.write_token}",
            "view_as": {p: f"{base}/view/{c.match_id}?as={p}#token={t}" for p, t in c.seat_tokens.items()},
        }
        for title, c in created
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept, indent=2, ensure_ascii=False) + "\n")
    path.chmod(0o600)


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


def _import(recount, paths: list[Path], kept: list | None = None) -> int:
    failures = 0
    for path in paths:
        match = fixtures.read(path)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="recount", description=__doc__)
    parser.add_argument("--db", default=None, help=f"the event store: an SQLite file or a postgresql:// URL (default: ${storage.URL_VARIABLE}, else $RECOUNT_DB, else {storage.DEFAULT_SQLITE_FILE})")
    parser.add_argument("--index", default=None, help="the match index's SQLite file (default: beside an SQLite store; in memory with PostgreSQL)")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the HTTP service (loads the fixtures into an empty store)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-fixtures", action="store_true")
    sub.add_parser("rebuild", help="rebuild the read models (the match index and the leaderboards) from the store's notification log")
    imp = sub.add_parser("import", help="record event files (every action is checked)")
    imp.add_argument("files", nargs="+", type=Path, help="event files (*.json), JSON Lines exports (*.jsonl) or notation files (docs/notation.md, told by their first line: a [Tag \"…\"])")
    imp.add_argument("--format", choices=["events", "uecda"], default="events", help="uecda: UECda Daifugō game logs, one match a log (service/uecda.py)")
    records_cli.add_parsers(sub, imp)
    args = parser.parse_args(argv)
    if args.command == "verify":  # offline: no store
        return records_cli.verify_command(args)

    location = args.db or storage.location_from_environment()
    listening = None
    if args.command == "serve":
        listening = _listening(args.host, args.port)
        if listening is None:
            return 2
    recount = _open(location)
    if args.command == "rebuild":
        from service.leaderboard import rebuild_command
        from service.analysis import leaderboard_file

        code = rebuild_command(recount, leaderboard_file(_index_file(location, args.index)))
        recount.close()
        return code
    if args.command == "export":
        code = records_cli.export_command(recount, args)
        recount.close()
        return code
    if args.command == "import" and args.format == "uecda":
        from service.uecda import import_logs

        code = import_logs(recount, args.files)
        recount.close()
        return code
    if args.command == "import":
        notations = [path for path in args.files if path.exists() and records_cli.is_notation(path)]
        exports = [path for path in args.files if path.exists() and path not in notations and records_cli.is_jsonl(path)]
        failures = _import(recount, [path for path in args.files if path not in exports and path not in notations])
        failures += sum(records_cli.import_jsonl(recount, path, args.allow_unchained) for path in exports)
        failures += sum(records_cli.import_notation(recount, path) for path in notations)
        recount.close()
        return 1 if failures else 0

    tokens = _tokens_file(location)
    if not args.no_fixtures and recount.store.recorder.max_notification_id() is None:
        print(f"empty store: loading {len(fixtures.fixture_files())} fixture matches")
        created: list = []
        _import(recount, fixtures.fixture_files(), created)
        _keep_tokens(tokens, created, args.host, args.port)
    if tokens.exists():
        print(f"the fixture matches' write and seat tokens (with recording and player links): {tokens}")
    from service.http import create_app
    from service.readmodel import MatchIndex

    app = create_app(recount, MatchIndex(recount, _index_file(location, args.index)))
    print(f"Recount ({storage.redacted(location)}) is serving {len(domain.systems())} game systems at http://{args.host}:{args.port}/  (API schema: /schema)", flush=True)
    assert listening is not None
    server.run(app, listening)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
