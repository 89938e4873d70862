"""Standings: running points over the games played out (classic § End Game)."""

from __future__ import annotations

from collections import Counter

from domain.president.state import State
from domain.protocol import Placing, Standings


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def standings(state: State) -> Standings:
    ruleset = state.ruleset
    games = state.games
    placings = []
    for player in state.players:
        mine = state.points.get(player, 0)
        titles = Counter(game.titles[game.order.index(player)] for game in games if player in game.order)
        told = ", ".join(f"{title} ×{times}" for title, times in titles.items())
        steps = [game.end_step for game in games if player in game.order]
        played = len(steps)
        reason = f"{mine} point{'s' if abs(mine) != 1 else ''} over {played} game{'s' if played != 1 else ''}"
        if player not in state.seating:
            reason += ", then left the table"
        placings.append(
            Placing(
                player=player,
                place=1 + sum(1 for other in state.players if state.points.get(other, 0) > mine),
                score=mine,
                title=games[-1].titles[games[-1].order.index(player)] if games and player in games[-1].order else "",
                reason=f"{reason} ({told})" if told else reason,
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
        placings=placings,
        explanation=explanation,
        details={"games": details_games, "points": dict(state.points)},
    )
