"""Reading a UECda game log (docs/daifugo.md § The tournament log format): its header
and `/* … */` blocks, each block's fields, cards and moves in the `daifugo` preset's
codes. Pure: the service reads the file and its text (service/records/textfiles.py, with
`ENCODINGS`); domain/president/uecda_games.py turns what is read here into actions. The
reasons a log is read this way, and the differences between the logs of the tournament
programs and the issue's examples, are said there."""


from __future__ import annotations

import re
from typing import Any

import msgspec

from domain.file_formats import FileRefused
from domain.president.events import CardsPlayed, PlayerPassed
from domain.president.state import State

# The players' names are whatever bytes their programs sent the server: a log that is not UTF-8 (nor
# UTF-16 behind its mark) is Shift_JIS as Windows writes it.
ENCODINGS = ("cp932",)
RANKS = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "t": "10", "j": "J", "q": "Q", "k": "K", "a": "A", "2": "2"}
SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}
JOKER_CODE = "JK1"  # the daifugo deck's one Joker
# A move as the tournament programs write it: suits, a dash, ranks, and what the Joker stands for. Their rank letters
# also hold `-` (below the 3) and `+` (above the 2), and their suits an `x` (the Joker as a fifth suit): a Joker past
# the ends of a sequence and five of a kind, which the daifugo preset records (`joker_past_ends`, `five_of_a_kind`).
MOVE = re.compile(r"([cdhsx]+)-([-+3-9tjqka2]+)(?:\(([cdhsx]+|[-+3-9tjqka2])\))?")
TIMING = re.compile(r"\[[^\]]*\]")  # the `[µs]` after each move, spaced or glued to it (`d-3[1534]`): not a move
COMMENT = re.compile(r"(?:^|(?<=\s))//.*$", re.MULTILINE)  # `//` to the end of its line
PLAYERS = 5  # the tournament's readers take five names after `player` (N_PLAYERS)
FIELDS = ("game", "score", "class", "seat", "dealt", "changed", "original", "play", "result")


class LogError(FileRefused):
    """A log the importer cannot record: the game and the token that stop it (a move by its place in the game's
    `play`, 1 first: the same move is often written twice in a game), its line in the file when known, and why.
    An error in the header says the text is no UECda log at all (`foreign`)."""

    def __init__(self, game: int | str, token: str, reason: str, *, move: int | None = None, line: int | None = None) -> None:
        where = f"move {move} {token!r}" if move is not None else f"token {token!r}"
        super().__init__(f"game {game}, {where}{f' (line {line})' if line is not None else ''}: {reason}")
        self.game, self.token, self.reason, self.move, self.line = game, token, reason, move, line
        self.foreign = game == "header"

    def at(self, *, move: int | None = None, line: int | None = None) -> LogError:
        """The same error placed: at a move of the game, on a line of the file (what it says already, kept)."""
        return LogError(self.game, self.token, self.reason, move=self.move if self.move is not None else move,
                        line=self.line if self.line is not None else line)


class Block(msgspec.Struct, frozen=True):
    """One game's `/* … */` block, as tokens, and the line of the file each is on."""

    position: int  # 1 for the log's first block
    tokens: list[str]
    lines: list[int]


def words(text: str) -> tuple[list[str], list[int]]:
    """The log's words (`//` comments out, any whitespace, CR LF too, between), and the line each is on."""
    found: list[str] = []
    lines: list[int] = []
    for number, line in enumerate(COMMENT.sub("", text.lstrip("\ufeff")).split("\n"), start=1):
        on_line = line.split()
        found += on_line
        lines += [number] * len(on_line)
    return found, lines


def braced(tokens: list[str], lines: list[int]) -> tuple[list[str], list[int]]:
    """A block's words with each brace a word of its own (`{c3 d4}` as `{ c3 d4 }`), each on its word's line: the
    players' names, in the header, keep theirs."""
    split = [(part, line) for token, line in zip(tokens, lines) for part in re.split(r"([{}])", token) if part]
    return [part for part, _ in split], [line for _, line in split]


