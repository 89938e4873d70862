"""Every bench runs: each bench/*.py with a `main` (the helpers, serve.py and common.py,
have none) is run as `python -m bench.X --quick`, tiny sizes, in a process of its own.
Only that it ends well and prints figures is asserted, never a speed: the figures of a
quick run on a shared machine mean nothing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
BENCHES = sorted(path.stem for path in BENCH.glob("*.py") if re.search(r"^def main\(", path.read_text(), re.M))


def test_the_benches_are_found() -> None:
    assert {"big_store", "record_path", "frames"} <= set(BENCHES)
    assert "serve" not in BENCHES and "common" not in BENCHES


@pytest.mark.parametrize("name", BENCHES)
def test_a_bench_runs_quick(name: str) -> None:
    done = subprocess.run([sys.executable, "-m", f"bench.{name}", "--quick"], cwd=BENCH.parent, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"bench.{name} --quick exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    assert re.search(r"\d", done.stdout), f"bench.{name} --quick printed no figure:\n{done.stdout}"
