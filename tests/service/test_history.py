"""A match's history in memory (service/store/history.py): the past is read from the
store only when a record of it is asked for."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from service.store.history import History


def history(reads: list[int]) -> History:
    """Records 1..20, holding the first and 10..20; the past read counted."""
    records: list[Any] = [SimpleNamespace(version=v, stream="m") for v in range(1, 21)]

    def past() -> list[Any]:
        reads.append(1)
        return records[:9]

    return History(records[0], 10, records[9:], past)


@pytest.mark.parametrize("empty", [slice(3, 3), slice(5, 2), slice(2, 8, -1), slice(15, 15)])
def test_given_a_history_holding_its_latest_when_an_empty_slice_is_asked_then_the_past_is_not_read(empty: slice) -> None:
    reads: list[int] = []
    assert list(history(reads)[empty]) == []
    assert reads == []


def test_given_a_history_holding_its_latest_when_its_past_is_sliced_then_it_is_read_once() -> None:
    reads: list[int] = []
    held = history(reads)
    assert [r.version for r in held[12:]] == list(range(13, 21)) and reads == []
    assert [r.version for r in held[2:5]] == [3, 4, 5] and reads == [1]
    assert held[::-1][0].version == 20 and reads == [1]
