"""The work one document can cause is bounded (docs/decisions/0086-resource-bounds.md): fragment
bombs, repeated fields and long documents are refused in about the time of an ordinary request
while other clients keep being answered; refused documents are remembered (not validated again)
and never stored with the valid ones; a refused document is charged once, as one read; a
workspace over its read quota is refused before its document is parsed."""

from __future__ import annotations

import dataclasses
import statistics
import threading
import time
from typing import Any

import httpx
import pytest

from tests.factories import Tenant, create_tenant, future_date, request_booking, tenant_listing
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from travel.settings import QueryLimits, Settings


def _timed(server: LiveServer, key: str, query: str, variables: Any = None) -> tuple[float, Any]:
    started = time.perf_counter()
    response = post(server, key, query, variables)
    return time.perf_counter() - started, response


def _baseline(server: LiveServer, key: str) -> float:
    """The median round trip of a small valid request, measured now (the tests' yardstick)."""
    return statistics.median(_timed(server, key, "{ __typename }")[0] for _ in range(15))


def _bomb(depth: int, body: str) -> str:
    """Fragments F1..F{depth}, each `body` with {p} standing for the previous one's name."""
    fragments = ["fragment F0 on TravelProvider { id name }"] + [
        f"fragment F{i} on TravelProvider {{ {body.format(i=i, p=f'F{i - 1}')} }}"
        for i in range(1, depth + 1)
    ]
    return f"query {{ travelProviders {{ ...F{depth} }} }} {' '.join(fragments)}"


def named_bomb(depth: int) -> str:
    """`F{i}` spreads `F{i-1}` twice: 2^depth copies of two fields when expanded."""
    return _bomb(depth, "...{p} ...{p}")


def inline_bomb(depth: int) -> str:
    """The same, every other spread wrapped in an inline fragment."""
    return _bomb(depth, "... on TravelProvider {{ ...{p} }} ...{p}")


def alias_bomb(depth: int) -> str:
    """Each fragment adds an alias of its own besides the two spreads."""
    return _bomb(depth, "a{i}: id ...{p} ...{p}")


def variable_bomb(depth: int) -> str:
    """A page of `$take` items around the named bomb (the cost estimate reads the variable)."""
    body = named_bomb(depth).removeprefix("query { travelProviders { ")
    return "query ($take: Int) { travelProviders(pagination: {take: $take}) { " + body


BOMBS = {
    "named": named_bomb,
    "inline": inline_bomb,
    "aliases": alias_bomb,
    "variables": variable_bomb,
}


@pytest.mark.parametrize("kind", sorted(BOMBS))
def test_fragment_bombs_are_refused_at_once_while_others_are_answered(
    server: LiveServer, module_tenant: Tenant, kind: str
) -> None:
    key = module_tenant.keys["traveler"]
    other = create_tenant(server)
    listing = tenant_listing(server, other)
    single = "query ($id: ID!) { travelProperty(id: $id) { id name } }"
    yardstick = _baseline(server, key)

    answered: list[int] = []
    stop = threading.Event()

    def neighbour() -> None:
        with httpx.Client(timeout=30) as client:
            while not stop.is_set():
                response = client.post(
                    server.graphql_url,
                    json={"query": single, "variables": {"id": str(listing)}},
                    headers={"Authorization": f"Bearer {other.keys['traveler']}"},
                )
                answered.append(response.status_code)

    thread = threading.Thread(target=neighbour)
    thread.start()
    try:
        for depth in (10, 20, 25, 40, 60):
            took, response = _timed(server, key, BOMBS[kind](depth), {"take": 100})
            assert response.status_code == 400, response.text
            assert error_codes(response) == ["VALIDATION_ERROR"]
            message = response.json()["errors"][0]["message"]
            assert "maximum" in message or "too complex" in message, message
            # Before: 3 s at depth 20, over 40 s at 25, the event loop blocked throughout.
            assert took < 25 * yardstick + 0.05, (depth, took, yardstick)
    finally:
        stop.set()
        thread.join()
    assert answered
    assert set(answered) == {200}, answered


