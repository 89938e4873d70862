"""The `recount` command: serve, import (JSON Lines, notation, UECda logs), export,
verify, rebuild, and the checks of the files it is given before anything is recorded.

The top of the service: imports every room below it, the web room included (to serve).
"""
