"""Every sentence a check cites is in its rules text, word for word (whitespace and the texts'
non-breaking spaces aside), and every check function's docstring cites its text."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from domain.president import between, playing, rules as texts
from domain.protocol import IllegalAction
from tests.support.president import DECK_CHOSEN as CHOSEN, DECK_HANDS
from tests.rules_texts import RULES_TEXTS as RULES

REPOSITORY = Path(__file__).parents[3]
CITED = [
    (name, concept, rule)
    for name, book in texts.BOOKS.items()
    for concept, rule in book.items()
]


def _plain(text: str) -> str:
    """Whitespace made single spaces; Markdown's emphasis marks (docs/daifugo.md's `**group**`) dropped."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("*", ""))


@pytest.mark.parametrize("name, concept, rule", CITED, ids=[f"{n}:{c}" for n, c, _ in CITED])
def test_quote_is_in_its_text(name, concept, rule):
    document = rule.source.split(" § ")[0]
    # A text of ../shared/rules/, or a document of the repository (docs/daifugo.md, the UECda rules).
    path = REPOSITORY / document if "/" in document else RULES / document
    assert path.is_file(), f"{rule.id} cites {path}, which is not there"
    assert _plain(rule.quote) in _plain(path.read_text())
    assert rule.id.startswith(f"president.{name}.")


@pytest.mark.parametrize("concept, rule", sorted(texts.HOUSE.items()))
def test_house_rule_is_in_the_house_rules(concept, rule):
    path = Path(__file__).parents[3] / rule.source.split(" § ")[0]
    assert path.is_file(), f"{rule.id} cites {path}, which is not there"
    assert _plain(rule.quote) in _plain(path.read_text())


@pytest.mark.parametrize("text", sorted(texts.BOOKS))
@pytest.mark.parametrize("concept", ["too-few", "players", "in-match", "names", "leader-plays", "no-draw", "extra-card"])
def test_a_text_silent_on_a_refusal_is_answered_by_the_house_rules_not_another_text(text, concept):
    cited = texts.rule(text, concept)
    assert cited.source.startswith((texts.BOOKS[text][concept].source if concept in texts.BOOKS[text] else "docs/"))


def test_every_check_cites_its_text():
    for module in (playing, between):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("check_") and function.__module__ == module.__name__:
                doc = function.__doc__ or ""
                assert "§" in doc or "DESIGN.md" in doc or "ruleset" in doc, name


def _refusal(kit, action=None, **match):
    with pytest.raises(IllegalAction) as refused:
        state = kit.new_match(**match)
        if action == "draws":
            dealt = {"classic": [kit.deal("Dana", kit.CLASSIC_HANDS)], "deck": [kit.deal("Dana", DECK_HANDS), *CHOSEN]}
            state = kit.play(state, dealt[match["preset"]])
            action = "Al draws"
        if action is not None:
            kit.play(state, [action])
    return refused.value.rule


@pytest.mark.parametrize(
    "match, action, rule_id",
    [
        pytest.param({"preset": "deck", "players": ["Al"]}, None, "recount.deck-players", id="a deck match of one player: not classic's 4-7"),
        pytest.param({"preset": "deck", "players": [f"P{i}" for i in range(21)]}, None, "recount.deck-players", id="a deck match of 21 players: not the two-deck recommendation"),
        pytest.param({"preset": "deck"}, "draws", "recount.no-draw", id="a draw in a deck match: not the Friday text"),
        pytest.param({"preset": "classic"}, "draws", "recount.no-draw", id="a draw in a classic match: not the Friday text"),
        pytest.param({"preset": "classic"}, "Dana chooses clockwise Al", "recount.no-direction", id="choosing a direction in classic"),
        pytest.param({"preset": "classic"}, "Al leaves", "recount.no-table-change", id="a player leaving a classic match: not the 4-7 header"),
        pytest.param({"preset": "friday"}, "Al leaves", "recount.no-table-change", id="a player leaving a Friday match"),
        pytest.param({"preset": "classic", "players": ["Al", "Al", "Carl", "Dana"]}, None, "recount.names", id="a name twice: not the 4-7 header"),
        pytest.param({"preset": "friday", "players": ["Al", "Betty"]}, None, "president.friday.too-few", id="friday: three or more players"),
    ],
)
def test_a_refusal_quotes_the_sentence_that_forbids_it(kit, match, action, rule_id):
    assert _refusal(kit, action, **match).id == rule_id


@pytest.mark.parametrize("players, said", [(["Al"], "1 player: "), (["Al", "Betty"], "2 players: ")])
def test_a_refused_number_of_players_is_counted_in_words(kit, players, said):
    """classic header “_player_: 4-7”: the refusal counts the players given (it said “1 players”)."""
    with pytest.raises(IllegalAction) as refused:
        kit.new_match(preset="classic", players=players)
    assert refused.value.what.startswith(said)
