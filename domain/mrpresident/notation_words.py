"""The parts Mr. President's notation lines are built of (domain/mrpresident/notation.py):
Ballots, Candidate Cards, a card's effects and text, issues, states and regions."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from domain.mrpresident.events import Ballot, CardEffect, Debated, TicketChosen
from domain.mrpresident.state import MatchState
from domain.mrpresident.tables import CandidateCard
from domain.notation import NotationError, leading_player, number, one_of, tokens

PARTIES = ("Republican", "Democratic")
SEALS = {"p": "P", "vp": "VP"}
RATINGS = ("campaign_ability", "financial_support", "press_support", "fund_raising", "advertising")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_EFFECT = re.compile(r"\[([^\[\]]*)\]")
CLAUSES = ("in", "casts", "discards", "loses", "gains")
SETTLED = {"agreement": "agreed", "effective total": "effective total", "dice": "dice", "deal": "deal"}


def states(state: MatchState) -> list[str]:
    return list(state.board.by_abbr)


def regions(state: MatchState) -> list[str]:
    return [region.name for region in state.created.board.regions]


# -- Ballots -----------------------------------------------------------------------------------------


def write_ballots(ballots: list[Ballot]) -> str:
    return ", ".join(
        f"{b.seal} in {b.state}" + (f" ({b.votes})" if b.votes is not None else "") + (" home" if b.home_state_card else "")
        for b in ballots
    )


def parse_ballots(state: MatchState, text: str) -> list[Ballot]:
    """`P in OH (5), VP in IN home` or terse `oh p 5, in vp home`: one Ballot per
    comma-separated part, its seal, its state and, if typed, its votes and the Home
    State mark."""
    found: list[Ballot] = []
    if text.strip().lower() in ("", "nothing"):
        return found
    for part in text.split(","):
        seal = place = votes = None
        home = False
        words = part.replace("(", " ").replace(")", " ").split()
        for index, word in enumerate(words):
            lowered = word.lower()
            # "in" is a word of the long form right after a seal ("P in IN"), else Indiana.
            following = words[index + 1] if index + 1 < len(words) else ""
            if lowered == "in" and index > 0 and words[index - 1].lower() in SEALS and following and not following.isdigit():
                continue
            if lowered in SEALS and seal is None:
                seal = SEALS[lowered]
            elif lowered == "home":
                home = True
            elif re.fullmatch(r"\d+", word):
                votes = int(word)
            else:
                place = one_of(states(state), word, "state")
        if seal is None or place is None:
            raise NotationError(f"a Ballot is a seal (p or vp) and a state, as in 'oh p': not {part.strip()!r}", part.strip())
        found.append(Ballot(seal=seal, state=place, votes=votes, home_state_card=home))
    return found


# -- pieces of text ----------------------------------------------------------------------------------


def write_text(text: str) -> str:
    """A card's own text, as a JSON string at the end of the line."""
    return f" {json.dumps(text, ensure_ascii=False)}" if text else ""


def take_quoted(text: str) -> tuple[str, list[str]]:
    """The text without its quoted strings, and those strings (JSON-decoded)."""
    quoted = []
    for found in _QUOTED.findall(text):
        try:
            quoted.append(json.loads(found))
        except ValueError:
            raise NotationError(f"{found} is not a quoted text (JSON string)", found) from None
    return _QUOTED.sub(" ", text).strip(), quoted


def the_text(quoted: list[str], most: int) -> str:
    if len(quoted) > most:
        raise NotationError(f"one quoted card text at most, not {len(quoted)}", json.dumps(quoted[most]))
    return quoted[0] if quoted else ""


def strip_words(text: str, words: Sequence[str]) -> str:
    """`text` without the leading words among `words` (the long form's own words)."""
    kept = text.split()
    while kept and kept[0].lower().rstrip(":") in words:
        kept.pop(0)
    return " ".join(kept)


def split_outside(text: str, separator: str) -> list[str]:
    """`text` split at `separator` where it is not inside [brackets] or parentheses."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char in "[(" and 1 or (-1 if char in "])" else 0)
        if char == separator and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return [*parts, current.strip()]


def numbers_by_player(players: Sequence[str], text: str) -> dict[str, list[int]]:
    """`Dot 3 4, Carl 2 2` or terse `d 3 4 c 2 2`: each player's numbers."""
    found: dict[str, list[int]] = {}
    rest = text.replace(",", " ").strip()
    while rest:
        name, rest = leading_player(players, rest)
        words = rest.split()
        numbers: list[int] = []
        while words and re.fullmatch(r"\d+", words[0]):
            numbers.append(int(words.pop(0)))
        found[name] = numbers
        rest = " ".join(words)
    return found


# -- a card's effects --------------------------------------------------------------------------------


