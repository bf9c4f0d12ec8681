"""Webhook targets: only public http(s) addresses, checked when an endpoint is added and again
before each delivery, unless TRAVEL_WEBHOOK_ALLOW_PRIVATE=1 (tests, local development)."""

from __future__ import annotations

import asyncio

import pytest

from tests.factories import count_rows, create_workspace
from tests.support.cli import travel
from tests.support.live import LiveServer
from travel.errors import ValidationError
from travel.events.targets import check_target

REFUSED = [
    "http://127.0.0.1:9/hook",
    "http://localhost/hook",
    "http://0x7f000001/hook",  # 127.0.0.1 spelled in hex
    "http://2130706433/hook",  # ... and as one number
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://169.254.169.254/latest/meta-data",  # cloud metadata
    "http://10.0.0.8/hook",
    "http://192.168.1.1/hook",
    "http://172.16.0.1/hook",
    "http://100.64.0.1/hook",  # carrier-grade NAT
    "http://0.0.0.0/hook",
    "http://[::127.0.0.1]:5120/h",  # IPv4-compatible
]
# IPv6 addresses that lead to an IPv4 one, checked by the IPv4 rules (a few also go through
# `travel webhook add` above; all of them through the check itself here).
EMBEDDED = [
    "http://[::127.0.0.1]:5120/h",  # IPv4-compatible
    "http://[::ffff:10.0.0.1]/h",  # IPv4-mapped
    "http://[64:ff9b::7f00:1]:5120/h",  # NAT64, well-known prefix
    "http://[64:ff9b::a9fe:a9fe]/h",  # ... to the cloud metadata address
    "http://[64:ff9b:1::7f00:1]/h",  # NAT64, local-use prefix
    "http://[2002:7f00:1::]:5120/h",  # 6to4 of 127.0.0.1
    "http://[2002:a00:1::]/h",  # 6to4 of 10.0.0.1
    "http://[2001:0:7f00:1:0:0:f5ff:fffe]/h",  # Teredo: server 127.0.0.1, client 10.0.0.1
]


@pytest.mark.parametrize("url", REFUSED)
def test_private_and_loopback_targets_are_refused_by_travel_webhook_add(
    server: LiveServer, cli_env: dict[str, str], url: str
) -> None:
    workspace = create_workspace(server)
    env = {**cli_env, "TRAVEL_WEBHOOK_ALLOW_PRIVATE": "0"}
    result = travel(env, "webhook", "add", "--workspace", str(workspace.id), "--url", url)
    assert result.returncode == 1, result.stdout
    assert result.stderr.startswith("error: url must reach a public address"), result.stderr
    assert "Traceback" not in result.stderr
    assert count_rows(server, "webhook_endpoints", workspace) == 0


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://user:secret@example.com/hook", "must not carry a user name or password"),
        ("ftp://example.com/hook", "absolute http:// or https:// URL"),
        ("http://example.com:99999/hook", "invalid port"),
        ("http:///no-host", "absolute http:// or https:// URL"),
    ],
)
def test_malformed_targets_are_refused_even_when_private_ones_are_allowed(
    server: LiveServer, cli_env: dict[str, str], url: str, message: str
) -> None:
    workspace = create_workspace(server)
    result = travel(cli_env, "webhook", "add", "--workspace", str(workspace.id), "--url", url)
    assert result.returncode == 1
    assert message in result.stderr
    assert count_rows(server, "webhook_endpoints", workspace) == 0


@pytest.mark.parametrize("url", EMBEDDED)
def test_ipv6_addresses_embedding_a_private_ipv4_are_refused(url: str) -> None:
    with pytest.raises(ValidationError, match="must reach a public address"):
        asyncio.run(check_target(url, allow_private=False))


def test_public_addresses_pass_the_check() -> None:
    # Address literals need no DNS (the machine has no outside network).
    for url in ("https://93.184.215.14/hook", "http://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/h"):
        assert asyncio.run(check_target(url, allow_private=False)) == url
