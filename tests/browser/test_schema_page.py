"""`/schema` in headless Chromium with every request off this machine refused: the
API documentation renders from the service's own files (no CDN, no web fonts)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser


def test_the_schema_page_renders_with_no_network(served: Any, page: Any) -> None:
    elsewhere: list[str] = []

    def only_this_machine(route: Any) -> None:
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    page.route("**/*", only_this_machine)
    page.goto(f"{served.url}/schema")
    page.locator(".swagger-ui .info .title").filter(has_text="Recount").wait_for()
    # Every route is documented, among them recording and the dry run.
    page.locator(".opblock-summary-path[data-path='/matches/{match_id}/events/check']").wait_for()
    assert page.locator(".opblock").count() >= 10
    assert elsewhere == []
