"""The per-system guide (how to write each action, documented nowhere else): every
action of every system has a filled-in example that the rules accept, the rules each action answers
to are declared truthfully (mutations of recorded events are refused only with declared rules), and
the pages are served as HTML and Markdown and linked from `GET /systems`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Union

import msgspec
import pytest
from litestar.testing import TestClient

import domain
from domain.corrections import correction_types, refold
from domain.protocol import IllegalAction
from domain.protocol import event_tag as _tag
from service.reads.readmodel import MatchIndex
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from service.web import guide
from service.web.routes import create_app

SYSTEMS = sorted(domain.systems())
MUTATED_PER_TYPE = 40  # events of each type mutated per fixture (the first ones): the whole run takes ~2 s


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app over an empty SQLite store: the guide reads only the code and the fixture files."""
    db = tmp_path_factory.mktemp("guide") / "recount.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    with TestClient(app=create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))) as client:
        yield client
    recount.close()


def _types(name: str) -> tuple[Any, ...]:
    system = domain.find(name)
    return (*system.action_types, *correction_types(system))


def all_types() -> list[tuple[str, str]]:
    return [(name, _tag(t)) for name in SYSTEMS for t in _types(name)]


# -- examples -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, tag", all_types())
def test_every_action_of_every_system_has_an_example_the_rules_accept(name: str, tag: str) -> None:
    """Given the guide of a system, then each action type (and both corrections) has an example, and
    the example passes `check` in the state it was found in (a correction: refolding the fixture with
    it checks every action after the one it corrects; docs/house-rules.md § Corrections: “everything
    after it is re-checked”)."""
    found = guide.examples(name)
    assert tag in found, f"{name} {tag}: {guide.NO_EXAMPLE}"
    example = found[tag]
    system = domain.find(name)
    if tag in ("EventVoided", "EventAmended"):
        file = Path(example.source.split(" of ")[-1].split(" (")[0])
        match = fixtures.read(Path(fixtures.FIXTURES.parent, file))
        union = Union[(*system.action_types, *correction_types(system))]  # noqa: UP007
        recorded = [(step, msgspec.convert(event, union)) for step, event in enumerate([*match.events, example.event], start=2)]
        refold(system, system.start(match.setup), recorded, check_from=example.event["step"])
        return
    event = msgspec.convert(example.event, Union[tuple(system.action_types)])  # noqa: UP007
    system.check(example.state, event)
    page = next(action for action in guide.guide(name).actions if action.type == tag)
    assert page.example == example.event and page.example_source == example.source


# -- the rules each action answers to -------------------------------------------------------------------


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    else:
        yield path, value


