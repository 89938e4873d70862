"""Every `Rule` reachable in `domain/` quotes, word for word, the document its `source` names: a rules
text of ../shared/rules/ or a file of the repository (docs/house-rules.md). A missing file fails."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import domain
from domain.protocol import Rule

REPOSITORY = Path(__file__).parents[2]
RULES_TEXTS = REPOSITORY.parent / "shared" / "rules"


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
    """The Rule constants of every module of `domain/` (module attributes, and dicts or tuples of them)."""
    found: dict[str, Rule] = {}
    for info in pkgutil.walk_packages(domain.__path__, prefix="domain."):
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
    (`*`, `**`), which are markup rather than words, dropped."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("*", "")).strip()


def test_rules_are_found():
    assert len(RULES) > 150


# domain/mrpresident/system.py (not this area's file) still defines its own UNKNOWN_EVENT quoting DESIGN.md, which
# is not in the repository; domain/mrpresident/rules.py now has the house-rule one for it to import. Strict: once
# system.py imports it, this mark fails and goes.
NOT_YET_MOVED = {"domain.mrpresident.system.UNKNOWN_EVENT"}


def _param(key: str):
    where = key.split(" (")[1].rstrip(")")
    marks = [pytest.mark.xfail(strict=True, reason="system.py still quotes DESIGN.md")] if where in NOT_YET_MOVED else []
    return pytest.param(key, marks=marks, id=key)


@pytest.mark.parametrize("key", [_param(key) for key in sorted(RULES)])
def test_quote_is_verbatim_in_the_file_it_names(key):
    rule = RULES[key]
    path = document(rule.source)
    assert path.is_file(), f"{rule.id} cites {rule.source!r}, but {path} is not there"
    assert plain(rule.quote) in plain(path.read_text(encoding="utf-8")), f"{rule.id}: {rule.quote!r} not in {path}"


def test_a_quote_missing_from_its_file_fails():
    wrong = Rule(id="x", source="docs/house-rules.md § Recording", quote="Nobody may ever pass.")
    assert plain(wrong.quote) not in plain(document(wrong.source).read_text(encoding="utf-8"))
    assert not document("no-such-text.md § header").is_file()
