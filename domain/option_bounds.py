"""The bounds of a ruleset's options: declared once per field, checked where a match is created.

A bound is declared with `limits` as JSON schema words on the field's `Meta` (the /new page and the API
documents show them), not as msgspec constraints: those would be enforced on every decode, and a match's
first event embeds its resolved ruleset, so a match stored before a bound was tightened would no longer
load. DESIGN.md: "Check before append, never on replay"; "Changing a preset never changes an old match".
Each game's `resolve` runs `check_limits` on the ruleset it makes, before the match is created.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import msgspec.inspect as mi

from domain.protocol import IllegalAction, Rule

# The keyword `limits` takes, the JSON schema word it writes, and what the check says past it.
_WORDS = {
    "minimum": ("minimum", "be at least {bound}"),
    "maximum": ("maximum", "be at most {bound}"),
    "min_length": ("minLength", "be at least {bound} character{s}"),
    "max_length": ("maxLength", "be at most {bound} character{s}"),
    "min_items": ("minItems", "hold at least {bound} item{s}"),
    "max_items": ("maxItems", "hold at most {bound} item{s}"),
    "max_properties": ("maxProperties", "hold at most {bound} entr{ies}"),
}


def limits(
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    min_items: int | None = None,
    max_items: int | None = None,
    max_properties: int | None = None,
    description: str | None = None,
) -> msgspec.Meta:
    """A field's bounds (a number's, a text's length, a list's items, a mapping's entries) as documentation:
    `check_limits` enforces them at creation, a stored event decodes whatever it holds."""
    given = locals()
    words = {word: given[name] for name, (word, _) in _WORDS.items() if given[name] is not None}
    return msgspec.Meta(extra_json_schema=words, description=description)


def check_limits(ruleset: msgspec.Struct, rule: Rule) -> None:
    """Refuse a ruleset with any value past the bounds its fields declare (`limits`), naming the option, its
    place in a list or mapping, and the bound; `rule`: the rule that makes the options data."""
    for field in _fields(type(ruleset)):
        _check(field.name, getattr(ruleset, field.name), field.type, rule)


@functools.cache
def _fields(kind: type[msgspec.Struct]) -> tuple[mi.Field, ...]:
    return mi.type_info(kind).fields  # type: ignore[union-attr]


def _check(path: str, value: Any, kind: mi.Type, rule: Rule) -> None:
    if isinstance(kind, mi.Metadata):
        _within(path, value, kind.extra_json_schema or {}, rule)
        kind = kind.type
    if isinstance(kind, (mi.VarTupleType, mi.ListType)):
        for place, item in enumerate(value):
            _check(f"{path}[{place}]", item, kind.item_type, rule)
    elif isinstance(kind, mi.TupleType):
        for place, (item, item_kind) in enumerate(zip(value, kind.item_types)):
            _check(f"{path}[{place}]", item, item_kind, rule)
    elif isinstance(kind, mi.DictType):
        for key, item in value.items():
            _check(f"{path} key {key!r}", key, kind.key_type, rule)
            _check(f"{path}[{key!r}]", item, kind.value_type, rule)


def _within(path: str, value: Any, schema: dict[str, Any], rule: Rule) -> None:
    for name, (word, says) in _WORDS.items():
        bound = schema.get(word)
        if bound is None or not _applies(word, value):
            continue
        size = value if word in ("minimum", "maximum") else len(value)
        if (size < bound) if name.startswith("min") else (size > bound):
            said = says.format(bound=bound, s="" if bound == 1 else "s", ies="y" if bound == 1 else "ies")
            raise IllegalAction(f"{path} must {said}, not {size}", rule)


def _applies(word: str, value: Any) -> bool:
    """A JSON schema word bounds values of one kind (a number, a text, a list, a mapping)."""
    if word in ("minimum", "maximum"):
        return isinstance(value, int) and not isinstance(value, bool)
    if word in ("minLength", "maxLength"):
        return isinstance(value, str)
    if word == "maxProperties":
        return isinstance(value, dict)
    return isinstance(value, (list, tuple))

