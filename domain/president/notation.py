"""President in notation (docs/notation.md § President): one action a line in the
table's words, and a terse form for typing at the table.

    long                                   terse
    Dana deals: Al 3C 3D …; Betty 4C …     deal d: a 3c 3d …; b 4c …   (full mode)
    Dana deals: Al 13; Betty 13; …         deal d                      (public mode: sizes as dealt)
    Betty plays 9C 9H 9S                   b 9c 9h 9s  ·  b 3x9 (when the record knows which 9s)
    Al plays 4H JK1 6H as 5H               a 4h jk1 6h as 5h  (Daifugō: the card the Joker stands for;
                                           as 7: a fifth 7; as -S / +S: below the 3 / above the 2)
    Betty passes                           b p
    Dana gives Al 8C 8D and 2 unseen       d g a 8c 8d +2
    Dana gives Al 12b 0Ra asking high low  d g a 12b 0ra ask h l
    Bo draws 5C                            bo dr 5c
    Dana chooses clockwise, Al leads       d cw a   ·   d ccw
    Carl leaves                            c leave
    Betty enters 3C 9H …                   b enter 3c 9h …   (mode holders: the hand Betty was dealt)
    Eve joins after Betty                  join Eve after b
    the match ends                         end
"""

from __future__ import annotations

import re

import msgspec

