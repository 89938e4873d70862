"""What-if: a recorded match replayed under another preset or other options (the house
rule the table argued about). Pure: the match's own setup is rebuilt from its created
event (domain/<system>/notation.py `setup_of`), started again with the other rules, and
every action in effect is checked and folded. The answer is the first step the other
rules forbid, with the rule, or the standings under them beside the recorded ones."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.corrections import amended_steps, as_due, at_step, in_effect
from domain.notation_file import setup_of
from domain.protocol import GameSystem, IllegalAction, Rule, Standings


class WhatIf(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """`legal` false: `step` is the first step the other rules forbid (1: they refuse
    the match's setup itself), `rule` and `error` say why. `legal` true: the standings
    under the other rules and the recorded ones."""

    legal: bool
    preset: str
    options: dict[str, Any]
    step: int | None = None
    rule: Rule | None = None
    error: str | None = None
    standings: Standings | None = None
    recorded_standings: Standings | None = None


def replay_under(
    system: GameSystem,
    created: msgspec.Struct,
    recorded: Sequence[tuple[int, msgspec.Struct]],
    recorded_standings: Standings,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
) -> WhatIf:
    """`recorded` is (step, event) from step 2, corrections included. Another `preset`
    starts from that preset with `options`; without one, `options` are laid over the
    match's own."""
    own = setup_of(system, created)
    wanted_preset = preset or own.preset
    wanted_options = dict(options or {}) if preset else {**own.options, **(options or {})}
    setup = msgspec.structs.replace(own, preset=wanted_preset, options=wanted_options)
    answer = {"preset": wanted_preset or "", "options": wanted_options}
    try:
        other = system.start(setup)
    except IllegalAction as refused:
        return WhatIf(legal=False, step=1, rule=refused.rule, error=refused.what, **answer)
    state = system.initial(other)
    last = 1
    amended = amended_steps(recorded)
    for step, event in in_effect(recorded):
        before = at_step(system, state, step - 1)
        if step not in amended:
            event = as_due(system, before, event)
        try:
            system.check(before, event)
        except IllegalAction as refused:
            return WhatIf(legal=False, step=step, rule=refused.rule, error=refused.what, **answer)
        state = system.evolve(before, event)
        last = step
    state = at_step(system, state, max(last, recorded[-1][0] if recorded else 1))
    return WhatIf(legal=True, standings=system.standings(state), recorded_standings=recorded_standings, **answer)
