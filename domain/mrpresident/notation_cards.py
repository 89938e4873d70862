"""Campaign Headquarters cards in Mr. President's notation (domain/mrpresident/notation.py): a
Rumor drawn and the Ballots its target gives, a Press Endorsement, a Bulletin and any other card,
each written in words and read back in its long and terse forms.

    Carl draws a rumor on NV "…"                          c rumor nv "…"
    Betty gives rumor ballots: P in NV (4)                b give nv p 4
    Carl draws a press endorsement, rolls 4 6, press support 3 in OK, Eastern: P in NY
                                                          c press 4 6 support 3 in ok east: ny p
    Carl draws a bulletin on Labor [Al: discards P] "…"   c bulletin labor [a: d p] "…"
    Al draws the headquarters card "Plane Delay" [Al: loses 1 turn]   a card "Plane Delay" [a: l 1]
"""

from __future__ import annotations

import json
import re

from domain.mrpresident import notation_words as w
from domain.mrpresident.events import BulletinDrawn, HeadquartersCardDrawn, PressEndorsed, RumorBallotsGiven, RumorDrawn
from domain.mrpresident.state import MatchState
from domain.notation import NotationError, number, one_of, tokens

CardEvent = RumorDrawn | RumorBallotsGiven | PressEndorsed | BulletinDrawn | HeadquartersCardDrawn
EVENTS = (RumorDrawn, RumorBallotsGiven, PressEndorsed, BulletinDrawn, HeadquartersCardDrawn)


def write(event: CardEvent) -> str:
    """The card drawn (or the Rumor's Ballots given) in words."""
    if isinstance(event, RumorDrawn):
        return f"{event.player} draws a rumor on {event.state}" + w.write_text(event.text)
    if isinstance(event, RumorBallotsGiven):
        return f"{event.player} gives rumor ballots: {w.write_ballots(event.ballots)}"
    if isinstance(event, PressEndorsed):
        dice = " ".join(map(str, event.dice))
        words = f"{event.player} draws a press endorsement, rolls {dice}, press support {event.press_support}"
        words += f" in {', '.join(event.places)}" if event.places else ""
        return words + (f": {w.write_ballots(event.ballots)}" if event.ballots else "") + w.write_text(event.text)
    if isinstance(event, BulletinDrawn):
        return f"{event.player} draws a bulletin on {event.issue}" + w.write_effects(event.effects) + w.write_text(event.text)
    title = json.dumps(event.title, ensure_ascii=False)
    return f"{event.player} draws the headquarters card {title}" + w.write_effects(event.effects) + w.write_text(event.text)


def _rumor(state: MatchState, player: str, text: str) -> RumorDrawn:
    rest, quoted = w.take_quoted(text)
    places = [word for word in rest.split() if word.lower() not in ("a", "rumor", "on")]
    if len(places) != 1:
        raise NotationError("a rumor names one state: 'c rumor nv'", rest or player)
    return RumorDrawn(player=player, state=one_of(w.states(state), places[0], "state"), text=w.the_text(quoted, 1))


def _give(state: MatchState, player: str, text: str) -> RumorBallotsGiven:
    given = text.split(":", 1)[1] if ":" in text else text
    return RumorBallotsGiven(player=player, ballots=w.parse_ballots(state, given))


def _press(state: MatchState, player: str, text: str) -> PressEndorsed:
    rest, quoted = w.take_quoted(text)
    head, _, cast = rest.partition(":")
    dice: list[int] = []
    support: int | None = None
    places: list[str] = []
    stage = "dice"
    for word in tokens(head):
        lowered = word.lower()
        if lowered in ("endorsement", "rolls", "press"):
            continue
        if lowered == "support" or (lowered == "in" and stage != "in"):  # a second "in" is Indiana
            stage = lowered
        elif stage == "dice":
            dice.append(number(word, "the press endorsement's dice"))
        elif stage == "support" and support is None:
            support = number(word, "press support")
        else:
            places.append(one_of([*w.states(state), *w.regions(state)], word, "state or region"))
    if support is None:
        raise NotationError("a press endorsement says its press support: 'c press 4 6 support 3 in ok: ny p'", head or player)
    return PressEndorsed(player=player, dice=dice, press_support=support, places=places,
                         ballots=w.parse_ballots(state, cast), text=w.the_text(quoted, 1))


def _bulletin(state: MatchState, player: str, text: str) -> BulletinDrawn:
    rest, quoted = w.take_quoted(text)
    rest, effects = w.take_effects(state, rest)
    issue = re.sub(r"(?i)^\s*(on\s+)?", "", rest).strip()
    if not issue:
        raise NotationError("a bulletin names its issue: 'c bulletin labor'", player)
    return BulletinDrawn(player=player, issue=w.issue(state, issue), text=w.the_text(quoted, 1), effects=effects)


def _card(state: MatchState, player: str, text: str) -> HeadquartersCardDrawn:
    rest, quoted = w.take_quoted(text)
    rest, effects = w.take_effects(state, rest)
    rest = re.sub(r"(?i)^\s*card\b", "", rest).strip()
    if quoted:
        title, card_text = quoted[0], w.the_text(quoted[1:], 1)
    else:
        title, card_text = rest, ""
    if not title:
        raise NotationError("a headquarters card has its title: 'a card plane delay'", player)
    return HeadquartersCardDrawn(player=player, title=title, text=card_text, effects=effects)


# The verbs of a player's line that read a card (notation.py's VERBS name them).
PARSERS = {"rumor": _rumor, "give": _give, "press": _press, "bulletin": _bulletin, "card": _card}
