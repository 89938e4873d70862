"""The test suite's house rules, checked on the files themselves.

- A test module (test_*.py, or a conftest.py) imports no other test module: what several
  share is a helper of tests/support/ (fixtures stay in the conftest.py files), so a
  module is read, moved or deleted without breaking another. A bench imports none either.
- No code, test or page cites a number of an issue tracker the repository does not hold:
  a docstring or comment says what is checked or why; history belongs in commit messages.
  Mr. President's campaign issues ("issues 1-4", "the issues a candidate holds") are not
  tracker references: only a number right after the word is.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
# "issue" and a number, or "issues" and two numbers joined by "and", any case, with or without "#".
TRACKER_REFERENCE = re.compile(r"\bissue\s+#?\d+|\bissues\s+#?\d+\s+and\s+#?\d+", re.IGNORECASE)
SEARCHED = ("service", "domain", "replay", "bench", "fixtures", "tests")
SUFFIXES = {".py", ".js", ".html", ".css"}


def is_test_module(module: str) -> bool:
    """`tests.service.test_api`, `tests.conftest`: a module pytest collects or loads itself."""
    parts = module.split(".")
    return parts[0] == "tests" and (parts[-1].startswith("test_") or parts[-1] == "conftest")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function; `from tests.x import
    test_y` names tests.x.test_y."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def imported_test_modules(path: Path) -> list[str]:
    return sorted(module for module in imported_modules(path) if is_test_module(module))


def tracker_references(text: str) -> list[str]:
    return [match.group(0) for match in TRACKER_REFERENCE.finditer(text)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Abuse is bounded (issue 16): a setup has limits", ["issue 16"]),
        ("Issue 12, a new user's first hour", ["Issue 12"]),
        ("Benchmark (issues 15 and 16), not a test", ["issues 15 and 16"]),
        ("as in issue #14", ["issue #14"]),
        ("Press Support, Fund Raising (1-3), Advertising; issues 1-4 (the Debate rating)", []),
        ("a candidate's issues are debated; the issue cards (issue: Labor)", []),
        ("tissue 3", []),
    ],
)
def test_a_tracker_reference_is_an_issue_and_its_number_not_a_campaign_issue(text: str, found: list[str]) -> None:
    assert tracker_references(text) == found


def test_is_test_module_names_test_modules_and_conftest_not_helpers() -> None:
    assert is_test_module("tests.service.test_api") and is_test_module("tests.conftest")
    assert is_test_module("tests.domain.president.conftest")
    assert not is_test_module("tests.support.api") and not is_test_module("tests.domain.harness")
    assert not is_test_module("service.web.routes")


def test_no_test_module_or_bench_imports_a_test_module() -> None:
    importers = [*TESTS.rglob("*.py"), *(ROOT / "bench").glob("*.py")]
    assert len(importers) > 100
    found = {str(path.relative_to(ROOT)): modules for path in importers if (modules := imported_test_modules(path))}
    assert not found, f"move what they share to tests/support/: {found}"


def test_no_file_cites_an_issue_tracker_number() -> None:
    this_file = Path(__file__).resolve()  # its examples above are references on purpose
    files = [path for folder in SEARCHED for path in (ROOT / folder).rglob("*") if path.suffix in SUFFIXES and path.is_file() and path != this_file]
    assert len(files) > 100
    found = {
        f"{path.relative_to(ROOT)}:{number}": reference
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        for reference in tracker_references(line)
    }
    assert not found, f"say what is checked or why, not which issue asked for it: {found}"
