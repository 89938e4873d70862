"""Standings: running points over the games played out (classic § End Game)."""

from __future__ import annotations

from domain.president.state import State
from domain.placings import with_ties
from domain.protocol import Placing, Standings


def _signed(points: int) -> str:
    # The minus sign, not a hyphen, so "−2" reads as a number in a sentence.
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def standings(state: State) -> Standings:
    ruleset = state.ruleset
    games = state.games
    placings = []
    for player in state.players:
        mine = state.points.get(player, 0)
        # Each game labelled with its number: the last game's title alone read as the overall result.
        told = ", ".join(
            f"game {game.number} {game.titles[game.order.index(player)]} {_signed(game.points[game.order.index(player)])}"
            for game in games
            if player in game.order
        )
        steps = [game.end_step for game in games if player in game.order]
        played = len(steps)
        reason = f"{_signed(mine)} point{'s' if abs(mine) != 1 else ''} over {played} game{'s' if played != 1 else ''}"
        if player not in state.seating:
            reason += ", then left the table"
        placings.append(
            Placing(
                player=player,
                place=1 + sum(1 for other in state.players if state.points.get(other, 0) > mine),
                score=mine,
                reason=f"{reason}: {told}" if told else reason,
                steps=steps,
            )
        )
    placings.sort(key=lambda placing: (placing.place, state.players.index(placing.player)))
    scale = ", ".join(f"{title} {_signed(points)}" for title, points in zip(ruleset.role_titles, ruleset.role_points))
    explanation = [f"Each game scores {scale}; the standings add up the points of every game played out."]
    details_games = []
    for game in games:
        explanation.append(
            f"Game {game.number} (ended at step {game.end_step}): "
            + ", ".join(f"{p} {t} {_signed(pts)}" for p, t, pts in zip(game.order, game.titles, game.points))
        )
        details_games.append(
            {
                "game": game.number,
                "dealer": game.dealer,
                "finishing_order": list(game.order),
                "out_steps": dict(zip(game.order, game.out_steps)),
                "titles": dict(zip(game.order, game.titles)),
                "points": dict(zip(game.order, game.points)),
                "ended_at_step": game.end_step,
            }
        )
    if state.phase in ("exchanging", "playing"):
        explanation.append(f"Game {state.game} is being played and is not counted yet.")
    return Standings(
        final=state.phase == "ended",
        placings=with_ties(placings),
        explanation=explanation,
        details={"games": details_games, "points": dict(state.points)},
    )
