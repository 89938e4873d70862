"""A text file's characters, whichever editor saved it: Windows Notepad saves "Unicode"
as UTF-16 behind a byte order mark, and "UTF-8 with BOM"; both are the same text."""

from __future__ import annotations

import codecs
from collections.abc import Sequence

# UTF-16 is only ever told by its mark: without one, two bytes a character look like
# UTF-8 with a NUL every other byte, and are refused as not UTF-8.
_UTF16_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def decode(data: bytes, errors: str = "strict", fallbacks: Sequence[str] = ()) -> str:
    """The text of `data`: UTF-16 when it starts with a UTF-16 byte order mark, else UTF-8
    (a byte order mark dropped), else the first of `fallbacks` (codecs, a file format's
    `encodings`) it decodes in. UnicodeDecodeError when it is none of them (the last one's),
    unless `errors` (as bytes.decode takes it) says otherwise."""
    if data.startswith(_UTF16_MARKS):
        return data.decode("utf-16", errors)
    *earlier, last = ("utf-8-sig", *fallbacks)
    for codec in earlier:
        try:
            return data.decode(codec, errors)
        except UnicodeDecodeError:
            pass
    return data.decode(last, errors)
