"""A page of docs per game system: every action with its fields, a filled-in example and
the rules it answers to, at `/guide/{system}` (HTML) and `/guide/{system}.md` (the same as Markdown).

Generated at request time (then kept: it depends only on the code and the fixtures), so it cannot
drift from what the service accepts:
- the actions, their words and fields are the system's event types (`action_types` and the two
  corrections): docstrings, and fields with types and defaults read by `msgspec.inspect`;
- an example is the first event of that type recorded in a fixture (fixtures/<system>/*.json, read as
  the service reads them); for an action no fixture records, the first one `allowed` offers along the
  fixtures' states, else in a random legal game (a seeded random generator choosing among `allowed`,
  from the fixtures' states and the system's `EXAMPLE_SETUPS`), filled within the picks' bounds and
  passing `check`; a correction's example voids or amends a fixture's last action. Failing all that the
  page says "no example recorded yet", and tests/service/test_guide.py fails;
- "the rules it answers to" are declared per action type by each system (domain/<system>/guide.py:
  `answers_to(event_type)`), because deriving them by mutating events at request time would cost
  seconds and still only find what the mutations reach. What keeps the declaration honest is a test:
  it drives every fixture event of each type (and each generated example) through mutations (another
  player, another card or value seen in the match, a count one off, a list one longer or shorter, the
  same event at another moment) and fails if a refusal cites a rule not declared for that type.
"""

from __future__ import annotations

import html
import json
import random
from functools import cache
from typing import Any, Union

import msgspec
from litestar import MediaType, Response, get
from litestar.params import FromPath

import domain
from domain.corrections import NEVER_REWRITTEN, EventAmended, EventVoided, correction_types
from domain.picks import set_path
from domain.protocol import Choice, GameSystem, IllegalAction, MatchSetup, Rule, event_tag
from service.errors import NotFound
from service.records import fixtures

NO_EXAMPLE = "no example recorded yet"
RANDOM_SEED = 12  # the number: any fixed seed makes the page the same at every start
RANDOM_STEPS = 400  # actions per random game before giving up on it
RANDOM_STARTS = 12  # fixture states a random game starts from, spread along each fixture
ALONG_FIXTURES = 60  # fixture states whose `allowed` is searched, spread along each fixture (allowed costs ~1 ms)


