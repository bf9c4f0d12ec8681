"""Where webhooks may be sent: public http(s) addresses only, checked when an endpoint is added
and again before every delivery (a name can resolve elsewhere later).

Whoever can add an endpoint chooses where the dispatcher connects: without this check it would
call loopback services, the cloud metadata address, or the private network on their behalf.
`TRAVEL_WEBHOOK_ALLOW_PRIVATE=1` lifts the address check for tests and local development — it is
unsafe in production. Known limit: between the check and the connection a name could be
re-resolved to another address (DNS rebinding); the per-delivery check narrows, not closes, it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

from travel.errors import ValidationError


def check_form(url: str) -> str:
    """The URL, stripped, if it is an absolute http(s) URL without credentials in it."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError("url must be an absolute http:// or https:// URL", field="url")
    if parts.username is not None or parts.password is not None:
        raise ValidationError(
            "url must not carry a user name or password (sign requests with the secret)",
            field="url",
        )
    try:
        parts.port  # noqa: B018  (raises on a port out of range)
    except ValueError:
        raise ValidationError("url has an invalid port", field="url") from None
    return url


async def check_target(url: str, *, allow_private: bool) -> str:
    """`check_form`, then — unless `allow_private` — every address the host resolves to must be
    public (not loopback, private, link-local such as 169.254.169.254, shared, multicast or
    reserved)."""
    url = check_form(url)
    if allow_private:
        return url
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise ValidationError(f"url's host {host!r} does not resolve", field="url") from None
    for *_, address in found:
        ip = ipaddress.ip_address(address[0])
        for reached in (ip, *embedded_ipv4(ip)):
            if not reached.is_global or reached.is_multicast:
                raise ValidationError(
                    f"url must reach a public address; {host!r} resolves to {ip} "
                    "(loopback, private, link-local or reserved)",
                    field="url",
                )
    return url


_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # RFC 6052's well-known prefix
_LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")  # RFC 8215: local use


def embedded_ipv4(
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address,
) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to, each checked by the same rules: mapped
    (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96; the local-use 64:ff9b:1::/48
    is refused whole), 6to4 (2002::/16) and Teredo (2001::/32: its server and client)."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return []
    low = ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
    found = []
    if ip.ipv4_mapped is not None:
        found.append(ip.ipv4_mapped)
    if int(ip) >> 32 == 0:  # IPv4-compatible (deprecated), and :: and ::1
        found.append(low)
    if ip in _NAT64:
        found.append(low)
    if ip in _LOCAL_NAT64:
        found.append(ipaddress.IPv4Address("0.0.0.0"))  # never global: refused
    if ip.sixtofour is not None:
        found.append(ip.sixtofour)
    if ip.teredo is not None:
        found.extend(ip.teredo)
    return found
