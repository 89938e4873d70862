"""Every sentence a check cites is in its rules text, word for word (whitespace and the texts'
non-breaking spaces aside), and every check function's docstring cites its text."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from domain.president import between, playing, texts

RULES = Path(__file__).parents[3].parent / "shared" / "rules"
CITED = [
    (name, concept, rule)
    for name, book in texts.BOOKS.items()
    for concept, rule in book.items()
]


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


@pytest.mark.parametrize("name, concept, rule", CITED, ids=[f"{n}:{c}" for n, c, _ in CITED])
def test_quote_is_in_its_text(name, concept, rule):
    path = RULES / rule.source.split(" § ")[0]
    if not path.exists():
        pytest.skip(f"{path} is not here")
    assert _plain(rule.quote) in _plain(path.read_text())
    assert rule.id.startswith(f"president.{name}.")


def test_every_check_cites_its_text():
    for module in (playing, between):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("check_") and function.__module__ == module.__name__:
                doc = function.__doc__ or ""
                assert "§" in doc or "DESIGN.md" in doc or "ruleset" in doc, name
