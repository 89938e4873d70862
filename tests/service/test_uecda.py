"""`recount import --format uecda`: logs written here in the UECda format (docs/daifugo.md § The tournament log
format), from random legal matches of the daifugo preset and by hand, recorded as matches; every game's order
compared with the log's `result`; a malformed log or a forbidden move stops at its game, naming the token."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.president import SYSTEM
from domain.president.events import CardsDealt, CardsExchanged, CardsPlayed, MatchEnded, PlayerPassed
from domain.president.shapes import shape_of
from domain.protocol import MatchSetup
from service.cli.uecda import checked_log, import_log, import_logs
from domain.president.uecda_log import JOKER_CODE, RANKS
from tests.support.stores import open_recount
from tests.support.uecda import FIVE, RANK_LETTER, SUIT_LETTER, change_move, code, random_events, seed_log, token, write_log


@pytest.fixture
def recount(tmp_path: Path) -> Iterator:
    app = open_recount(tmp_path / "recount.sqlite")
    yield app
    app.close()


# Seeds whose random matches (players.py, deterministic for a seed) fire every special rule between them: seed 8
# has sequences, Joker plays, 8-cuts, locks, leaders' passes, a revolution and the 3 of spades on a lone Joker;
# seed 119 a sequence with the Joker past an end.
SEEDS = (8, 119)


def logs(tmp_path: Path) -> list[tuple[Path, dict[str, int], int]]:
    found = []
    for seed in SEEDS:
        text, fired = write_log(random_events(seed))
        path = tmp_path / f"seed{seed}.log"
        path.write_text(text)
        found.append((path, fired, text.count("/*")))
    return found


def test_random_logs_import_and_agree_with_their_results(recount, tmp_path, capsys):
    """Every game of each log recorded (full mode, each action checked) and its order equal to `result`; over the
    logs each special rule of docs/daifugo.md fires."""
    total = {}
    for path, fired, games in logs(tmp_path):
        assert games >= 1
        assert import_log(recount, path) == 0
        for rule, count in fired.items():
            total[rule] = total.get(rule, 0) + count
    out = capsys.readouterr().out
    assert "DIFFERS" not in out and out.count("equals the log's result") == sum(g for _, _, g in logs(tmp_path))
    assert all(total.values()), total


# Al holds the 3 of diamonds (he leads), the four 9s, the 3 and 4 of hearts and the Joker; Eve deals.
SPECIAL_HANDS = {
    "Al": "3D 3H 4H 5H 6H 7H 9C 9D 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "3C 4D 5D 6D 7D 8D JC JD JH QH KH",
    "Dana": "4C 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}
SPECIAL = {
    "five": lambda event: event.get("joker_as") in RANK_LETTER,
    "past": lambda event: (event.get("joker_as") or "")[:1] in ("-", "+"),
}


def special_game(kind: str, seed: int) -> list:
    """One game of SPECIAL_HANDS played among `allowed`, the first play of `kind` ("five": five of a kind, "past": a
    Joker past the ends of a sequence) taken as soon as it is listed, the other choices at random."""
    from fixtures.random_player import build

    created = SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo"))
    deal = CardsDealt(dealer="Eve", hands={p: tuple(cards.split()) for p, cards in SPECIAL_HANDS.items()})
    state, events, rng = SYSTEM.evolve(SYSTEM.initial(created), deal), [deal], random.Random(seed)
    while state.phase == "playing":
        choices = SYSTEM.allowed(state)
        wanted = [choice for choice in choices if SPECIAL[kind](choice.event)]
        event = build(SYSTEM, state, wanted[0] if wanted else rng.choice(choices), rng)
        SYSTEM.check(state, event)
        state = SYSTEM.evolve(state, event)
        events.append(event)
    return events


@pytest.mark.parametrize(
    "kind, written",
    [
        pytest.param("five", "cdhsx-9(x)", id="five of a kind: the four 9s and the Joker as a fifth suit x"),
        pytest.param("past", "h--34(-)", id="a sequence whose Joker stands below the 3 (rank -)"),
    ],
)
def test_every_move_the_tournament_takes_imports(recount, tmp_path, capsys, kind, written):
    """docs/daifugo.md § The rules: “A play is a group (1–5 cards of one rank; the Joker may stand for any card) or a
    sequence (3 or more consecutive ranks of one suit; the Joker may fill one rank, including one past either end)”,
    and “Passing shuts a player out until the trick ends.” (the leader's pass too): a log holding five of a kind
    (`cdhsx-9(x)`), a Joker below the 3 (`h--34(-)`) and leaders' passes imports, and its game agrees with `result`."""
    events = special_game(kind, seed=1)
    text, _ = write_log(events)
    assert f" {written} " in text
    state = SYSTEM.initial(SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo")))
    leader_passes = 0
    for event in events:
        leader_passes += isinstance(event, PlayerPassed) and state.phase == "playing" and not state.trick
        state = SYSTEM.evolve(state, event)
    assert leader_passes, "the game holds a pass by the player who leads"
    path = tmp_path / f"{kind}.log"
    path.write_text(text)
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    assert agreed(out) == 1
    assert len(match_of(out, recount).games) == 1


def test_a_leaders_pass_when_every_player_passes_gives_the_lead_back(recount, tmp_path, capsys):
    """docs/daifugo.md § The rules: “The trick ends when every player still in has passed” and “The last player to play
    leads the next trick”: the tournament server gives the turn back to the player whose lead it was when all pass on
    an empty table (FujiGokoro's server.cc: `now_player=last_player`). A log whose first game opens with five passes
    then goes on as recorded."""
    events = special_game("past", seed=2)
    text, _ = write_log(events)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("play "))
    lines[at] = "play " + "p [1] " * 5 + lines[at][len("play ") :]
    path = tmp_path / "passes.log"
    path.write_text("\n".join(lines) + "\n")
    assert import_log(recount, path) == 0
    assert agreed(capsys.readouterr().out) == 1


def match_of(out: str, recount):
    match_id = out.split("match ", 1)[1].split(",", 1)[0]
    return recount.log(match_id).state


def test_a_different_result_is_said_and_fails_the_import(recount, tmp_path, capsys):
    """The log's `result` is compared with the finishing order the rules give."""
    text = seed_log(tmp_path)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("result "))
    places = lines[at].split()[1:]
    lines[at] = "result " + " ".join([places[1], places[0], *places[2:]])
    path = tmp_path / "differs.log"
    path.write_text("\n".join(lines) + "\n")
    assert import_log(recount, path) == 1
    out = capsys.readouterr().out
    assert "game 1: finishing order" in out and "DIFFERS from the log's result" in out


