"""Every game says its new-match choices in people's words: each option of its ruleset
has a label, a group and words for each value of a switch or a choice; each preset a
sentence; each mode its system accepts an answer. A new option without words fails here."""

from __future__ import annotations

import pytest

import domain
from domain.option_words import missing_words

SYSTEMS = sorted(domain.systems())


def ruleset_of(system):
    return type(next(iter(system.presets.values())))


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_option_and_preset_has_words(name: str) -> None:
    system = domain.systems()[name]
    assert missing_words(system.setup_words, ruleset_of(system), system.presets) == []


@pytest.mark.parametrize("name", SYSTEMS)
def test_words_name_no_option_the_ruleset_lacks(name: str) -> None:
    system = domain.systems()[name]
    assert set(system.setup_words.options) <= set(ruleset_of(system).__struct_fields__)


@pytest.mark.parametrize("name", SYSTEMS)
def test_no_word_is_a_raw_code(name: str) -> None:
    """What the page shows is words: no underscore, no backquote, no True/False."""
    words = domain.systems()[name].setup_words
    shown = [words.sentence, words.modes.question, *words.presets.values(), *words.modes.choices.values()]
    for option in words.options.values():
        shown += [option.label, option.group, option.unit, option.item, *option.values.values()]
    for text in shown:
        assert "_" not in text and "`" not in text and "True" not in text and "False" not in text, text


def test_the_games_are_listed_in_one_order_president_first() -> None:
    listed = sorted(domain.systems().values(), key=lambda system: system.setup_words.listed)
    assert [system.setup_words.listed for system in listed] == list(range(len(listed)))
    assert listed[0].name == "president"
    assert next(iter(listed[0].presets)) == "classic"


def test_a_missing_option_is_reported() -> None:
    system = domain.systems()["bid"]
    words = system.setup_words
    without = type(words)(**{**{f: getattr(words, f) for f in words.__struct_fields__}, "options": {k: v for k, v in words.options.items() if k != "sealed_bids"}})
    assert missing_words(without, ruleset_of(system), system.presets) == ["option 'sealed_bids'"]
