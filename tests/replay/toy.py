"""A toy game system for testing the replay machinery on its own: each player draws
a secret word that only they may see, then shows it. It exists so the frames and
the perspectives can be checked against secrets the test chose itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.protocol import SPECTATOR, IllegalAction, MatchSetup, Perspective, Placing, Rule, Standings

NAME = "toy"
ONE_DRAW = Rule(id="toy.one-draw", source="tests/replay/toy.py", quote="Each player draws once.")
DRAW_FIRST = Rule(id="toy.draw-first", source="tests/replay/toy.py", quote="A player shows only what they drew.")
SEATED = Rule(id="toy.seated", source="tests/replay/toy.py", quote="Only seated players act.")


class ToyCreated(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    title: str = ""
    players: tuple[str, ...]
    keep_hands_private: bool = False


class WordDrawn(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    player: str
    word: str


class WordShown(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    player: str


class ToyState(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    created: ToyCreated
    words: dict[str, str] = {}
    shown: dict[str, int] = {}


def _sees(perspective: Perspective, player: str, state: ToyState) -> bool:
    return perspective.kind == "everyone" or perspective.seat == player or player in state.shown


def start(setup: MatchSetup) -> ToyCreated:
    return ToyCreated(title=setup.title, players=tuple(setup.players), keep_hands_private=setup.keep_hands_private)


def initial(created: ToyCreated) -> ToyState:
    return ToyState(step=1, created=created)


def check(state: ToyState, event: msgspec.Struct) -> None:
    player = event.player  # type: ignore[attr-defined]
    if player not in state.created.players:
        raise IllegalAction(f"{player} is not at this table", SEATED)
    if isinstance(event, WordDrawn) and player in state.words:
        raise IllegalAction(f"{player} has already drawn", ONE_DRAW)
    if isinstance(event, WordShown) and (player not in state.words or player in state.shown):
        raise IllegalAction(f"{player} has nothing to show", DRAW_FIRST)


def evolve(state: ToyState, event: msgspec.Struct) -> ToyState:
    step = state.step + 1
    if isinstance(event, WordDrawn):
        return replace(state, step=step, words={**state.words, event.player: event.word})
    if isinstance(event, WordShown):
        return replace(state, step=step, shown={**state.shown, event.player: step})
    return replace(state, step=step)


def view(state: ToyState, perspective: Perspective) -> Mapping[str, Any]:
    return {
        "players": [
            {
                "name": p,
                "drawn": p in state.words,
                "shown": p in state.shown,
                "word": state.words.get(p) if _sees(perspective, p, state) else None,
            }
            for p in state.created.players
        ]
    }


def redact(state: ToyState, event: msgspec.Struct, perspective: Perspective) -> Mapping[str, Any]:
    data = msgspec.to_builtins(event)
    if isinstance(event, WordDrawn) and not _sees(perspective, event.player, state):
        data["word"] = None
    return data


def describe(state: ToyState, event: msgspec.Struct, after: ToyState | None = None, perspective: Perspective = SPECTATOR) -> str:
    # A word is said only once shown, so the words are the same for every reader.
    if isinstance(event, WordDrawn):
        return f"{event.player} draws a word"
    assert isinstance(event, WordShown)
    return f"{event.player} shows “{state.words[event.player]}”"


def finished(state: ToyState) -> bool:
    return len(state.shown) == len(state.created.players)


def players(state: ToyState) -> Sequence[str]:
    return state.created.players


def seated(created: ToyCreated) -> Sequence[str]:
    return created.players


def standings(state: ToyState) -> Standings:
    ranked = sorted(state.shown, key=lambda p: state.words[p])
    return Standings(
        final=finished(state),
        placings=[
            Placing(player=p, place=i + 1, score=len(state.words[p]), reason=f"showed “{state.words[p]}”", steps=[state.shown[p]])
            for i, p in enumerate(ranked)
        ],
        explanation=["Words rank in alphabetical order."],
    )


class ToySystem:
    """The game-system protocol over this module's functions (hashable, as the
    application caches per system)."""

    name = NAME
    title = "Toy (secret words)"
    presets: Mapping[str, Any] = {}
    created_type = ToyCreated
    action_types = (WordDrawn, WordShown)
    start = staticmethod(start)
    initial = staticmethod(initial)
    check = staticmethod(check)
    evolve = staticmethod(evolve)
    view = staticmethod(view)
    redact = staticmethod(redact)
    standings = staticmethod(standings)
    describe = staticmethod(describe)
    finished = staticmethod(finished)
    players = staticmethod(players)
    seated = staticmethod(seated)

    def follow_up(self, state: ToyState) -> tuple[()]:
        """No toy event happens by itself."""
        return ()

    def viewer(self, perspective: Perspective):
        """`view` for each state of a walk: the toy has no faster way."""
        view_ = self.view
        return lambda state: view_(state, perspective)


SYSTEM = ToySystem()
