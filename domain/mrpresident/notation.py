"""Mr. President in notation (docs/notation.md § Mr. President). The campaign's
everyday actions have words and a terse form; the rarer card events (tickets, press
endorsements, bulletins, other headquarters cards, absentee ballots, a region's
count) are written in the `Tag {json}` form every system shares.

    long                                            terse
    parties: Republican Al, Carl; Democratic Betty, Dot    parties r a c; d b d
    12 undecided voters set aside                   undecided 12
    Al plays first                                  a first
    Al rolls 3 4 for Midwest                        a roll midwest 3 4   (a r mid 3 4)
    Al casts P in OH, VP in IN (5)                  a cast oh p, in vp 5
    Al goes to headquarters after a blunder         a hq blunder
    Al goes to headquarters from OR: P in OR (18)   a hq or: or p 18
    Carl draws a rumor on NV                        c rumor nv
    Dot gives rumor ballots: VP in IA, VP in NV     d give ia vp, nv vp
"""

from __future__ import annotations

import re

import msgspec

from domain.mrpresident.board import named_boards
from domain.mrpresident.events import (
    Ballot,
    BallotsCast,
    DiceRolled,
    FirstPlayerRolled,
    HeadquartersVisited,
    MatchCreated,
    PartiesDrawn,
    RumorBallotsGiven,
    RumorDrawn,
    UndecidedVotersSetAside,
)
from domain.mrpresident.ruleset import PRESETS
from domain.mrpresident.state import MatchState
from domain.notation import NotationError, as_json_line, leading_player, number, one_of, options_differing, tokens
from domain.protocol import MatchSetup

PARTIES = ("Republican", "Democratic")
SEALS = {"p": "P", "vp": "VP"}
VERBS = {
    "rolls": "roll", "roll": "roll", "r": "roll",
    "casts": "cast", "cast": "cast", "c": "cast",
    "goes": "hq", "hq": "hq",
    "draws": "rumor", "rumor": "rumor",
    "gives": "give", "give": "give",
    "plays": "first", "first": "first",
}


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


def _ballots(ballots: list[Ballot]) -> str:
    return ", ".join(f"{b.seal} in {b.state}" + (f" ({b.votes})" if b.votes is not None else "") for b in ballots)


def write(state: MatchState, event: msgspec.Struct) -> str:
    marked = any(b.home_state_card for b in getattr(event, "ballots", []) or [])
    if isinstance(event, DiceRolled):
        return f"{event.player} rolls {' '.join(map(str, event.dice))} for {' and '.join(event.regions)}"
    if isinstance(event, BallotsCast) and not marked:
        return f"{event.player} casts {_ballots(event.ballots) or 'nothing'}"
    if isinstance(event, HeadquartersVisited) and not marked:
        words = f"{event.player} goes to headquarters" + (" after a blunder" if event.blundered else "")
        words += f" from {event.home_state}" if event.home_state else ""
        return words + (f": {_ballots(event.ballots)}" if event.ballots else "")
    if isinstance(event, RumorDrawn) and not event.text:
        return f"{event.player} draws a rumor on {event.state}"
    if isinstance(event, RumorBallotsGiven) and not marked:
        return f"{event.player} gives rumor ballots: {_ballots(event.ballots)}"
    if isinstance(event, PartiesDrawn):
        return f"parties: Republican {', '.join(event.republican)}; Democratic {', '.join(event.democratic)}"
    if isinstance(event, UndecidedVotersSetAside):
        return f"{event.count} undecided voters set aside"
    if isinstance(event, FirstPlayerRolled) and not event.dice:
        return f"{event.player} plays first"
    return as_json_line(event)


# -- reading -----------------------------------------------------------------------------------------


def _states(state: MatchState) -> list[str]:
    return list(state.board.by_abbr)


def _regions(state: MatchState) -> list[str]:
    return [region.name for region in state.created.board.regions]


