"""The replay tests run on the toy game system (secrets the test chose) beside the
real game systems and their recorded fixtures."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import domain


def load_toy() -> ModuleType:
    """tests/ is not a package: load the toy module by path, once per session."""
    name = "recount_tests_toy"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("toy.py"))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """Register the toy system before the store (which maps every system's event
    types) and the application are built."""
    module = load_toy()
    known = {**domain.systems(), module.NAME: module.SYSTEM}
    monkeypatch.setattr(domain, "systems", lambda: known)
    yield module