@pytest.mark.parametrize(
    "move, reason",
    [
        pytest.param("zz-9", "not a move", id="a malformed move"),
        pytest.param("c-9t", "not a group of one rank or a sequence", id="a two-card sequence"),
        pytest.param("cdhx-7(x)", "five of a kind: cdhsx and one rank", id="the Joker as a fifth suit beside three suits"),
        pytest.param("s-3-4(-)", "stands first (-, below the 3) or last", id="a Joker below the 3 inside a sequence"),
        pytest.param("s--34(+)", "stands first (-, below the 3) or last", id="a Joker named above the 2 written below the 3"),
    ],
)
def test_a_bad_move_stops_the_import_and_records_nothing_of_the_log(recount, tmp_path, capsys, move, reason):
    """docs/daifugo.md: the move is named with its game, its place in the game and its line; nothing is recorded,
    not even the game before it."""
    text = change_move(seed_log(tmp_path), 2, 0, move)
    path = tmp_path / "bad.log"
    path.write_text(text)
    before = recount.store.head()
    assert import_log(recount, path) == 1
    out = capsys.readouterr().out
    assert f"game 2, move 1 {move!r} (line {play_line(text, 2)}): " in out and reason in out
    assert recount.store.head() == before


def test_a_bad_move_late_in_a_game_is_named_by_its_place(recount, tmp_path, capsys):
    text = change_move(seed_log(tmp_path), 1, 3, "jk")
    path = tmp_path / "late.log"
    path.write_text(text)
    assert import_log(recount, path) == 1
    assert f"game 1, move 4 'jk' (line {play_line(text, 1)}): " in capsys.readouterr().out


