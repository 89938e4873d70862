"""Every `Rule` reachable in `domain/` and `service/` quotes, word for word, the document its `source` names: a rules
text (tests/rules_texts.py says where) or a file of the repository (docs/house-rules.md). A missing file fails."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import domain
import service
from domain.protocol import Rule
from tests.rules_texts import RULES_TEXTS

REPOSITORY = Path(__file__).parents[2]


def _rules_in(value: object, found: dict[str, Rule], where: str) -> None:
    if isinstance(value, Rule):
        if value not in found.values():
            found[f"{value.id} ({where})"] = value
    elif isinstance(value, dict):
        for key, item in value.items():
            _rules_in(item, found, f"{where}[{key!r}]")
    elif isinstance(value, (list, tuple)):
        for item in value:
            _rules_in(item, found, where)


def every_rule() -> dict[str, Rule]:
    """The Rule constants of every module of `domain/` and `service/` (module attributes, and dicts or
    tuples of them): the service refuses a few things itself (an action after the end of a match)."""
    found: dict[str, Rule] = {}
    packages = [(domain.__path__, "domain."), (service.__path__, "service.")]
    for info in (info for path, prefix in packages for info in pkgutil.walk_packages(path, prefix=prefix)):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            _rules_in(value, found, f"{info.name}.{name}")
    return found


RULES = every_rule()


def document(source: str) -> Path:
    """The file a `source` names: `docs/…` in the repository, anything else a rules text."""
    name = source.split(" § ")[0].strip()
    return REPOSITORY / name if "/" in name else RULES_TEXTS / name


def plain(text: str) -> str:
    """Whitespace (and the texts' non-breaking spaces) made single spaces; Markdown's emphasis marks
    (`*`, `**`) and the backslash escaping a punctuation mark (`\\$1 million`), which are markup rather
    than words, dropped."""
    unescaped = re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)
    return re.sub(r"\s+", " ", unescaped.replace("\u00a0", " ").replace("*", "")).strip()


def test_rules_are_found():
    assert len(RULES) > 150


@pytest.mark.parametrize("key", sorted(RULES))
def test_quote_is_verbatim_in_the_file_it_names(key):
    rule = RULES[key]
    path = document(rule.source)
    assert path.is_file(), f"{rule.id} cites {rule.source!r}, but {path} is not there"
    assert plain(rule.quote) in plain(path.read_text(encoding="utf-8")), f"{rule.id}: {rule.quote!r} not in {path}"


def test_a_quote_missing_from_its_file_fails():
    wrong = Rule(id="x", source="docs/house-rules.md § Recording", quote="Nobody may ever pass.")
    assert plain(wrong.quote) not in plain(document(wrong.source).read_text(encoding="utf-8"))
    assert not document("no-such-text.md § header").is_file()
