"""Mr. President in notation (docs/notation.md § Mr. President): every action in words
and a terse form. A line is written in words only when it reads back to the very same
event (`domain.notation.write_line` checks); anything the words cannot carry (a name
with a bracket in it, say) falls back to the `Tag {json}` form every system shares.

    long                                                  terse
    parties: Republican Al, Carl; Democratic Betty, Dot   parties r a c; d b d
    Dot lays out Francis O'Day, Ida Marlowe, …            d lay o'day marlowe …
    Dot picks Jesse Langford                              d pick langford
    Democratic ticket: President Jesse Langford (Dot);    ticket d: langford (d); hollister (c); dice d 3 4 c 2 2
      Vice President Carl Hollister (Carl); settled by dice: Dot 3 4, Carl 2 2
    Al rolls 3 4 for Midwestern, raising funds            a r mid 3 4 funds
    Al casts P in OH, VP in IN (5) home                   a cast oh p, in vp 5 home
    (a Campaign Headquarters card drawn: notation_cards.py)
    Al advertises in Eastern, draws 4: P in NY            a ad east 4: ny p
    Dot raises funds in OH, rolls 2 5: $3 million         d raise oh 2 5 $3
    Al debates Labor as VP: risks VP in WV; rolls 3 4; opponent risks P in MO; opponent rolls 2 2
                                                          a debate labor vp: wv vp; 3 4; mo p; 2 2
    Republican absentee ballots: P in DE (5); 6 set aside  absentee r: de p 5; 6
    Midwestern counted: IL Republican 32 Democratic 15    count mid: il r 32 d 15
"""

from __future__ import annotations

import re

import msgspec

from domain.mrpresident import notation_cards as cards
from domain.mrpresident import notation_words as w
from domain.mrpresident.board import named_boards
from domain.mrpresident.events import (
    AbsenteeBallotsCast,
    Advertised,
    BallotsCast,
    CandidatePicked,
    CandidatesLaidOut,
    Debated,
    DiceRolled,
    FirstPlayerRolled,
    FundsRaised,
    HeadquartersVisited,
    MatchCreated,
    PartiesDrawn,
    RegionCounted,
    IncumbentYearBegun,
    TicketChosen,
    UndecidedVotersSetAside,
)
from domain.mrpresident.ruleset import PRESETS
from domain.mrpresident.state import MatchState
from domain.notation import NotationError, as_json_line, leading_player, number, one_of, options_differing, players_named, tokens
from domain.protocol import MatchSetup

VERBS = {
    "rolls": "roll", "roll": "roll", "r": "roll",
    "casts": "cast", "cast": "cast", "c": "cast",
    "goes": "hq", "hq": "hq",
    "draws": "draws", "rumor": "rumor", "press": "press", "bulletin": "bulletin", "card": "card",
    "gives": "give", "give": "give",
    "plays": "first", "first": "first",
    "lays": "lay", "lay": "lay", "picks": "pick", "pick": "pick",
    "advertises": "ad", "advertise": "ad", "ad": "ad",
    "raises": "raise", "raise": "raise",
    "debates": "debate", "debate": "debate",
}
DRAWN = {"rumor": "rumor", "press": "press", "bulletin": "bulletin", "headquarters": "card"}


def setup_of(created: MatchCreated) -> MatchSetup:
    """The setup that creates `created` again; a board that is not the ruleset's named
    board goes with it in full."""
    preset = created.preset or "basic"
    own_board = named_boards().get(created.ruleset.board) != created.board
    return MatchSetup(
        system="mrpresident",
        players=list(created.players),
        preset=preset,
        options=options_differing(created.ruleset, PRESETS[preset], leave_out=("board",) if own_board else ()),
        mode=created.mode,
        title=created.title,
        board=msgspec.to_builtins(created.board) if own_board else None,
    )


# -- writing -----------------------------------------------------------------------------------------


