"""`recount serve` and `recount import FILE…`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import domain
from domain.protocol import IllegalAction
from service import fixtures, server
from service.errors import RecountError


def _open(db: str):
    from service.app import Recount
    from service.store import MatchStore, default_env

    Path(db).parent.mkdir(parents=True, exist_ok=True)
    return Recount(MatchStore(default_env(db)))


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
    parser.add_argument("--db", default=os.environ.get("RECOUNT_DB", "data/recount.sqlite"), help="the SQLite event store file")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the HTTP service (loads the fixtures into an empty store)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-fixtures", action="store_true")
    imp = sub.add_parser("import", help="record event files (every action is checked)")
    imp.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)

    recount = _open(args.db)
    if args.command == "import":
        failures = _import(recount, args.files)
        recount.close()
        return 1 if failures else 0

    if not args.no_fixtures and recount.store.recorder.max_notification_id() is None:
        print(f"empty store: loading {len(fixtures.fixture_files())} fixture matches")
        _import(recount, fixtures.fixture_files())
    from service.http import create_app
    from service.readmodel import MatchIndex

    app = create_app(recount, MatchIndex(recount, str(Path(args.db).with_suffix(".index.sqlite"))))
    print(f"Recount is serving {len(domain.systems())} game systems at http://{args.host}:{args.port}/  (API schema: /schema)", flush=True)
    server.run(app, args.host, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