def play_line(text: str, game: int) -> int:
    """The line (1 first) of game `game`'s `play`."""
    return [number for number, line in enumerate(text.splitlines(), start=1) if line.startswith("play ")][game - 1]


def moves_of(events):
    """Each move of a match's games as the log writes them: its game (1 first), its index in the game (0 first), the
    state before it and the action."""
    state = SYSTEM.initial(SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo")))
    game = index = 0
    for event in events:
        if isinstance(event, MatchEnded):
            return
        if isinstance(event, CardsDealt):
            game, index = game + 1, 0
        elif isinstance(event, (CardsPlayed, PlayerPassed)):
            yield game, index, state, event
            index += 1
        state = SYSTEM.evolve(state, event)


def lone(card: str) -> str:
    """A single card as the log writes it: `c-5`."""
    return f"{SUIT_LETTER[card[-1]]}-{RANK_LETTER[card[:-1]]}"


def a_play_out_of_turn(after: str, seed: int = 8):
    """The log of seed's match with the move that follows a play ending the trick with an 8 (`after="cut"`; the
    cutter leads next) or a player's pass in a trick that goes on (`after="pass"`) replaced by a lone card of the
    player the rules keep from playing there (another player still in; the one who passed). Its text, game, the
    replaced move's index, the player whose turn it is and the one whose card it is."""
    events = random_events(seed)
    moves = list(moves_of(events))
    for (game, index, state, event), (next_game, _, following, _) in zip(moves, moves[1:]):
        after_it = SYSTEM.evolve(state, event)
        if next_game != game or not following.trick and after == "pass":
            continue
        if after == "cut" and isinstance(event, CardsPlayed) and "8" in {card[:-1] for card in shape_of(state, event.cards, event.joker_as).stands} \
                and after_it.phase == "playing" and not after_it.trick:
            other = next(p for p in following.seating if p != following.turn and any(c != JOKER_CODE for c in following.hands[p].known))
        elif after == "pass" and isinstance(event, PlayerPassed) and state.trick and following.turn != event.player \
                and any(c != JOKER_CODE for c in following.hands[event.player].known):
            other = event.player
        else:
            continue
        card_ = next(c for c in following.hands[other].known if c != JOKER_CODE)
        return change_move(write_log(events)[0], game, index + 1, lone(card_)), game, index + 1, following.turn, other
    raise AssertionError(f"seed {seed} has no {after} followed by a move of its game")


@pytest.mark.parametrize(
    "after, rule",
    [
        pytest.param("cut", "The last player to play leads the next trick", id="another player leads after an 8-cut"),
        pytest.param("pass", "Passing shuts a player out until the trick ends.", id="a player plays after passing"),
    ],
)
def test_a_play_the_rules_refuse_its_player_says_their_rule_not_that_the_turn_lacks_the_cards(recount, tmp_path, capsys, after, rule):
    """docs/daifugo.md § The rules: “8-cut: … ends the trick at once, and the same player leads.” and “Passing shuts a
    player out until the trick ends.” The log names no player: its card is another's, whose play the rules refuse
    for that reason (the domain's own), not because the player whose turn it is does not hold the card."""
    text, game, index, turn, other = a_play_out_of_turn(after)
    path = tmp_path / f"{after}.log"
    path.write_text(text)
    assert import_log(recount, path) == 1
    out = capsys.readouterr().out
    assert f"game {game}, move {index + 1} " in out and f"(line {play_line(text, game)}): " in out
    assert f"the move's cards are {other}'s, and it is {turn}'s turn, not {other}'s" in out and rule in out
    assert "does not hold" not in out


def test_a_move_written_twice_in_a_game_is_named_by_its_place(recount, tmp_path, capsys):
    """A play of the game written again later (its cards are gone) is named by its place, not only by its words."""
    events = random_events(7)
    text = write_log(events)[0]
    first = next((index, event) for game, index, state, event in moves_of(events) if game == 1 and isinstance(event, CardsPlayed))
    again = text.splitlines()[play_line(text, 1) - 1].split()[1 + 2 * first[0]]
    last = sum(1 for game, *_ in moves_of(events) if game == 1) - 1
    path = tmp_path / "twice.log"
    path.write_text(change_move(text, 1, last, again))
    assert import_log(recount, path) == 1
    out = capsys.readouterr().out
    assert f"game 1, move {last + 1} {again!r} (line {play_line(text, 1)}): " in out


def test_a_log_that_fails_in_its_first_game_records_nothing(recount, tmp_path, capsys):
    """Nothing is stored when an import fails: no match without its games."""
    path = tmp_path / "first.log"
    path.write_text(change_move(seed_log(tmp_path), 1, 0, "zz-9"))
    before = recount.store.head()
    assert import_log(recount, path) == 1
    assert "nothing of the log is recorded" in capsys.readouterr().out
    assert recount.store.head() == before


@pytest.mark.parametrize(
    "text, named",
    [
        pytest.param("players Al Betty\n", "game header, token 'players' (line 1)", id="no player header"),
        pytest.param("// a comment\n\nplayer Al Betty Carl\n/* */\n", "game header, token 'player Al Betty Carl /* */' (line 3)", id="a header of three names"),
        pytest.param("player Al Betty Carl Dana Eve\n/* game 1 class 0 1 2 3 4\n", "/*", id="an unclosed block"),
        pytest.param("player Al Betty Carl Dana Eve\n/* game 1 class 0 1 2 3 4 */\n", "game 1, token '*/'", id="a block missing its fields"),
        pytest.param("player Al Betty Carl Dana Eve\n/* game 1 class 0 1 2 3 4 seat 0 1 2 3 4 dealt { c3 x9 } */\n", "'x9'", id="a card that is not one"),
    ],
)
def test_a_malformed_log_is_named(recount, tmp_path, capsys, text, named):
    path = tmp_path / "malformed.log"
    path.write_text(text)
    assert import_log(recount, path) == 1
    assert named in capsys.readouterr().out


def test_import_logs_exits_non_zero_only_on_a_failure(recount, tmp_path, capsys):
    """A log the rules refuse never gets here: the command line refuses it first (exit status 2, tests/service/test_cli.py)."""
    good = tmp_path / "good.log"
    good.write_text(seed_log(tmp_path, 34))
    assert import_logs(recount, [(good, checked_log(good))]) == 0
    lines = seed_log(tmp_path, 34).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("result "))
    places = lines[at].split()[1:]
    lines[at] = "result " + " ".join([places[1], places[0], *places[2:]])
    differs = tmp_path / "differs.log"
    differs.write_text("\n".join(lines) + "\n")
    assert import_logs(recount, [(good, checked_log(good)), (differs, checked_log(differs))]) == 1


