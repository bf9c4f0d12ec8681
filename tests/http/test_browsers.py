"""Browser clients: CORS for the allowed origins, preflights, the GraphQL-over-HTTP media type,
and the explorer page at the endpoint's own address."""

from __future__ import annotations

import httpx

from tests.factories import create_tenant
from tests.support.live import LiveServer

ALLOWED = "https://partner.example"  # tests/conftest.py: TRAVEL_CORS_ORIGINS of the test server
QUERY = {"query": "{ travelViewer { subject } }"}


def test_a_preflight_from_an_allowed_origin_is_granted(server: LiveServer) -> None:
    answer = httpx.options(
        server.graphql_url,
        headers={
            "Origin": ALLOWED,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert answer.headers["access-control-allow-methods"] == "POST"
    allowed = {h.strip().lower() for h in answer.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "access-control-allow-credentials" not in answer.headers  # header credentials only


def test_other_origins_get_no_permission(server: LiveServer) -> None:
    tenant = create_tenant(server)
    preflight = httpx.options(
        server.graphql_url,
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 204
    assert "access-control-allow-origin" not in preflight.headers
    answer = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={
            "Origin": "https://evil.example",
            "Authorization": f"Bearer {tenant.keys['host']}",
        },
    )
    assert "access-control-allow-origin" not in answer.headers


def test_an_allowed_origin_reads_the_answer_and_its_headers(server: LiveServer) -> None:
    tenant = create_tenant(server)
    answer = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={"Origin": ALLOWED, "Authorization": f"Bearer {tenant.keys['host']}"},
    )
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert answer.headers["vary"] == "Origin"
    exposed = answer.headers["access-control-expose-headers"]
    for header in ("X-Request-Id", "X-RateLimit-Remaining", "Retry-After", "Idempotent-Replayed"):
        assert header in exposed
    refused = httpx.post(server.graphql_url, json=QUERY, headers={"Origin": ALLOWED})
    assert refused.status_code == 401
    assert refused.headers["access-control-allow-origin"] == ALLOWED  # errors are readable too


def test_the_graphql_response_media_type_when_asked_for(server: LiveServer) -> None:
    tenant = create_tenant(server)
    auth = {"Authorization": f"Bearer {tenant.keys['host']}"}
    plain = httpx.post(server.graphql_url, json=QUERY, headers=auth)
    assert plain.headers["content-type"] == "application/json"
    asked = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={**auth, "Accept": "application/graphql-response+json, application/json;q=0.9"},
    )
    assert asked.status_code == 200
    assert asked.headers["content-type"] == "application/graphql-response+json"
    assert asked.json() == plain.json()
    invalid = httpx.post(
        server.graphql_url,
        json={"query": "{ nope }"},
        headers={**auth, "Accept": "application/graphql-response+json"},
    )
    assert invalid.status_code == 400
    assert invalid.headers["content-type"] == "application/graphql-response+json"


def test_a_browser_opening_the_endpoint_gets_the_explorer(server: LiveServer) -> None:
    page = httpx.get(server.graphql_url, headers={"Accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    other = httpx.get(server.graphql_url, headers={"Accept": "application/json"})
    assert other.status_code == 405
    assert other.headers["allow"] == "POST, OPTIONS"
