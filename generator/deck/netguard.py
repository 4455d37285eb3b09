"""Where a sheet link may connect, and a deadline on the whole transfer.

A deck file is shared; its link is the sharer's choice. So the address a link's host name
resolves to is checked at the moment of connecting (for the first request and for every
redirect, whatever the scheme): plain ``http://`` may reach this computer only
(loopback), and no link may reach a link-local, private, shared, reserved or multicast
address (the cloud metadata service at ``169.254.169.254``, a router's admin page, a
company intranet) unless the deck's folder opts in with the file :data:`OPT_IN`.

The deadline is a timer that closes the connection when it fires: a server that drips a
byte every few seconds (each read well inside the read timeout) still ends at the
deadline, wherever the transfer is (headers or body).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

OPT_IN = Path(".deckpress") / "allow-private-sheets"  # in the deck's folder: private addresses allowed

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


CLOSED: Any = object()  # a marker first in the sockets' list once the deadline has passed


class AddressRefused(OSError):
    """A host name resolved to an address a sheet link may not reach."""


def private_allowed(folder: Path | None) -> bool:
    """Whether the deck's folder opted in to private-network sheet links."""
    return folder is not None and (folder / OPT_IN).is_file()


def _plain(address: Address) -> Address:
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:169.254.169.254 is 169.254.169.254
    return mapped if mapped is not None else address


def address_problem(address: str, scheme: str, private: bool) -> str | None:
    """Why a connection to ``address`` (an IP, as resolved) for ``scheme`` is refused; None: allowed."""
    try:
        ip = _plain(ipaddress.ip_address(address.split("%")[0]))
    except ValueError:
        return f"{address!r} is not an IP address"
    if ip.is_loopback:
        return None
    if scheme == "http":
        return f"plain http:// reaches this computer only, and the host resolves to {ip}"
    if ip.is_global and not ip.is_multicast:
        return None
    if private and (ip.is_private or ip.is_link_local) and not (ip.is_multicast or ip.is_unspecified):
        return None
    kind = ("link-local (a cloud metadata service)" if ip.is_link_local
            else "unspecified" if ip.is_unspecified
            else "multicast" if ip.is_multicast
            else "private-network" if ip.is_private else "reserved")
    return (f"the host resolves to {ip}, a {kind} address; a shared deck may not reach it "
            f"(create {OPT_IN.as_posix()} in the deck's folder to allow it)")


def _connector(scheme: str, private: bool, sockets: list[Any]) -> Callable[..., socket.socket]:
    def create_connection(where: tuple[str, int], timeout: Any = None, source_address: Any = None,
                          **_: Any) -> socket.socket:
        host, port = where
        refused: str | None = None
        failed: OSError | None = None
        for family, kind, proto, _name, address in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
            why = address_problem(str(address[0]), scheme, private)
            if why:
                refused = refused or why
                continue
            if sockets and sockets[0] is CLOSED:
                raise TimeoutError("the deadline passed")
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            try:
                if isinstance(timeout, (int, float)):
                    sock.settimeout(timeout)
                if source_address:
                    sock.bind(source_address)
                sock.connect(address)
                return sock
            except OSError as exc:
                sock.close()
                failed = exc
        if failed is not None:
            raise failed
        raise AddressRefused(refused or f"{host} has no address")

    return create_connection


def opener(private: bool, *handlers: Any) -> tuple[urllib.request.OpenerDirector, list[Any]]:
    """A urllib opener whose every connection (redirects too) goes through the address
    check, and the list of sockets it opened (for :class:`Deadline` to close)."""
    sockets: list[Any] = []

    class Http(http.client.HTTPConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = _connector("http", private, sockets)

    class Https(http.client.HTTPSConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = _connector("https", private, sockets)

    class HttpHandler(urllib.request.HTTPHandler):
        def http_open(self, req: Any) -> Any:
            return self.do_open(Http, req)

    class HttpsHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: Any) -> Any:
            return self.do_open(Https, req, context=self._context)  # type: ignore[attr-defined]

    return urllib.request.build_opener(HttpHandler(), HttpsHandler(), *handlers), sockets


class Deadline:
    """``with Deadline(60, sockets):`` closes every socket in ``sockets`` when 60 s have
    passed; ``expired`` says whether it did."""

    def __init__(self, seconds: float, sockets: list[Any]) -> None:
        self.seconds = seconds
        self.sockets = sockets
        self.expired = False
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def _fire(self) -> None:
        self.expired = True
        self.sockets.insert(0, CLOSED)  # no new connection (a redirect) after the deadline
        for sock in list(self.sockets[1:]):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
