"""The games of a UECda log (docs/daifugo.md § The tournament log format, read by uecda_log.py) as a match of
President's `daifugo` preset: the file format President offers as "uecda" (`UecdaLog`, in the system's
`file_formats`), recorded by `recount import --format uecda` (service/cli/uecda.py), one match a log, or one per
run of games between the server's class resets.

Each game becomes the actions a scorekeeper records in full mode: the deal (with the game's seating), the
exchanges (each giver's `changed` cards; gifts before returns), then the plays and passes, whose player follows
from the turn order (the log does not name them). The whole log is converted and checked before any of it is
recorded, so a malformed block or a move the rules forbid stops the import, naming the game, the move's place
in it and its line: nothing of the log is recorded. Each game's finishing order is given beside the log's
`result`; the import exits non-zero if any differs or a game fails.

The logs of the tournament programs (the server and clients of the UECda C++ family, whose readers and writer
docs/daifugo.md describes) differ from its § The tournament log format in ways read here: no `game` line (a block's
number is then its place in the log), a `score` line (empty, or the running scores), timings glued to their moves
(`d-3[1534]`), a `//` line, a byte-order mark, the same name for several players (five copies of one client), and
a game without an exchange after the first (the server resets the classes every 100 games): it starts a new
match. A return the server refused and replaced is read from the hands after the exchange (`original`)."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.file_formats import LoggedGame, ReadLog
from domain.notation import NAME_RULE
from domain.president.events import CardsDealt, CardsExchanged, CardsPlayed, MatchEnded
from domain.president.state import State
from domain.president.uecda_log import ENCODINGS, Block, Game, LogError, move, read_game, split_log
from domain.protocol import TITLE_MAX, GameSystem, IllegalAction, MatchSetup

NAME = "uecda"
RESET = "has no exchange (the classes were reset)"


class UecdaLog:
    """The UECda game log as a file format of President (domain/file_formats.py `FileFormat`)."""

    name = NAME
    title = "UECda game log"
    encodings = ENCODINGS

    def __init__(self, system: GameSystem) -> None:
        self.system = system

    def recognizes(self, text: str) -> bool:
        try:
            split_log(text)
        except LogError:
            return False
        return True

    def read(self, text: str, source: str) -> ReadLog:
        """The log read, converted and checked whole; LogError says what refuses it (a log that does not read,
        a name no player may have, a move the rules refuse)."""
        players, blocks = split_log(text)
        unfit = _unfit_name(players)
        if unfit is not None:
            raise LogError("header", unfit, f"a player's name is {NAME_RULE}")
        setup = MatchSetup(system=self.system.name, players=players, preset="daifugo", mode="full", title=_title(source))
        games = []
        for game, actions, after, reset, notes in checked_games(self.system, setup, players, blocks):
            games.append(LoggedGame(
                number=game.number,
                actions=actions,
                recorded=after.games[-1].order,
                logged=tuple(player for _, player in sorted(zip(game.result, players))),
                new_match=msgspec.structs.replace(setup, title=_title(source, f" from game {game.number}")) if reset else None,
                why_new=RESET if reset else "",
                notes=notes,
            ))
        return ReadLog(setup=setup, games=games, closing=[MatchEnded()])


def game_actions(system: GameSystem, state: State, players: list[str], game: Game, notes: list[str] | None = None) -> tuple[list[msgspec.Struct], State]:
    """The game's actions, each checked against the state the ones before it leave; and that state. `notes` gets
    what the import read otherwise than the log says (a return the server made in place of the one logged)."""
    actions: list[msgspec.Struct] = []

    def take(action: msgspec.Struct, token: str) -> None:
        nonlocal state
        try:
            system.check(state, action)
        except IllegalAction as error:
            raise LogError(game.number, token, _refusal(system, state, action, error)) from None
        state = system.evolve(state, action)
        actions.append(action)

    if state.ranking and [state.ranking.index(player) for player in players] != game.classes:
        raise LogError(game.number, "class", "the classes are not the places of the game before")
    seating = tuple(player for _, player in sorted(zip(game.seats, players)))
    hands = {p: tuple(hand) for p, hand in zip(players, game.dealt)}
    # docs/daifugo.md: "dealt one at a time starting from the daifugō's seat" (after the first game the dealer
    # does not matter); the log names no dealer, so the first seat whose left gets the extra cards deals.
    deals = [CardsDealt(dealer=dealer, hands=hands, seating=seating) for dealer in seating]
    take(next((deal for deal in deals if _legal(system, state, deal)), deals[-1]), "dealt")
    changed, original = dict(zip(players, game.changed)), dict(zip(players, game.original))
    for due in sorted(state.dues, key=lambda due: due.returning):
        cards = tuple(changed[due.giver])
        moved = _returned(state, due.giver, original[due.giver]) if due.returning else None
        if moved is not None and Counter(moved) != Counter(cards):
            # The server logs the cards a returner sent; when it refuses them (not in the hand, too few, too many)
            # it moves the returner's strongest instead. `original` holds what was moved.
            if notes is not None:
                notes.append(f"{due.giver} returned {' '.join(moved) or 'nothing'}, not the log's changed "
                             f"{' '.join(cards) or '{ }'} (the server's own choice when it refuses a return)")
            cards = moved
        take(CardsExchanged(giver=due.giver, receiver=due.receiver, cards=cards), "changed")
    for player, hand in zip(players, game.original):
        if Counter(state.hands[player].known) != Counter(hand):
            raise LogError(game.number, "original", f"{player}'s hand after the exchange is not the log's")
    for number, (token, line) in enumerate(zip(game.moves, game.move_lines), start=1):
        try:
            take(move(state, token, game.number), token)
        except LogError as error:
            raise error.at(move=number, line=line) from None
    if state.phase != "between":
        raise LogError(game.number, "result", "the moves end before the game does")
    return actions, state


def _refusal(system: GameSystem, state: State, action: msgspec.Struct, error: IllegalAction) -> str:
    """Why the rules refuse a move. The log names no player, so a play is taken as the turn's; when its cards are
    in another hand, not the turn's, the log has that player play, and the rules' reason is the one they give that
    player's play (out of turn after an 8-cut, shut out by a pass), not that the turn's player lacks the cards."""
    if not isinstance(action, CardsPlayed) or not _lacks(state, action.player, action.cards):
        return str(error)
    holders = [player for player in state.hands if player != action.player and not _lacks(state, player, action.cards)]
    if len(holders) != 1:
        return str(error)
    try:
        system.check(state, msgspec.structs.replace(action, player=holders[0]))
    except IllegalAction as theirs:
        return f"the move's cards are {holders[0]}'s, and {theirs}"
    return str(error)


def _lacks(state: State, player: str, cards: tuple[str, ...]) -> bool:
    return bool(Counter(cards) - Counter(state.hands[player].known))


def _returned(state: State, giver: str, kept: list[str]) -> tuple[str, ...] | None:
    """The cards a returner gave, from their hand now (the gifts received) and their hand after the exchange; None
    when the log's hand after the exchange holds a card they do not."""
    hand = list(state.hands[giver].known)
    left = Counter(kept)
    if left - Counter(hand):
        return None
    moved: list[str] = []
    for card_ in hand:
        if left[card_]:
            left[card_] -= 1
        else:
            moved.append(card_)
    return tuple(moved)


