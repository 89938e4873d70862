"""What every bench shares: its command line (`--quick`: tiny sizes, a run of seconds,
for the test suite), a temporary folder of its own, a free port, and figures printed as
median [min–max] beside the machine's load. A helper, not a bench (it has no main)."""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def options(doc: str | None) -> argparse.Namespace:
    """The bench's command line: `--quick` for a run of a few seconds with tiny sizes
    (its figures say nothing of the speed; the test suite runs it so the bench keeps working)."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, a few seconds: checks that the bench runs, measures nothing")
    return parser.parse_args()


@contextmanager
def workdir(name: str) -> Iterator[Path]:
    """A new temporary folder for this run (never a fixed path another user could
    share), removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix=f"recount-bench-{name}-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"no server answered on port {port} within {seconds:.0f} s")


def spread(values: Iterable[float], form: str = ".2f") -> str:
    """median [min–max]"""
    values = list(values)
    return f"{statistics.median(values):{form}} [{min(values):{form}}–{max(values):{form}}]"


def machine_load() -> str:
    """The machine's load averages (1, 5, 15 min) and its cores: how busy the others kept it."""
    one, five, fifteen = os.getloadavg()
    return f"machine load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def rss_mb(pid: int | str = "self") -> int:
    """Resident memory of a process (Linux /proc), in MB."""
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) // 1024


CHROMIUM = "/usr/bin/chromium"  # Debian's: Playwright's own browser download does not work here


@contextmanager
def served_with_chromium(db: Path) -> Iterator[tuple[str, Any]]:
    """A bench server (`bench.serve`) on the store `db` in a process of its own, and headless
    Chromium: (the server's base URL, the browser). Both are stopped on the way out."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(db), str(port)])
    try:
        wait_for(port)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            try:
                yield f"http://127.0.0.1:{port}", browser
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