def write_effects(effects: list[CardEffect]) -> str:
    """Each effect in brackets: `[Al: in OH; casts P in OH; discards P; loses 1 turn; gains 1 turn]`."""
    written = []
    for effect in effects:
        clauses = [f"in {', '.join(effect.places)}"] if effect.places else []
        clauses += [f"casts {write_ballots(effect.ballots)}"] if effect.ballots else []
        clauses += [f"discards {', '.join(effect.discarded)}"] if effect.discarded else []
        clauses += [f"loses {_turns(effect.turns_lost)}"] if effect.turns_lost else []
        clauses += [f"gains {_turns(effect.extra_turns)}"] if effect.extra_turns else []
        written.append(f" [{effect.player}" + (f": {'; '.join(clauses)}" if clauses else "") + "]")
    return "".join(written)


def _turns(count: int) -> str:
    return f"{count} turn" + ("" if count == 1 else "s")


def take_effects(state: MatchState, text: str) -> tuple[str, list[CardEffect]]:
    effects = [_effect(state, inside) for inside in _EFFECT.findall(text)]
    return _EFFECT.sub(" ", text).strip(), effects


def _effect(state: MatchState, text: str) -> CardEffect:
    named, _, clauses = text.partition(":")
    player, _ = leading_player(list(state.created.players), named.strip() or "?")
    fields: dict = {"player": player}
    for clause in clauses.split(";"):
        words = clause.split()
        if not words:
            continue
        kind = one_of(CLAUSES, words[0], "effect (in, casts, discards, loses, gains)")
        rest = clause.strip()[len(words[0]):]
        if kind == "in":
            fields["places"] = [one_of([*states(state), *regions(state)], word, "state or region") for word in tokens(rest)]
        elif kind == "casts":
            fields["ballots"] = parse_ballots(state, rest)
        elif kind == "discards":
            fields["discarded"] = [SEALS.get(word.lower()) or one_of(("P", "VP"), word, "seal") for word in tokens(rest)]
        else:
            counted = [word for word in tokens(rest) if word.lower() not in ("turn", "turns")]
            fields["turns_lost" if kind == "loses" else "extra_turns"] = number(counted[0] if counted else kind, "turns")
    return CardEffect(**fields)


# -- issues and Candidate Cards ----------------------------------------------------------------------


def issue(state: MatchState, typed: str) -> str:
    """The issue typed, by a unique prefix of an issue the table knows (its tables',
    its Candidate Cards'); an issue the table does not know stays as typed."""
    known = sorted({i for seat in state.seats for card in seat.cards for i in card.issues}
                   | set(state.tables.issues if state.tables else ()))
    try:
        return one_of(known, typed.strip(), "issue") if known else typed.strip()
    except NotationError:
        return typed.strip()


def deck(state: MatchState, party: str) -> list[CandidateCard]:
    return list(state.tables.candidates.get(party, [])) if state.tables else []


