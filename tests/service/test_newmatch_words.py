"""GET /systems/{name} serves the game's words beside its schema: a sentence per preset,
the mode as a question, words for every option; the route names no game itself."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

import domain
from tests.service.test_newmatch import SYSTEMS, client, setup_of  # noqa: F401 (the module's app fixture)


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_choices_come_with_the_games_words(client: TestClient, name: str) -> None:  # noqa: F811
    setup = setup_of(client, name)
    assert set(setup["preset_words"]) == set(setup["presets"])
    assert set(setup["option_words"]) == set(setup["ruleset_schema"]["properties"])
    assert setup["modes"]["question"] and setup["sentence"]
    for option in setup["option_words"].values():
        assert option["label"] and option["group"]


def test_president_classic_is_listed_first() -> None:
    listed = min(domain.systems().values(), key=lambda system: system.setup_words.listed)
    assert (listed.name, next(iter(listed.presets))) == ("president", "classic")


def test_the_service_names_no_game() -> None:
    source = open("service/web/newmatch.py", encoding="utf-8").read()
    for name in domain.systems():
        assert f'"{name}"' not in source and f"domain.{name}" not in source
