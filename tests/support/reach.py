"""Whether a phone keeps each control it taps in reach: in view below the sticky header,
nothing over it; and the fixture games the reach tests record by taps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


WIDTH, HEIGHT = 390, 844


def fixture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text())


# Inside the viewport and below the sticky header (half a pixel of rounding), and not
# covered by anything else (a sticky row): its middle is its own. A box not laid out
# (display: none) has no size and lies above the header's bottom.
IN_VIEW = """(el, { width, height }) => {
  const header = document.querySelector("header.top");
  if (!header) return false;
  const head = header.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return false;
  const inside = r.y >= head.y + head.height - 0.5 && r.y + r.height <= height + 0.5 && r.x >= -0.5 && r.x + r.width <= width + 0.5;
  if (!inside) return false;
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return Boolean(hit) && (hit === el || el.contains(hit));
}"""


class Reach:
    """Taps made on a page, action by action, each control measured first: in view
    when its box lies inside the viewport and below the sticky header, and nothing
    lies over it. An action is in reach when every control tapped for it was."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.actions: list[list[tuple[str, bool]]] = [[]]

    @property
    def taps(self) -> list[tuple[str, bool]]:
        return [tap for action in self.actions for tap in action]

    def next_action(self) -> None:
        if self.actions[-1]:
            self.actions.append([])

    def in_view(self, locator: Any) -> bool:
        # One round trip to the page (its box, the header's, what lies at its middle):
        # measured before every tap, three would cost a third of a recording's time.
        return locator.evaluate(IN_VIEW, {"width": WIDTH, "height": HEIGHT})

    def tap(self, locator: Any, what: str) -> None:
        locator.wait_for(state="attached")
        self.actions[-1].append((what, self.in_view(locator)))
        locator.click()

    def select(self, locator: Any, value: str, what: str) -> None:
        self.actions[-1].append((what, self.in_view(locator)))
        locator.select_option(value)

    def out_of_view(self) -> list[str]:
        return [what for what, seen in self.taps if not seen]

    def assert_nine_in_ten(self) -> None:
        done = [action for action in self.actions if action]
        missed = [action for action in done if not all(seen for _, seen in action)]
        print(f"{len(done) - len(missed)} of {len(done)} actions in reach ({len(self.taps) - len(self.out_of_view())} of {len(self.taps)} taps)")
        assert len(done) >= 20, done
        assert 10 * len(missed) <= len(done), f"{len(missed)} of {len(done)} actions needed a scroll: {missed[:20]}"


SETUP = {"system": "mrpresident", "mode": "popular", "players": ["Al", "Betty"], "options": {"ballot_deck_size": 10}}