from domain.cards import JOKER, SUITS
from domain.notation import (
    JOKER_WORDS,
    NotationError,
    card_as_written,
    leading_player,
    number,
    options_differing,
    player_by_prefix,
    single_spaced,
    tokens,
)
from domain.president.cards import code_format, meant
from domain.president.events import (
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    HandEntered,
    MatchCreated,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.presets import PRESETS
from domain.president.state import State
from domain.protocol import MatchSetup

DIRECTIONS = {"clockwise": "clockwise", "cw": "clockwise", "counter-clockwise": "counter-clockwise", "ccw": "counter-clockwise"}
VERBS = {
    "plays": "play", "play": "play",
    "passes": "pass", "pass": "pass", "p": "pass",
    "gives": "give", "give": "give", "g": "give", ">": "give",
    "draws": "draw", "draw": "draw", "dr": "draw",
    "chooses": "choose", "choose": "choose",
    "leaves": "leave", "leave": "leave",
    "deals": "deal", "deal": "deal",
    "enters": "enter", "enter": "enter",
}


_JOINS = re.compile(r"^(?:join\s+(?P<terse>.+?)|(?P<long>.+?)\s+joins?)(?:\s+after\s+(?P<after>.+))?$", re.IGNORECASE)


def setup_of(created: MatchCreated) -> MatchSetup:
    """The setup that creates `created` again: its preset and the options that differ."""
    ruleset = created.ruleset
    return MatchSetup(
        system="president",
        players=list(created.players),
        preset=ruleset.preset,
        options=options_differing(ruleset, PRESETS[ruleset.preset]),
        mode=created.mode,
        title=created.title,
    )


# -- writing -----------------------------------------------------------------------------------------


def write(state: State, event: msgspec.Struct) -> str:
    if isinstance(event, CardsPlayed):
        # docs/daifugo.md: "the Joker may stand for any card": `as` and what it stands for (a card, a rank alone for
        # five of a kind, -S or +S past the ends of a sequence).
        stands = f" as {event.joker_as}" if event.joker_as is not None else ""
        return f"{event.player} plays {' '.join(event.cards)}{stands}"
    if isinstance(event, PlayerPassed):
        return f"{event.player} passes"
    if isinstance(event, CardsDealt):
        if event.hands:
            parts = [f"{p} {' '.join(cards) or '-'}" for p, cards in event.hands.items()]
        else:
            parts = [f"{p} {size}" for p, size in event.sizes.items()]
        return f"{event.dealer} deals: {'; '.join(parts)}"
    if isinstance(event, CardsExchanged):
        given = [" ".join(event.cards)] if event.cards else []
        if event.unknown:
            given.append(f"{event.unknown} unseen")
        words = f"{event.giver} gives {event.receiver} {' and '.join(given) or 'nothing'}"
        return words + (f" asking {' '.join(event.asked)}" if event.asked else "")
    if isinstance(event, CardDrawn):
        return f"{event.player} draws" + (f" {event.card}" if event.card else "")
    if isinstance(event, DirectionChosen):
        return f"{event.player} chooses {event.direction}" + (f", {event.leader} leads" if event.leader else "")
    if isinstance(event, PlayerLeft):
        return f"{event.player} leaves"
    if isinstance(event, PlayerJoined):
        return f"{event.player} joins" + (f" after {event.after}" if event.after else "")
    if isinstance(event, HandEntered):
        return f"{event.player} enters {' '.join(event.cards)}"
    if isinstance(event, MatchEnded):
        return "the match ends"
    raise NotationError(f"President has no words for {type(event).__name__}")


# -- reading -----------------------------------------------------------------------------------------


def card(state: State, token: str) -> str:
    """A card code of the match's deck, typed in any case (9c, 0ra), or as other programs
    write a standard card (K♠, ♥10, SK, TH: `card_as_written`); a joker as `jk` or `joker`
    when the deck holds one."""
    if token in state.deck.rank:
        return token
    for written in dict.fromkeys((token, card_as_written(token))):
        code = meant(written, state.deck)
        if code is not None:
            return code
    jokers = [code for code, rank in state.deck.rank.items() if rank == JOKER]
    if token.lower() in JOKER_WORDS and len(jokers) == 1:
        return jokers[0]
    if token.lower() in JOKER_WORDS and jokers:
        raise NotationError(f"{token!r}: which joker? this deck has {', '.join(jokers)}", token)
    raise NotationError(f"{token!r} is not a card of this deck ({code_format(state.deck)})", token)


def _seated(state: State) -> list[str]:
    return list(state.players) + [p for p in getattr(state, "newcomers", ()) if p not in state.players]


def parse(state: State, line: str) -> msgspec.Struct:
    words = tokens(line)
    lowered = [w.lower() for w in words]
    if lowered in (["end"], ["the", "match", "ends"]):
        return MatchEnded()
    if lowered == ["join"]:
        raise NotationError("who joins? 'join <name> [after <player>]'", words[0])
    if lowered[0] == "join" or any(word in ("joins", "join") for word in lowered[1:]):
        # The newcomer's name as written, spaces and commas too ("Eve Smith joins after Ann Lee").
        joined = _JOINS.match(single_spaced(line))
        if joined is None:
            name = words[1] if lowered[0] == "join" else words[0]
            raise NotationError(f"after {name!r} joins comes 'after <player>', not {line.strip()!r}", name)
        name = joined.group("terse") or joined.group("long")
        after_text = joined.group("after")
        after = None
        if after_text:
            after, left = leading_player(_seated(state), after_text)
            if left:
                raise NotationError(f"after {name!r} joins comes 'after <player>', not 'after {after_text}'", left.split()[0])
        return PlayerJoined(player=name, after=after)
    if lowered[0] == "deal":
        dealer = player_by_prefix(_seated(state), words[1]) if len(words) > 1 else ""
        if not dealer:
            raise NotationError("who deals? 'deal <dealer>'", "deal")
        return _deal(state, dealer, words[2:])
    player, rest_text = leading_player(_seated(state), line.strip())
    rest = tokens(rest_text)
    if not rest:
        raise NotationError(f"what does {player} do? (a play, p, g, dr, cw, ccw, leave)", player)
    verb = VERBS.get(rest[0].lower())
    if rest[0].lower() in DIRECTIONS:
        return _direction(state, player, rest)
    if verb is None:  # a play typed without its verb: "b 9c 9h"
        return _play(state, player, rest)
    args = rest[1:]
    if verb == "play":
        return _play(state, player, args)
    if verb == "pass":
        return PlayerPassed(player=player)
    if verb == "give":
        return _give(state, player, args)
    if verb == "draw":
        return CardDrawn(player=player, card=card(state, args[0]) if args else None)
    if verb == "choose":
        return _direction(state, player, args)
    if verb == "leave":
        return PlayerLeft(player=player)
    if verb == "enter":
        return HandEntered(player=player, cards=tuple(card(state, word) for word in args))
    return _deal(state, player, args)


def _play(state: State, player: str, words: list[str]) -> CardsPlayed:
    if not words:
        raise NotationError(f"which cards does {player} play?", player)
    if len(words) == 1 and "x" in words[0].lower() and words[0].lower() not in {c.lower() for c in state.deck.rank}:
        return _play_counted(state, player, words[0])
    if len(words) >= 3 and words[-2].lower() == "as":
        before = [card(state, word) for word in words[:-2]]
        # `as` is the ace of spades too: it names the Joker's card only after a Joker ("4h jk1 6h as 5h").
        if any(state.deck.rank[code] == JOKER for code in before):
            return CardsPlayed(player=player, cards=tuple(before), joker_as=_joker_as(state, words[-1]))
    return CardsPlayed(player=player, cards=tuple(card(state, word) for word in words))


def _joker_as(state: State, token: str) -> str:
    """What a Joker stands for (docs/daifugo.md), in any case: a card of the deck (5h), a rank alone for five of a
    kind (7), or the rank past either end of a sequence with its suit (-s below the lowest rank, +s above the highest)."""
    lowered = card_as_written(token).lower()  # a suit symbol read as its letter: -♥ is -h
    found = meant(card_as_written(token), state.deck)
    if found is not None:
        return found
    ranks = {rank.lower(): rank for rank in state.ruleset.ranks if rank != JOKER}
    if lowered == "t" and "10" in ranks:  # T for ten, as cards are written
        lowered = "10"
    if lowered in ranks:
        return ranks[lowered]
    if len(lowered) == 2 and lowered[0] in "-+" and lowered[1].upper() in SUITS:
        return lowered[0] + lowered[1].upper()
    raise NotationError(
        f"{token!r} is not what a Joker stands for: a card (5h), a rank for five of a kind (7), -s or +s past the ends", token
    )


def _play_counted(state: State, player: str, token: str) -> CardsPlayed:
    """`3x9`: three 9s, when the record knows which (the player holds exactly that many)."""
    from domain.president import SYSTEM  # the choices know which cards a play may take

    count_text, _, rank_text = token.lower().partition("x")
    count = number(count_text, f"how many cards in {token!r}")
    ranks = {r.lower(): r for r in state.ruleset.ranks}
    if rank_text == "t" and "10" in ranks:  # T for ten, as cards are written (3xT)
        rank_text = "10"
    if rank_text not in ranks:
        raise NotationError(f"{rank_text!r} in {token!r} is not a rank (ranks: {' '.join(state.ruleset.ranks)})", token)
    rank = ranks[rank_text]
    options: list[list[str]] = []
    candidates: list[str] = []
    for choice in SYSTEM.allowed(state):
        if choice.type != "CardsPlayed" or choice.player != player:
            continue
        if choice.hints.get("rank") != rank or choice.hints.get("count") != count or choice.hints.get("wild"):
            continue
        if not choice.picks:
            options.append(list(choice.event.get("cards", [])))
        elif len(choice.picks) == 1 and len(choice.picks[0].among) == count:
            options.append(list(choice.picks[0].among))
        else:
            options.append([])
            candidates.extend(code for pick in choice.picks for code in pick.among if code not in candidates)
    if len(options) == 1 and options[0]:
        return CardsPlayed(player=player, cards=tuple(options[0]))
    if not options:
        # Understood, yet no play the rules allow: the play as the record would hold it, for the rules'
        # check to refuse in their own words and cite their rule (not a line that does not parse).
        return CardsPlayed(player=player, cards=_cards_of_rank(state, player, rank, count, token))
    raise NotationError(f"which {count}? type the cards, from {' '.join(candidates)}", token)


def _cards_of_rank(state: State, player: str, rank: str, count: int, token: str) -> tuple[str, ...]:
    """`count` cards of `rank`: those the record knows in the player's hand first, then the deck's others."""
    hand = state.hands.get(player)
    held = [code for code in (hand.known if hand else ()) if state.deck.rank.get(code) == rank]
    others = [code for code, copies in state.deck.copies.items() if state.deck.rank[code] == rank for _ in range(copies)]
    for code in held:
        if code in others:
            others.remove(code)
    cards = (held + others)[:count]
    if len(cards) < count:
        raise NotationError(f"{player} cannot play {count} × {rank}: the deck holds {len(cards)}", token)
    return tuple(cards)


def _give(state: State, giver: str, words: list[str]) -> CardsExchanged:
    if not words:
        raise NotationError(f"to whom does {giver} give?", giver)
    # The receiver in full (a name with spaces: "Dana gives Ann Lee 8C") or by a prefix.
    receiver, after = leading_player(_seated(state), " ".join(words))
    cards: list[str] = []
    unknown = 0
    asked: list[str] = []
    rest = tokens(after)
    index = 0
    while index < len(rest):
        word = rest[index].lower()
        if word in ("and", "nothing"):
            pass
        elif word.startswith("+"):
            unknown = number(word[1:], "cards given unseen")
        elif index + 1 < len(rest) and rest[index + 1].lower() == "unseen":
            unknown = number(word, "cards given unseen")
            index += 1
        elif word in ("asking", "ask"):
            asked = [{"h": "high", "l": "low"}.get(w.lower(), w.lower()) for w in rest[index + 1 :]]
            bad = [w for w in asked if w not in ("high", "low")]
            if bad:
                raise NotationError(f"{bad[0]!r} is not an ask: high (h) or low (l)", bad[0])
            break
        else:
            cards.append(card(state, rest[index]))
        index += 1
    return CardsExchanged(giver=giver, receiver=receiver, cards=tuple(cards), unknown=unknown, asked=tuple(asked))


def _direction(state: State, player: str, words: list[str]) -> DirectionChosen:
    if not words or words[0].lower() not in DIRECTIONS:
        token = words[0] if words else player
        raise NotationError(f"{token!r} is not a direction: clockwise (cw) or counter-clockwise (ccw)", token)
    leader = None
    rest = [w for w in words[1:] if w.lower() != "leads"]
    if rest:  # the leader in full (a name with spaces) or by a prefix
        leader, left = leading_player(_seated(state), " ".join(rest))
        if left:
            raise NotationError(f"{left!r}: after the direction comes the one player who leads", left.split()[0])
    return DirectionChosen(player=player, direction=DIRECTIONS[words[0].lower()], leader=leader)


def _deal(state: State, dealer: str, words: list[str]) -> CardsDealt:
    """`: Al 3C 3D; Betty …` (hands, or sizes in public mode), or nothing: the sizes
    the rules deal (public mode only: a full deal names every card)."""
    words = [w for w in words if w != ":"]
    if not words:
        return _deal_by_rules(state, dealer)
    hands: dict[str, tuple[str, ...]] = {}
    sizes: dict[str, int] = {}
    groups: list[list[str]] = [[]]
    for word in words:
        if word == ";":
            groups.append([])
        else:
            groups[-1].append(word)
    for group in filter(None, groups):
        # A hand's player in full (a name with spaces: "Ann Lee 3C 3D") or by a prefix.
        player, after = leading_player(_seated(state), " ".join(group))
        values = tokens(after)
        if len(values) == 1 and values[0].isdigit():
            sizes[player] = int(values[0])
        else:
            hands[player] = tuple(card(state, w) for w in values if w != "-")
    if hands and sizes:
        raise NotationError("a deal gives every hand's cards (full mode) or every hand's size (public), not both", dealer)
    return CardsDealt(dealer=dealer, hands=hands, sizes=sizes)


def _deal_by_rules(state: State, dealer: str) -> CardsDealt:
    from domain.president import SYSTEM

    for choice in SYSTEM.allowed(state):
        if choice.type == "CardsDealt" and choice.event.get("dealer") == dealer:
            if "hands" in choice.hints.get("supply", []):
                raise NotationError("a full-mode deal names every hand: deal d: a 3c 3d …; b …", dealer)
            sizes = choice.event.get("sizes") or choice.hints.get("sizes") or {}
            return CardsDealt(dealer=dealer, sizes=dict(sizes))
    raise NotationError(f"{dealer} does not deal now", dealer)