def write(state: MatchState, event: msgspec.Struct) -> str:
    """The event in words (domain/notation.py's `write_line` keeps them only when they
    read back to the same event), else in the `Tag {json}` form."""
    words = _words(state, event)
    return as_json_line(event) if words is None else words


def _words(state: MatchState, event: msgspec.Struct) -> str | None:  # noqa: PLR0911, PLR0912
    ballots = w.write_ballots
    if isinstance(event, DiceRolled):
        funds = ", raising funds" if event.raising_funds else ""
        return f"{event.player} rolls {' '.join(map(str, event.dice))} for {' and '.join(event.regions)}{funds}"
    if isinstance(event, BallotsCast):
        return f"{event.player} casts {ballots(event.ballots) or 'nothing'}"
    if isinstance(event, HeadquartersVisited):
        words = f"{event.player} goes to headquarters" + (" after a blunder" if event.blundered else "")
        words += f" from {event.home_state}" if event.home_state else ""
        return words + (f": {ballots(event.ballots)}" if event.ballots else "")
    if isinstance(event, cards.EVENTS):
        return cards.write(event)
    if isinstance(event, PartiesDrawn):
        return f"parties: Republican {', '.join(event.republican)}; Democratic {', '.join(event.democratic)}"
    if isinstance(event, UndecidedVotersSetAside):
        return f"{event.count} undecided voters set aside"
    if isinstance(event, FirstPlayerRolled):
        rolled = ", ".join(f"{p} {' '.join(map(str, d))}" for p, d in event.dice.items())
        return f"{event.player} plays first" + (f" (rolls: {rolled})" if event.dice else "")
    if isinstance(event, CandidatesLaidOut):
        return f"{event.player} lays out {', '.join(event.cards)}"
    if isinstance(event, CandidatePicked):
        return f"{event.player} picks {event.card}"
    if isinstance(event, TicketChosen):
        return w.write_ticket(state, event)
    if isinstance(event, Advertised):
        cast = f": {ballots(event.ballots)}" if event.ballots else ""
        return f"{event.player} advertises in {event.region}, draws {event.drawn}{cast}"
    if isinstance(event, FundsRaised):
        if not event.state and not event.chart_dice and not event.amount:
            return f"{event.player} raises no funds"
        rolled = f", rolls {' '.join(map(str, event.chart_dice))}" if event.chart_dice else ""
        return f"{event.player} raises funds in {event.state}{rolled}: ${event.amount} million"
    if isinstance(event, Debated):
        return w.write_debate(event)
    if isinstance(event, AbsenteeBallotsCast):
        aside = f"; {event.set_aside} set aside" if event.set_aside else ""
        return f"{event.party} absentee ballots: {ballots(event.ballots) or 'nothing'}{aside}"
    if isinstance(event, RegionCounted):
        counts = ", ".join(f"{abbr} " + " ".join(f"{party} {n}" for party, n in by_party.items())
                           for abbr, by_party in event.votes.items())
        return f"{event.region} counted: {counts or 'nothing'}"
    if isinstance(event, IncumbentYearBegun):
        return f"incumbent year: {event.party} {event.president}"
    return None


# -- reading -----------------------------------------------------------------------------------------