def lists(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from lists(item, (*path, key))
    elif isinstance(value, list):
        yield path, value
        for index, item in enumerate(value):
            yield from lists(item, (*path, index))


def kind(path: tuple[Any, ...]) -> tuple[str, ...]:
    """A leaf's field, whatever list it sits in: the pool of values it is swapped with."""
    return tuple(part for part in path if isinstance(part, str))


def replaced(data: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    data = msgspec.json.decode(msgspec.json.encode(data))
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return data


def mutations(event: dict[str, Any], pool: dict[tuple[str, ...], list[Any]]) -> Iterator[dict[str, Any]]:
    """Another player, card, state… (a value the match records at that field elsewhere), a name or code
    nobody uses, a number one off, a flag flipped, a list one shorter or one longer."""
    for path, value in leaves(event):
        if not path or path == ("type",):
            continue
        if isinstance(value, bool):
            yield replaced(event, path, not value)
        elif isinstance(value, int):
            yield replaced(event, path, value + 1)
            yield replaced(event, path, value - 1)
        elif isinstance(value, str):
            yield replaced(event, path, value + "x")
            yield from (replaced(event, path, other) for other in pool.get(kind(path), [])[:8] if other != value)
    for path, value in lists(event):
        if path and value:
            yield replaced(event, path, value[:-1])
            yield replaced(event, path, value + value[:1])


def refusals(name: str) -> Iterator[tuple[str, str, IllegalAction]]:
    """(where, action type, refusal) for each mutated fixture event (and each generated example) that
    `check` refuses; also each event recorded at another moment of its match."""
    system = domain.find(name)
    union = Union[tuple(system.action_types)]  # noqa: UP007

    def tried(where: str, state: Any, data: dict[str, Any]) -> Iterator[tuple[str, str, IllegalAction]]:
        try:
            event = msgspec.convert(data, union)
        except msgspec.ValidationError:
            return
        try:
            system.check(state, event)
        except IllegalAction as refusal:
            yield where, data["type"], refusal

    for source, _, events, states in guide._recorded(system):
        pool: dict[tuple[str, ...], list[Any]] = {("player",): list(system.players(states[0]))}
        for event in events:
            for path, value in leaves(event):
                if isinstance(value, str) and value not in pool.setdefault(kind(path), []):
                    pool[kind(path)].append(value)
        done: dict[str, int] = {}
        for index, event in enumerate(events):
            done[event["type"]] = done.get(event["type"], 0) + 1
            if done[event["type"]] > MUTATED_PER_TYPE:
                continue
            where = f"{source} step {index + 2}"
            for mutated in mutations(event, pool):
                yield from tried(where, states[index], mutated)
            for other in {index - 3, index - 1, index + 1, index + 2, index + 5, len(states) - 1} - {index}:
                if 0 <= other < len(states):
                    yield from tried(f"{where} recorded at step {other + 2}", states[other], event)
    for tag, example in guide.examples(name).items():
        if example.state is not None and not tag.startswith("Event"):
            pool = {("player",): list(system.players(example.state))}
            for mutated in mutations(example.event, pool):
                yield from tried(f"the guide's example of {tag}", example.state, mutated)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_refused_mutation_cites_a_rule_the_guide_declares_for_its_action(name: str) -> None:
    """Given every fixture event of `name` (the first of each type per file) and the guide's generated
    examples, when a field is changed (another player, card or value, a count off by one) or the event is
    recorded at another moment, then any refusal cites a rule the guide lists for that action type
    (domain/<system>/guide.py), so “the rules it answers to” never leaves one out."""
    system = domain.find(name)
    declared = {_tag(t): {rule.id for rule in guide.answers_to(system, t)} for t in system.action_types}
    undeclared = {}
    kinds = set()
    for where, tag, refusal in refusals(name):
        kinds.add(tag)
        if refusal.rule.id not in declared[tag]:
            undeclared.setdefault((tag, refusal.rule.id), f"{where}: {refusal}")
    assert not undeclared, "\n".join(f"{tag} refused with undeclared {rule}: {said}" for (tag, rule), said in undeclared.items())
    assert kinds == set(declared), f"no mutation reached {set(declared) - kinds}"


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_declared_rule_quotes_a_sentence(name: str) -> None:
    """A declaration names rules as the checks cite them (a `Rule` with a source and a quote)."""
    system = domain.find(name)
    for event_type in _types(name):
        rules = guide.answers_to(system, event_type)
        assert rules, f"{_tag(event_type)} declares no rule"
        assert all(rule.source and rule.quote and rule.id for rule in rules)


# -- the pages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_guide_page_lists_every_action_with_fields_example_and_rules(api: TestClient, name: str) -> None:
    """GET /guide/{system}: HTML, a section per action naming its fields, its example and its rules'
    quotes; GET /guide/{system}.md: the same as Markdown."""
    reply = api.get(f"/guide/{name}")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    markdown = api.get(f"/guide/{name}.md")
    assert markdown.status_code == 200 and markdown.headers["content-type"].startswith("text/markdown")
    system = domain.find(name)
    for event_type in _types(name):
        tag = _tag(event_type)
        assert f"id='{tag}'" in reply.text and f"## {tag}\n" in markdown.text
        for field in msgspec.inspect.type_info(event_type).fields:
            assert f"<code>{field.encode_name}</code>" in reply.text and f"`{field.encode_name}`" in markdown.text
        for rule in guide.answers_to(system, event_type):
            assert rule.quote in markdown.text and rule.source in markdown.text
    assert guide.NO_EXAMPLE not in reply.text and guide.NO_EXAMPLE not in markdown.text


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_guide_says_who_records_each_action(api: TestClient, name: str) -> None:
    """How a table records from every phone: the write token records everything, a seat token its own
    actions, another's is a 403 naming whose it is."""
    for text in (api.get(f"/guide/{name}.md").text, api.get(f"/guide/{name}").text):
        assert "seat token" in text and "write token" in text and "403 naming whose action it is" in text


def test_an_example_on_the_page_is_the_first_recorded_event_of_its_type(api: TestClient) -> None:
    """The CardsPlayed example is the first play of the first President fixture, as the file records it."""
    first = fixtures.read(fixtures.fixture_files()[[p.parent.name for p in fixtures.fixture_files()].index("president")])
    play = next(event for event in first.events if event["type"] == "CardsPlayed")
    markdown = api.get("/guide/president.md").text
    section = markdown.split("## CardsPlayed\n")[1].split("\n## ")[0]
    assert msgspec.json.encode(play).decode() in section.replace(", ", ",").replace(": ", ":")


def test_an_unknown_system_has_no_guide(api: TestClient) -> None:
    reply = api.get("/guide/chess.md")
    assert reply.status_code == 404 and "chess" in reply.json()["error"]


def test_get_systems_links_each_guide(api: TestClient) -> None:
    """GET /systems lists each system with a link to its guide, and the link answers."""
    listed = api.get("/systems").json()
    assert sorted(entry["name"] for entry in listed) == SYSTEMS
    for entry in listed:
        assert entry["guide"] == f"/guide/{entry['name']}"
        assert api.get(entry["guide"]).status_code == 200
