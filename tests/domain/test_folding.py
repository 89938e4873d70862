"""Folding (domain/corrections.py): a record read one event at a time, a correction refolded
from the latest step it leaves unchanged, gives at every step the state a fold of the whole
record from the start gives (`refold`), and checks what `refold` checks. docs/house-rules.md
§ Corrections: “everything after it is re-checked”."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.corrections import EventAmended, EventVoided, Folding, refold, unchanged_before
from domain.protocol import IllegalAction
from fixtures.random_player import play_president


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_folded_record_is_at_every_step_the_record_refolded_from_its_start(seed: int) -> None:
    """Corrections that keep the record legal wherever they reach back: an amendment that
    puts the same action in place (at any earlier step in effect), a void of the last action."""
    from domain.president import SYSTEM

    rng = random.Random(seed)
    setup, actions = play_president(60, seed=seed % 7 + 1)
    created = SYSTEM.start(setup)
    folding = Folding(SYSTEM, created)
    for action in actions:
        folding.add(action, check=True)
        if rng.random() < 0.2:
            in_effect = [step for step in range(2, len(folding.events) + 1) if not isinstance(folding.events[step - 1], EventVoided | EventAmended)]
            voided = {e.step for e in folding.events if isinstance(e, EventVoided)}
            steps = [s for s in in_effect if s not in voided]
            if rng.random() < 0.5:
                step = rng.choice(steps)
                folding.add(EventAmended(step=step, event=folding.events[step - 1]), check=True)
            else:
                step = steps[-1]
                folding.add(EventVoided(step=step), check=True)
                folding.add(folding.events[step - 1], check=True)
        whole = refold(SYSTEM, created, list(enumerate(folding.events[1:], start=2)))
        assert folding.state == whole


def test_a_refused_correction_adds_nothing_and_the_refusal_names_the_step_it_would_make_illegal() -> None:
    from domain.president import SYSTEM
    from domain.president.events import CardsPlayed

    setup, actions = play_president(60, seed=3)
    created = SYSTEM.start(setup)
    folding = Folding(SYSTEM, created)
    for action in actions:
        folding.add(action, check=True)
    plays = [step for step, e in enumerate(folding.events, start=1) if isinstance(e, CardsPlayed)]
    before = (list(folding.events), folding.state)
    # The first play voided: the player who played next was not yet to play (or held the cards already played).
    with pytest.raises(IllegalAction, match="this correction would make step"):
        folding.add(EventVoided(step=plays[0]), check=True)
    assert (folding.events, folding.state) == before


def test_unchanged_before_is_the_step_before_the_target_unless_a_later_correction_reaches_back() -> None:
    plain = ["created", "a", "b", "c", "d"]  # steps 1 to 5
    assert unchanged_before([*plain, EventVoided(step=5)], 5, lambda m: True) == 4
    # Step 6 voided step 3: the state at step 3 as recorded is no longer the record's.
    assert unchanged_before([*plain, EventVoided(step=3), "e", EventVoided(step=4)], 4, lambda m: True) == 2
    assert unchanged_before([*plain, EventVoided(step=3), "e", EventVoided(step=7)], 7, lambda m: True) == 6
    assert unchanged_before([*plain, EventVoided(step=5)], 5, lambda m: m < 3) == 2
    assert unchanged_before([*plain, EventVoided(step=2)], 2, lambda m: True) == 1
