"""`recount import --format uecda FILE…`: the game logs of the UECda computer Daifugō tournaments (docs/daifugo.md
§ The tournament log format) recorded as matches of President's `daifugo` preset, one match a log.

Each game becomes the actions a scorekeeper records in full mode: the deal (with the game's seating), the
exchanges (each giver's `changed` cards; gifts before returns), then the plays and passes, whose player follows
from the turn order (the log does not name them). A game is converted and checked whole before any of it is
recorded, so a malformed block or a move the rules forbid stops the import at that game, naming the game and
the token: the games before it stay recorded, nothing of that game is. Each game's finishing order is compared
with the log's `result`; the import exits non-zero if any differs or a game fails."""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from domain.president import SYSTEM
from domain.president.events import CardsDealt, CardsExchanged, CardsPlayed, MatchEnded, PlayerPassed
from domain.president.state import State
from domain.protocol import IllegalAction, MatchSetup

RANKS = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "t": "10", "j": "J", "q": "Q", "k": "K", "a": "A", "2": "2"}
SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}
JOKER_CODE = "JK1"  # the daifugo deck's one Joker
MOVE = re.compile(r"([cdhs]+)-([3-9tjqka2]+)(?:\(([cdhs3-9tjqka2])\))?")
TIMING = re.compile(r"\[[^\]]*\]")  # the `[µs]` after each move: not a move


class LogError(Exception):
    """A log the importer cannot record: the game and the token that stop it, and why."""

    def __init__(self, game: int | str, token: str, reason: str) -> None:
        super().__init__(f"game {game}, token {token!r}: {reason}")
        self.game, self.token, self.reason = game, token, reason


# -- reading ----------------------------------------------------------------------------------------------


class Block(msgspec.Struct, frozen=True):
    """One game's `/* … */` block, as tokens (the `[µs]` timings dropped)."""

    position: int  # 1 for the log's first block
    tokens: list[str]


def split_log(text: str) -> tuple[list[str], list[Block]]:
    """The players of the header line and the games' blocks. Only the header is read here: a block's
    content is read when its game is recorded, so the games before a malformed one stay recorded."""
    tokens = TIMING.sub(" ", text).replace("{", " { ").replace("}", " } ").split()
    if not tokens or tokens[0] != "player":
        raise LogError("header", tokens[0] if tokens else "", "a UECda log starts with the line `player NAME…`")
    players: list[str] = []
    at = 1
    while at < len(tokens) and tokens[at] != "/*":
        players.append(tokens[at])
        at += 1
    if len(players) != len(set(players)) or len(players) != 5:
        raise LogError("header", " ".join(players), "the header names five players, each once")
    blocks: list[Block] = []
    while at < len(tokens):
        if tokens[at] != "/*":
            raise LogError(f"after block {len(blocks)}", tokens[at], "outside a /* … */ block")
        end = tokens.index("*/", at) if "*/" in tokens[at:] else -1
        if end < 0:
            raise LogError(f"block {len(blocks) + 1}", "/*", "the block is not closed by */")
        blocks.append(Block(len(blocks) + 1, tokens[at + 1 : end]))
        at = end + 1
    return players, blocks