class FieldDoc(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    type: str
    required: bool
    default: Any = None


class Example(msgspec.Struct, frozen=True, kw_only=True):
    """An action as recorded (JSON), where it comes from in words, and the state it was legal in."""

    event: dict[str, Any]
    source: str
    state: Any = None


class ActionDoc(msgspec.Struct, frozen=True, kw_only=True):
    type: str
    doc: str
    fields: list[FieldDoc]
    example: dict[str, Any] | None
    example_source: str
    rules: list[Rule]


class SystemGuide(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    title: str
    presets: list[str]
    actions: list[ActionDoc]


# -- what the domain declares -------------------------------------------------------------------------


def declarations(system: GameSystem) -> Any:
    """What the system declares for its guide (its `guide`: domain/<package>/guide.py), or None for a system
    that offers none (a test's toy, not built on domain.system_base.SystemBase)."""
    return getattr(system, "guide", None)


def answers_to(system: GameSystem, event_type: Any) -> list[Rule]:
    """The rules an action of this type answers to. A correction answers to the corrections rule and,
    as every action after the one it corrects is checked again, to theirs."""
    if event_type is EventVoided or getattr(event_type, "__origin__", None) is EventAmended:
        return [NEVER_REWRITTEN]
    declared = declarations(system)
    return list(declared.answers_to(event_type)) if declared is not None else []


# -- fields -------------------------------------------------------------------------------------------


def type_words(info: msgspec.inspect.Type) -> str:
    """A field's type as a reader says it: "list of string", "integer or null"."""
    inspect = msgspec.inspect
    if isinstance(info, inspect.Metadata):
        return type_words(info.type)
    if isinstance(info, (inspect.ListType, inspect.VarTupleType, inspect.SetType, inspect.FrozenSetType)):
        return f"list of {type_words(info.item_type)}"
    if isinstance(info, inspect.TupleType):
        return "list of " + ", ".join(type_words(item) for item in info.item_types)
    if isinstance(info, inspect.DictType):
        return f"mapping of {type_words(info.key_type)} to {type_words(info.value_type)}"
    if isinstance(info, inspect.UnionType):
        if len(info.types) > 3 and all(isinstance(t, inspect.StructType) for t in info.types):
            return "an action of this system (as above)"
        return " or ".join(type_words(t) for t in info.types)
    if isinstance(info, inspect.LiteralType):
        return "one of " + ", ".join(json.dumps(value) for value in info.values)
    if isinstance(info, inspect.StructType):
        inner = ", ".join(f"{f.encode_name}: {type_words(f.type)}" for f in info.fields)
        return f"{{{inner}}}"
    words = {"StrType": "string", "IntType": "integer", "FloatType": "number", "BoolType": "true or false",
             "NoneType": "null", "AnyType": "any JSON value"}
    return words.get(type(info).__name__, type(info).__name__.removesuffix("Type").lower())


def fields_of(event_type: Any) -> list[FieldDoc]:
    info = msgspec.inspect.type_info(event_type)
    found = []
    for field in info.fields:
        default = field.default if field.default is not msgspec.NODEFAULT else None
        if field.default_factory is not msgspec.NODEFAULT:
            default = msgspec.to_builtins(field.default_factory())
        found.append(FieldDoc(name=field.encode_name, type=type_words(field.type), required=field.required, default=msgspec.to_builtins(default)))
    return found


# -- examples -----------------------------------------------------------------------------------------


def filled(choice: Choice, rng: random.Random, supply: Any = None) -> dict[str, Any]:
    """The Choice's event with each pick filled within its bounds (at random), then what the system's
    hints ask for, where its guide module knows how (`supply`)."""
    event = msgspec.json.decode(msgspec.json.encode(choice.event))
    for pick in choice.picks:
        if pick.most is None:
            set_path(event, pick.field, rng.choice(pick.among))
            continue
        pool = [value for value in dict.fromkeys(pick.among) for _ in range(pick.limits.get(str(value), pick.among.count(value)))]
        set_path(event, pick.field, rng.sample(pool, rng.randint(pick.least, min(pick.most, len(pool)))))
    return supply(choice, event) if supply is not None else event


def _legal(system: GameSystem, state: Any, choice: Choice, rng: random.Random, supply: Any) -> msgspec.Struct | None:
    """An event built from `choice` that passes `check`, or None (a pick the page completes by a
    hint this module cannot supply)."""
    try:
        event = msgspec.convert(filled(choice, rng, supply), Union[tuple(system.action_types)])  # noqa: UP007
        system.check(state, event)
    except (IllegalAction, msgspec.ValidationError, KeyError, ValueError, IndexError):
        return None
    return event


def _recorded(system: GameSystem) -> list[tuple[str, MatchSetup, list[dict[str, Any]], list[Any]]]:
    """Each fixture of the system: its file, setup, events and the state before each event (and after
    the last)."""
    union = Union[tuple(system.action_types)]  # noqa: UP007
    found = []
    for path in fixtures.fixture_files():
        if path.parent.name != system.name:
            continue
        match = fixtures.read(path)
        states = [system.initial(system.start(match.setup))]
        for event in match.events:
            states.append(system.evolve(states[-1], msgspec.convert(event, union)))
        found.append((f"fixtures/{system.name}/{path.name}", match.setup, match.events, states))
    return found


def _random_game(system: GameSystem, state: Any, wanted: str, rng: random.Random, supply: Any) -> tuple[Any, msgspec.Struct] | None:
    """Play on from `state` choosing among `allowed` at random until a `wanted` action is allowed."""
    for _ in range(RANDOM_STEPS):
        offered = list(system.allowed(state))
        rng.shuffle(offered)
        offered.sort(key=lambda choice: choice.type != wanted)
        for choice in offered:
            event = _legal(system, state, choice, rng, supply)
            if event is None:
                continue
            if choice.type == wanted:
                return state, event
            state = system.evolve(state, event)
            break
        else:
            return None  # nothing this module can fill: the game stops here
    return None


@cache
def examples(name: str) -> dict[str, Example]:
    """An example of each action type of the system that one can be found for, by tag."""
    system = domain.find(name)
    declared = declarations(system)
    supply = getattr(declared, "supply", None)
    recorded = _recorded(system)
    found: dict[str, Example] = {}
    for source, _, events, states in recorded:
        for index, event in enumerate(events):
            if event["type"] not in found:
                found[event["type"]] = Example(event=event, source=f"{source}, step {index + 2}", state=states[index])
    rng = random.Random(RANDOM_SEED)
    for wanted in (event_tag(t) for t in system.action_types):
        for source, _, _, states in recorded:
            for state in states[:: max(1, len(states) // ALONG_FIXTURES)] if wanted not in found else ():
                for choice in system.allowed(state):
                    event = _legal(system, state, choice, rng, supply) if choice.type == wanted else None
                    if event is not None:
                        found[wanted] = Example(event=msgspec.to_builtins(event), source=f"offered by allowed in {source} after step {state.step}", state=state)
                        break
                if wanted in found:
                    break
        starts = [(f"a new {setup.preset or name} match ({', '.join(setup.players)})", system.initial(system.start(setup))) for setup in getattr(declared, "EXAMPLE_SETUPS", ())]
        starts += [(f"{source} from step {s.step}", s) for source, _, _, states in recorded for s in states[:: max(1, len(states) // RANDOM_STARTS)]]
        for where, state in starts if wanted not in found else ():
            played = _random_game(system, state, wanted, rng, supply)
            if played is not None:
                found[wanted] = Example(event=msgspec.to_builtins(played[1]), source=f"a random legal game played on {where}, step {played[0].step + 1}", state=played[0])
                break
    if recorded:
        source, _, events, states = recorded[0]
        last = len(events) + 1
        found[event_tag(EventVoided)] = Example(
            event={"type": event_tag(EventVoided), "step": last, "reason": "recorded twice"}, source=f"voiding the last action of {source}"
        )
        found["EventAmended"] = Example(
            event={"type": "EventAmended", "step": last, "event": events[-1], "reason": "the scorekeeper misread the cards"},
            source=f"amending the last action of {source} (here to what it was)",
        )
    return found


# -- the guide ----------------------------------------------------------------------------------------


@cache
def guide(name: str) -> SystemGuide:
    system = domain.find(name)
    found = examples(name)
    actions = []
    for event_type in (*system.action_types, *correction_types(system)):
        tag = event_tag(event_type)
        origin = getattr(event_type, "__origin__", None) or event_type
        example = found.get(tag)
        actions.append(
            ActionDoc(
                type=tag,
                doc=" ".join((origin.__doc__ or "").split()),
                fields=fields_of(event_type),
                example=example.event if example else None,
                example_source=example.source if example else NO_EXAMPLE,
                rules=answers_to(system, event_type),
            )
        )
    return SystemGuide(name=system.name, title=system.title, presets=sorted(system.presets), actions=actions)


INTRO = (
    "Each action is a JSON object with its `type`, recorded with `POST /matches/{id}/events` and the body "
    '`{"events": [...], "expected_version": N}` (the write token as `Authorization: Bearer ...`); '
    "`POST /matches/{id}/events/check` tries the same body without recording it, and `GET /matches/{id}/allowed` "
    "lists the actions the rules allow now, with what is left to fill. Generated from the event types, the fixtures "
    "and the rules the checks cite."
)
WHO_RECORDS = (
    "Who records: one phone with the match's write token records every action; and each player's own link "
    "(their seat token, on the new-match page) records that player's own actions from their phone: their plays "
    "and passes, the cards they give, their bids, ballots and dice, and, in a mode where players enter their own "
    "hands, the hand they were dealt. Both may record the same match at once. A seat token sending another "
    "player's action is answered 403 naming whose action it is; the table's actions (a deal, a reveal) are the "
    "write token's; a seat may undo or fix only what it recorded or its own action. `GET /matches/{id}/allowed` "
    "with a seat token lists that seat's own actions, and each recorded action says which seat recorded it "
    "(`recorded_as`)."
)


def markdown(found: SystemGuide) -> str:
    lines = [f"# {found.title} (`{found.name}`): every action", "", INTRO, "", WHO_RECORDS, "", f"Presets: {', '.join(f'`{p}`' for p in found.presets)}.", ""]
    for action in found.actions:
        lines += [f"## {action.type}", "", action.doc or "(no description)", "", "| field | type | required | default |", "|---|---|---|---|"]
        lines += [f"| `{f.name}` | {f.type} | {'yes' if f.required else 'no'} | {'' if f.required else f'`{json.dumps(f.default)}`'} |" for f in action.fields]
        lines += ["", f"Example ({action.example_source}):" if action.example is not None else f"Example: {NO_EXAMPLE}.", ""]
        if action.example is not None:
            lines += ["```json", json.dumps(action.example, ensure_ascii=False), "```", ""]
        lines += ["The rules it answers to:", ""]
        lines += [f"- {rule.source}: “{rule.quote}” (`{rule.id}`)" for rule in action.rules] or ["- (none declared)"]
        lines.append("")
    return "\n".join(lines)


def page(found: SystemGuide) -> str:
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{esc(found.title)}: every action · Recount</title><link rel='stylesheet' href='/static/guide.css'>"
        "<script type='module' src='/static/site-header.js'></script></head><body>",
        f"<header><h1>{esc(found.title)} <code>{esc(found.name)}</code>: every action</h1>",
        f"<p><a href='/'>Matches</a> · <a href='/guide/{esc(found.name)}.md'>this page as Markdown</a> · <a href='/schema'>API schema</a></p></header>",
        f"<p class='intro'>{esc(INTRO).replace('`', '')}</p><p class='intro'>{esc(WHO_RECORDS).replace('`', '')}</p><p>Presets: {esc(', '.join(found.presets))}.</p>",
        "<nav><ul>" + "".join(f"<li><a href='#{esc(a.type)}'>{esc(a.type)}</a></li>" for a in found.actions) + "</ul></nav>",
    ]
    for action in found.actions:
        rows = "".join(
            f"<tr><td><code>{esc(f.name)}</code></td><td>{esc(f.type)}</td><td>{'yes' if f.required else 'no'}</td>"
            f"<td>{'' if f.required else '<code>' + esc(json.dumps(f.default)) + '</code>'}</td></tr>"
            for f in action.fields
        )
        example = (
            f"<p>Example ({esc(action.example_source)}):</p><pre class='example'>{esc(json.dumps(action.example, ensure_ascii=False, indent=1))}</pre>"
            if action.example is not None
            else f"<p class='missing'>Example: {NO_EXAMPLE}.</p>"
        )
        rules = "".join(f"<li><q>{esc(r.quote)}</q> <cite>{esc(r.source)}</cite> <code>{esc(r.id)}</code></li>" for r in action.rules)
        parts.append(
            f"<section class='action' id='{esc(action.type)}' data-type='{esc(action.type)}'><h2>{esc(action.type)}</h2>"
            f"<p>{esc(action.doc or '(no description)')}</p>"
            f"<table><thead><tr><th>field</th><th>type</th><th>required</th><th>default</th></tr></thead><tbody>{rows}</tbody></table>"
            f"{example}<h3>The rules it answers to</h3><ul class='rules'>{rules or '<li>(none declared)</li>'}</ul></section>"
        )
    parts.append("</body></html>")
    return "".join(parts)


@get("/guide/{name:str}", include_in_schema=False, sync_to_thread=True)
def guide_page(name: FromPath[str]) -> Response[str]:
    """The guide of one game system: HTML, or Markdown for a name ending in `.md`."""
    wanted = name.removesuffix(".md")
    if wanted not in domain.systems():
        raise NotFound(f"there is no game system named {wanted!r} (known: {', '.join(sorted(domain.systems()))})")
    found = guide(wanted)
    if name.endswith(".md"):
        return Response(markdown(found), media_type="text/markdown")
    return Response(page(found), media_type=MediaType.HTML)


def guide_routes() -> list[Any]:
    return [guide_page]
