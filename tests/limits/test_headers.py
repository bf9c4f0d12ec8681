"""X-RateLimit-* headers on every kind of response after authentication (docs/design.md §7)."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.support.api import error_codes, post
from tests.support.live import LiveServer

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
READ = "{ travelProviders(pagination: {take: 1}) { id } }"


def raw(server: LiveServer, key: str, body: bytes) -> httpx.Response:
    return httpx.post(
        server.graphql_url,
        content=body,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )


def usage(response: httpx.Response) -> tuple[int, int]:
    """(limit, remaining), after checking that all three headers are there and sane."""
    assert all(h in response.headers for h in HEADERS), dict(response.headers)
    reset = int(response.headers["X-RateLimit-Reset"])
    assert time.time() - 1 <= reset <= time.time() + 61
    return int(response.headers["X-RateLimit-Limit"]), int(
        response.headers["X-RateLimit-Remaining"]
    )


def test_success_carries_the_charged_quota(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    response = post(server, tenant.keys["traveler"], READ)
    assert response.status_code == 200
    assert "errors" not in response.json()
    assert usage(response) == (600, 599)


def test_a_field_error_carries_the_charged_quota(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    # A traveler may not create providers: FORBIDDEN at field level, the write was still tried.
    response = post(
        server,
        tenant.keys["traveler"],
        'mutation { createTravelProvider(input: {name: "No", type: HOST}) { id } }',
    )
    assert response.status_code == 200
    assert error_codes(response) == ["FORBIDDEN"]
    assert usage(response) == (60, 59)


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b'{"query": "{ travelProviders { id "}',
        b'{"query": "{ noSuchField }"}',
        b'{"query": "query A { __typename } query B { __typename }"}',
        b'{"query": "{ travelProviders { ' + b"a: id " * 31 + b'} }"}',
    ],
    ids=["bad-json", "unparsable", "invalid", "no-operation-name", "over-a-query-limit"],
)
def test_a_refused_document_spends_a_read_unit(server: LiveServer, tenant, body: bytes) -> None:  # type: ignore[no-untyped-def]
    """Parsing and validating cost work: an authenticated request that reaches them is charged
    one `read` unit even when its document is refused (whitespace defeats the document cache,
    so an unpaid invalid document could be sent again and again)."""
    key = tenant.keys["traveler"]
    for spent in (1, 2):
        response = raw(server, key, body)
        assert response.status_code == 400, response.text
        assert error_codes(response)[0] == "VALIDATION_ERROR"
        assert usage(response) == (600, 600 - spent)
    assert usage(post(server, key, READ)) == (600, 597)


def test_a_413_carries_the_read_quota(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    body = b'{"query": "{ __typename }' + b" " * 70_000 + b'"}'
    response = raw(server, tenant.keys["traveler"], body)
    assert response.status_code == 413
    assert usage(response) == (600, 600)


def test_variables_that_do_not_fit_are_400_and_charged(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    query = "query ($p: TravelPaginationInput) { travelProviders(pagination: $p) { id } }"
    response = post(server, tenant.keys["traveler"], query, {"p": {"take": "many"}})
    assert response.status_code == 400
    assert usage(response) == (600, 599)


def test_a_429_carries_the_exhausted_quota(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    key = tenant.keys["traveler"]
    query = "{ travelOverviewStats { totalBookings } }"
    with httpx.Client(headers={"Authorization": f"Bearer {key}"}) as client:
        for _ in range(30):
            client.post(server.graphql_url, json={"query": query})
    response = post(server, key, query)
    assert response.status_code == 429
    assert error_codes(response) == ["RATE_LIMITED"]
    assert int(response.headers["Retry-After"]) >= 1
    assert usage(response) == (30, 0)


def test_a_401_carries_no_quota(server: LiveServer) -> None:
    response = post(server, "trv_not-a-real-key", READ)
    assert response.status_code == 401
    assert not any(h in response.headers for h in HEADERS)
