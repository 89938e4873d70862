"""Where a match's records live: the event store (the eventsourcing library's recorders
with a msgspec mapper, on SQLite or PostgreSQL), the hash chain its metadata carries,
snapshots beside the events, following the appends of other processes, and the matches
this process holds in memory (`MatchLog`, `MatchRepository`), a cache, never the truth.

Imports `domain`, the libraries and `service.errors`; knows no use case, route or page.
"""
