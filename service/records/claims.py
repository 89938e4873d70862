"""A claimed result checked against the standings recomputed from the record: the
one comparison behind `POST /standings/check` and the fixtures' expected standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.protocol import Standings
from service.errors import RecountError


class NotInMatch(RecountError):
    """A claim names someone who did not play: a mistake in the claim, not a difference from the
    record, so it is refused (422) with the players to choose from rather than answered `agree: false`."""

    status = 422


class ClaimedPlacing(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    player: str
    place: int
    score: float | int | None = None


class ClaimVerdict(msgspec.Struct, frozen=True, kw_only=True):
    agree: bool
    message: str
    player: str | None = None
    claimed: dict[str, Any] | None = None
    recorded: dict[str, Any] | None = None
    step: int | None = None


def check(standings: Standings, placings: Sequence[ClaimedPlacing], final: bool | None = None) -> ClaimVerdict:
    """Agree, or the first place where the claim and the record differ, with the
    step that shows it (the last event that decided the recorded placing). Raises
    NotInMatch for a claim naming someone who did not play."""
    if final is not None and standings.final != final:
        state = "over" if standings.final else "still running"
        return ClaimVerdict(agree=False, message=f"the record says the match is {state}")
    recorded = {p.player: p for p in standings.placings}
    for claimed in placings:
        actual = recorded.get(claimed.player)
        if actual is None:
            players = ", ".join(p.player for p in standings.placings)
            raise NotInMatch(f"{claimed.player} did not play in this match (players: {players}); name each player as the match does")
        place_differs = claimed.place != actual.place
        if place_differs or (claimed.score is not None and claimed.score != actual.score):
            what = "place" if place_differs else "score"
            return ClaimVerdict(
                agree=False,
                message=f"the record gives {claimed.player} {what} {getattr(actual, what)}, not {getattr(claimed, what)}: {actual.reason}",
                player=claimed.player,
                claimed={"place": claimed.place, "score": claimed.score},
                recorded={"place": actual.place, "score": actual.score},
                step=actual.steps[-1] if actual.steps else None,
            )
    named = {c.player for c in placings}
    missing = [p for p in recorded if p not in named]
    if missing:
        return ClaimVerdict(agree=False, message=f"the claim leaves out {', '.join(missing)}", player=missing[0])
    return ClaimVerdict(agree=True, message="the claim agrees with the record")