def card_name(state: MatchState, typed: str) -> str:
    """A Candidate card of the match's decks by its name: in full, by a unique prefix
    of the name or of its last word (`langford`)."""
    names = list(dict.fromkeys(card.name for party in PARTIES for card in deck(state, party)))
    typed = typed.strip()
    if not names:
        return typed
    lowered = typed.lower()
    exact = [n for n in names if n.lower() == lowered]
    found = exact or [n for n in names if n.lower().startswith(lowered) or n.split()[-1].lower().startswith(lowered)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotationError(f"{typed!r} is not a Candidate card here", typed)
    raise NotationError(f"{typed!r} could be {' or '.join(found)}: type more of the name", typed)


def write_card(card: CandidateCard, known: list[CandidateCard]) -> str:
    """A card of the deck by its name; any other in full:
    `Name [GA; Senator from; Labor, Civil Rights; 5 8 2 3 3 = 21]`."""
    if card in known and [c.name for c in known].count(card.name) == 1:
        return card.name
    ratings = " ".join(str(getattr(card, rating)) for rating in RATINGS)
    return f"{card.name} [{card.home_state}; {card.office or '-'}; {', '.join(card.issues) or '-'}; {ratings} = {card.effective_total}]"


def parse_candidate(state: MatchState, party: str, text: str, office_words: Sequence[str]) -> tuple[CandidateCard, str]:
    """One side of a ticket: `President Jesse Langford (Dot)` or terse `langford (d)`."""
    text = strip_words(text, office_words)
    player = ""
    held = re.search(r"\(([^()]*)\)\s*$", text)
    if held:
        player = leading_player(list(state.created.players), held.group(1).strip() or "?")[0]
        text = text[: held.start()].strip()
    if "[" not in text:
        name = card_name(state, text)
        card = next((c for c in deck(state, party) if c.name == name), None)
        if card is None:
            raise NotationError(f"{text!r} is no {party} card here: write it in full, 'Name [GA; -; Labor; 5 8 2 3 3 = 21]'", text)
        return card, player
    name, _, details = text.partition("[")
    parts = [part.strip() for part in details.rstrip().removesuffix("]").split(";")]
    if len(parts) != 4:
        raise NotationError("a card in full is 'Name [home state; office; issues; 5 ratings = total]'", details)
    ratings = [number(word, "a rating") for word in parts[3].replace("=", " ").split()]
    if len(ratings) != len(RATINGS) + 1:
        raise NotationError("a card's ratings are five numbers, '=' and the effective total", parts[3])
    return CandidateCard(
        name=name.strip(), home_state=one_of(states(state), parts[0], "state"),
        office="" if parts[1] == "-" else parts[1],
        issues=[] if parts[2] == "-" else [issue(state, i) for i in parts[2].split(",")],
        **dict(zip(RATINGS, ratings[:-1], strict=True)), effective_total=ratings[-1],
    ), player


# -- a ticket ---------------------------------------------------------------------------------------


def write_ticket(state: MatchState, event: TicketChosen) -> str:
    """`Democratic ticket: President Jesse Langford (Dot); Vice President Carl
    Hollister (Carl); settled by dice: Dot 3 4, Carl 2 2`."""
    known = deck(state, event.party)

    def candidate(office: str, card: CandidateCard, player: str) -> str:
        return f"{office} {write_card(card, known)}" + (f" ({player})" if player else "")

    words = f"{event.party} ticket: {candidate('President', event.president, event.president_player)}; "
    words += candidate("Vice President", event.vice_president, event.vice_president_player)
    if event.settled:
        how = next(word for word, settled in SETTLED.items() if settled == event.settled)
        rolled = ", ".join(f"{p} {' '.join(map(str, d))}" for p, d in event.dice.items())
        words += f"; settled by {how}" + (f": {rolled}" if rolled else "")
    return words


def parse_ticket(state: MatchState, line: str) -> TicketChosen:
    """A ticket line, long or terse (`ticket d: langford (d); hollister (c); dice d 3 4 c 2 2`)."""
    head, _, body = line.partition(":")
    named = strip_words(head, ("ticket",)).split()
    party = one_of(PARTIES, named[0] if named else "", "party")
    parts = split_outside(body, ";")
    if len(parts) not in (2, 3):
        raise NotationError("a ticket is 'ticket d: langford (d); hollister (c)' (then how it was settled)", body or head)
    president, president_player = parse_candidate(state, party, parts[0], ("president", "p"))
    running_mate, running_mate_player = parse_candidate(state, party, parts[1], ("vice", "president", "vp"))
    settled, dice = "", {}
    if len(parts) == 3:
        how_words = strip_words(parts[2].replace(":", " "), ("settled", "by")).split()
        how = one_of(list(SETTLED), how_words[0] if how_words else "?", "way of settling")
        # "effective total" is two words: the second ("total", "tot") is read past.
        taken = 2 if how == "effective total" and len(how_words) > 1 and "total".startswith(how_words[1].lower()) else 1
        settled = SETTLED[how]
        dice = numbers_by_player(state.created.players, " ".join(how_words[taken:]))
    return TicketChosen(
        party=party, president=president, vice_president=running_mate, president_player=president_player,
        vice_president_player=running_mate_player, settled=settled, dice=dice,
    )


# -- a debate ---------------------------------------------------------------------------------------


def write_debate(event: Debated) -> str:
    ballots = write_ballots
    words = f"{event.player} debates {event.issue} as {event.office}: risks {ballots(event.risked) or 'nothing'}"
    words += f"; rolls {' '.join(map(str, event.dice))}"
    words += f"; opponent risks {ballots(event.opponent_risked) or 'nothing'}"
    words += f"; opponent rolls {' '.join(map(str, event.opponent_dice))}"
    return words + (f"; unrecorded {', '.join(event.unrecorded)}" if event.unrecorded else "")


def parse_debate(state: MatchState, player: str, text: str) -> Debated:
    head, colon, body = text.partition(":")
    head_words = [word for word in head.split() if word.lower() != "as"]
    office = "P"
    if head_words and head_words[-1].lower() in SEALS:
        office = SEALS[head_words.pop().lower()]
    sections = [strip_words(part, ("risks", "opponent", "rolls", "unrecorded")) for part in body.split(";")]
    if not head_words or not colon or len(sections) not in (4, 5):
        raise NotationError("a debate is 'a debate labor vp: wv vp; 3 4; mo p; 2 2' (then any unrecorded states)", head or player)
    unrecorded = [one_of(states(state), word, "state") for word in tokens(sections[4])] if len(sections) == 5 else []
    return Debated(
        player=player, issue=issue(state, " ".join(head_words)), office=office,
        risked=parse_ballots(state, sections[0]), dice=[number(d, "debate dice") for d in tokens(sections[1])],
        opponent_risked=parse_ballots(state, sections[2]),
        opponent_dice=[number(d, "debate dice") for d in tokens(sections[3])], unrecorded=unrecorded,
    )