def parse(state: MatchState, line: str) -> msgspec.Struct:  # noqa: PLR0911
    words = tokens(line)
    lowered = [word.lower() for word in words] + ["", ""]
    if lowered[0] in ("parties", "parties:"):
        return _parties(state, line.split(maxsplit=1)[1] if len(words) > 1 else "")
    if lowered[0] == "undecided" or lowered[1:3] == ["undecided", "voters"]:
        count = words[1] if lowered[0] == "undecided" and len(words) > 1 else words[0]
        return UndecidedVotersSetAside(count=number(count, "undecided voters"))
    if "ticket" in lowered[:2]:
        return w.parse_ticket(state, line)
    if "absentee" in lowered[:2]:
        return _absentee(state, line)
    if lowered[0] == "count" or lowered[1] == "counted":
        return _counted(state, line)
    if lowered[:2] == ["incumbent", "year"] or lowered[:2] == ["incumbent", "year:"]:
        party, _, president = line.partition(":")[2].strip().partition(" ")
        # The incumbent is one of the first game's two Presidents: named as its card is, in any case.
        running = [ticket.president.name for ticket in state.tickets if ticket is not None and ticket.president is not None]
        president = next((name for name in running if name.lower() == president.strip().lower()), president.strip())
        return IncumbentYearBegun(party=one_of(w.PARTIES, party, "party"), president=president)
    player, rest = leading_player(list(state.created.players), line.strip())
    rest_words = tokens(rest)
    known = "roll, cast, hq, rumor, press, bulletin, card, give, first, lay, pick, ad, raise, debate"
    if not rest_words:
        raise NotationError(f"what does {player} do? ({known})", player)
    verb = VERBS.get(rest_words[0].lower())
    after_verb = rest.split(maxsplit=1)[1] if len(rest.split(maxsplit=1)) > 1 else ""
    if verb == "draws":  # the long form: "draws a rumor", "draws the headquarters card"
        drawn = re.match(r"(?i)\s*(?:(?:a|the)\s+)*(\S+)\s*(.*)$", after_verb, re.S)
        verb = DRAWN.get(drawn.group(1).lower()) if drawn else None
        after_verb = drawn.group(2) if drawn else ""
    if verb is None:
        raise NotationError(f"{rest_words[0]!r} is not an action ({known})", rest_words[0])
    return _PLAYER_ACTIONS[verb](state, player, after_verb)


def _roll(state: MatchState, player: str, text: str) -> DiceRolled:
    regions: list[str] = []
    dice: list[int] = []
    funds = False
    for word in tokens(text):
        lowered = word.lower()
        if lowered in ("for", "and"):
            continue
        if lowered in ("raising", "funds", "fund"):
            funds = True
        elif re.fullmatch(r"\d+", word):
            dice.append(int(word))
        else:
            regions.append(one_of(w.regions(state), word, "region"))
    if not regions or not dice:
        raise NotationError("a roll names its region(s) and both dice: 'a roll midwest 3 4'", text or player)
    return DiceRolled(player=player, regions=regions, dice=dice, raising_funds=funds)


def _cast(state: MatchState, player: str, text: str) -> BallotsCast:
    return BallotsCast(player=player, ballots=w.parse_ballots(state, text))


def _headquarters(state: MatchState, player: str, text: str) -> HeadquartersVisited:
    head, _, ballots = text.partition(":")
    blundered = False
    home = ""
    for word in head.split():
        lowered = word.lower()
        if lowered in ("to", "headquarters", "after", "a", "from"):
            continue
        if lowered in ("blunder", "blundered"):
            blundered = True
        else:
            home = one_of(w.states(state), word, "state")
    return HeadquartersVisited(player=player, blundered=blundered, home_state=home, ballots=w.parse_ballots(state, ballots))


def _first(state: MatchState, player: str, text: str) -> FirstPlayerRolled:
    rolled = re.sub(r"(?i)[():]|\brolls\b|^\s*first\b", " ", text)
    return FirstPlayerRolled(player=player, dice=w.numbers_by_player(state.created.players, rolled))


def _lay(state: MatchState, player: str, text: str) -> CandidatesLaidOut:
    text = re.sub(r"(?i)^\s*out\b", "", text)
    parts = text.split(",") if "," in text else text.split()
    return CandidatesLaidOut(player=player, cards=[w.card_name(state, part) for part in parts])


def _pick(state: MatchState, player: str, text: str) -> CandidatePicked:
    return CandidatePicked(player=player, card=w.card_name(state, text))


