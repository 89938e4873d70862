"""Records that travel and settle disputes: a match exported as JSON Lines and imported
back checked, notation files read, an export verified offline, the server's signing key
and certificates, the players' confirmations and disputes kept beside a match, the
fixture matches, and the bounded pool that runs heavy checks off the event loop.

Imports the read models, the use cases and the store below it; knows no HTTP.
"""