def test_repeated_fields_are_refused_before_validation_compares_them(
    server: LiveServer, module_tenant: Tenant
) -> None:
    key = module_tenant.keys["traveler"]
    yardstick = _baseline(server, key)
    # 490 copies took 0.4-0.8 s to validate (graphql-core compares every two of them).
    repeated = "{ travelViewer { " + " ".join("workspace { id }" for _ in range(490)) + " } }"
    took, response = _timed(server, key, repeated)
    assert response.status_code == 400
    assert "'workspace' more than 10 times" in response.json()["errors"][0]["message"]
    assert took < 25 * yardstick + 0.05, (took, yardstick)
    # Merged by name as validation merges them: 10 lists of 10 providers are 100 `provider`s.
    merged = (
        "{ "
        + " ".join(
            "travelProperties { " + " ".join("provider { id }" for _ in range(10)) + " }"
            for _ in range(10)
        )
        + " }"
    )
    response = post(server, key, merged)
    assert "'provider' more than 10 times" in response.json()["errors"][0]["message"]
    # Ten copies are fine.
    ten = "{ travelViewer { " + " ".join("workspace { id }" for _ in range(10)) + " } }"
    assert post(server, key, ten).status_code == 200


def test_a_long_document_is_refused_unread(
    settings: Settings, server: LiveServer, module_tenant: Tenant
) -> None:
    """(The test servers take bodies of 64 KiB: this one reads documents of 1,000 characters.)"""
    key = module_tenant.keys["traveler"]
    limits = QueryLimits(max_document_chars=1000)
    short = LiveServer(dataclasses.replace(settings, query_limits=limits)).start()
    try:
        assert post(short, key, "{ __typename } #" + "x" * 980).status_code == 200
        response = post(short, key, "{ __typename } #" + "x" * 985)
        assert response.status_code == 400
        assert error_codes(response) == ["VALIDATION_ERROR"]
        assert "longer than the maximum of 1000 characters" in response.text
    finally:
        short.stop()


def _cache_entries(server: LiveServer, cache: str) -> float:
    for line in httpx.get(server.metrics_url, timeout=10).text.splitlines():
        if line.startswith(f'travel_cache_entries{{cache="{cache}"}} '):
            return float(line.split()[-1])
    return 0.0


def test_a_refused_document_is_remembered_apart_and_not_validated_again(
    settings: Settings, server: LiveServer, module_tenant: Tenant
) -> None:
    """On a server of its own (the session's has a full cache of refused documents)."""
    key = module_tenant.keys["traveler"]
    fresh = LiveServer(settings).start()
    try:
        documents = fresh.services.documents
        invalid = "{ travelProviders { id nosuchfield } } # refused-once"
        first = post(fresh, key, invalid)
        assert first.status_code == 400
        assert (len(documents._entries), len(documents._refused)) == (0, 1)
        remembered = documents.lookup(invalid)
        again = post(fresh, key, invalid)
        assert again.json() == first.json()  # the same errors, from the refused documents
        assert (len(documents._entries), len(documents._refused)) == (0, 1)
        # Not validated again: validating makes a new entry in its place.
        assert remembered is not None
        assert documents.lookup(invalid) is remembered
    finally:
        fresh.stop()


def test_a_document_over_the_cost_limit_is_charged_once_as_a_read(
    server: LiveServer, module_tenant: Tenant
) -> None:
    admin = module_tenant.keys["admin"]
    stats = "{ travelOverviewStats { totalBookings } }"
    before = post(server, admin, stats)
    analytics_left = int(before.headers["X-RateLimit-Remaining"])
    reads_left = int(post(server, admin, "{ __typename }").headers["X-RateLimit-Remaining"])
    over = (
        "{ travelOverviewStats { totalBookings } "
        'travelProperties(pagination: {take: 100}) { description availability(from: "2027-01-01",'
        ' to: "2027-12-31") { date } } }'
    )
    refused = post(server, admin, over)
    assert refused.status_code == 400
    assert "cost estimate" in refused.text
    assert int(refused.headers["X-RateLimit-Remaining"]) == reads_left - 1  # one read
    after = post(server, admin, stats)
    assert int(after.headers["X-RateLimit-Remaining"]) == analytics_left - 1  # only this one