def _advertise(state: MatchState, player: str, text: str) -> Advertised:
    head, _, cast = text.partition(":")
    region = drawn = None
    for word in tokens(head):
        if word.lower() in ("in", "draws"):
            continue
        if re.fullmatch(r"\d+", word):
            drawn = int(word)
        else:
            region = one_of(w.regions(state), word, "region")
    if region is None or drawn is None:
        raise NotationError("advertising names the region and how many Ballots are drawn: 'a ad east 4: ny p'", head or player)
    return Advertised(player=player, region=region, drawn=drawn, ballots=w.parse_ballots(state, cast))


def _raise(state: MatchState, player: str, text: str) -> FundsRaised:
    place = ""
    dice: list[int] = []
    amount: int | None = None
    words = tokens(text)
    keyword_in = True
    for index, word in enumerate(words):
        lowered = word.lower()
        following = words[index + 1] if index + 1 < len(words) else ""
        # "in" before a state is a word of the long form; anywhere else it is Indiana.
        if lowered == "in" and keyword_in and re.fullmatch(r"[A-Za-z]\w*", following):
            keyword_in = False
            continue
        if lowered in ("funds", "rolls", "million", "no", ":"):
            continue
        if re.fullmatch(r"\$\d+", word):
            amount = int(word[1:])
        elif re.fullmatch(r"\d+", word):
            dice.append(int(word))
        else:
            place = one_of(w.states(state), word, "state")
    if amount is None and len(dice) == 3:  # terse "d raise oh 2 5 3": the roll, then the amount
        amount = dice.pop()
    return FundsRaised(player=player, state=place, chart_dice=dice, amount=amount or 0)


_PLAYER_ACTIONS = {
    "roll": _roll, "cast": _cast, "hq": _headquarters, "first": _first, "lay": _lay, "pick": _pick,
    "ad": _advertise, "raise": _raise, "debate": w.parse_debate, **cards.PARSERS,
}


def _absentee(state: MatchState, line: str) -> AbsenteeBallotsCast:
    head, _, body = line.partition(":")
    named = w.strip_words(head, ("absentee", "ballots")).split() or [head]
    party = one_of(w.PARTIES, named[0] if named[0].lower() != "absentee" else named[-1], "party")
    cast, _, aside = body.partition(";")
    aside_words = [word for word in tokens(aside) if word.lower() not in ("set", "aside")]
    set_aside = number(aside_words[0], "Ballots set aside") if aside_words else 0
    return AbsenteeBallotsCast(party=party, ballots=w.parse_ballots(state, cast), set_aside=set_aside)


def _counted(state: MatchState, line: str) -> RegionCounted:
    head, _, body = line.partition(":")
    named = w.strip_words(head, ("count",)).split()
    region = one_of(w.regions(state), named[0] if named else "", "region")
    votes: dict[str, dict[str, int]] = {}
    for part in body.split(","):
        words = part.split()
        if not words or (len(words) == 1 and words[0].lower() == "nothing"):
            continue
        place = one_of(w.states(state), words[0], "state")
        if len(words) % 2 == 0:
            raise NotationError(f"a count is a state, then a party and its votes: 'il r 32 d 15', not {part.strip()!r}", part.strip())
        votes[place] = {one_of(w.PARTIES, words[i], "party"): number(words[i + 1], "votes") for i in range(1, len(words), 2)}
    return RegionCounted(region=region, votes=votes)


def _parties(state: MatchState, text: str) -> PartiesDrawn:
    sides = [part.replace(",", " ").split(maxsplit=1) for part in text.split(";")]
    if len(sides) != 2:
        raise NotationError("parties: Republican <players>; Democratic <players>", text or "parties")
    named: dict[str, list[str]] = {}
    for side in sides:
        if not side:
            raise NotationError("each party needs its name and its players", text)
        party = one_of(w.PARTIES, side[0], "party")
        # Players in full (names with spaces: "Republican Ann Lee, Bo") or by prefixes.
        named[party] = players_named(list(state.created.players), side[1] if len(side) > 1 else "")
    return PartiesDrawn(republican=named.get("Republican", []), democratic=named.get("Democratic", []))
