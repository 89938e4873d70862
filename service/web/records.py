"""Records that travel and settle disputes: a match exported as JSON Lines
and imported back (checked), the server's signing key and a finished match's signed
standings, and the players' confirmations and disputes kept beside each match."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from service.errors import Malformed
from service.records import claimsstore, export, heavy, signing, textfiles
from service.records.claims import ClaimedPlacing
from service.records.claimsstore import Confirmations, Dispute
from service.records.signing import Certificate, PublicKey
from service.usecases.results import Created
from service.web.params import TOKEN_NEEDED, TOKEN_OPTIONAL, BearerToken, RecountApp, errors_documented

# An import body is a whole match's record: larger than an append's, still bounded.
IMPORT_BODY_MAX = 16 * 1024 * 1024
CLAIM_BODY_MAX = 64 * 1024
NDJSON = "application/x-ndjson"


class DisputeClaim(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The standings a player claims instead of the recorded ones."""

    placings: list[ClaimedPlacing]


class Imported(msgspec.Struct, frozen=True, kw_only=True):
    match_id: str
    match_ids: list[str]


@get("/keys/signing", sync_to_thread=True, operation_id="getSigningKey", responses=errors_documented(503))
def signing_key(recount: RecountApp) -> PublicKey:
    """The server's public key (Ed25519, PEM) that certificates are signed with."""
    return signing.public_key(signing.server_key(recount))


@get("/matches/{match_id:str}/certificate", sync_to_thread=True, operation_id="getCertificate", responses=errors_documented(404, 409, 503))
def match_certificate(recount: RecountApp, match_id: FromPath[str]) -> Certificate:
    """The final standings, the last step and its chain hash, signed with the server's
    key (409 while the match runs)."""
    return export.certificate(recount, match_id)


@get("/matches/{match_id:str}/export", sync_to_thread=True, media_type=NDJSON, operation_id="exportMatch", security=TOKEN_OPTIONAL, responses=errors_documented(400, 401, 403, 404, 503))
def export_match(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> Response[bytes]:
    """The match as JSON Lines: a header, then each event with its recorded metadata
    (the write token, or anyone once the match is over and its hands are not private)."""
    export.may_export(recount, match_id, bearer_token)
    body = b"".join(export.export_lines(recount, match_id))
    return Response(body, media_type=NDJSON, headers={"Content-Disposition": f'attachment; filename="{match_id}.jsonl"'})


@post(
    "/imports", status_code=201, operation_id="importMatches", request_max_body_size=IMPORT_BODY_MAX, responses=errors_documented(400, 409, 413, 422, 503),
    raw_body=(NDJSON, "a JSON Lines export (GET /matches/{match_id}/export): a header line, then one event a line"),
)
async def import_matches(
    request: Request, recount: RecountApp,
    allow_unchained: Annotated[bool, QueryParameter(description="accept events recorded before the hash chain existed")] = False,
) -> Imported:
    """Record the matches of a JSON Lines export (its body), every action checked and
    the chain verified; a bad line is a 422 naming it, and nothing is recorded. A match
    stored already is a 409 before any check; a file of more than 20,000 events
    (corrections included) is a 413; the check runs in the server's pool of heavy work,
    and a 503 with Retry-After says it is full."""
    body = await request.body()
    work = heavy.pool()
    named = await work.run(heavy.named_in, body)
    await asyncio.to_thread(export.refuse_stored, recount, named)  # 409 before any check
    ready = await work.run(heavy.checked_import, body, allow_unchained)
    ids = await asyncio.to_thread(_no_stop_iteration, export.store_checked, recount, ready)
    return Imported(match_id=ids[0], match_ids=ids)


@post(
    "/imports/notation", status_code=201, operation_id="importNotation", request_max_body_size=IMPORT_BODY_MAX, responses=errors_documented(400, 413, 422, 503),
    raw_body=("text/plain", "a notation file (docs/notation.md): a header of tags, then one action a line"),
)
async def import_notation_file(request: Request, recount: RecountApp) -> Created:
    """A new match from its notation file (as `GET /matches/{match_id}/notation` writes it,
    or a person or another program): every line parsed and checked, then recorded whole
    with a new write token and seat tokens; a line that does not parse or that the rules
    refuse is a 422 naming it, and nothing is recorded. A file of more than 20,000 action
    lines is a 413; a 503 with Retry-After says the server's pool of heavy work is full."""
    body = await request.body()
    try:
        text = textfiles.decode(body)
    except UnicodeDecodeError as error:
        raise Malformed(f"a notation file is UTF-8 text, or UTF-16 behind its byte order mark (byte {error.start} is not)") from None
    created, records = await heavy.pool().run(heavy.checked_notation, text, recount.clock())
    await asyncio.to_thread(_no_stop_iteration, export.store_checked, recount, [records])
    return created


def _no_stop_iteration(function: Any, *args: Any) -> Any:
    """A StopIteration leaking out of `function` cannot be raised into the awaiting
    future: the request would never be answered. As a RuntimeError it is a 500 at least."""
    try:
        return function(*args)
    except StopIteration as error:
        raise RuntimeError(f"StopIteration out of {getattr(function, '__name__', function)}") from error


@post("/matches/{match_id:str}/confirmations", status_code=201, sync_to_thread=True, operation_id="confirmStandings", security=TOKEN_NEEDED, responses=errors_documented(400, 401, 403, 404, 409, 503))
def confirm_standings(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> Confirmations:
    """A player confirms the final standings (their seat token; once each; 409 while the match runs)."""
    return claimsstore.confirm(recount, match_id, bearer_token)


@get("/matches/{match_id:str}/confirmations", sync_to_thread=True, operation_id="listConfirmations", security=TOKEN_OPTIONAL, responses=errors_documented(400, 404, 503))
def list_confirmations(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str]) -> Confirmations:
    """Who has confirmed the final standings: "confirmed by 3 of 4" (with a seat token,
    `you` names that seat)."""
    return claimsstore.confirmations(recount, match_id, bearer_token)


@post("/matches/{match_id:str}/disputes", status_code=201, sync_to_thread=True, operation_id="raiseDispute", security=TOKEN_NEEDED, request_max_body_size=CLAIM_BODY_MAX, responses=errors_documented(400, 401, 403, 404, 409, 413, 422, 503))
def raise_dispute(recount: RecountApp, bearer_token: BearerToken, match_id: FromPath[str], data: JSONBody[DisputeClaim]) -> Dispute:
    """A player (their seat token) claims other standings; stored with the record's
    verdict: agree, or the first difference and the step that shows it."""
    return claimsstore.dispute(recount, match_id, bearer_token, data.placings)


@get("/matches/{match_id:str}/disputes", sync_to_thread=True, operation_id="listDisputes", responses=errors_documented(404, 503))
def list_disputes(recount: RecountApp, match_id: FromPath[str]) -> list[Dispute]:
    """The disputes raised on the match, each with its verdict."""
    return claimsstore.disputes(recount, match_id)


def records_routes() -> list[Any]:
    return [signing_key, match_certificate, export_match, import_matches, import_notation_file, confirm_standings, list_confirmations, raise_dispute, list_disputes]
