"""Routes of the new-match page: the page itself, what a game system lets a new
match choose (`GET /systems/{name}`), and a link turned into a QR code (`POST /qr`).

The page builds its form from the ruleset's JSON schema and the game's words for it
(`setup_words`, domain/<game>/option_words.py): a new option in a game's `Ruleset`
(with its `msgspec.Meta(description=...)` quoting the rules text) and its words in the
game's package appear on the page without touching it; no game is named here. Creating the match is the ordinary
`POST /matches`: this module adds no second way to create one.
"""

from __future__ import annotations

import io
from typing import Annotated, Any

import msgspec
import segno
from litestar import Response, get, post
from litestar.params import FromPath, JSONBody

import domain
from domain.option_words import OptionWords
from domain.protocol import NAME_MAX, PLAYERS_MAX, TITLE_MAX, Rule
from service.errors import Malformed, NotFound
from service.web.address import address_route
from service.web.params import errors_documented
from service.web.viewer import page

# A link with a 32-character token and a long host name is well under this; more is
# not a link this page made. 600 Latin-1 characters fit a version 19 code at level M,
# which a phone still reads from a screen (a link of this page: version 5).
QR_TEXT_MAX = 600


class Mode(msgspec.Struct, frozen=True, kw_only=True):
    """A recording mode a system accepts, in words for the page."""

    value: str
    label: str


class Modes(msgspec.Struct, frozen=True, kw_only=True):
    """The modes of a system: `question` asks for the choice in a player's words;
    `default` is what the system takes when the setup names none (None: the setup must
    choose); `rule` is the sentence a refusal of another mode cites."""

    question: str
    choices: tuple[Mode, ...]
    default: str | None
    rule: Rule


class SystemSetup(msgspec.Struct, frozen=True, kw_only=True):
    """What a new match of one game system may choose: a named preset (each the full
    resolved ruleset), each option of the ruleset (its JSON schema, every property
    described with the rules text's sentence), and the recording mode; with the game's
    words for each (`sentence`, `preset_words`, `option_words`: domain/option_words.py)
    and `listed`, the game's place on the page (0 first)."""

    name: str
    title: str
    sentence: str
    listed: int
    default_preset: str
    presets: dict[str, Any]
    preset_words: dict[str, str]
    ruleset_schema: dict[str, Any]
    option_words: dict[str, OptionWords]
    modes: Modes
    limits: SetupLimits


class SetupLimits(msgspec.Struct, frozen=True, kw_only=True):
    """The bounds `POST /matches` holds a setup to (domain/protocol.py's `MatchSetup`), so
    the page's fields stop where the API does."""

    title: int = TITLE_MAX
    name: int = NAME_MAX
    players: int = PLAYERS_MAX


class QrRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=QR_TEXT_MAX, description="the link to encode")]


def ruleset_type(system: Any) -> type[msgspec.Struct]:
    """A system's Ruleset struct: the type of its presets (the protocol names no other)."""
    return type(next(iter(system.presets.values())))


def ruleset_schema(system: Any) -> dict[str, Any]:
    """The Ruleset's JSON schema with the struct's own definition inlined at the top,
    so a page reads `properties` without resolving `$ref`."""
    schema = msgspec.json.schema(ruleset_type(system))
    definitions = schema.pop("$defs", {})
    reference = schema.pop("$ref", "")
    top = definitions.pop(reference.rsplit("/", 1)[-1], {}) if reference else {}
    return {**top, **schema, **({"$defs": definitions} if definitions else {})}


@get("/new", include_in_schema=False, sync_to_thread=False)
def new_match_page() -> Response[bytes]:
    """The new-match page: choose a system, its preset, options, players and mode."""
    return page("new.html")


@get("/systems/{name:str}", sync_to_thread=False, responses=errors_documented(404))
def system_setup(name: FromPath[str]) -> SystemSetup:
    """What a new match of this game system may choose: presets, the ruleset's options
    as a JSON schema (each described by the rules text), and the recording modes."""
    system = domain.systems().get(name)
    if system is None:
        raise NotFound(f"there is no game system named {name!r} (known: {', '.join(sorted(domain.systems()))})")
    words = system.setup_words
    return SystemSetup(
        name=system.name,
        title=system.title,
        sentence=words.sentence,
        listed=words.listed,
        default_preset=next(iter(system.presets)),
        presets={preset: msgspec.to_builtins(ruleset) for preset, ruleset in system.presets.items()},
        preset_words=words.presets,
        ruleset_schema=ruleset_schema(system),
        option_words=words.options,
        modes=Modes(
            question=words.modes.question,
            choices=tuple(Mode(value=value, label=label) for value, label in words.modes.choices.items()),
            default=words.modes.default,
            rule=words.modes.rule,
        ),
        limits=SetupLimits(),
    )


@post("/qr", status_code=200, sync_to_thread=True, media_type="image/svg+xml", responses=errors_documented(400, 413))
def qr_code(data: JSONBody[QrRequest]) -> Response[bytes]:
    """A link as a QR code in SVG. POST, so a token in the link stays out of URLs and
    access logs; at most QR_TEXT_MAX characters."""
    try:
        code = segno.make(data.text, error="m", micro=False)
    except segno.DataOverflowError:
        # Characters outside Latin-1 take up to four bytes each: a text within the
        # character bound may still be more than a QR code holds.
        raise Malformed(f"the text is too long for a QR code ({len(data.text.encode())} bytes)") from None
    out = io.BytesIO()
    # omitsize: a viewBox only, so the page sizes the code with CSS.
    code.save(out, kind="svg", border=4, xmldecl=False, omitsize=True, svgclass="qr", lineclass=None, title="QR code")
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


def new_match_routes() -> list[Any]:
    return [new_match_page, system_setup, qr_code, address_route]