@pytest.mark.plan("free")
def test_over_its_read_quota_a_workspace_is_refused_before_parsing(
    settings: Settings, tenant: Tenant
) -> None:
    """The window is used up with a cached document; new documents are then answered 429
    without being parsed (nothing is added to either cache: on a server of its own, whose
    caches start empty); a new booking document still runs (it spends `book`, not `read`)."""
    key = tenant.keys["traveler"]
    fresh = LiveServer(settings).start()
    try:
        documents = fresh.services.documents
        with httpx.Client(timeout=30) as client:
            for _ in range(600):
                client.post(
                    fresh.graphql_url,
                    json={"query": "{ __typename }"},
                    headers={"Authorization": f"Bearer {key}"},
                )
        assert post(fresh, key, "{ __typename }").status_code == 429
        before = (len(documents._entries), len(documents._refused))
        for n in range(20):
            new = post(fresh, key, f"{{ travelViewer {{ subject }} }} # {n}")
            assert new.status_code == 429, new.text
            assert error_codes(new) == ["RATE_LIMITED"]
            assert new.json()["errors"][0]["extensions"]["action"] == "read"
            assert int(new.headers["Retry-After"]) >= 1
            invalid = post(fresh, key, f"{{ nosuchfield }} # {n}")
            assert invalid.status_code == 429
        assert (len(documents._entries), len(documents._refused)) == before
        listing = tenant_listing(fresh, tenant, units=3)
        booking = request_booking(
            fresh, key, listing, checkIn=future_date(20), checkOut=future_date(21)
        )
        assert booking.status_code == 200, booking.text
        assert booking.json()["data"]["createTravelBooking"]["status"] == "CONFIRMED"
    finally:
        fresh.stop()


def test_a_workspace_sending_big_bodies_is_refused_before_they_are_read(
    settings: Settings, server: LiveServer, module_tenant: Tenant
) -> None:
    """Past its burst of body bytes (200 KB here), a workspace's requests are 429 unread; another
    workspace is unaffected."""
    changed = dataclasses.replace(settings, body_bytes_per_second=1024, body_burst_bytes=200_000)
    budgeted = LiveServer(changed).start()
    other = create_tenant(server)
    try:
        big = "{ __typename } #" + "x" * 60_000
        statuses = [
            post(budgeted, module_tenant.keys["traveler"], big).status_code for _ in range(5)
        ]
        assert statuses[:4] == [200, 200, 200, 200]
        assert statuses[4] == 429
        refused = post(budgeted, module_tenant.keys["traveler"], "{ __typename }")
        assert refused.status_code == 429
        assert "Too many request bytes" in refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        assert post(budgeted, other.keys["traveler"], big).status_code == 200
    finally:
        budgeted.stop()


def test_the_cost_of_a_fragment_bomb_is_estimated_in_linear_time(server: LiveServer) -> None:
    """The estimate walks each fragment once. (Validation refuses bombs before the estimate
    runs; this calls the estimator on a bomb's parsed document directly, in a thread: walked
    as if expanded, depth 60 would never finish.)"""
    from graphql import parse

    from travel.graphql.documents import PreparedDocument

    document = parse(named_bomb(60))
    prepared = PreparedDocument(
        document=document, errors=[], operations={None: document.definitions[0]}
    )  # type: ignore[dict-item]
    estimates: list[int] = []
    thread = threading.Thread(
        target=lambda: estimates.append(
            server.services.cost.estimate(prepared, prepared.operations[None], {})
        ),
        daemon=True,
    )
    thread.start()
    thread.join(timeout=10)
    assert estimates, "the estimate did not finish"
    # 20 providers (the default page) x 2^60 copies of two fields (1 unit each), + the list.
    assert estimates[0] == 1 + 20 * 2 * 2**60