def _legal(system: GameSystem, state: State, action: msgspec.Struct) -> bool:
    try:
        system.check(state, action)
    except IllegalAction:
        return False
    return True


def checked_games(system: GameSystem, setup: MatchSetup, players: list[str], blocks: list[Block]) -> list[tuple[Game, list[msgspec.Struct], State, bool, list[str]]]:
    """Every game of the log, each checked against the state the games before it leave (LogError at the first that
    fails): the game, its actions, the state after it, whether it starts a match, and what was read otherwise than
    the log says. A game after the first whose `changed` hands are all empty is the server's class reset (its
    FLASH_MIBUN_NUMBER, 100 games in the tournament's configuration): the daifugo rules exchange before every game
    but the first of a match, so it is the first of a new match."""
    fresh = system.initial(system.start(setup))
    state = fresh
    games = []
    for block in blocks:
        game = read_game(block, len(players))
        reset = bool(state.ranking) and not any(game.changed)
        notes: list[str] = []
        actions, state = game_actions(system, fresh if reset else state, players, game, notes)
        games.append((game, actions, state, reset, notes))
    return games


def _unfit_name(players: list[str]) -> str | None:
    """The first of the log's names a match's setup does not take (`PlayerName`: too long, a control character, one
    of the views' names), or None. A MatchSetup built here is not checked as one decoded from a request is."""
    for name in players:
        try:
            msgspec.convert({"system": "president", "players": [name]}, MatchSetup)
        except msgspec.ValidationError:
            return name
    return None


def _title(source: str, suffix: str = "") -> str:
    """The match's title: the log's file name, cut to the setup's bound (a long file name is no reason to refuse)."""
    return f"UECda log {source}"[: TITLE_MAX - len(suffix)] + suffix
