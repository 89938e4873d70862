"""The address a phone at the table can open. The links and QR codes handed out (the
new-match page's, the fixture matches' tokens file, the command line's) are built from
it, never from this computer's loopback address: a laptop runs the service and the
players' phones, on the same network, open what it hands out.

`public_address` decides: the address the page was opened at when a phone could open it
too; else $RECOUNT_PUBLIC_URL (a server behind a proxy); else this computer's network
address when the service listens on every interface; else the loopback address, said to
be one (the page then warns and says how to let phones in)."""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import subprocess
from urllib.parse import urlsplit

import msgspec
from litestar import Request, get

PUBLIC_URL_VARIABLE = "RECOUNT_PUBLIC_URL"
EVERY_INTERFACE = ("0.0.0.0", "::", "")
# A private address no packet is sent to: a UDP socket "connected" to it takes the source
# address of the route out (the wifi's, on a laptop), with no internet needed.
ROUTE_PROBE = ("10.254.254.254", 9)
INET = re.compile(r"\binet (?:addr:)?(\d{1,3}(?:\.\d{1,3}){3})")  # `ip -4 -o addr` and `ifconfig` alike


class Listening(msgspec.Struct, frozen=True):
    """Where the service listens (`recount serve --host --port`)."""

    host: str
    port: int


class PublicAddress(msgspec.Struct, frozen=True, kw_only=True):
    """`base`: what the links start with (scheme, host, port). `loopback`: it names this
    computer only, so a phone cannot open it. `others`: this computer's other network
    addresses, as bases. `every_interface`: the service listens on all of them (else a
    phone reaches them only once it is started with --host 0.0.0.0)."""

    base: str
    loopback: bool
    others: list[str]
    every_interface: bool


def is_loopback(host: str | None) -> bool:
    """A host only this computer can open: localhost, 127.0.0.0/8, ::1, or 0.0.0.0."""
    name = (host or "").strip("[]").lower()
    if name in ("", "localhost") or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, the one of the route out first.
    No new dependency and no internet: the route probe, the host name, and the system's
    own list of interfaces (`ip`, else `ifconfig`)."""
    found = [*_routed(), *_of_host_name(), *_of_interfaces()]
    return [address for address in dict.fromkeys(found) if not is_loopback(address)]


def _routed() -> list[str]:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ROUTE_PROBE)
        except OSError:  # no route out at all
            return []
        return [probe.getsockname()[0]]


def _of_host_name() -> list[str]:
    try:
        return [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


def _of_interfaces() -> list[str]:
    for command in (["ip", "-4", "-o", "addr", "show"], ["ifconfig"]):
        try:
            listed = subprocess.run(command, capture_output=True, text=True, timeout=2, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        return INET.findall(listed)
    return []


def public_address(request_base: str | None, listening: Listening | None, addresses: list[str], public_url: str | None) -> PublicAddress:
    """The base of the links to hand out. `request_base` is the address a page was opened at
    (None for the command line); `addresses` this computer's network addresses."""
    if request_base is not None:
        port = listening.port if listening else urlsplit(request_base).port
    else:
        assert listening is not None, "the command line knows where it listens"
        port = listening.port
    scheme = urlsplit(request_base).scheme if request_base else "http"
    network = [f"{scheme}://{address}" + (f":{port}" if port else "") for address in addresses]
    every = listening is not None and listening.host in EVERY_INTERFACE
    if request_base is not None and not is_loopback(urlsplit(request_base).hostname):
        base = request_base
    elif public_url:
        base = public_url.rstrip("/")
    elif every and network:
        base = network[0]
    elif request_base is not None:
        base = request_base
    else:
        assert listening is not None
        host = "127.0.0.1" if every else listening.host
        base = f"http://{f'[{host}]' if ':' in host else host}:{listening.port}"
    return PublicAddress(
        base=base,
        loopback=is_loopback(urlsplit(base).hostname),
        others=[other for other in network if other != base],
        every_interface=every,
    )


def for_request(request: Request) -> PublicAddress:
    url = request.url
    listening = request.app.state.get("listening")
    return public_address(f"{url.scheme}://{url.netloc}", listening, network_addresses(), os.environ.get(PUBLIC_URL_VARIABLE))


def for_command_line(listening: Listening) -> PublicAddress:
    return public_address(None, listening, network_addresses(), os.environ.get(PUBLIC_URL_VARIABLE))


@get("/address", sync_to_thread=True, operation_id="getPublicAddress")
def address_route(request: Request) -> PublicAddress:
    """The address the links and QR codes a phone opens are built from: this page's own
    when a phone can open it, else the service's network address or $RECOUNT_PUBLIC_URL;
    `loopback` says when it is still one only this computer can open."""
    return for_request(request)
