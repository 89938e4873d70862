"""What the browser tests share: Playwright's expect, a match's frames read through the API, and a
replay opened at a step."""

from __future__ import annotations

from typing import Any

import httpx

# How long a page and an expectation wait for what they wait on. A wait ends as soon as
# it is met, so this is only how long a failure takes to show: 5 s was too short for
# Swagger UI's first load under `make test`'s two workers on two cores (a goto timed out).
WAIT_MS = 10_000


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def frames_of(served: Any, match_id: str, token: str | None = None) -> list[dict[str, Any]]:
    """Every frame of a match, page by page, as the token (or a spectator) may see it."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    found: list[dict[str, Any]] = []
    start: int | None = 1
    with httpx.Client(base_url=served.url, timeout=10) as client:
        while start:
            page = client.get(f"/matches/{match_id}/frames", params={"from": start, "limit": 1000}, headers=headers).json()
            found.extend(page["frames"])
            start = page["next_step"]
    return found


def open_at(page: Any, served: Any, match_id: str, step: int) -> None:
    page.goto(f"{served.url}/view/{match_id}?step={step}")
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}")