def test_the_cli_imports_a_log(tmp_path, capsys):
    """`recount import --format uecda FILE…` (service/cli/main.py), exit status 0 when every game agrees."""
    from service.cli.main import main

    log = tmp_path / "tournament.log"
    log.write_text(seed_log(tmp_path, 34))
    assert main(["--db", str(tmp_path / "cli.sqlite"), "import", "--format", "uecda", str(log)]) == 0
    out = capsys.readouterr().out
    assert "tournament.log: match m_" in out and "equals the log's result" in out


def test_the_fixture_log_imports_to_the_standings_of_its_results(recount, capsys):
    """fixtures/president/daifugo-uecda.log, imported, ends with the standings its `result` lines give at 5, 4, 3,
    2, 1 points by place (docs/daifugo.md § The rules: “Points per game: 5, 4, 3, 2, 1 by place.”)."""
    log = Path(__file__).parents[2] / "fixtures" / "president" / "daifugo-uecda.log"
    assert import_log(recount, log) == 0
    state = match_of(capsys.readouterr().out, recount)
    lines = log.read_text().splitlines()
    players = lines[0].split()[1:]
    scores = dict.fromkeys(players, 0)
    for line in lines:
        if line.startswith("result "):
            for player, place in zip(players, line.split()[1:]):
                scores[player] += (5, 4, 3, 2, 1)[int(place)]
    got = SYSTEM.standings(state)
    assert got.final and {p.player: p.score for p in got.placings} == scores