def split_log(text: str) -> tuple[list[str], list[Block]]:
    """The players of the header and the games' blocks. Only the header is read here: a block's content is read
    when its game is recorded, so the games before a malformed one stay recorded. The header is `player` and five
    names (the tournament's readers take five), and may hold a `match N` line."""
    tokens, lines = words(text)
    players: list[str] | None = None
    at = 0
    while at < len(tokens) and tokens[at] != "/*":
        key = tokens[at]
        if key == "player" and players is None:
            names = tokens[at + 1 : at + 1 + PLAYERS]
            if len(names) != PLAYERS or any(name == "/*" or name in FIELDS for name in names):
                raise LogError("header", " ".join(tokens[at : at + 1 + PLAYERS]), "the header names five players", line=lines[at])
            players, at = names, at + 1 + PLAYERS
        elif key == "match":
            at += 2 if at + 1 < len(tokens) and tokens[at + 1] not in ("player", "/*") else 1
        else:
            what = "a UECda log starts with the line `player NAME…`" if players is None else "the header is `player NAME…` (and `match N`)"
            raise LogError("header", key, what, line=lines[at])
    if players is None:
        raise LogError("header", tokens[0] if tokens else "", "a UECda log starts with the line `player NAME…`")
    blocks: list[Block] = []
    body, body_lines = braced(tokens[at:], lines[at:])
    tokens, lines = tokens[:at] + body, lines[:at] + body_lines
    while at < len(tokens):
        if tokens[at] != "/*":
            raise LogError(f"after block {len(blocks)}", tokens[at], "outside a /* … */ block", line=lines[at])
        end = tokens.index("*/", at) if "*/" in tokens[at:] else -1
        if end < 0:
            raise LogError(f"block {len(blocks) + 1}", "/*", "the block is not closed by */", line=lines[at])
        blocks.append(Block(len(blocks) + 1, tokens[at + 1 : end], lines[at + 1 : end]))
        at = end + 1
    return distinct(players), blocks


def distinct(names: list[str]) -> list[str]:
    """The players' names, each once: a name several players share (five copies of one client) gets the player's
    number in the log, 0-4 as the server numbers them: `kou (0)`, `kou (1)`."""
    shared = {name for name in names if names.count(name) > 1}
    return [f"{name} ({number})" if name in shared else name for number, name in enumerate(names)]


