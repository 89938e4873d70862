"""UECda tournament logs written from random legal daifugo matches (docs/daifugo.md § The
tournament log format), and a log's move changed, for the import's tests."""

from __future__ import annotations

import random
from pathlib import Path

from domain.president import SYSTEM
from domain.president.events import CardsDealt, CardsExchanged, CardsPlayed, MatchEnded, PlayerPassed
from domain.president.shapes import counts_as, shape_of
from domain.president.uecda_log import JOKER_CODE, RANKS, SUITS
from domain.protocol import MatchSetup
from fixtures.random_player import play_random


FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]


RANK_LETTER = {rank: letter for letter, rank in RANKS.items()}


SUIT_LETTER = {suit: letter for letter, suit in SUITS.items()}


def code(card: str) -> str:
    return "jo" if card == JOKER_CODE else SUIT_LETTER[card[-1]] + RANK_LETTER[card[:-1]]


def token(state, event) -> str:
    """A move as the log writes it: p, jk, a group `cd-a(d)`, a sequence `h-678(7)`."""
    if isinstance(event, PlayerPassed):
        return "p"
    if event.cards == (JOKER_CODE,):
        return "jk"
    shape = shape_of(state, event.cards, event.joker_as)
    stands = sorted(shape.stands, key=lambda card: (counts_as(state, card)[1], "CDHS".index(card[-1]) if card[-1] in "CDHS" else 4))
    if shape.kind == "group" and event.joker_as in RANK_LETTER:
        return f"cdhsx-{RANK_LETTER[event.joker_as]}(x)"  # five of a kind: the Joker as a fifth suit x (toRecordString)
    if shape.kind == "group":
        text = "".join(SUIT_LETTER[card[-1]] for card in stands) + "-" + RANK_LETTER[stands[0][:-1]]
        return text + (f"({SUIT_LETTER[event.joker_as[-1]]})" if event.joker_as else "")
    letter = {**RANK_LETTER, "-": "-", "+": "+"}  # a Joker past the ends: below the 3 (-), above the 2 (+)
    text = SUIT_LETTER[stands[0][-1]] + "-" + "".join(letter[card[:-1]] for card in stands)
    return text + (f"({letter[event.joker_as[:-1]]})" if event.joker_as else "")


def hands(groups) -> str:
    return " ".join("{ " + " ".join(code(card) for card in cards) + " }" for cards in groups)


def write_log(events) -> tuple[str, dict[str, int]]:
    """The log of a recorded daifugo match, and how often each special rule fired in it."""
    state = SYSTEM.initial(SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo")))
    fired = {"sequence": 0, "joker": 0, "past": 0, "cut": 0, "lock": 0, "revolution": 0, "spade": 0, "leader_pass": 0}
    lines = ["player " + " ".join(FIVE)]
    block: dict = {}
    for event in events:
        if isinstance(event, MatchEnded):
            break
        after = SYSTEM.evolve(state, event)
        if isinstance(event, CardsDealt):
            classes = [state.ranking.index(p) if state.ranking else i for i, p in enumerate(FIVE)]
            block = {"classes": classes, "dealt": [event.hands[p] for p in FIVE], "changed": {p: () for p in FIVE}, "moves": []}
        elif isinstance(event, CardsExchanged):
            block["changed"][event.giver] = event.cards
        else:
            if not block["moves"]:
                block["original"] = [state.hands[p].known for p in FIVE]
            block["moves"].append(token(state, event) + f" [{len(block['moves']) * 7 + 3}]")
            fired["leader_pass"] += isinstance(event, PlayerPassed) and not state.trick
            if isinstance(event, CardsPlayed):
                shape = shape_of(state, event.cards, event.joker_as)
                fired["sequence"] += shape.kind == "sequence"
                fired["joker"] += JOKER_CODE in event.cards
                fired["past"] += (event.joker_as or "")[:1] in ("-", "+")
                fired["cut"] += "8" in {card[:-1] for card in shape.stands} and after.phase == "playing" and not after.trick
                fired["revolution"] += after.reversed != state.reversed
                fired["spade"] += event.cards == ("3S",) and bool(state.trick) and state.trick[-1].cards == (JOKER_CODE,)
                fired["lock"] += _locked(after) and not _locked(state)
        if after.phase == "between" and state.phase != "between":
            order = after.games[-1].order
            lines += [
                "/*",
                f"game {len(after.games)}",
                "class " + " ".join(map(str, block["classes"])),
                "seat " + " ".join(str(state.seating.index(p)) for p in FIVE),
                "dealt " + hands(block["dealt"]),
                "changed " + hands(block["changed"][p] for p in FIVE),
                "original " + hands(block["original"]),
                "play " + " ".join(block["moves"]),
                "result " + " ".join(str(order.index(p)) for p in FIVE),
                "*/",
            ]
        state = after
    return "\n".join(lines) + "\n", fired


def _locked(state) -> bool:
    from domain.president.shapes import locked_suits

    return bool(locked_suits(state))


def random_events(seed: int) -> list:
    """A random legal daifugo match (fixtures/random_player.py `play_random`): its games played out are the log's."""
    created = SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo"))
    return play_random(SYSTEM, created, random.Random(seed), steps=600)


def seed_log(tmp_path: Path, seed: int = 7) -> str:
    return write_log(random_events(seed))[0]


def change_move(text: str, game: int, index: int, new: str) -> str:
    """The log with move `index` of game `game` (1 first) replaced by `new`."""
    lines = text.splitlines()
    plays = [at for at, line in enumerate(lines) if line.startswith("play ")]
    words = lines[plays[game - 1]].split()
    words[1 + 2 * index] = new  # "play", then each move followed by its [µs]
    lines[plays[game - 1]] = " ".join(words)
    return "\n".join(lines) + "\n"