class Game(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    classes: list[int]
    seats: list[int]
    dealt: list[list[str]]
    changed: list[list[str]]
    original: list[list[str]]
    moves: list[str]
    result: list[int]


def card(code: str, game: int | str) -> str:
    """"c3" → 3C, "dt" → 10D, "jo" → the Joker."""
    if code == "jo":
        return JOKER_CODE
    if len(code) == 2 and code[0] in SUITS and code[1] in RANKS:
        return RANKS[code[1]] + SUITS[code[0]]
    raise LogError(game, code, "not a card (a suit c d h s and a rank 3-9 t j q k a 2, or jo)")


def read_game(block: Block, count: int) -> Game:
    tokens, game = block.tokens, f"block {block.position}"
    fields: dict[str, Any] = {}
    at = 0

    def numbers(key: str) -> list[int]:
        values = tokens[at + 1 : at + 1 + count]
        if len(values) != count or not all(value.isdigit() for value in values):
            raise LogError(game, key, f"`{key}` gives {count} numbers")
        return [int(value) for value in values]

    while at < len(tokens):
        key = tokens[at]
        if key == "game":
            if at + 1 >= len(tokens) or not tokens[at + 1].isdigit():
                raise LogError(game, key, "`game` gives the game's number")
            fields["number"] = int(tokens[at + 1])
            game = fields["number"]
            at += 2
        elif key in ("class", "seat", "result"):
            fields[{"class": "classes", "seat": "seats", "result": "result"}[key]] = numbers(key)
            at += 1 + count
        elif key in ("dealt", "changed", "original"):
            hands, at = _hands(tokens, at + 1, count, game, key)
            fields[key] = hands
        elif key == "play":
            end = tokens.index("result", at) if "result" in tokens[at:] else len(tokens)
            fields["moves"], at = tokens[at + 1 : end], end
        else:
            raise LogError(game, key, "not a field of a game block (game, class, seat, dealt, changed, original, play, result)")
    missing = [name for name in ("number", "classes", "seats", "dealt", "changed", "original", "moves", "result") if name not in fields]
    if missing:
        raise LogError(game, "*/", f"the block lacks {', '.join(missing)}")
    if sorted(fields["seats"]) != list(range(count)) or sorted(fields["result"]) != list(range(count)):
        raise LogError(game, "seat" if sorted(fields["seats"]) != list(range(count)) else "result", f"each of 0-{count - 1} once")
    return Game(**fields)


def _hands(tokens: list[str], at: int, count: int, game: int | str, key: str) -> tuple[list[list[str]], int]:
    hands: list[list[str]] = []
    for _ in range(count):
        if at >= len(tokens) or tokens[at] != "{":
            raise LogError(game, tokens[at] if at < len(tokens) else key, f"`{key}` gives {count} hands, each {{ … }}")
        close = tokens.index("}", at) if "}" in tokens[at:] else -1
        if close < 0:
            raise LogError(game, "{", "a hand is not closed by }")
        hands.append([card(code, game) for code in tokens[at + 1 : close]])
        at = close + 1
    return hands, at


def move(state: State, token: str, game: int) -> CardsPlayed | PlayerPassed:
    """A move of the log by the player whose turn it is: `p`, `jk`, a group `cd-a(d)`, a sequence `h-678(7)`."""
    player = state.turn
    if player is None or state.phase != "playing":
        raise LogError(game, token, "a move after the game is over")
    if token == "p":
        return PlayerPassed(player=player)
    if token == "jk":
        return CardsPlayed(player=player, cards=(JOKER_CODE,))
    found = MOVE.fullmatch(token)
    if found is None:
        raise LogError(game, token, "not a move (p, jk, suits-rank such as cd-a(d), suit-ranks such as h-678(7))")
    suits, ranks, joker = found.groups()
    if len(ranks) == 1:
        cards = [RANKS[ranks] + SUITS[suit] for suit in suits]
        stand = RANKS[ranks] + SUITS[joker] if joker in SUITS else None
    elif len(suits) == 1:
        cards = [RANKS[rank] + SUITS[suits] for rank in ranks]
        stand = RANKS[joker] + SUITS[suits] if joker in RANKS else None
    else:
        raise LogError(game, token, "a play is one rank in several suits or several ranks in one suit")
    if joker is not None and stand not in cards:
        raise LogError(game, token, "the Joker stands for one of the play's own cards")
    if stand is None:
        return CardsPlayed(player=player, cards=tuple(cards))
    return CardsPlayed(player=player, cards=tuple(JOKER_CODE if code == stand else code for code in cards), joker_as=stand)


# -- recording ----------------------------------------------------------------------------------------------


def game_actions(state: State, players: list[str], game: Game) -> tuple[list[msgspec.Struct], State]:
    """The game's actions, each checked against the state the ones before it leave; and that state."""
    actions: list[msgspec.Struct] = []

    def take(action: msgspec.Struct, token: str) -> None:
        nonlocal state
        try:
            SYSTEM.check(state, action)
        except IllegalAction as error:
            raise LogError(game.number, token, str(error)) from None
        state = SYSTEM.evolve(state, action)
        actions.append(action)

    if state.ranking and [state.ranking.index(player) for player in players] != game.classes:
        raise LogError(game.number, "class", "the classes are not the places of the game before")
    seating = tuple(player for _, player in sorted(zip(game.seats, players)))
    hands = {p: tuple(hand) for p, hand in zip(players, game.dealt)}
    # docs/daifugo.md: "dealt one at a time starting from the daifugō's seat" (after the first game the dealer
    # does not matter); the log names no dealer, so the first seat whose left gets the extra cards deals.
    deals = [CardsDealt(dealer=dealer, hands=hands, seating=seating) for dealer in seating]
    take(next((deal for deal in deals if _legal(state, deal)), deals[-1]), "dealt")
    changed = dict(zip(players, game.changed))
    for due in sorted(state.dues, key=lambda due: due.returning):
        take(CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(changed[due.giver])), "changed")
    for player, hand in zip(players, game.original):
        if Counter(state.hands[player].known) != Counter(hand):
            raise LogError(game.number, "original", f"{player}'s hand after the exchange is not the log's")
    for token in game.moves:
        take(move(state, token, game.number), token)
    if state.phase != "between":
        raise LogError(game.number, "result", "the moves end before the game does")
    return actions, state


