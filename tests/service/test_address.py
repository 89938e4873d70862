"""The address the links a phone opens are built from (service/web/address.py): never one
only this computer can open when the table's phones could use another."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from service.web import address
from service.web.address import Listening, public_address

NETWORK = ["192.168.1.5", "172.17.0.1"]


@pytest.mark.parametrize(
    "request_base, listening, public_url, base, loopback",
    [
        # given the page opened at …, the service listening on …, $RECOUNT_PUBLIC_URL; then the links start with …
        ("http://192.168.1.5:8000", Listening("0.0.0.0", 8000), None, "http://192.168.1.5:8000", False),
        ("http://recount.example", None, None, "http://recount.example", False),
        ("http://127.0.0.1:8000", Listening("0.0.0.0", 8000), None, "http://192.168.1.5:8000", False),
        ("http://localhost:8000", Listening("0.0.0.0", 8000), None, "http://192.168.1.5:8000", False),
        ("http://[::1]:8000", Listening("::", 8000), None, "http://192.168.1.5:8000", False),
        ("http://127.0.0.1:8000", Listening("127.0.0.1", 8000), None, "http://127.0.0.1:8000", True),
        ("http://127.0.0.1:8000", Listening("127.0.0.1", 8000), "https://cards.example/", "https://cards.example", False),
        ("http://cards.example", Listening("127.0.0.1", 8000), "https://other.example", "http://cards.example", False),
        (None, Listening("0.0.0.0", 8001), None, "http://192.168.1.5:8001", False),
        (None, Listening("127.0.0.1", 8001), None, "http://127.0.0.1:8001", True),
        (None, Listening("127.0.0.1", 8001), "https://cards.example", "https://cards.example", False),
    ],
)
def test_the_links_start_with_an_address_a_phone_can_open(request_base, listening, public_url, base, loopback):
    found = public_address(request_base, listening, NETWORK, public_url)
    assert (found.base, found.loopback) == (base, loopback)
    assert found.base not in found.others
    assert all(other.split("//")[1].split(":")[0] in NETWORK for other in found.others)


def test_on_every_interface_the_other_network_addresses_are_offered():
    found = public_address("http://127.0.0.1:8000", Listening("0.0.0.0", 8000), NETWORK, None)
    assert found.others == ["http://172.17.0.1:8000"] and found.every_interface


def test_with_no_network_address_the_command_line_says_loopback_not_every_interface():
    found = public_address(None, Listening("0.0.0.0", 8000), [], None)
    assert found.base == "http://127.0.0.1:8000" and found.loopback and found.others == []


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.1.1", "localhost", "app.localhost", "::1", "[::1]", "0.0.0.0", "", None])
def test_loopback_hosts(host):
    assert address.is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.5", "10.0.0.2", "fe80::1", "laptop.local", "cards.example"])
def test_hosts_a_phone_may_open(host):
    assert not address.is_loopback(host)


def test_this_computers_network_addresses_are_ipv4_and_not_loopback():
    found = address.network_addresses()
    assert all(len(a.split(".")) == 4 and not address.is_loopback(a) for a in found)
    assert len(found) == len(set(found))


def test_the_route_answers_with_the_network_address_for_a_page_opened_at_loopback(client: TestClient, monkeypatch):
    monkeypatch.setattr(address, "network_addresses", lambda: list(NETWORK))
    monkeypatch.delenv(address.PUBLIC_URL_VARIABLE, raising=False)
    app = client.app
    app.state.listening = Listening("0.0.0.0", 8000)
    reply = client.get("/address", headers={"Host": "127.0.0.1:8000"})
    assert reply.status_code == 200
    assert reply.json() == {"base": "http://192.168.1.5:8000", "loopback": False, "others": ["http://172.17.0.1:8000"], "every_interface": True}
    app.state.listening = Listening("127.0.0.1", 8000)
    reply = client.get("/address", headers={"Host": "127.0.0.1:8000"}).json()
    assert reply["base"] == "http://127.0.0.1:8000" and reply["loopback"] and not reply["every_interface"]
    monkeypatch.setenv(address.PUBLIC_URL_VARIABLE, "https://cards.example")
    assert client.get("/address", headers={"Host": "127.0.0.1:8000"}).json()["base"] == "https://cards.example"
    assert client.get("/address", headers={"Host": "192.168.1.5:8000"}).json()["base"] == "http://192.168.1.5:8000"
