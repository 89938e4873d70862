"""The recording page's offline routes: its service worker at /sw.js (its cache named by
a digest of the static files, listing them to keep) and its web app manifest."""

from __future__ import annotations

import json
import re
from typing import Any

from service.web import viewer


def test_the_service_worker_is_served_from_the_root_with_the_files_it_keeps(client: Any) -> None:
    reply = client.get("/sw.js")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/javascript")
    assert reply.headers["cache-control"] == "no-cache"  # a new worker is seen on the next load
    kept = json.loads(re.search(r"const ASSETS = (\[.*?\]);", reply.text).group(1))
    assert {"record.html", "record.js", "record-outbox.js", "record-offline.js", "match-client.js", "icon.svg"} <= set(kept)
    assert "sw.js" not in kept
    assert "__VERSION__" not in reply.text


def test_a_changed_static_file_names_another_cache(client: Any, tmp_path: Any, monkeypatch: Any) -> None:
    version = lambda: re.search(r'const VERSION = "(\w+)"', client.get("/sw.js").text).group(1)  # noqa: E731
    for path in viewer.STATIC.iterdir():
        if path.is_file():
            (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(viewer, "STATIC", tmp_path)
    before = version()
    (tmp_path / "record.js").write_text((tmp_path / "record.js").read_text() + "\n// changed\n")
    assert version() != before


def test_the_manifest_opens_this_matchs_recording_page(client: Any) -> None:
    reply = client.get("/record/m_abc/manifest.webmanifest")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/manifest+json")
    manifest = reply.json()
    assert manifest["start_url"] == "/record/m_abc"
    assert manifest["display"] == "standalone"
    assert manifest["icons"][0]["src"] == "/static/icon.svg"
    assert client.get(manifest["icons"][0]["src"]).status_code == 200
