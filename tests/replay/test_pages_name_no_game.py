"""The pages know no game: everything that knows one game system lives in that system's
renderer (replay/static/render-<system>*.js and .css), which the viewer and the recording
page load by the match's system; the pages, their helpers and their stylesheets name no
system, use none of one game's words and name none of its event types or presets. And
every renderer implements only the functions the renderer contract
(docs/renderer-contract.md, replay/static/renderers.js) lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import domain
from domain.corrections import correction_types
from domain.protocol import event_tag

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "replay" / "static"
CONTRACT = ROOT / "docs" / "renderer-contract.md"

# The systems' names and titles, and words only one game uses (Mr. President's
# Ballots, seals, debates; Presidential Bid's districts; President's revolution).
GAME_WORDS = re.compile(
    r"\b(mr\.?\s*president|mrpresident|presidents?|presidential|bids?|daifug\w*|ballots?|candidate[- ]cards?|electoral"
    r"|seals?|debates?|debaters?|campaign\w*|absentee|undecided|districts?|revolutions?|scum|tally)\b",
    re.IGNORECASE,
)
# Where a page may say one of those words, and why (file name → the words it may say).
ALLOWED: dict[str, set[str]] = {}


# Presets named by everyday words the pages use in their own sense (a table, a deck).
EVERYDAY = {"advanced", "basic", "classic", "deck", "table", "text"}


def own_names() -> set[str]:
    """Each game's own event types (their tags) and its presets that are no everyday word,
    from the systems themselves: a new game's are checked without editing this test."""
    names: set[str] = set()
    for system in domain.systems().values():
        shared = {event_tag(system.created_type), *(event_tag(t) for t in correction_types(system))}
        names |= {event_tag(t) for t in system.action_types} - shared
        names |= set(system.presets) - EVERYDAY
    return names


OWN_NAMES = re.compile(r"\b(" + "|".join(sorted(map(re.escape, own_names()))) + r")\b")


def page_files() -> list[Path]:
    """The pages' own files: every script, page and stylesheet under replay/static but the
    renderers (render-*) and the vendored libraries."""
    return sorted(
        path
        for path in STATIC.iterdir()
        if path.suffix in {".js", ".html", ".css"} and not path.name.startswith("render-")
    )


def test_the_scan_reads_the_pages() -> None:
    names = {path.name for path in page_files()}
    assert {"record.js", "record-choices.js", "replay.js", "index.js", "new.js", "record.css"} <= names
    assert not any(name.startswith("render-") for name in names)


@pytest.mark.parametrize("path", page_files(), ids=lambda path: path.name)
def test_a_page_file_names_no_game(path: Path) -> None:
    allowed = {word.lower() for word in ALLOWED.get(path.name, set())}
    found = [
        f"{path.name}:{number}: {match.group(0)!r} in {line.strip()[:100]}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for pattern in (GAME_WORDS, OWN_NAMES)
        for match in pattern.finditer(line)
        if match.group(0).lower() not in allowed
    ]
    assert not found, "a page names a game; move what knows the game into its renderer:\n" + "\n".join(found)


def contract_names() -> set[str]:
    """The names the contract's table lists: its rows' first cells, in backquotes."""
    return set(re.findall(r"^\| `(\w+)`", CONTRACT.read_text(encoding="utf-8"), re.MULTILINE))


# What a renderer exports beside the contract, and why: the generic renderer's tree is
# also how the standings' breakdown is drawn (replay-standings.js).
HELPERS = {"render-generic.js": {"tree"}}


def renderer_modules() -> list[Path]:
    """The renderers the pages load: render-<system>.js (a renderer's own modules,
    render-<system>-<part>.js, are imported by it and are not loaded by the pages)."""
    return sorted(path for path in STATIC.glob("render-*.js") if "-" not in path.stem.removeprefix("render-"))


@pytest.mark.parametrize("path", renderer_modules(), ids=lambda path: path.name)
def test_a_renderer_exports_only_what_the_contract_lists(path: Path) -> None:
    exported = set(re.findall(r"^export (?:const|function|async function) (\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    exported |= {name.strip().split(" as ")[-1] for names in re.findall(r"^export \{([^}]*)\}", path.read_text(encoding="utf-8"), re.MULTILINE) for name in names.split(",") if name.strip()}
    assert "render" in exported and "name" in exported
    exported -= HELPERS.get(path.name, set())
    assert exported <= contract_names(), f"not in docs/renderer-contract.md: {sorted(exported - contract_names())}"


def test_the_contract_is_the_one_the_pages_import() -> None:
    """renderers.js, which the pages load renderers through, lists the same functions."""
    loader = (STATIC / "renderers.js").read_text(encoding="utf-8")
    for name in contract_names():
        assert re.search(rf"\b{name}\b", loader), f"renderers.js does not document {name}"