class Game(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    classes: list[int]
    seats: list[int]
    dealt: list[list[str]]
    changed: list[list[str]]
    original: list[list[str]]
    moves: list[str]
    move_lines: list[int]  # the line of the file each move is on
    result: list[int]


def card(code: str, game: int | str) -> str:
    """"c3" → 3C, "dt" → 10D, "jo" → the Joker (letters of either case)."""
    code = code.lower()
    if code == "jo":
        return JOKER_CODE
    if len(code) == 2 and code[0] in SUITS and code[1] in RANKS:
        return RANKS[code[1]] + SUITS[code[0]]
    raise LogError(game, code, "not a card (a suit c d h s and a rank 3-9 t j q k a 2, or jo)")


NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def read_game(block: Block, count: int) -> Game:
    """A block's fields, in any order. `game N` may be left out (the block's place in the log numbers it); `score`
    and the numbers after it (none, or the running scores) are passed over: the recorded games give the scores.
    An error is placed on the line of the field it is found in."""
    tokens = block.tokens
    game: int | str = block.position
    fields: dict[str, Any] = {"number": block.position}
    field_lines: dict[str, int] = {}
    at = 0

    def numbers(key: str) -> list[int]:
        values = tokens[at + 1 : at + 1 + count]
        if len(values) != count or not all(value.isdigit() for value in values):
            raise LogError(game, key, f"`{key}` gives {count} numbers")
        return [int(value) for value in values]

    try:
        while at < len(tokens):
            key = tokens[at]
            field_lines[key] = block.lines[at]
            if key == "game":
                if at + 1 >= len(tokens) or not tokens[at + 1].isdigit():
                    raise LogError(game, key, "`game` gives the game's number")
                fields["number"] = game = int(tokens[at + 1])
                at += 2
            elif key == "score":
                at += 1
                while at < len(tokens) and NUMBER.fullmatch(tokens[at]):
                    at += 1
            elif key in ("class", "seat", "result"):
                fields[{"class": "classes", "seat": "seats", "result": "result"}[key]] = numbers(key)
                at += 1 + count
            elif key in ("dealt", "changed", "original"):
                hands, at = _hands(tokens, at + 1, count, game, key)
                fields[key] = hands
            elif key == "play":
                end = next((i for i in range(at + 1, len(tokens)) if tokens[i] in FIELDS), len(tokens))
                timed = [(TIMING.sub("", token), line) for token, line in zip(tokens[at + 1 : end], block.lines[at + 1 : end])]
                fields["moves"] = [token for token, _ in timed if token]
                fields["move_lines"], at = [line for token, line in timed if token], end
            else:
                raise LogError(game, key, "not a field of a game block (game, score, class, seat, dealt, changed, original, play, result)")
    except LogError as error:
        raise error.at(line=block.lines[at]) from None  # `at` is still the field's first word
    missing = [name for name in ("classes", "seats", "dealt", "changed", "original", "moves", "result") if name not in fields]
    if missing:
        raise LogError(game, "*/", f"the block lacks {', '.join(missing)}")
    for key, values in (("seat", fields["seats"]), ("result", fields["result"])):
        if sorted(values) != list(range(count)):
            raise LogError(game, key, f"each of 0-{count - 1} once", line=field_lines[key])
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
    """A move of the log by the player whose turn it is: `p` (the leader's too), `jk`, a group `cd-a(d)`, a sequence
    `h-678(7)`, five of a kind `cdhsx-7(x)`, a sequence with the Joker past its ends `s--34(-)` (letters of either case)."""
    player = state.turn
    if player is None or state.phase != "playing":
        raise LogError(game, token, "a move after the game is over")
    written, token = token, token.lower()
    if token == "p":
        return PlayerPassed(player=player)
    if token == "jk":
        return CardsPlayed(player=player, cards=(JOKER_CODE,))
    found = MOVE.fullmatch(token)
    if found is None:
        raise LogError(game, written, "not a move (p, jk, suits-rank such as cd-a(d), suit-ranks such as h-678(7))")
    suits, ranks, joker = found.groups()
    if "x" in suits or (joker and "x" in joker):
        return _five(player, written, suits, ranks, joker, game)
    if "-" in ranks or "+" in ranks:
        return _past_ends(player, written, suits, ranks, joker, game)
    if joker is not None and len(joker) > 1:
        raise LogError(game, written, "the Joker stands for one card")
    if len(ranks) == 1:
        cards = [RANKS[ranks] + SUITS[suit] for suit in suits]
        stand = RANKS[ranks] + SUITS[joker] if joker in SUITS else None
    elif len(suits) == 1:
        cards = [RANKS[rank] + SUITS[suits] for rank in ranks]
        stand = RANKS[joker] + SUITS[suits] if joker in RANKS else None
    else:
        raise LogError(game, written, "a play is one rank in several suits or several ranks in one suit")
    if joker is not None and stand not in cards:
        raise LogError(game, written, "the Joker stands for one of the play's own cards")
    if stand is None:
        return CardsPlayed(player=player, cards=tuple(cards))
    return CardsPlayed(player=player, cards=tuple(JOKER_CODE if code == stand else code for code in cards), joker_as=stand)


def _five(player: str, written: str, suits: str, ranks: str, joker: str | None, game: int) -> CardsPlayed:
    """Five of a kind as the tournament programs write it: the four suits and the Joker as a fifth suit `x`, and
    what the Joker stands for as `(x)` (FujiGokoro's toRecordString), `(cdhs)` or nothing (its reader takes all three):
    the four cards and the Joker standing for a fifth of the rank (`joker_as` the rank alone, docs/daifugo.md)."""
    if sorted(suits) != sorted("cdhsx") or len(ranks) != 1 or ranks in "-+" or (joker and joker not in ("x", "cdhs", "cdhsx")):
        raise LogError(game, written, "the Joker as a fifth suit x is five of a kind: cdhsx and one rank, such as cdhsx-7(x)")
    rank = RANKS[ranks]
    return CardsPlayed(player=player, cards=(*(rank + SUITS[suit] for suit in "cdhs"), JOKER_CODE), joker_as=rank)


def _past_ends(player: str, written: str, suits: str, ranks: str, joker: str | None, game: int) -> CardsPlayed:
    """A sequence whose Joker stands past the ends of the ranks: `-` below the 3 (first), `+` above the 2 (last), the
    Joker's rank in brackets (`s--34(-)`, `h-ka2+(+)`): the Joker standing for "-S" or "+S" (docs/daifugo.md)."""
    end = "-" if ranks.startswith("-") else "+"
    inner = ranks[1:] if end == "-" else ranks[:-1]
    if len(suits) != 1 or "-" in inner or "+" in inner or ranks[0 if end == "-" else -1] != end or joker not in (None, end):
        raise LogError(game, written, "a Joker past the ends stands first (-, below the 3) or last (+, above the 2) of a "
                       "sequence of one suit, such as s--34(-) or h-ka2+(+)")
    suit = SUITS[suits]
    cards = [RANKS[rank] + suit for rank in inner]
    return CardsPlayed(player=player, cards=tuple([JOKER_CODE, *cards] if end == "-" else [*cards, JOKER_CODE]), joker_as=end + suit)
