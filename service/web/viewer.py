"""Routes of a match's pages (the viewer, `/view/{id}`, and the recording page,
`/record/{id}`), the frames API and the live stream.

Who may see what is decided by `Recount.perspective`, as for every other read:
a page gets only what its token entitles it to, so hidden cards never leave the
server for a reader who may not see them. The recording page holds no rule: it asks
`GET /matches/{id}/allowed` (or the live stream) what may be recorded, explains a
refused tap with `POST /matches/{id}/events/check` and records with `POST
/matches/{id}/events`, with the token it reads from its address fragment (never sent
to the server in a URL).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import weakref
import zlib
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

import msgspec
from litestar import MediaType, Request, Response, get
from litestar.params import FromPath, QueryParameter
from litestar.response import Stream
from litestar.response.base import ASGIResponse
from litestar.static_files import create_static_files_router

import replay
from replay import frames, live, live_reader, steps
from service.errors import Forbidden, Unauthenticated
from service.reads.frames_projection import FrameStore
from service.usecases import access, seats
from service.usecases.app import Recount
from service.web.params import TOKEN_OPTIONAL, AsParam, BearerToken, RecountApp, errors_documented

GZIP_LEVEL = 6
logger = logging.getLogger(__name__)
STATIC = Path(replay.__file__).resolve().parent / "static"
# EventSource reconnects after this many milliseconds if the stream drops; sent
# first, it also sends the headers at once.
RECONNECT_MS = 1000
RECONNECT = b"retry: %d\r\n\r\n" % RECONNECT_MS


T = TypeVar("T")


def _per_app(make: Callable[[Recount], T]) -> Callable[[Recount], T]:
    """One `make(app)` per application, kept while the application lives (tests run
    several in one process)."""
    made: weakref.WeakKeyDictionary[Recount, T] = weakref.WeakKeyDictionary()

    def get(app: Recount) -> T:
        found = made.get(app)
        if found is None:
            found = made.setdefault(app, make(app))
        return found

    return get


# Patches the frame projection stored (service/reads/frames_projection.py) are read before any is built.
frame_cache = _per_app(lambda app: frames.FrameCache(stored=FrameStore(app.store)))
broadcaster = _per_app(lambda app: live.Broadcaster(app.listen))
standings_cache = _per_app(lambda app: steps.StepCache(steps.standings_of))
allowed_cache = _per_app(lambda app: steps.StepCache(steps.allowed_of))
seats_allowed_cache = _per_app(lambda app: steps.StepCache(seats.allowed_by_seat))


class SeatAllowed:
    """One seat's part of `seats_allowed_cache` (what its seat token may record), read as
    `steps.step_patch` reads a StepCache: every seat's are worked out once per step."""

    def __init__(self, cache: steps.StepCache, seat: str):
        self.cache, self.seat = cache, seat

    def at(self, log: Any, step: int) -> Any:
        return self.cache.at(log, step).get(self.seat, {"finished": False, "choices": []})


def page(name: str) -> Response[bytes]:
    # Read on each request: the pages are small and this keeps `make run` free of
    # a restart after editing them.
    return Response((STATIC / name).read_bytes(), media_type=MediaType.HTML)


# The service worker's template (replay/static/sw.js) and the files it keeps for offline use.
WORKER = "sw.js"
OFFLINE_KEPT = (".js", ".css", ".html", ".svg", ".webmanifest")


