"""The titles a game's finishing order gives: which title (and so which points, `Ruleset.role_points`)
each finishing place earns, and each player's title between games (kept in the state as `roles`)."""

from __future__ import annotations

from domain.president.ruleset import Ruleset


def role_index(place: int, count: int, vice_below_four: bool = False) -> int:
    """Index into `role_titles`/`role_points` for finishing place `place` (0 first)
    of `count` players: first, second, the middle, second to last, last. With
    fewer than four players there is no second to last, and a second only with
    `vice_below_four` (deck: “whoever was 3rd becomes Vice President”)."""
    if place == 0:
        return 0
    if place == count - 1:
        return 4
    if (count >= 4 or vice_below_four) and place == 1:
        return 1
    if count >= 4 and place == count - 2:
        return 3
    return 2


def title_of(ruleset: Ruleset, place: int, count: int) -> str:
    return ruleset.role_titles[role_index(place, count, ruleset.vice_below_four)]


def roles_of(ruleset: Ruleset, ranking: tuple[str, ...], newcomers: tuple[str, ...]) -> dict[str, str]:
    """Each player's title from the last game played out; a newcomer is a citizen. (Computed only where
    `ranking` or `newcomers` change, and kept in the state as `roles`.)"""
    count = len(ranking)
    titles = {player: title_of(ruleset, place, count) for place, player in enumerate(ranking)}
    return titles | {player: ruleset.role_titles[2] for player in newcomers}
