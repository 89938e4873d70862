"""The service and the replay name no game: everything a game offers is found through its `SYSTEM`
(domain/protocol.py), so a new game adds files under domain/ and fixtures/ and edits none here.

The rule, read off the code of every module under service/ and replay/*.py (the JS renderers,
replay/static/render-*.js, are a game's own drawing and are checked by a test of their own):

- No identifier (a name, an attribute, a function, class, argument or imported module) and no string
  literal names a game: a system's name or title ("president", "Mr. President", "Presidential Bid"),
  a preset ("daifugo", "friday", "basic-2024"), or one of a game's own event types ("MatchEnded",
  "CardsPlayed", "BidCommitted"), as a word (underscores separate the words of an identifier;
  accents are set aside, so "Daifugō" is "daifugo"; a system's name in any case).
- Docstrings and comments are prose for readers and may name a game as an example: they are not code
  a new game would have to edit.
- Names that are also everyday words the service uses in their own sense (`EVERYDAY`: a sealed "bid",
  a "table", a "deck" of cards, a "basic" type) count only as a whole string literal, which is how code
  picks a game or a preset (`system == "bid"`, `preset="classic"`); "text", a Presidential Bid preset,
  not even then: eventsourcing's setting ORIGINATOR_ID_TYPE is the literal "text".
- The correction events (domain/corrections.py) and the created event's tag are every game's.

The words are taken from the systems themselves (`domain.systems()`), so a new game's names are
checked without editing this test.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

import domain
from domain.corrections import correction_types
from domain.protocol import event_tag

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "service").rglob("*.py")) + sorted((ROOT / "replay").glob("*.py"))

EVERYDAY = {"bid", "classic", "deck", "table", "basic", "advanced"}
NEVER_CHECKED = {"text"}


def shared_tags() -> set[str]:
    """Tags every game has: the created event's and the corrections'."""
    return {"MatchCreated", *(event_tag(t) for system in domain.systems().values() for t in correction_types(system))}


def game_names() -> set[str]:
    """Every system's name and title, its presets and its own event types' tags and class names."""
    names: set[str] = set()
    for system in domain.systems().values():
        names |= {system.name, system.title, *system.presets}
        for event_type in (system.created_type, *system.action_types):
            origin = getattr(event_type, "__origin__", None) or event_type
            names |= {event_tag(event_type), origin.__name__}
    return names - shared_tags()


def plain(text: str) -> str:
    """`text` with its accents set aside and underscores as spaces."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).replace("_", " ")


def as_word(name: str) -> re.Pattern[str]:
    # A lower-case name (a system's, a preset's) in any case; a title or an event type as written.
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", re.IGNORECASE if name.islower() else 0)


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def code_words(tree: ast.AST) -> Iterator[tuple[int, str, bool]]:
    """Each identifier and string literal of the code (docstrings aside): its line, its text, and
    whether it is a string literal."""
    prose = docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            yield line, node.value, True
        elif isinstance(node, ast.Name):
            yield line, node.id, False
        elif isinstance(node, ast.Attribute):
            yield line, node.attr, False
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield line, node.name, False
        elif isinstance(node, ast.arg):
            yield line, node.arg, False
        elif isinstance(node, ast.alias):
            yield line, node.name, False
            if node.asname:
                yield line, node.asname, False
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, node.module.replace(".", " "), False


def games_named(source: str) -> list[str]:
    names = game_names()
    distinct = [(name, as_word(plain(name))) for name in sorted(names - EVERYDAY - NEVER_CHECKED)]
    everyday = names & EVERYDAY
    found = []
    for line, text, literal in code_words(ast.parse(source)):
        words = plain(text)
        named = [name for name, pattern in distinct if pattern.search(words)]
        named += [text] if literal and text in everyday else []
        found += [f"line {line}: {name!r} in {text[:60]!r}" for name in named]
    return sorted(set(found))


def test_the_everyday_words_are_still_names_of_games():
    """The exceptions above are names a game still has: one left behind would excuse nothing."""
    assert EVERYDAY | NEVER_CHECKED <= game_names()


@pytest.mark.parametrize(
    "source, named",
    [
        ('from domain.president import SYSTEM\n', True),
        ('x = {"type": "MatchEnded"}\n', True),
        ('setup = dict(system="mrpresident")\n', True),
        ('help = "UECda Daifugō game logs"\n', True),
        ('if preset == "classic": pass\n', True),
        ('def president_view(): pass\n', True),
        ('"""A docstring may say President, MatchEnded and daifugo."""\n# so may a comment: Mr. President\n', False),
        ('reason = "a sealed bid waits for its reveal"\nn = len(table)\n', False),
        ('x = {"type": "EventVoided"}\n', False),
    ],
    ids=["import", "event-tag", "system-name", "accented", "preset-literal", "identifier", "prose", "everyday", "correction"],
)
def test_the_rule_tells_a_game_named_from_prose(source, named):
    assert bool(games_named(source)) is named


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_of_the_service_or_the_replay_names_a_game(path):
    assert games_named(path.read_text(encoding="utf-8")) == []
