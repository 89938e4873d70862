"""Routes of the recording page: `/record/{id}`, the scorekeeper's phone page.

The page itself holds no rule: it asks `GET /matches/{id}/allowed` what may be
recorded, explains a refused tap with `POST /matches/{id}/events/check`, and
records with `POST /matches/{id}/events`, all with the write token it reads from
its address fragment (never sent to the server in a URL). So this module serves
only the page; its assets are the viewer's static files.
"""

from __future__ import annotations

from typing import Any

from litestar import Response, get
from litestar.params import FromPath

from service.web.viewer import page


@get("/record/{match_id:str}", include_in_schema=False, sync_to_thread=False)
def record_page(match_id: FromPath[str]) -> Response[bytes]:
    """The recording page; it reads the match id from its own URL and checks it
    (and the token) against the API, which answers an unknown match with a 404."""
    return page("record.html")


def recording_routes() -> list[Any]:
    return [record_page]
