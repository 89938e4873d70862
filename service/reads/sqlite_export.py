"""The whole store as a Datasette-ready SQLite file (sqlite-utils): one row per
match, per player of a match, per event (with its description in words, as the
recorder sees it) and per placing of the standings recomputed from the record.
Foreign keys tie every row to its match; indexes serve the usual questions (a
player's games, an event type); full-text search covers titles and players.

A snapshot for reading and sharing, never the truth: built again from the store.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

import msgspec
import sqlite_utils

from domain.protocol import event_tag
from service.usecases.app import Recount


def match_ids(recount: Recount) -> list[str]:
    """Every match in the store, in the order they were created."""
    ids: list[str] = []
    position = 0
    while True:
        page = recount.store.notifications(position + 1, 500)
        if not page:
            return ids
        ids += [str(n.originator_id) for n in page if n.originator_version == 1]
        position = page[-1].id


def build(recount: Recount, path: Path, ids: Iterable[str], advance: Callable[[], None] = lambda: None) -> int:
    """Write the matches `ids` into a new SQLite file at `path` (replaced if there);
    `advance()` after each match (for a progress bar). How many matches were written."""
    path.unlink(missing_ok=True)
    db = sqlite_utils.Database(sqlite3.connect(str(path)))
    _create_tables(db)
    written = 0
    for match_id in ids:
        with db.conn:
            _add_match(db, recount, match_id)
        written += 1
        advance()
    db["matches"].enable_fts(["title", "players"], create_triggers=True)
    db["players"].enable_fts(["player"], create_triggers=True)
    db.conn.close()
    return written


def _create_tables(db: sqlite_utils.Database) -> None:
    db["matches"].create(
        {"id": str, "system": str, "title": str, "players": str, "mode": str, "steps": int, "finished": int, "created_at": float, "updated_at": float, "chain_head": str},
        pk="id",
    )
    db["players"].create({"match_id": str, "seat": int, "player": str}, pk=("match_id", "player"), foreign_keys=[("match_id", "matches", "id")])
    db["events"].create(
        {"match_id": str, "step": int, "type": str, "description": str, "recorded_at": float, "recorded_by": str, "event": str, "chain": str},
        pk=("match_id", "step"),
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["placings"].create(
        {"match_id": str, "player": str, "place": int, "score": float, "title": str, "reason": str, "final": int},
        pk=("match_id", "player"),
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["players"].create_index(["player"])
    db["events"].create_index(["type"])
    db["events"].create_index(["recorded_at"])
    db["placings"].create_index(["player", "place"])
    db["matches"].create_index(["system"])


def _add_match(db: sqlite_utils.Database, recount: Recount, match_id: str) -> None:
    log = recount.log(match_id)
    created = log.created.event
    players = list(log.system.players(log.state))
    standings = log.system.standings(log.state)
    db["matches"].insert(
        {
            "id": match_id,
            "system": log.system.name,
            "title": getattr(created, "title", "") or "",
            "players": ", ".join(players),
            "mode": str(getattr(created, "mode", "") or ""),
            "steps": log.version,
            "finished": int(log.system.finished(log.state)),
            "created_at": log.created.meta.recorded_at,
            "updated_at": log.records[-1].meta.recorded_at,
            "chain_head": log.records[-1].meta.chain,
        }
    )
    db["players"].insert_all({"match_id": match_id, "seat": seat, "player": player} for seat, player in enumerate(players, start=1))
    db["events"].insert_all(
        {
            "match_id": match_id,
            "step": record.version,
            "type": event_tag(type(record.event)),
            "description": log.describe(record, before, after),
            "recorded_at": record.meta.recorded_at,
            "recorded_by": record.meta.recorded_by,
            "event": json.dumps(msgspec.to_builtins(record.event, order="sorted"), ensure_ascii=False),
            "chain": record.meta.chain,
        }
        for record, before, after in log.walk(1, log.version)
    )
    db["placings"].insert_all(
        {"match_id": match_id, "player": p.player, "place": p.place, "score": p.score, "title": p.title, "reason": p.reason, "final": int(standings.final)}
        for p in standings.placings
    )
