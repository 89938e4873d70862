"""A match's records in memory, holding only the latest when the past can be read
again from the store, and the error a stored stream that does not run 1..N is."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from service.errors import RecountError
from service.store.match_store import Recorded


class DamagedStream(RecountError):
    """A stored stream that does not run 1, 2, 3, … without a gap or a repeat: the
    store was changed behind the application's back. Reported, never replayed."""

    status = 500

    def __init__(self, stream: str, step: int, found: int):
        super().__init__(f"the stored stream of match {stream!r} is damaged at step {step}: found version {found} there")
        self.stream, self.step, self.found = stream, step, found



class History(Sequence[Recorded]):
    """A match's records, `history[i]` at version i + 1, holding in memory only the first
    record and those from version `base` on; the ones between are read (`past()`, the
    records at versions 1..base - 1) the first time one of them is asked for, and then
    kept. The latest records, the ones appends and chain hashes look at, never need a
    read. With base 1 it is a plain list.

    Whatever holds it may `watch` how many records it holds: the callback runs after
    every change of that number (records added, the past read, a trim), outside this
    history's lock, so that it may take a lock of its own that an append holds while
    it extends the history."""

    def __init__(self, first: Recorded, base: int, recent: Sequence[Recorded], past: Callable[[], Sequence[Recorded]] | None):
        self._first = first
        # (base, records from version base on) replaced as one value: readers on other
        # threads never pair a base with the list of another.
        self._held: tuple[int, list[Recorded]] = (1, [first, *recent]) if base <= 1 else (base, list(recent))
        self._past = past
        self._lock = threading.Lock()
        self._resized: Callable[[], None] | None = None

    def watch(self, resized: Callable[[], None] | None) -> None:
        """Call `resized()` whenever the number of records held changes (None: stop)."""
        self._resized = resized

    def _changed(self) -> None:
        if self._resized is not None:
            self._resized()

    @property
    def base(self) -> int:
        return self._held[0]

    def held(self) -> int:
        """How many records are in memory."""
        base, recent = self._held
        return len(recent) + (base > 1)

    def __len__(self) -> int:
        base, recent = self._held
        return base - 1 + len(recent)

    @overload
    def __getitem__(self, index: int) -> Recorded: ...
    @overload
    def __getitem__(self, index: slice) -> list[Recorded]: ...
    def __getitem__(self, index: int | slice) -> Recorded | list[Recorded]:
        base, recent = self._held
        if isinstance(index, slice):
            start, stop, stride = index.indices(base - 1 + len(recent))
            if len(range(start, stop, stride)) == 0:
                return []  # nothing asked for: no reason to read the past
            if stride == 1 and start >= base - 1:
                return recent[start - base + 1 : stop - base + 1]
            return self.whole()[index]
        if index < 0:
            index += base - 1 + len(recent)
        if index >= base - 1:
            return recent[index - base + 1]
        if index == 0:
            return self._first
        if index < 0:
            raise IndexError(index)
        return self.whole()[index]

    def __iter__(self) -> Iterator[Recorded]:
        return iter(self.whole())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __add__(self, other: Sequence[Recorded]) -> list[Recorded]:
        return [*self, *other]

    def __repr__(self) -> str:
        return f"History(base={self.base}, held={self.held()})"

    def extend(self, records: Sequence[Recorded]) -> None:
        with self._lock:
            self._held[1].extend(records)
        if records:
            self._changed()

    def whole(self) -> list[Recorded]:
        """Every record, reading the past from the store if it is not held."""
        if self._held[0] > 1:
            grew = False
            with self._lock:
                base, recent = self._held
                if base > 1:
                    assert self._past is not None
                    past = list(self._past())
                    if len(past) != base - 1 or any(r.version != v for v, r in enumerate(past, start=1)):
                        raise DamagedStream(self._first.stream, 1, past[0].version if past else 0)
                    self._held = (1, [*past, *recent])
                    grew = True
            if grew:
                self._changed()
        return self._held[1]

    def trim(self, base: int, past: Callable[[], Sequence[Recorded]]) -> None:
        """Keep in memory only the first record and those from version `base` on."""
        with self._lock:
            held_base, recent = self._held
            if base <= held_base:
                return
            self._held = (base, recent[base - held_base :])
            self._past = past
        self._changed()
