"""Concurrent requests with one credential share one lookup of it (and one error for a bad
one): when the cache entry is missing or expired under load, the database is read once, not
once per request. Counted on the server's own engines."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from tests.factories import create_tenant, issue_key
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from tests.support.statements import statements
from travel.settings import Settings

QUERY = "{ travelProperties(pagination: {take: 1}) { id } }"
CLIENTS = 12


@pytest.fixture(scope="module")
def remembering(server: LiveServer, settings: Settings) -> Iterator[LiveServer]:
    """A server that remembers credentials for 30 s: what these tests count is one lookup per
    credential, never one that expired while a loaded machine ran the requests (the suite's
    0.5 s did, in CI). `server` has migrated the database."""
    live = LiveServer(replace(settings, auth_cache_seconds=30)).start()
    yield live
    live.stop()


def _key_reads(seen: list[str]) -> list[str]:
    return [statement for statement in seen if "api_keys" in statement]


def _together(server: LiveServer, key: str) -> list[Any]:
    start = threading.Barrier(CLIENTS)

    def client(_: int) -> Any:
        start.wait()
        return post(server, key, QUERY)

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        return list(pool.map(client, range(CLIENTS)))


def test_a_burst_with_a_new_key_reads_it_once(remembering: LiveServer) -> None:
    tenant = create_tenant(remembering, plan="enterprise")
    key = issue_key(remembering, tenant.workspace, roles=["traveler"]).secret
    with statements(remembering) as seen:
        responses = _together(remembering, key)
    lookups = _key_reads(seen)
    assert [r.status_code for r in responses] == [200] * CLIENTS
    assert all(error_codes(r) == [] for r in responses)
    assert len(lookups) == 1


def test_a_burst_with_a_bad_key_shares_the_refusal(remembering: LiveServer) -> None:
    tenant = create_tenant(remembering)
    real = issue_key(remembering, tenant.workspace, roles=["traveler"]).secret
    forged = real[: real.rindex("_") + 1] + "x" * 43
    with statements(remembering) as seen:
        responses = _together(remembering, forged)
    lookups = _key_reads(seen)
    assert [r.status_code for r in responses] == [401] * CLIENTS
    assert all(error_codes(r) == ["UNAUTHENTICATED"] for r in responses)
    # The refusal is shared by the requests waiting on the lookup, then remembered briefly.
    assert len(lookups) == 1


def test_a_bad_key_sent_again_is_refused_without_a_lookup(remembering: LiveServer) -> None:
    tenant = create_tenant(remembering)
    real = issue_key(remembering, tenant.workspace, roles=["traveler"]).secret
    forged = real[: real.rindex("_") + 1] + "y" * 43
    with statements(remembering) as seen:
        answers = [post(remembering, forged, QUERY) for _ in range(5)]
    assert [error_codes(a) for a in answers] == [["UNAUTHENTICATED"]] * 5
    assert len(_key_reads(seen)) == 1


def test_an_address_with_too_many_failures_is_refused_before_any_lookup(
    settings: Settings,
) -> None:
    """Past its budget of failed authentications an address gets 429 with Retry-After for
    unknown credentials; a credential already cached keeps working."""
    limited = LiveServer(replace(settings, auth_failures_per_minute=3, auth_cache_seconds=30))
    limited.start()
    try:
        tenant = create_tenant(limited)
        good = tenant.keys["traveler"]
        assert post(limited, good, QUERY).status_code == 200  # cached from now on
        for n in range(3):
            bad = good[: good.rindex("_") + 1] + str(n) * 43
            assert error_codes(post(limited, bad, QUERY)) == ["UNAUTHENTICATED"]
        with statements(limited) as seen:
            refused = post(limited, good[: good.rindex("_") + 1] + "z" * 43, QUERY)
        assert refused.status_code == 429
        assert error_codes(refused) == ["RATE_LIMITED"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert _key_reads(seen) == []
        assert post(limited, good, QUERY).status_code == 200
    finally:
        limited.stop()
