"""Concurrent requests with one credential share one lookup of it (and one error for a bad
one): when the cache entry is missing or expired under load, the database is read once, not
once per request. Counted on the server's own engines."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from tests.factories import create_tenant, issue_key
from tests.support.api import error_codes, post
from tests.support.live import LiveServer

QUERY = "{ travelProperties(pagination: {take: 1}) { id } }"
CLIENTS = 12


@contextmanager
def key_lookups(server: LiveServer) -> Iterator[list[str]]:
    """The statements that read `api_keys`, executed inside the block."""
    engines = server.services.databases.main
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "api_keys" in statement:
            seen.append(statement)

    targets = {engines.reader.sync_engine, engines.writer.sync_engine}
    for target in targets:
        event.listen(target, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        for target in targets:
            event.remove(target, "before_cursor_execute", record)


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
    with key_lookups(server) as lookups:
        responses = _together(server, key)
    assert [r.status_code for r in responses] == [200] * CLIENTS
    assert all(error_codes(r) == [] for r in responses)
    assert len(lookups) == 1


def test_a_burst_with_a_bad_key_shares_the_refusal(server: LiveServer) -> None:
    tenant = create_tenant(server)
    real = issue_key(server, tenant.workspace, roles=["traveler"]).secret
    forged = real[: real.rindex("_") + 1] + "x" * 43
    with key_lookups(server) as lookups:
        responses = _together(server, forged)
    assert [r.status_code for r in responses] == [401] * CLIENTS
    assert all(error_codes(r) == ["UNAUTHENTICATED"] for r in responses)
    # Refusals are not cached, so requests arriving after a lookup ended start the next one:
    # a burst costs a few lookups, never one per request.
    assert len(lookups) <= CLIENTS // 3
