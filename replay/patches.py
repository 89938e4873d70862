"""Patches: what changed between two views, so a replay sends each step's change
rather than the whole table again. replay/static/patches.js applies them in the
page; `apply` here is the same rule in Python (tests, benchmarks, API clients).

A patch of `old` into `new` is read against `old`'s own type, so it needs no tag
for the common cases:
- `old` and `new` are objects: the patch is an object of the keys that changed
  (a key added holds its whole value, a key kept holds the patch of its value),
  with the keys removed listed under DELETED.
- `old` and `new` are arrays: the patch is an array (the new array, whole), or an
  object: either {index: patch of that item} for an array of the same length, or
  {SPLICE: [start, removed, [items]]}: the items from `start` change, the rest stay.
  An array replaced by an object is {REPLACED: object}.
- anything else: the patch is the new value itself.

The reserved keys begin with NUL, which no view's key does (keys are field names,
player names and place names: a player's name is printable text).
"""

from __future__ import annotations

from typing import Any

DELETED = "\u0000"
SPLICE = "\u0000"
REPLACED = "\u0000="


_ABSENT = object()


def diff(old: Any, new: Any) -> Any:
    """The patch that turns `old` into `new` (an empty object for two equal objects)."""
    if type(old) is dict and type(new) is dict:
        patch = {}
        added = 0
        for key, value in new.items():
            before = old.get(key, _ABSENT)
            # A part of a view built once and shared by the views of several steps is the same
            # object in both (a system's `viewer`): no need to compare it.
            if before is value:
                continue
            if before is _ABSENT:
                patch[key] = value
                added += 1
            # Compared whole first (in C): a part a view builds again each step is mostly unchanged.
            elif before != value:
                if type(value) is dict:
                    patch[key] = diff(before, value)
                elif type(value) is list and type(before) is list:
                    patch[key] = _diff_lists(before, value)
                else:
                    patch[key] = value
        if len(new) - added < len(old):  # some keys of old are gone
            patch[DELETED] = [key for key in old if key not in new]
        return patch
    if type(old) is list and type(new) is list:
        return _diff_lists(old, new)
    if type(old) is list and type(new) is dict:
        return {REPLACED: new}
    return new


def _diff_lists(old: list[Any], new: list[Any]) -> Any:
    short = min(len(old), len(new))
    start = 0
    while start < short and (old[start] is new[start] or old[start] == new[start]):
        start += 1
    end = 0  # items kept at the end
    while end < short - start and (old[-1 - end] is new[-1 - end] or old[-1 - end] == new[-1 - end]):
        end += 1
    if len(old) == len(new) and start < len(old) - end:
        changed = range(start, len(old) - end)
        items = {str(i): diff(old[i], new[i]) for i in changed if old[i] != new[i]}
        # Items that are objects (a player's row) patch well one by one; plain values only when few change.
        if len(items) <= 2 or len(items) * 2 <= len(changed) or all(type(old[int(i)]) is dict for i in items):
            return items
    if start == 0 and end == 0:
        return new
    return {SPLICE: [start, len(old) - start - end, new[start : len(new) - end]]}


def apply(old: Any, patch: Any) -> Any:
    """`old` with `patch` applied: a new value; `old` is left as it was (unchanged
    parts are shared, not copied)."""
    if type(old) is dict and type(patch) is dict:
        out = dict(old)
        for key, value in patch.items():
            if key == DELETED:
                continue
            out[key] = apply(old[key], value) if key in old else value
        for key in patch.get(DELETED, ()):
            out.pop(key, None)
        return out
    if type(old) is list and type(patch) is dict:
        if REPLACED in patch:
            return patch[REPLACED]
        if SPLICE in patch:
            start, removed, items = patch[SPLICE]
            return [*old[:start], *items, *old[start + removed :]]
        out = list(old)
        for index, value in patch.items():
            out[int(index)] = apply(old[int(index)], value)
        return out
    return patch
