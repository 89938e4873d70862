"""The service: Recount's application around the pure rules of `domain/`.

Its rooms, lowest first; a room imports only from the rooms below it (and from
`domain`, `replay` and the libraries), never up, and `tests/test_service_rooms.py`
checks it:

- `service.errors`: the errors every room raises (the shared vocabulary).
- `service.store`: where records live: the event store, snapshots, the hash chain,
  following other processes, and the matches held in memory.
- `service.usecases`: what a caller may do to a match: create, record, correct, read;
  access by token, the rules check before append, the group-commit writer.
- `service.reads`: read models fed from the store (the match index, leaderboards, the
  Datasette file) and the what-if replay.
- `service.records`: records that travel and settle disputes: export, import, notation
  files, verification, signing, confirmations and disputes, the heavy-work pool.
- `service.web`: HTTP: routes, pages, errors as answers, the server and its limits.
- `service.cli`: the `recount` command.
"""
