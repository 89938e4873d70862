"""A Pick's field as a path into the event a page builds: written once here, for the
pages (replay/static/record-choices.js reads it the same way), the guide's examples and
the random player."""

from __future__ import annotations

from typing import Any


def field_path(*parts: str | int) -> str:
    """A Pick's dotted path from its parts. Each part is escaped as in a JSON Pointer
    (RFC 6901), with "." where the pointer has "/": "~" is written "~0" and "." is
    written "~1", so that "dice.Smith, Jr~1" names the player "Smith, Jr."."""
    return ".".join(str(part).replace("~", "~0").replace(".", "~1") for part in parts)


def path_parts(field: str) -> list[str]:
    """The parts of a Pick's dotted path (the inverse of `field_path`). A part that walks
    into a list is its index in digits ("bids.0.card"); into a mapping, its key (a player
    called "42" stays a key)."""
    return [part.replace("~1", ".").replace("~0", "~") for part in field.split(".")]


def slot(data: Any, field: str, make: bool = False) -> tuple[Any, Any]:
    """The container holding a dotted path's last part, and that part as its key (a list's
    index as a number); with `make`, the mappings missing on the way are made ("dice.Al"
    in an event without dice). KeyError/IndexError/TypeError/ValueError when the path is
    not there."""
    *parents, last = path_parts(field)
    node = data
    for part in parents:
        if isinstance(node, list):
            node = node[int(part)]
        else:
            node = node.setdefault(part, {}) if make else node[part]
    return node, int(last) if isinstance(node, list) else last


def get_path(data: Any, field: str) -> Any:
    """The value at a dotted path."""
    node, key = slot(data, field)
    return node[key]


def set_path(data: Any, field: str, value: Any) -> None:
    """Set the value at a dotted path, making the mappings on the way."""
    node, key = slot(data, field, make=True)
    node[key] = value