# -- logs as the tournament programs write them -------------------------------------------------------------
# docs/daifugo.md § The tournament log format, "What the tournament programs write": the server's writer (one line a
# field, each value followed by a space; no `game` line; an empty `score` line; each move's time in µs glued to it,
# `d-3[1534]`; a hand's cards from the 3 of clubs up, the Joker last) and what their readers take besides.

SERVER = {"game_line": False, "score": "empty", "glued": True}  # what the server writes
DESCRIBED = {"game_line": True, "score": None, "glued": False}  # as docs/daifugo.md § The tournament log format describes it (what the old reader took)


def _int_order(code_: str) -> tuple[int, int]:
    """The tournament programs' card order: by rank from the 3 up, then clubs, diamonds, hearts, spades; the Joker last."""
    if code_ == JOKER_CODE:
        return (99, 0)
    return (list(RANKS.values()).index(code_[:-1]), "CDHS".index(code_[-1]))


def _server_hands(groups, capitals: bool = False) -> str:
    shown = str.upper if capitals else str
    return "".join("{" + "".join(" " + shown(code(card)) for card in sorted(cards, key=_int_order)) + " } " for cards in groups)


def tournament_log(series: list[list], names: list[str] = FIVE, *, game_line: bool, score: str | None, glued: bool,
                   match_line: bool = False, capitals: bool = False, eol: str = "\n", tail: str = "") -> str:
    """The log of one or more random matches played one after the other, as one log: the first game of each later
    match has no exchange and the classes of the game before it (the server's class reset). `score`: None (no
    line), "empty" (the server's writer) or "running" (the points so far, five numbers as the readers take them)."""
    lines = ["player " + " ".join(names)] + (["match 1 "] if match_line else [])
    number, points, last = 0, dict.fromkeys(FIVE, 0), None
    for events in series:
        state = SYSTEM.initial(SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo")))
        block: dict = {}
        for event in events:
            if isinstance(event, MatchEnded):
                break
            after = SYSTEM.evolve(state, event)
            if isinstance(event, CardsDealt):
                if state.ranking:
                    classes = [state.ranking.index(p) for p in FIVE]
                else:  # the server's first classes: player i is of class i; after a reset, the last game's places
                    classes = last or list(range(5))
                block = {"classes": classes, "dealt": [event.hands[p] for p in FIVE], "changed": {p: () for p in FIVE}, "moves": []}
            elif isinstance(event, CardsExchanged):
                block["changed"][event.giver] = event.cards
            else:
                if not block["moves"]:
                    block["original"] = [state.hands[p].known for p in FIVE]
                time = 1000 + 37 * len(block["moves"])
                move_ = token(state, event).upper() if capitals else token(state, event)
                block["moves"].append(move_ + (f"[{time}]" if glued else f" [{time}]"))
            if after.phase == "between" and state.phase != "between":
                order = after.games[-1].order
                last = [order.index(p) for p in FIVE]
                head = ["/* "] + ([f"game {number} "] if game_line else [])
                if score == "empty":
                    head.append("score ")
                elif score == "running":
                    head.append("score " + "".join(f"{points[p]} " for p in FIVE))
                lines += head + [
                    "class " + "".join(f"{c} " for c in block["classes"]),
                    "seat " + "".join(f"{state.seating.index(p)} " for p in FIVE),
                    "dealt " + _server_hands(block["dealt"], capitals),
                    "changed " + _server_hands((block["changed"][p] for p in FIVE), capitals),
                    "original " + _server_hands(block["original"], capitals),
                    "play " + "".join(f"{move} " for move in block["moves"]),
                    "result " + "".join(f"{place} " for place in last),
                    "*/ ",
                ]
                for p in FIVE:
                    points[p] += 5 - order.index(p)
                number += 1
            state = after
    return eol.join(lines) + eol + tail


def games_played(events: list) -> list:
    state = SYSTEM.initial(SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo")))
    for event in events:
        if isinstance(event, MatchEnded):
            break
        state = SYSTEM.evolve(state, event)
    return list(state.games)


# The features that follow, each on a log as the server writes it and alone on a log the old reader took.
BASES = [pytest.param(SERVER, id="as the server writes it"), pytest.param(DESCRIBED, id="alone")]


def agreed(out: str) -> int:
    assert "DIFFERS" not in out and "not imported" not in out, out
    return out.count("equals the log's result")


def test_a_log_as_the_server_writes_it_imports_and_agrees_with_its_results(recount, tmp_path, capsys):
    """No `game` line, an empty `score` line, times glued to the moves, trailing spaces: the seeds whose games fire every
    special rule (SEEDS) import whole, each game's order equal to its `result` (the old reader stopped at `score`)."""
    for seed in SEEDS:
        path = tmp_path / f"server{seed}.log"
        path.write_text(tournament_log([random_events(seed)], **SERVER))
        assert import_log(recount, path) == 0
        out = capsys.readouterr().out
        assert agreed(out) == len(games_played(random_events(seed))) >= 2
        assert f"game {len(games_played(random_events(seed)))}: finishing order" in out  # no `game` line: numbered 1, 2, …


@pytest.mark.parametrize(
    "features",
    [
        pytest.param({"score": "empty"}, id="an empty score line (the server's writer)"),
        pytest.param({"score": "running"}, id="a score line with the running scores (five numbers, as the readers take)"),
        pytest.param({"game_line": False}, id="no game line (the server's writer)"),
        pytest.param({"match_line": True}, id="a match line in the header (the readers take it)"),
        pytest.param({"tail": "//\n"}, id="a closing // line (the readers' end of the games)"),
        pytest.param({"tail": "// 1000 games\n"}, id="a // comment line"),
        pytest.param({"capitals": True}, id="cards and moves in capitals (the newest reader takes either case)"),
    ],
)
def test_each_feature_of_the_tournament_format_alone_is_read(recount, tmp_path, capsys, features):
    """Each feature on a log the old reader took (DESCRIBED): the log imports whole and agrees with its results."""
    path = tmp_path / "feature.log"
    path.write_text(tournament_log([random_events(34)], **{**DESCRIBED, **features}))
    assert import_log(recount, path) == 0
    assert agreed(capsys.readouterr().out) == len(games_played(random_events(34)))


@pytest.mark.parametrize("base", BASES)
def test_a_byte_order_mark_and_crlf_line_ends_are_read(recount, tmp_path, capsys, base):
    """A log written on Windows: a UTF-8 byte-order mark before `player`, CR LF line ends."""
    path = tmp_path / "windows.log"
    path.write_bytes(("\ufeff" + tournament_log([random_events(34)], **base, eol="\r\n")).encode("utf-8"))
    assert import_log(recount, path) == 0
    assert agreed(capsys.readouterr().out) == len(games_played(random_events(34)))


@pytest.mark.parametrize("base", BASES)
def test_a_log_in_shift_jis_is_read(recount, tmp_path, capsys, base):
    """The players' names are the bytes their programs sent: a log that is not UTF-8 is read as cp932 (Shift_JIS)."""
    names = ["大富豪", "富豪", "平民", "貧民", "大貧民"]
    path = tmp_path / "sjis.log"
    path.write_bytes(tournament_log([random_events(34)], names, **base).encode("cp932"))
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    assert agreed(out) == len(games_played(random_events(34)))
    assert list(match_of(out, recount).players) == names


@pytest.mark.parametrize("base", BASES)
def test_five_copies_of_one_client_are_five_players(recount, tmp_path, capsys, base):
    """Self-play logs name one program five times: each player is told apart by their number in the log (0-4)."""
    path = tmp_path / "self.log"
    path.write_text(tournament_log([random_events(34)], ["kou2"] * 5, **base))
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    assert agreed(out) == len(games_played(random_events(34)))
    assert list(match_of(out, recount).players) == [f"kou2 ({n})" for n in range(5)]


@pytest.mark.parametrize("base", BASES)
def test_a_class_reset_starts_a_new_match(recount, tmp_path, capsys, base):
    """A game after the first with no exchange (the server resets the classes every 100 games) cannot follow the
    games before it in a daifugo match (docs/daifugo.md: “Exchange before each game but the first”): the match so far
    ends, recorded, and that game is the first of a new match; every game agrees with its result."""
    first, second = random_events(7), random_events(10)
    path = tmp_path / "reset.log"
    path.write_text(tournament_log([first, second], **base))
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    played = len(games_played(first))
    assert agreed(out) == played + len(games_played(second))
    reset = played if base["game_line"] else played + 1  # `game N` lines count from 0, as a reader's writer does
    assert f"game {reset} has no exchange (the classes were reset)" in out
    ids = [part.split(",", 1)[0] for part in out.split("match ")[1:]]
    assert len(ids) == 2 and ids[0] != ids[1]
    before, after = (recount.log(match_id).state for match_id in ids)
    assert len(before.games) == played and before.phase == "ended"
    assert len(after.games) == len(games_played(second)) and after.phase == "ended"


def test_names_keep_their_brackets_and_braces(recount, tmp_path, capsys):
    """The header's names are its words as they stand: the brackets of a move's time and the braces of a hand are
    read as such only inside the blocks."""
    names = ["[UEC]kou", "{snowl}", "beer[song]", "Fuji/Gokoro", "nakanaka}"]
    path = tmp_path / "names.log"
    path.write_text(tournament_log([random_events(34)], names, **SERVER))
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    assert agreed(out) == len(games_played(random_events(34)))
    assert list(match_of(out, recount).players) == names


def _with_return_refused(text: str) -> tuple[str, str]:
    """The log with the daifugō's `changed` of its second game emptied, as the server logs a return it refused (it then
    moves the returner's strongest cards: `original` holds what moved); and that player's name."""
    lines = text.splitlines()
    blocks = [at for at, line in enumerate(lines) if line.startswith("/*")]
    at = next(i for i in range(blocks[1], len(lines)) if lines[i].startswith("class "))
    daifugo = [int(c) for c in lines[at].split()[1:]].index(0)
    at = next(i for i in range(blocks[1], len(lines)) if lines[i].startswith("changed "))
    hands = [part.strip() for part in lines[at][len("changed ") :].split("}")][:5]
    hands[daifugo] = "{"
    lines[at] = "changed " + "".join(f"{hand} }} " for hand in hands)
    return "\n".join(lines) + "\n", FIVE[daifugo]


@pytest.mark.parametrize("base", BASES)
def test_a_return_the_server_refused_is_read_from_the_hands_after_the_exchange(recount, tmp_path, capsys, base):
    """The server logs the cards a returner sent, and moves others when it refuses them: the return recorded is the one
    the hands after the exchange (`original`) show, said beside the game; the game agrees with its result."""
    text, daifugo = _with_return_refused(tournament_log([random_events(34)], **base))
    path = tmp_path / "refused.log"
    path.write_text(text)
    assert import_log(recount, path) == 0
    out = capsys.readouterr().out
    assert agreed(out) == len(games_played(random_events(34)))
    assert f"{daifugo} returned " in out and "not the log's changed { } (the server's own choice when it refuses a return)" in out
