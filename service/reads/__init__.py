"""Read models fed from the store, disposable and rebuilt from it (the match index and
the leaderboards as sqlite-utils tables, the whole store as a Datasette file, every
match's replay frames stored beside its events), and the what-if replay of a match under
other rules.

Imports the use cases and the store below it; never writes a match's stream.
"""
