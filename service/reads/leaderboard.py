"""Leaderboards: a disposable read model (sqlite-utils tables) per game system and
preset, fed from the store's notification log and rebuilt from it (`recount rebuild`).

A match's created event says its system, preset and players; nothing else matters to
a leaderboard until the match ends, so the events between are only looked at to see
whether the match has ended (the application's cached log answers that), and the
final standings are read once, at the end. Ratings are openskill's Plackett-Luce
(a maintained multiplayer model; players who share a place tie), one update per
finished match in the order the matches ended.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

import domain
from domain.notation_file import setup_of
from service.reads.readmodel import SUMMARY_PAGE, TableProjection
from service.usecases.app import Recount

MODEL = PlackettLuce()


class Leaderboard(TableProjection):
    name = "leaderboard"
    tables = ("lb_matches", "lb_players", "lb_history")
    position_table = "lb_position"
    # Only a stream's first event and its last in a page matter (see `fold`).
    summarizes = True
    page = SUMMARY_PAGE

    def create_tables(self) -> None:
        self.db["lb_matches"].create(
            {"id": str, "system": str, "preset": str, "players": str, "ended": int}, pk="id", if_not_exists=True
        )
        self.db["lb_players"].create(
            {"system": str, "preset": str, "player": str, "played": int, "places": str, "points": float,
             "mu": float, "sigma": float},
            pk=("system", "preset", "player"),
            if_not_exists=True,
        )
        self.db["lb_history"].create(
            {"system": str, "preset": str, "player": str, "match_id": str, "ended_at": float, "place": int,
             "mu": float, "sigma": float, "rating": float},
            if_not_exists=True,
        )

    # -- feeding (the runner is readmodel.TableProjection's) -----------------------------------------

    def fold(self, notifications: Sequence[Any]) -> None:
        # Only a stream's last event in the page can be the one that ends its match.
        last = {str(n.originator_id): n.id for n in notifications}
        for notification in notifications:
            self._fold(notification, last[str(notification.originator_id)] == notification.id)

    def _fold(self, notification: Any, last_of_stream: bool) -> None:
        stream = str(notification.originator_id)
        if notification.originator_version == 1:
            record = self.recount.store.decode(notification)
            found = domain.find(record.system)
            setup = setup_of(found, record.event)
            self.db["lb_matches"].upsert(
                {"id": stream, "system": found.name, "preset": setup.preset or "", "players": json.dumps(setup.players), "ended": 0},
                pk="id",
            )
            return
        if not last_of_stream:
            return
        rows = list(self.db["lb_matches"].rows_where("id = ?", [stream]))
        if not rows or rows[0]["ended"]:
            return
        log = self.recount.log(stream)
        if notification.originator_version != log.version or not log.system.finished(log.state):
            return  # not the match's last event, or the match runs on
        self._ended(rows[0], log, log.records[-1].meta.recorded_at)

    def _ended(self, match: dict[str, Any], log: Any, ended_at: float) -> None:
        standings = log.system.standings(log.state)
        system, preset = match["system"], match["preset"]
        placings = standings.placings
        current = {row["player"]: row for row in self.db["lb_players"].rows_where(
            "system = ? and preset = ?", [system, preset])}
        teams = []
        for placing in placings:
            row = current.get(placing.player)
            rating = MODEL.rating(mu=row["mu"], sigma=row["sigma"]) if row else MODEL.rating()
            teams.append([rating])
        rated = MODEL.rate(teams, ranks=[placing.place for placing in placings]) if len(teams) > 1 else teams
        for placing, (rating,) in zip(placings, rated, strict=True):
            row = current.get(placing.player) or {"played": 0, "places": "{}", "points": 0.0}
            places = json.loads(row["places"])
            places[str(placing.place)] = places.get(str(placing.place), 0) + 1
            self.db["lb_players"].upsert(
                {"system": system, "preset": preset, "player": placing.player, "played": row["played"] + 1,
                 "places": json.dumps(places), "points": row["points"] + (placing.score or 0),
                 "mu": rating.mu, "sigma": rating.sigma},
                pk=("system", "preset", "player"),
            )
            self.db["lb_history"].insert(
                {"system": system, "preset": preset, "player": placing.player, "match_id": log.stream,
                 "ended_at": ended_at, "place": placing.place, "mu": rating.mu, "sigma": rating.sigma,
                 "rating": rating.ordinal()}
            )
        self.db["lb_matches"].update(log.stream, {"ended": 1})

    # -- reading ---------------------------------------------------------------------------------

    def boards(self) -> list[dict[str, Any]]:
        """Every (system, preset) with a finished match: how many matches, how many players."""
        self.catch_up()
        with self._lock:
            rows = self.db.query(
                "select system, preset, count(*) as players, max(played) as most_played, "
                "(select count(*) from lb_matches m where m.system = p.system and m.preset = p.preset and m.ended) as matches "
                "from lb_players p group by system, preset order by system, preset"
            )
            return [dict(row) | {"path": f"/leaderboards/{row['system']}/{row['preset']}"} for row in rows]

    def board(self, system: str, preset: str) -> dict[str, Any] | None:
        """The table (best rating first) and each player's rating after each match."""
        self.catch_up()
        with self._lock:
            players = list(self.db["lb_players"].rows_where("system = ? and preset = ?", [system, preset]))
            if not players:
                return None
            history = list(self.db["lb_history"].rows_where(
                "system = ? and preset = ?", [system, preset], order_by="rowid"))
        table = []
        for row in players:
            rating = MODEL.rating(mu=row["mu"], sigma=row["sigma"])
            table.append({"player": row["player"], "played": row["played"], "places": json.loads(row["places"]),
                          "points": row["points"], "mu": round(row["mu"], 3), "sigma": round(row["sigma"], 3),
                          "rating": round(rating.ordinal(), 3)})
        table.sort(key=lambda row: (-row["rating"], row["player"]))
        series: dict[str, list[dict[str, Any]]] = {}
        for point in history:
            series.setdefault(point["player"], []).append(
                {"match_id": point["match_id"], "ended_at": point["ended_at"], "place": point["place"],
                 "rating": round(point["rating"], 3)})
        return {"system": system, "preset": preset, "model": "openskill PlackettLuce (rating = mu - 3 sigma)",
                "players": table, "history": series}


