"""Replay frames as a projection of the events: every step of every match as a patch
frame (replay/frames.py `encoded_patches`), for a spectator, everyone, the recorder of a
running match and each seat, built off the write path and kept in the store's database,
so that a replay's first read (after a restart too) reads frames instead of folding,
viewing, diffing and describing every step.

Frames never change once built: a step's frame depends on the events up to it, and a
correction is a later step. So the projection only ever adds the steps after those it
holds, chunk by chunk (CHUNK frames a row, compressed: a replay's patches compress to a
fifth). Like a snapshot, a frame is a cache, never the truth: it is tagged with a hash of
the code that built it (the rules, the frame and patch formats, the wording of
corrections), and a reader builds whatever is missing or of other code (FrameCache).

The projection runs in a process of its own (service/records/heavy.py starts it beside
`recount serve`), at a lower CPU priority: it polls the notification log, remembers how
far it has read, and projects every match that grew. One process projects a store at a
time (a claim renewed in the store: two servers on one store share it). A seat's view as
the recorder reads it while the match runs (no sealed bid) is not stored: it is built
when read.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import sqlite3
import time
import zlib
from collections.abc import Callable, Mapping
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError

from domain.protocol import EVERYONE, RECORDER, SPECTATOR, Perspective
from replay import frames
from service.store.match_store import MatchStore
from service.store.matchlog import MatchLog
from service.store.sidetables import SideTable, sources_tag
from service.usecases.app import Recount

CHUNK = 32
# Notifications read at a time: the position is kept after each page, so a restart resumes there.
PAGE = 20_000
# Steps built at a time for one perspective: what a long match's projection holds in memory.
SLICE = 1024
POLL_SECONDS = 0.25
# How long a projector's claim on a store lasts unless renewed (it is renewed every third of it).
CLAIM_SECONDS = 30.0
logger = logging.getLogger(__name__)

_frames = msgspec.msgpack.Encoder()
_chunk = msgspec.msgpack.Decoder(list[bytes])


def perspective_key(perspective: Perspective) -> str:
    return msgspec.json.encode(perspective).decode()


def perspectives(log: MatchLog) -> list[Perspective]:
    """The perspectives whose frames are stored: the spectator's, everyone's (a finished
    match's replay), the recorder's (the write token's while the match runs) and each
    seat's own: those seated at the start (a player who left reads their replay too) and
    those seated now."""
    seats = dict.fromkeys([*log.system.seated(log.created.event), *log.system.players(log.state)])
    return [SPECTATOR, EVERYONE, RECORDER, *(Perspective("seat", player) for player in seats)]


class FrameStore(SideTable):
    """Stored frames (StoredFrames of replay/frames.py) and how far the projection has read."""

    table = "recount_frames"
    POSITION = "recount_frames_position"
    CLAIM = "recount_frames_projector"

    def __init__(self, store: MatchStore):
        self.tag = sources_tag("domain", "replay/frames.py", "replay/patches.py", "service/store/matchlog.py")
        super().__init__(store)

    def create_table(self) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(self.sql(
                "CREATE TABLE IF NOT EXISTS {table} (stream TEXT NOT NULL, code TEXT NOT NULL, perspective TEXT NOT NULL, "
                "chunk INTEGER NOT NULL, steps INTEGER NOT NULL, frames {blob} NOT NULL, PRIMARY KEY (stream, code, perspective, chunk))"
            ))
            c.execute(self.sql("CREATE TABLE IF NOT EXISTS {table} (code TEXT PRIMARY KEY, notification_id INTEGER NOT NULL)", self.POSITION))
            c.execute(self.sql("CREATE TABLE IF NOT EXISTS {table} (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until REAL NOT NULL)", self.CLAIM))

    def read(self, stream: str, perspective: Perspective, first: int, last: int) -> dict[int, bytes]:
        if not self.enabled or first > last:
            return {}
        with self.datastore.transaction(commit=False) as c:
            c.execute(self.sql("SELECT chunk, frames FROM {table} WHERE stream = ? AND code = ? AND perspective = ? AND chunk BETWEEN ? AND ?"),
                      (stream, self.tag, perspective_key(perspective), (first - 1) // CHUNK, (last - 1) // CHUNK))
            rows = self.rows(c)
        found = {}
        for chunk, blob in rows:
            for offset, frame in enumerate(_chunk.decode(zlib.decompress(blob))):
                step = chunk * CHUNK + offset + 1
                if first <= step <= last:
                    found[step] = frame
        return found

    def stored_to(self, stream: str) -> dict[str, int]:
        """The last step stored of the stream, by perspective key."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(self.sql("SELECT perspective, MAX(chunk * ? + steps) FROM {table} WHERE stream = ? AND code = ? GROUP BY perspective"),
                      (CHUNK, stream, self.tag))
            return dict(self.rows(c))

    def write(self, stream: str, perspective: Perspective, first: int, built: list[bytes]) -> None:
        """Store the frames of steps first.. (`first` is one past the last stored, so it may
        fall inside a chunk stored part-full: that chunk is written again, fuller)."""
        key = perspective_key(perspective)
        chunk, offset = divmod(first - 1, CHUNK)
        if offset:
            before = self.read(stream, perspective, chunk * CHUNK + 1, first - 1)
            built = [before[step] for step in range(chunk * CHUNK + 1, first)] + built
        rows = [(stream, self.tag, key, chunk + n, len(part), zlib.compress(_frames.encode(part)))
                for n, part in enumerate(built[i : i + CHUNK] for i in range(0, len(built), CHUNK))]
        with self.datastore.transaction(commit=True) as c:
            c.executemany(self.sql(
                "INSERT INTO {table} VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (stream, code, perspective, chunk) "
                "DO UPDATE SET steps = excluded.steps, frames = excluded.frames"), rows)

    def position(self) -> int:
        with self.datastore.transaction(commit=False) as c:
            return self._position(c)

    def _position(self, c: Any) -> int:
        c.execute(self.sql("SELECT notification_id FROM {table} WHERE code = ?", self.POSITION), (self.tag,))
        rows = self.rows(c)
        return rows[0][0] if rows else 0

    def advance(self, notification_id: int, previous: int) -> bool:
        """Move the position from `previous` to `notification_id`; False if it is no longer
        at `previous` (cleared by `recount rebuild`, or moved by another projector meanwhile)."""
        with self.datastore.transaction(commit=True) as c:
            if previous:
                c.execute(self.sql("UPDATE {table} SET notification_id = ? WHERE code = ? AND notification_id = ?", self.POSITION),
                          (notification_id, self.tag, previous))
            else:
                c.execute(self.sql("INSERT INTO {table} VALUES (?, ?) ON CONFLICT (code) DO NOTHING", self.POSITION), (self.tag, notification_id))
            return self._position(c) == notification_id

    def claim(self, holder: str, now: float, seconds: float) -> bool:
        """Whether `holder` is the one projector of this store for the next `seconds`: the
        claim is free, ran out, or is its own (renewed). Two servers on one store then
        share one projection rather than each building every frame."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(self.sql(
                "INSERT INTO {table} VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until "
                f"WHERE {self.CLAIM}.until < ? OR {self.CLAIM}.holder = excluded.holder", self.CLAIM), ("projector", holder, now + seconds, now))
            c.execute(self.sql("SELECT holder FROM {table} WHERE name = ?", self.CLAIM), ("projector",))
            return self.rows(c) == [(holder,)]

    def clear(self, keep_own: bool = False) -> None:
        """Drop every frame and position (`keep_own`: only those other code built)."""
        where, args = (" WHERE code <> ?", (self.tag,)) if keep_own else ("", ())
        with self.datastore.transaction(commit=True) as c:
            c.execute(self.sql("DELETE FROM {table}" + where), args)
            c.execute(self.sql("DELETE FROM {table}" + where, self.POSITION), args)


class FramesProjection:
    """Brings the stored frames up to the store's head. `still_mine()`, asked between
    matches, says whether to go on (a projector whose claim ran out stops)."""

    def __init__(self, recount: Recount, still_mine: Callable[[], bool] = lambda: True):
        self.recount = recount
        self.frames = FrameStore(recount.store)
        self.still_mine = still_mine

    def catch_up(self) -> int:
        """Project every match that grew since the last look; returns how many notifications
        that covered. A match whose frames cannot be built is left to its readers (logged);
        an error of the database stops the pass, to be tried again from the same position."""
        if not self.frames.enabled:
            return 0
        store = self.recount.store
        position, head = self.frames.position(), store.head()
        if position > head:  # the store was replaced: start again
            self.frames.clear()
            position = 0
        start = position
        while position < head:
            stop = min(position + PAGE, head)
            for stream in dict.fromkeys(str(n.originator_id) for n in store.firsts_and_lasts(position + 1, stop)):
                if not self.still_mine():
                    return position - start
                try:
                    self.project(stream)
                except (PersistenceError, sqlite3.Error):
                    raise
                except Exception:  # noqa: BLE001 - a stored frame is only a cache: a reader builds what is missing
                    logger.exception("projecting the frames of %s failed", stream)
            if not self.frames.advance(stop, position):
                break  # cleared or moved meanwhile: the next pass starts from where it is now
            position = stop
        return position - start

    def project(self, stream: str) -> None:
        """Store the frames of the match's steps that are not stored yet, for every perspective."""
        log = self.recount.log(stream)
        stored = self.frames.stored_to(stream)
        for perspective in perspectives(log):
            first = stored.get(perspective_key(perspective), 0) + 1
            while first <= log.version:
                last = min(log.version, first + SLICE - 1)
                self.frames.write(stream, perspective, first, [frame for _, frame in frames.encoded_patches(log, perspective, first, last)])
                first = last + 1


def run(env: Mapping[str, str], poll: float = POLL_SECONDS) -> None:
    """Project for ever (the process's body): catch up, then look again every `poll`
    seconds; while another process holds the claim, only look whether it still does."""
    recount = Recount(MatchStore(env))
    holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
    claimed_at = 0.0

    def still_mine() -> bool:
        nonlocal claimed_at
        now = time.time()
        if now - claimed_at < CLAIM_SECONDS / 3:
            return True
        claimed_at = now if projection.frames.claim(holder, now, CLAIM_SECONDS) else 0.0
        return bool(claimed_at)

    projection = FramesProjection(recount, still_mine)
    if not projection.frames.enabled:
        return
    cleared = False
    while True:
        try:
            if not still_mine():
                time.sleep(poll)
                continue
            if not cleared:  # the frames older code left, once this projector holds the claim
                projection.frames.clear(keep_own=True)
                cleared = True
            if not projection.catch_up():
                time.sleep(poll)
        except Exception:  # noqa: BLE001 - the database may be busy or gone for a while: try again later
            logger.exception("the frame projection failed; trying again")
            time.sleep(poll * 20)
