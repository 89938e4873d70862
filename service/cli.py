"""`recount serve` and `recount import FILE…`.

The store is RECOUNT_DATABASE_URL (postgresql://user@host:port/dbname) when set,
else the SQLite file given by --db (default data/recount.sqlite). Several processes
may share one store: each follows the others' appends (service/follow.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import domain
from domain.protocol import IllegalAction
from service import fixtures, server, storage
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


def _import(recount, paths: list[Path]) -> int:
    failures = 0
    for path in paths:
        match = fixtures.read(path)
        try:
            created = fixtures.record(recount, match)
        except (IllegalAction, RecountError) as error:
            print(f"{path}: not imported: {error}", file=sys.stderr)
            failures += 1
            continue
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
    imp = sub.add_parser("import", help="record event files (every action is checked)")
    imp.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)

    location = args.db or storage.location_from_environment()
    recount = _open(location)
    if args.command == "import":
        failures = _import(recount, args.files)
        recount.close()
        return 1 if failures else 0

    if not args.no_fixtures and recount.store.recorder.max_notification_id() is None:
        print(f"empty store: loading {len(fixtures.fixture_files())} fixture matches")
        _import(recount, fixtures.fixture_files())
    from service.http import create_app
    from service.readmodel import MatchIndex

    app = create_app(recount, MatchIndex(recount, _index_file(location, args.index)))
    print(f"Recount ({storage.redacted(location)}) is serving {len(domain.systems())} game systems at http://{args.host}:{args.port}/  (API schema: /schema)", flush=True)
    server.run(app, args.host, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