def parse_ballots(state: MatchState, text: str) -> list[Ballot]:
    """`P in OH (5), VP in IN` or terse `oh p 5, in vp`: one Ballot per comma-separated
    part, its seal, its state and, if typed, its votes."""
    found: list[Ballot] = []
    if text.strip().lower() in ("", "nothing"):
        return found
    for part in text.split(","):
        seal = place = votes = None
        words = part.replace("(", " ").replace(")", " ").split()
        for index, word in enumerate(words):
            lowered = word.lower()
            # "in" is a word of the long form right after a seal ("P in IN"), else Indiana.
            following = words[index + 1] if index + 1 < len(words) else ""
            if lowered == "in" and index > 0 and words[index - 1].lower() in SEALS and following and not following.isdigit():
                continue
            if lowered in SEALS and seal is None:
                seal = SEALS[lowered]
            elif re.fullmatch(r"\d+", word):
                votes = int(word)
            else:
                place = one_of(_states(state), word, "state")
        if seal is None or place is None:
            raise NotationError(f"a Ballot is a seal (p or vp) and a state, as in 'oh p': not {part.strip()!r}", part.strip())
        found.append(Ballot(seal=seal, state=place, votes=votes))
    return found


def parse(state: MatchState, line: str) -> msgspec.Struct:
    words = tokens(line)
    lowered = [w.lower() for w in words]
    if lowered[0] in ("parties", "parties:"):
        return _parties(state, line.split(maxsplit=1)[1] if len(words) > 1 else "")
    if lowered[0] == "undecided" or lowered[1:3] == ["undecided", "voters"]:
        count = words[1] if lowered[0] == "undecided" and len(words) > 1 else words[0]
        return UndecidedVotersSetAside(count=number(count, "undecided voters"))
    player, rest = leading_player(list(state.created.players), line.strip())
    rest_words = tokens(rest)
    if not rest_words:
        raise NotationError(f"what does {player} do? (roll, cast, hq, rumor, give, first)", player)
    verb = VERBS.get(rest_words[0].lower())
    if verb is None:
        raise NotationError(f"{rest_words[0]!r} is not an action (roll, cast, hq, rumor, give, first)", rest_words[0])
    args = rest_words[1:]
    after_verb = rest.split(maxsplit=1)[1] if len(rest.split(maxsplit=1)) > 1 else ""
    if verb == "roll":
        return _roll(state, player, args)
    if verb == "cast":
        return BallotsCast(player=player, ballots=parse_ballots(state, after_verb))
    if verb == "hq":
        return _headquarters(state, player, after_verb)
    if verb == "rumor":
        places = [w for w in args if w.lower() not in ("a", "rumor", "on")]
        if len(places) != 1:
            raise NotationError("a rumor names one state: 'c rumor nv'", " ".join(args) or player)
        return RumorDrawn(player=player, state=one_of(_states(state), places[0], "state"))
    if verb == "give":
        text = after_verb.split(":", 1)[1] if ":" in after_verb else after_verb
        return RumorBallotsGiven(player=player, ballots=parse_ballots(state, text))
    return FirstPlayerRolled(player=player)


def _roll(state: MatchState, player: str, args: list[str]) -> DiceRolled:
    regions: list[str] = []
    dice: list[int] = []
    for word in args:
        if word.lower() in ("for", "and"):
            continue
        if re.fullmatch(r"\d+", word):
            dice.append(int(word))
        else:
            regions.append(one_of(_regions(state), word, "region"))
    if not regions or not dice:
        raise NotationError("a roll names its region(s) and both dice: 'a roll midwest 3 4'", " ".join(args) or player)
    return DiceRolled(player=player, regions=regions, dice=dice)


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
            home = one_of(_states(state), word, "state")
    return HeadquartersVisited(player=player, blundered=blundered, home_state=home, ballots=parse_ballots(state, ballots))


def _parties(state: MatchState, text: str) -> PartiesDrawn:
    sides = [part.split() for part in text.replace(",", " ").split(";")]
    if len(sides) != 2:
        raise NotationError("parties: Republican <players>; Democratic <players>", text or "parties")
    named: dict[str, list[str]] = {}
    for side in sides:
        if not side:
            raise NotationError("each party needs its name and its players", text)
        party = one_of(PARTIES, side[0], "party")
        named[party] = [leading_player(list(state.created.players), word)[0] for word in side[1:]]
    return PartiesDrawn(republican=named.get("Republican", []), democratic=named.get("Democratic", []))
