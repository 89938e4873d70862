"""The new-match page opened on the laptop that runs the service (127.0.0.1), as a table
starts: its links and QR codes name the address a phone can open (GET /address,
service/web/address.py), and when there is none yet the page says so and how to let phones in."""

from __future__ import annotations

import re
from typing import Any

import pytest

from service.web import address
from tests.support.browser import expect, open_new, seat_players

pytestmark = pytest.mark.browser

NETWORK = ["192.0.2.77", "198.51.100.9"]  # documentation addresses: nothing is sent to them


def test_on_loopback_only_the_page_warns_and_offers_the_network_address(phone: Any, served: Any, monkeypatch) -> None:
    monkeypatch.setattr(address, "network_addresses", lambda: list(NETWORK))
    monkeypatch.delenv(address.PUBLIC_URL_VARIABLE, raising=False)
    open_new(phone, served, "bid")
    port = served.url.rsplit(":", 1)[1]
    warning = phone.locator("#address")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Phones cannot open the links this page makes")
    expect(warning).to_contain_text("make run-lan")
    expect(warning.locator("a")).to_have_attribute("href", f"http://{NETWORK[0]}:{port}/new")
    assert phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_listening_everywhere_the_links_and_qr_codes_name_the_network_address(phone: Any, served: Any, monkeypatch) -> None:
    def listening_everywhere(request: Any) -> address.PublicAddress:
        url = request.url
        return address.public_address(f"{url.scheme}://{url.netloc}", address.Listening("0.0.0.0", url.port), list(NETWORK), None)

    monkeypatch.setattr(address, "for_request", listening_everywhere)
    port = served.url.rsplit(":", 1)[1]
    first, second = (f"http://{a}:{port}" for a in NETWORK)
    drawn: list[str] = []
    phone.on("request", lambda request: drawn.append(request.post_data_json["text"]) if request.url.endswith("/qr") else None)

    open_new(phone, served, "bid")
    note = phone.locator("#address")
    expect(note).to_contain_text(f"The links name {NETWORK[0]}:{port}")
    expect(note.locator("button")).to_have_count(2)
    seat_players(phone, ["Ann", "Ben", "Cy"])
    phone.locator('#modes input[value="full"]').check()
    phone.locator("#create").click()
    expect(phone.locator("#created")).to_be_visible()
    links = phone.locator("#links a.link")
    expect(links).to_have_count(5)
    expect(phone.locator(".qr-box svg")).to_have_count(5)
    hrefs = [links.nth(i).get_attribute("href") for i in range(5)]
    assert all(href.startswith(f"{first}/") for href in hrefs), hrefs
    assert sorted(drawn) == sorted(hrefs)

    # Another of the computer's addresses, chosen: the links are drawn again with it.
    note.locator("button", has_text=NETWORK[1]).click()
    expect(phone.locator(".link-card.record a.link")).to_have_attribute("href", re.compile(rf"^{second}/record/"))
    expect(links).to_have_count(5)
    assert all(links.nth(i).get_attribute("href").startswith(f"{second}/") for i in range(5))
