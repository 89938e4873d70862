"""Stores for tests: an application over an SQLite file or a PostgreSQL schema, a free
port, and a throwaway PostgreSQL cluster (tests/conftest.py starts one per session)."""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from service.store.match_store import MatchStore
from service.store.storage import env_for
from service.usecases.app import Recount


def open_recount(db: Path | str) -> Recount:
    """An application over an SQLite file or a postgresql:// URL."""
    return Recount(MatchStore(env_for(str(db))))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_bin() -> Path:
    """Debian's PostgreSQL binaries (`make test` installs the package when missing)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's postgresql package")


class PostgresCluster:
    """A throwaway PostgreSQL cluster: trusted local connections, no fsync (tests need
    no crash safety from it). Run as the `postgres` system user when we are root,
    since initdb refuses root."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="recount-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres")

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=60)

    def start(self) -> str:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder} -c fsync=off -c max_connections=200"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def fresh_schema(postgres_url: str) -> str:
    """A URL of a new, empty schema (cheaper than a database per test)."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return f"{postgres_url}?schema={name}"
