"""Where the rules texts the checks quote are: the folder $RECOUNT_RULES_DIR names, else
../shared/rules beside this checkout. Only the tests read them (a rule's `source` names
its file; the service never opens it)."""

from __future__ import annotations

import os
from pathlib import Path

from domain.bid.rules import TEXT as BID_FILE
from domain.mrpresident.rules import TEXT as MR_PRESIDENT_FILE
from domain.president.rules import CLASSIC_FILE
from domain.president.rules_deck import DECK_FILE
from domain.president.rules_friday import FRIDAY_FILE

VARIABLE = "RECOUNT_RULES_DIR"
REPOSITORY = Path(__file__).resolve().parents[1]
TEXTS = (CLASSIC_FILE, FRIDAY_FILE, DECK_FILE, BID_FILE, MR_PRESIDENT_FILE)


def rules_dir() -> Path:
    given = os.environ.get(VARIABLE)
    return Path(given).expanduser().resolve() if given else REPOSITORY.parent / "shared" / "rules"


RULES_TEXTS = rules_dir()


def not_found() -> str | None:
    """One line saying where the rules texts belong, when one of them is not there; else None."""
    missing = [name for name in TEXTS if not (RULES_TEXTS / name).is_file()]
    if not missing:
        return None
    where = f"${VARIABLE} names {RULES_TEXTS}" if os.environ.get(VARIABLE) else f"they belong in {RULES_TEXTS}, beside this checkout"
    return (f"the rules texts the tests quote are missing ({', '.join(missing)}): {where}; "
            f"copy the folder of rules texts there, or set {VARIABLE} to the folder that holds them")
