"""A progress bar for the commands that work through many items (exports, imports of
JSON Lines and of UECda logs): rich's, on standard error when it is a terminal, nothing
otherwise. Its own module because both the records commands and the UECda import use
it, and neither imports the other."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A function to call after each item: a bar on a terminal, nothing otherwise."""
    if not sys.stderr.isatty() or total < 2:
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda: bar.advance(task)