def _legal(state: State, action: msgspec.Struct) -> bool:
    try:
        SYSTEM.check(state, action)
    except IllegalAction:
        return False
    return True


def import_log(recount: Any, path: Path, say: Callable[[str], None] = print, advance: Callable[[], None] = lambda: None) -> int:
    """Record one log as one match; the number of games that failed or whose order differs (0: all agree)."""
    try:
        players, blocks = split_log(path.read_text(encoding="utf-8"))
    except (LogError, OSError, UnicodeDecodeError) as error:
        say(f"{path}: not imported: {error}")
        return 1
    setup = MatchSetup(system="president", players=players, preset="daifugo", mode="full", title=f"UECda log {path.name}")
    state = SYSTEM.initial(SYSTEM.start(setup))
    created = recount.create(setup, recorded_by="import")
    version, differing = created.version, 0
    say(f"{path.name}: match {created.match_id}, write token {created.write_token}")
    for block in blocks:
        try:
            game = read_game(block, len(players))
            actions, after = game_actions(state, players, game)
        except LogError as error:
            say(f"{path.name}: {error}; the games before it are recorded, nothing of this one")
            return differing + 1
        raw = [msgspec.to_builtins(action) for action in actions]
        version = recount.append(created.match_id, created.write_token, raw, expected_version=version).version
        state = after
        recorded = state.games[-1].order
        logged = tuple(player for _, player in sorted(zip(game.result, players)))
        same = recorded == logged
        differing += not same
        verdict = "equals the log's result" if same else f"DIFFERS from the log's result ({', '.join(logged)})"
        say(f"  game {game.number}: finishing order {', '.join(recorded)} {verdict}")
        advance()
    if blocks:
        recount.append(created.match_id, created.write_token, [msgspec.to_builtins(MatchEnded())], expected_version=version)
    return differing


def import_logs(recount: Any, paths: list[Path]) -> int:
    """`recount import --format uecda`: exit status 1 if any game failed or differs from its log."""
    from service.records_cli import progress

    failures = 0
    for path in paths:
        total = _blocks_in(path)
        with progress(total, f"{path.name}: games") as advance:
            failures += import_log(recount, path, say=_say, advance=advance)
    return 1 if failures else 0


def _blocks_in(path: Path) -> int:
    try:
        return path.read_text(encoding="utf-8").count("/*")
    except (OSError, UnicodeDecodeError):
        return 0


def _say(line: str) -> None:
    print(line, file=sys.stdout, flush=True)