@get("/sw.js", include_in_schema=False, sync_to_thread=False)
def service_worker() -> Response[bytes]:
    """The recording page's service worker, at the root (its scope is /record/): its cache is
    named by a digest of the static files, so a changed file replaces every kept one."""
    kept = sorted(p.name for p in STATIC.iterdir() if p.suffix in OFFLINE_KEPT and p.name != WORKER)
    digest = hashlib.sha256()
    for name in kept:
        digest.update(name.encode() + b"\0" + (STATIC / name).read_bytes())
    script = (STATIC / WORKER).read_text().replace("__VERSION__", digest.hexdigest()[:16]).replace("__ASSETS__", json.dumps(kept))
    return Response(script.encode(), media_type="text/javascript", headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@get("/record/{match_id:str}/manifest.webmanifest", include_in_schema=False, sync_to_thread=False)
def record_manifest(match_id: FromPath[str]) -> Response[bytes]:
    """The recording page's web app manifest: added to a phone's home screen, it opens
    this match's recording page (the write token is the one the phone kept)."""
    manifest = json.loads((STATIC / "recount.webmanifest").read_bytes())
    page = f"/record/{quote(match_id, safe='')}"
    manifest.update(id=page, start_url=page, scope="/record/", name=f"Recount: record {match_id}")
    return Response(json.dumps(manifest).encode(), media_type="application/manifest+json")


@get("/", include_in_schema=False, sync_to_thread=False)
def index_page() -> Response[bytes]:
    """The index of matches."""
    return page("index.html")


@get("/view/{match_id:str}", include_in_schema=False, sync_to_thread=False)
def replay_page(match_id: FromPath[str]) -> Response[bytes]:
    """The replay page; it reads the match id from its own URL."""
    return page("replay.html")


@get("/record/{match_id:str}", include_in_schema=False, sync_to_thread=False)
def record_page(match_id: FromPath[str]) -> Response[bytes]:
    """The recording page; it reads the match id from its own URL and checks it
    (and the token) against the API, which answers an unknown match with a 404."""
    return page("record.html")


@get("/matches/{match_id:str}/frames", sync_to_thread=True, operation_id="getFrames", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
def match_frames(
    recount: RecountApp, bearer_token: BearerToken,
    match_id: FromPath[str],
    as_: AsParam = None,
    start: Annotated[int, QueryParameter(name="from", ge=1, description="first step (1 = match created)")] = 1,
    end: Annotated[int | None, QueryParameter(name="to", ge=1, description="last step (default: the latest)", schema_extra={"minimum": 1})] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=frames.PAGE_MAX, description="at most this many frames")] = frames.PAGE_DEFAULT,
    patches: Annotated[bool, QueryParameter(description="frames as patches (PatchFrame): the first of the page patches step 1's view, the others the step before")] = False,
) -> frames.FramePage:
    """What the perspective sees after each step from..to, with each step's event in
    words and its time; paged (follow `next_step`). With `patches`, each frame holds
    only what changed (replay/patches.py says how to apply them)."""
    log = recount.log(match_id)
    perspective = recount.perspective(log, bearer_token, as_)
    return frames.page(frame_cache(recount), log, perspective, access.label(perspective), start, end, limit, patches)


