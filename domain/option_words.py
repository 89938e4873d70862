"""People's words for what a new match may choose: a game, its presets, its recording
mode and each option of its ruleset, said as a player at the table would say them.

Each game package keeps its words in its own `option_words.py` (game knowledge, beside the
ruleset whose options it words) and its system exposes them as `words_for_setup`; the
new-match page shows these words, and under each option the rules text's sentence (the
option's schema description). Values are keyed by their JSON text (`true`, `false`, `"same"`
as `same`: a string is keyed by itself)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.protocol import Rule


class OptionWords(msgspec.Struct, frozen=True, kw_only=True):
    """One option: `label` says what it decides, `group` where the page files it, `values`
    the words of each value a person chooses from (a switch's `true` and `false`, each choice
    of a list); `unit` follows a number ("cards"); `item` names one entry of a list or a
    mapping ("rank", "title"), whose entries are written one by one."""

    label: str
    group: str
    values: dict[str, str] = {}
    unit: str = ""
    item: str = ""


class ModeWords(msgspec.Struct, frozen=True, kw_only=True):
    """The recording modes as one question, each answer in words; `default` is what the
    system takes when the setup names none (None: the table must answer); `rule` the
    sentence a refusal of another mode cites."""

    question: str
    choices: dict[str, str]
    default: str | None
    rule: Rule


class SetupWords(msgspec.Struct, frozen=True, kw_only=True):
    """A game's words for its new-match form. `listed` orders the games on the page (0
    first: the game a new match starts from)."""

    sentence: str
    listed: int
    presets: dict[str, str]
    modes: ModeWords
    options: dict[str, OptionWords]


def value_key(value: Any) -> str:
    """The key of a value in `OptionWords.values`: a string itself, anything else its JSON."""
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()


def missing_words(words: SetupWords, ruleset: type[msgspec.Struct], presets: dict[str, Any]) -> list[str]:
    """What `words` leave unsaid for this ruleset and these presets: an option with no
    words, a switch or a choice with a value unworded, a preset with no sentence."""
    missing = [f"preset {name!r}" for name in presets if name not in words.presets]
    schema = msgspec.json.schema(ruleset)
    properties = schema["$defs"][schema["$ref"].rsplit("/", 1)[-1]]["properties"]
    for field, property_ in properties.items():
        option = words.options.get(field)
        if option is None:
            missing.append(f"option {field!r}")
            continue
        choices = [True, False] if property_.get("type") == "boolean" else property_.get("enum", [])
        missing += [f"value {value!r} of {field!r}" for value in choices if value_key(value) not in option.values]
    return missing
