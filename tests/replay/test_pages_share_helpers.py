"""The pages ask the API one way and find their elements one way: api.js is the one fetch
helper and token parser, dom.js the one `$`. A page's script that calls fetch itself,
reads the token out of the address or finds an element by id keeps a copy of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "replay" / "static"

# What only the one helper may do: (what it is, the pattern, the file that does it).
ONE_WAY = [
    ("a fetch", re.compile(r"\bfetch\("), "api.js"),
    ("the token read from the address", re.compile(r"""\.get\(["']token["']\)|recount\.write\."""), "api.js"),
    ("an element found by id", re.compile(r"getElementById|^\s*(?:export )?const \$ ="), "dom.js"),
]
# The service worker is no page: it answers the pages' own requests (it has no api.js).
NOT_PAGES = {"sw.js"}


def scripts() -> list[Path]:
    return sorted(path for path in STATIC.glob("*.js") if path.name not in NOT_PAGES)


@pytest.mark.parametrize("path", scripts(), ids=lambda path: path.name)
def test_a_page_uses_the_one_helpers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    copies = [
        f"{path.name}:{number}: {what} (use {helper}): {line.strip()[:100]}"
        for what, pattern, helper in ONE_WAY
        if path.name != helper
        for number, line in enumerate(text.splitlines(), 1)
        if pattern.search(line) and not line.lstrip().startswith("//")
    ]
    assert not copies, "\n".join(copies)