def _matches(count: int) -> str:
    return f"{count} match" if count == 1 else f"{count} matches"


def rebuild_command(recount: Recount, file: str | None) -> int:
    """`recount rebuild`: the match index and the leaderboards rebuilt from the whole
    notification log, with a progress bar on a terminal (a line at the end elsewhere).
    The index's file is the one beside the leaderboards' (see analysis.leaderboard_file)."""
    import sys

    from rich.progress import Progress

    from service.reads.readmodel import MatchIndex

    index_file = file.removesuffix(".leaderboard.sqlite") + ".index.sqlite" if file and file.endswith(".leaderboard.sqlite") else None
    index = MatchIndex(recount, index_file)
    index.rebuild()
    print(f"match index rebuilt into {index_file or 'memory'}: {_matches(len(index.list()))}")

    board = Leaderboard(recount, file)
    total = recount.store.head()
    if sys.stdout.isatty():
        with Progress(transient=False) as bar:
            task = bar.add_task("rebuilding the leaderboards", total=total or 1)
            read = board.rebuild(lambda done, _: bar.update(task, completed=done))
    else:
        read = board.rebuild()
    boards = board.boards()
    where = file or "memory"
    print(f"leaderboards rebuilt from {read} stored events into {where}: "
          + (", ".join(f"{b['system']}/{b['preset']} ({_matches(b['matches'])})" for b in boards) or "no finished match"))
    return 0
