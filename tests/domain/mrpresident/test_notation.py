"""Mr. President's notation (domain/mrpresident/notation.py, docs/notation.md § Mr.
President): every event has words that parse back to it and a terse form typed at the
table; the recorded fixtures, basic and advanced, are written wholly in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Union

import msgspec
import pytest

import domain
from domain.mrpresident.events import (
    AbsenteeBallotsCast,
    Advertised,
    Ballot,
    BulletinDrawn,
    CardEffect,
    Debated,
    FundsRaised,
    HeadquartersCardDrawn,
    PressEndorsed,
    RegionCounted,
    TicketChosen,
)
from domain.mrpresident.tables import CandidateCard
from domain.notation import NotationError, parse_line, write_line
from domain.notation_file import parse_match, write_match
from domain.protocol import MatchSetup

SYSTEM = domain.find("mrpresident")
ADVANCED = MatchSetup(system="mrpresident", players=["Al", "Betty", "Carl", "Dot"], preset="advanced", mode="electoral")
BASIC = MatchSetup(system="mrpresident", players=["Al", "Betty"], mode="popular")
FIXTURES = sorted(Path(__file__).resolve().parents[3].joinpath("fixtures", "mrpresident").glob("*.json"))


def _initial(setup: MatchSetup):
    return SYSTEM.initial(SYSTEM.start(setup))


@pytest.mark.parametrize(
    ("terse", "long"),
    [
        ("d lay o'day marlowe langford kinsey castellano",
         "Dot lays out Francis O'Day, Ida Marlowe, Jesse Langford, Walter Kinsey, Henry Castellano"),
        ("d pick langford", "Dot picks Jesse Langford"),
        ("ticket d: langford (d); carl (c); dice d 3 4 c 2 2",
         "Democratic ticket: President Jesse Langford (Dot); Vice President Carl Hollister (Carl); "
         "settled by dice: Dot 3 4, Carl 2 2"),
        ("ticket r: whit (a); hale (b); eff total",
         "Republican ticket: President Harlan Whitcomb (Al); Vice President Prescott Hale (Betty); settled by effective total"),
        ("a r mid 3 4 funds", "Al rolls 3 4 for Midwestern, raising funds"),
        ("a first a 3 4 b 2 2", "Al plays first (rolls: Al 3 4, Betty 2 2)"),
        ("a cast oh p 5 home, in vp", "Al casts P in OH (5) home, VP in IN"),
        ("c press 4 6 support 3 in ok east in: ny p", "Carl draws a press endorsement, rolls 4 6, press support 3 in OK, Eastern, IN: P in NY"),
        ('c rumor nv "Scandal in Nevada"', 'Carl draws a rumor on NV "Scandal in Nevada"'),
        ("c bulletin labor [a: d p] [b: l 1]", "Carl draws a bulletin on Labor [Al: discards P] [Betty: loses 1 turn]"),
        ('a card "Plane Delay" [a: lose 1; gain 2]', 'Al draws the headquarters card "Plane Delay" [Al: loses 1 turn; gains 2 turns]'),
        ('a card "Whistle Stop" [a: in mid, oh; cast oh p] "Ride the rails"',
         'Al draws the headquarters card "Whistle Stop" [Al: in Midwestern, OH; casts P in OH] "Ride the rails"'),
        ("a ad east 4: ny p", "Al advertises in Eastern, draws 4: P in NY"),
        ("a ad south 3", "Al advertises in Southern, draws 3"),
        ("d raise in 2 5 $3", "Dot raises funds in IN, rolls 2 5: $3 million"),
        ("d raise oh 2 5 3", "Dot raises funds in OH, rolls 2 5: $3 million"),
        ("d raise", "Dot raises no funds"),
        ("a debate tax vp: wv vp 18, ia vp; 3 4 5 6; mo vp; 2 2; wv",
         "Al debates Tax Reform as VP: risks VP in WV (18), VP in IA; rolls 3 4 5 6; opponent risks VP in MO; "
         "opponent rolls 2 2; unrecorded WV"),
        ("absentee r: de p 5, sd p; 6", "Republican absentee ballots: P in DE (5), P in SD; 6 set aside"),
        ("absentee d: nothing", "Democratic absentee ballots: nothing"),
        ("count mid: il r 32 d 15, in d 27", "Midwestern counted: IL Republican 32 Democratic 15, IN Democratic 27"),
    ],
)
def test_given_the_advanced_table_when_a_terse_line_is_typed_then_it_is_the_long_lines_event(terse, long):
    """Given a four-player advanced match (its Candidate decks, issues and board), when
    the terse line is typed, then it is the event the long line says, and that event is
    written back as the long line."""
    state = _initial(ADVANCED)
    event = parse_line(SYSTEM, state, terse)
    assert event == parse_line(SYSTEM, state, long)
    assert write_line(SYSTEM, state, event) == long


def test_a_ticket_line_carries_the_cards_of_the_deck():
    state = _initial(ADVANCED)
    event = parse_line(SYSTEM, state, "ticket d: rourke (b); barrow (d); agree")
    deck = {card.name: card for card in state.tables.candidates["Democratic"]}
    assert event == TicketChosen(party="Democratic", president=deck["Thomas Rourke"], vice_president=deck["Lucille Barrow"],
                                 president_player="Betty", vice_president_player="Dot", settled="agreed")


CARD = CandidateCard(name="Smith, Jr.", home_state="OH", issues=["Labor", "Civil Rights"], office="Governor of",
                     campaign_ability=5, financial_support=8, press_support=2, fund_raising=3, advertising=3,
                     effective_total=21)
PLAIN = CandidateCard(name="Jo Doe", home_state="CA", campaign_ability=1, financial_support=2, press_support=3,
                      fund_raising=4, advertising=5, effective_total=15)


def test_a_card_of_no_deck_is_written_in_full_and_read_back():
    """Given the basic game (no decks), when a ticket is written, then each Candidate
    Card goes in full: name, home state, office, issues, ratings and effective total."""
    state = _initial(BASIC)
    event = TicketChosen(party="Republican", president=CARD, vice_president=PLAIN)
    line = write_line(SYSTEM, state, event)
    assert line == ("Republican ticket: President Smith, Jr. [OH; Governor of; Labor, Civil Rights; 5 8 2 3 3 = 21]; "
                    "Vice President Jo Doe [CA; -; -; 1 2 3 4 5 = 15]")
    assert parse_line(SYSTEM, state, line) == event
    assert parse_line(SYSTEM, state, "ticket r: Smith, Jr. [oh; Governor of; Labor, Civil Rights; 5 8 2 3 3 = 21]; "
                                     "Jo Doe [ca; -; -; 1 2 3 4 5 = 15]") == event



def test_a_card_in_full_names_its_issues_as_the_tables_do():
    """Given the advanced game (its tables list the issues), when a card of no deck is
    written in full with its issues typed in lower case or cut short, then the card
    recorded carries the tables' issues, as a debate names them (they were recorded as
    typed: shown as 'labor', and 'civil' matched no debate on Civil Rights)."""
    state = _initial(ADVANCED)
    typed = ("ticket r: Smith, Jr. [oh; Governor of; labor, civil; 5 8 2 3 3 = 21]; "
             "Jo Doe [ca; -; -; 1 2 3 4 5 = 15]")
    assert parse_line(SYSTEM, state, typed).president.issues == ["Labor", "Civil Rights"]

@pytest.mark.parametrize(
    "event",
    [
        PressEndorsed(player="Al", dice=[2], press_support=4, places=["IN", "Eastern"], text="Editors agree"),
        BulletinDrawn(player="Betty", issue="Medicare", effects=[CardEffect(player="Al", extra_turns=1)]),
        HeadquartersCardDrawn(player="Al", title='Say "cheese"', text="a photo", effects=[CardEffect(player="Betty")]),
        Advertised(player="Al", region="Western", drawn=2, ballots=[Ballot(seal="VP", state="IN", votes=0, home_state_card=True)]),
        FundsRaised(player="Betty", state="IN", chart_dice=[6, 6], amount=0),
        Debated(player="Betty", issue="Labor", risked=[], opponent_risked=[Ballot(seal="P", state="IN")], dice=[1, 1],
                opponent_dice=[6, 6, 6, 6]),
        AbsenteeBallotsCast(party="Democratic", ballots=[Ballot(seal="P", state="IN", votes=3)]),
        RegionCounted(region="Southern", votes={}),
    ],
)
def test_every_event_is_written_in_words_that_read_back(event):
    state = _initial(BASIC)
    line = write_line(SYSTEM, state, event)
    assert "{" not in line
    assert parse_line(SYSTEM, state, line) == event


def test_words_that_would_not_read_back_fall_back_to_the_json_form():
    """An issue with a bracket in it cannot be told from an effect: the line is JSON."""
    state = _initial(BASIC)
    event = BulletinDrawn(player="Al", issue="Tax [Reform]")
    line = write_line(SYSTEM, state, event)
    assert line.startswith("BulletinDrawn {")
    assert parse_line(SYSTEM, state, line) == event


@pytest.mark.parametrize(
    ("line", "token"),
    [
        ("d pick nobody", "nobody"),
        ("d pick e", "e"),  # Eugene Marchetti or Edna Pruitt
        ("ticket d: zzz (d); carl (c)", "zzz"),
        ("ticket x: langford (d); carl (c)", "x"),
        ("ticket d: langford (d); carl (c); maybe", "maybe"),
        ("a ad east", "east"),
        ("a ad atlantis 4", "atlantis"),
        ("d raise zz 2 5 $3", "zz"),
        ("count mid: il x 3", "x"),
        ("count mid: il r", "il r"),
        ("a bulletin labor [zed: l 1]", "zed"),
        ("a bulletin labor [a: fly 1]", "fly"),
        ("a press 4 6 in ok", "4 6 in ok"),
    ],
)
def test_a_line_that_does_not_parse_names_its_token(line, token):
    state = _initial(ADVANCED)
    with pytest.raises(NotationError) as refused:
        parse_line(SYSTEM, state, line)
    assert refused.value.token == token


def test_a_debate_without_its_sections_is_refused_in_words():
    state = _initial(ADVANCED)
    with pytest.raises(NotationError, match="a debate is"):
        parse_line(SYSTEM, state, "a debate labor vp: wv vp; 3 4")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_recorded_fixture_is_written_wholly_in_words_and_parses_back(path):
    """Given a fixture match (basic or advanced, two or four players), when it is written
    as notation, then every action line is in words, and the file parses back to the
    same setup and events (its Result tag agreeing with the standings)."""
    fixture = json.loads(path.read_text())
    created = SYSTEM.start(msgspec.convert(fixture["setup"], MatchSetup))
    events = [msgspec.convert(e, Union[tuple(SYSTEM.action_types)]) for e in fixture["events"]]  # noqa: UP007
    text = write_match([created, *events])
    body = text.split("\n\n", 1)[1]
    assert "{" not in body
    setup, parsed = parse_match(text)
    assert SYSTEM.start(setup) == created
    assert parsed == events
