"""Concurrent requests with one credential share one lookup of it (and one error for a bad
one): when the cache entry is missing or expired under load, the database is read once, not
once per request. Counted on the server's own engines."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.factories import create_tenant, issue_key
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from tests.support.statements import statements

QUERY = "{ travelProperties(pagination: {take: 1}) { id } }"
CLIENTS = 12


def _key_reads(seen: list[str]) -> list[str]:
    return [statement for statement in seen if "api_keys" in statement]


def _together(server: LiveServer, key: str) -> list[Any]:
    start = threading.Barrier(CLIENTS)

    def client(_: int) -> Any:
        start.wait()
        return post(server, key, QUERY)

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        return list(pool.map(client, range(CLIENTS)))


def test_a_burst_with_a_new_key_reads_it_once(server: LiveServer) -> None:
    tenant = create_tenant(server, plan="enterprise")
    key = issue_key(server, tenant.workspace, roles=["traveler"]).secret
    with statements(server) as seen:
        responses = _together(server, key)
    lookups = _key_reads(seen)
    assert [r.status_code for r in responses] == [200] * CLIENTS
    assert all(error_codes(r) == [] for r in responses)
    assert len(lookups) == 1


def test_a_burst_with_a_bad_key_shares_the_refusal(server: LiveServer) -> None:
    tenant = create_tenant(server)
    real = issue_key(server, tenant.workspace, roles=["traveler"]).secret
    forged = real[: real.rindex("_") + 1] + "x" * 43
    with statements(server) as seen:
        responses = _together(server, forged)
    lookups = _key_reads(seen)
    assert [r.status_code for r in responses] == [401] * CLIENTS
    assert all(error_codes(r) == ["UNAUTHENTICATED"] for r in responses)
    # Refusals are not cached, so requests arriving after a lookup ended start the next one:
    # a burst costs a few lookups, never one per request.
    assert len(lookups) <= CLIENTS // 3
