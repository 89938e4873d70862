"""Tamper evidence: each event's metadata carries a hash chaining it to the event
before it in its match.

    chain(step) = sha256(chain(step - 1) + canonical(meta without chain, event))

with chain(0) = "" and `canonical` the JSON of [meta, event] with every key sorted,
so the same bytes come from the stored structs and from an exported line. Changing
any byte of a recorded event or its metadata changes its hash and breaks every
link after it; a verifier names the first step whose hash does not follow.

Events recorded before the chain existed have no `chain`: they verify as
"unchained" up to the first chained one (which then chains from "").
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from service.store.match_store import Recorded

# Where `link` keeps, within one planned batch, the chain of a stream's latest record:
# beside the (version, state) heads the application keeps per stream (see Recount._prepare).
def canonical(meta: Mapping[str, Any], event: Any) -> bytes:
    """The bytes a record's hash covers: its metadata (without `chain`) and its event."""
    unchained = {k: v for k, v in meta.items() if k != "chain"}
    return msgspec.json.encode([unchained, event], order="sorted")


def builtins(record: Recorded) -> tuple[dict[str, Any], dict[str, Any]]:
    """A record's metadata and event as JSON-ready values (sets sorted), as exported."""
    return msgspec.to_builtins(record.meta, order="sorted"), msgspec.to_builtins(record.event, order="sorted")


def next_hash(previous: str | None, meta: Mapping[str, Any], event: Any) -> str:
    return hashlib.sha256((previous or "").encode() + canonical(meta, event)).hexdigest()


def record_hash(previous: str | None, record: Recorded) -> str:
    if record.meta.chain is None:
        # The same bytes as `canonical(*builtins(record))` (tests/service/test_chain.py), in
        # one encode of the structs: `sorted` sorts their fields and sets as it does the
        # dicts, and `Meta` omits its unset `chain`. A quarter of the time per event.
        return hashlib.sha256((previous or "").encode() + msgspec.json.encode([record.meta, record.event], order="sorted")).hexdigest()
    return next_hash(previous, *builtins(record))


def link(records: list[Recorded], previous: str | None) -> list[Recorded]:
    """The records with their chain hashes, each from the one before it; the first's
    from `previous`, the hash of the record before it (None: a new match)."""
    linked = []
    for record in records:
        previous = record_hash(previous, record)
        linked.append(msgspec.structs.replace(record, meta=msgspec.structs.replace(record.meta, chain=previous)))
    return linked


def hash_before(version: int, earlier: Sequence[Recorded] | None) -> str | None:
    """The chain hash of the record before `version` among `earlier` (a match's records
    from step 1), None before step 2 or where `earlier` does not reach it."""
    if earlier and version >= 2 and len(earlier) >= version - 1:
        return earlier[version - 2].meta.chain
    return None


class Break(msgspec.Struct, frozen=True, kw_only=True):
    """The first step whose hash does not follow from the steps before it."""

    step: int
    message: str


class ChainReport(msgspec.Struct, frozen=True, kw_only=True):
    """What a verification found: the steps that carry no hash (recorded before the
    chain existed), the last step checked, and the first break, if any."""

    unchained: int
    checked: int
    head: str | None
    broken: Break | None = None

    def words(self) -> str:
        if self.broken is not None:
            return f"chain broken at step {self.broken.step}: {self.broken.message}"
        said = f"chain intact over {self.checked} steps"
        if self.unchained:
            said += f" (steps 1 to {self.unchained} were recorded before the chain existed: unchained, not verified)"
        return said


def verify(entries: Iterable[tuple[int, Mapping[str, Any], Any]]) -> ChainReport:
    """Check (step, meta, event) entries in order: steps run 1, 2, 3, …; leading
    entries without `chain` are unchained; from the first chained one on, each
    hash must follow from the one before."""
    previous: str | None = None
    unchained = 0
    chained = False
    expected_step = 1
    checked = 0
    for step, meta, event in entries:
        if step != expected_step:
            return ChainReport(unchained=unchained, checked=checked, head=previous, broken=Break(step=expected_step, message=f"step {expected_step} is missing (found step {step} in its place)"))
        expected_step += 1
        stored = meta.get("chain")
        if stored is None and not chained:
            unchained += 1
            continue
        if stored is None:
            return ChainReport(unchained=unchained, checked=checked, head=previous, broken=Break(step=step, message="it carries no hash, yet the steps before it do"))
        chained = True
        computed = next_hash(previous, meta, event)
        if computed != stored:
            return ChainReport(
                unchained=unchained,
                checked=checked,
                head=previous,
                broken=Break(step=step, message=f"its content hashes to {computed[:16]}…, but the record says {str(stored)[:16]}… (the event or its metadata was changed)"),
            )
        previous = stored
        checked += 1
    return ChainReport(unchained=unchained, checked=checked, head=previous)


def verify_records(records: Iterable[Recorded]) -> ChainReport:
    return verify((r.version, *builtins(r)) for r in records)