@get("/matches/{match_id:str}/live", media_type="text/event-stream", operation_id="followLive", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
async def live_frames(
    request: Request, recount: RecountApp, bearer_token: BearerToken,
    match_id: FromPath[str],
    as_: AsParam = None,
    token: Annotated[str | None, QueryParameter(description="a seat or write token, for readers that cannot send headers (EventSource)")] = None,
    # schema_extra: Litestar drops the bound of an optional parameter that has a description.
    after: Annotated[int | None, QueryParameter(ge=0, description="the last step the reader has (default: the latest)", schema_extra={"minimum": 0})] = None,
    patches: Annotated[bool, QueryParameter(description="frames as patches of the step before (the reader has it), and the standings whenever they change")] = False,
    standings_patches: Annotated[bool, QueryParameter(description="with patches: the standings as `standings_patch`, a patch of those as of the step before the message's first frame, rather than whole")] = False,
) -> Stream:
    """Server-sent events: `frames` as each step is recorded, `finished` when the match
    ends. A reconnecting EventSource resumes after its Last-Event-ID. With `patches`,
    each `frames` message carries `standings` when they differ from those as of the
    step before its first frame (with `standings_patches`, as a patch of those), and,
    for a token that records (the write token, or a seat token: its seat's own), `allowed`:
    what the rules allow it after its last step (the choices of `GET /matches/{id}/allowed`) as a patch
    of what they allowed at the step before its first frame, so a recording page needs
    no other read after a step."""
    # The first read of a match loads it from the store: keep that off the event loop.
    log = await asyncio.to_thread(recount.log, match_id)
    reader = bearer_token or token
    # A newcomer's seat token may be found only in the past of a log loaded from a snapshot.
    perspective = await asyncio.to_thread(recount.perspective, log, reader, as_)
    # Who records through this stream (None: nobody): the write token, or a seat token for its seat's own actions.
    recorder = await asyncio.to_thread(_recorder, log, reader) if patches and reader is not None else None
    allowed = None if recorder is None else allowed_cache(recount) if recorder.seat is None else SeatAllowed(seats_allowed_cache(recount), recorder.seat)
    seen_as = access.label(perspective)
    resume = request.headers.get("last-event-id", "")
    seen = int(resume) if resume.isdigit() else (after if after is not None else log.version)

    cache = frame_cache(recount)

    def frames_after(step: int) -> frames.FramePage:
        log = recount.log(match_id)
        if not patches:
            return frames.page(cache, log, perspective, seen_as, step + 1, None)
        page = frames.page(cache, log, perspective, seen_as, step + 1, None, patches=True, continuing=True)
        if not page.frames or page.next_step is not None:
            return page
        now = standings_cache(recount).at(log, page.version)
        changed = step < 1 or now != standings_cache(recount).at(log, step)
        return frames.LivePage(
            **msgspec.structs.asdict(page),
            standings=now if changed and not standings_patches else None,
            standings_patch=steps.step_patch(standings_cache(recount), log, step, page.version) if changed and standings_patches else None,
            # As a patch of what the step before the page allowed (the reader has it): a tap's choices are a few hundred bytes, not 16 kB.
            allowed=steps.step_patch(allowed, log, step, page.version) if allowed is not None else None,  # type: ignore[arg-type]
        )

    def serve(write: live_reader.Write) -> Awaitable[None]:
        # Readers of each form have a channel of their own, and each recorder too (the write token, each seat token):
        # its messages carry the actions it may record.
        records_as = None if recorder is None else (recorder.seat,)
        return broadcaster(recount).serve(match_id, (perspective, patches, standings_patches, records_as), frames_after, seen, write, first=RECONNECT)

    # A recorder's channel (its own allowed actions ride on it) has one reader as a rule: its
    # messages are compressed for that connection alone when it accepts gzip. A follower's
    # go out as encoded once for every reader of their channel.
    zipped = recorder is not None and accepts_gzip(request.headers.get("accept-encoding", ""))
    headers = {"Cache-Control": "no-cache", **({"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if zipped else {})}
    return LiveStream(serve, zipped=zipped, media_type="text/event-stream", headers=headers)


def accepts_gzip(accepted: str) -> bool:
    """Whether an Accept-Encoding header takes gzip: named, else by `*`, with a quality above 0."""
    qualities = {}
    for part in accepted.lower().split(","):
        coding, _, params = part.partition(";")
        params = params.strip()
        qualities[coding.strip()] = _quality(params.removeprefix("q=")) if params.startswith("q=") else 1.0
    return qualities.get("gzip", qualities.get("*", 0.0)) > 0


def _quality(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 0.0


def _recorder(log: Any, token: str) -> access.Recorder | None:
    """Who `token` records as (the write token, or a seat token), None if it records nothing."""
    try:
        return access.authorize_record(log, token, read_past=True)
    except (Forbidden, Unauthenticated):
        return None


class LiveStream(Stream):
    """A stream the channel writes to itself (replay/live.py): each message, encoded
    once per perspective, goes straight to the ASGI `send`, where `Stream` would
    resume an iterator per reader and message, and `ServerSentEvent` encode it again."""

    def __init__(self, serve: Callable[[live_reader.Write], Awaitable[None]], zipped: bool = False, **kwargs: Any):
        super().__init__((), **kwargs)
        self.serve = serve
        self.zipped = zipped

    def to_asgi_response(self, *args: Any, **kwargs: Any) -> _LiveBody:  # type: ignore[override]
        return _LiveBody(super().to_asgi_response(*args, **kwargs), self.serve, self.zipped)


class _LiveBody:
    """The headers as Litestar makes them, then the body from `serve` until it returns
    (the match is over, or could not be read: the reader reconnects) or the reader goes."""

    def __init__(self, streaming: ASGIResponse, serve: Callable[[live_reader.Write], Awaitable[None]], zipped: bool = False):
        self.streaming = streaming
        self.serve = serve
        # gzip of this connection's messages, each flushed whole (Z_SYNC_FLUSH) so the reader
        # reads it as soon as it is sent; the same level the API's answers get.
        self.compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS) if zipped else None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.streaming.start_response(send=send)
        compressor = self.compressor

        def write(data: bytes) -> Coroutine[Any, Any, None]:
            if compressor is not None:
                data = compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
            return send({"type": "http.response.body", "body": data, "more_body": True})

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        serving, watching = asyncio.ensure_future(self.serve(write)), asyncio.ensure_future(gone())
        try:
            await asyncio.wait((serving, watching), return_when=asyncio.FIRST_COMPLETED)
        finally:
            serving.cancel()
            watching.cancel()
        if not serving.done() or serving.cancelled():
            return  # the reader went
        if serving.exception() is not None:
            # Headers are out: no error reply can follow. Returning unfinished makes
            # the server close the connection, and the EventSource reconnect.
            logger.warning("a live stream failed", exc_info=serving.exception())
            return
        await send({"type": "http.response.body", "body": compressor.flush() if compressor is not None else b"", "more_body": False})


def viewer_routes() -> list[Any]:
    return [
        index_page,
        replay_page,
        record_page,
        service_worker,
        record_manifest,
        match_frames,
        live_frames,
        create_static_files_router(path="/static", directories=[STATIC]),
    ]
