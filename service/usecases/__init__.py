"""What a caller may do to a match, in the Cosmic Python shape: create one, record
actions, correct one, dry-run, read; who a token makes a reader or a recorder; the rules
check of a batch before it is appended; the group-commit writer; and the `Recount` facade
the routes and the command line call.

Imports `service.store` and `service.errors` below it; knows no HTTP and no single game.
"""
