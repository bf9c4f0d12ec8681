"""The endpoint's HTTP contract: statuses, codes, headers, limits, masking."""

from __future__ import annotations

import logging

import httpx
import pytest
from graphql import GraphQLField, GraphQLObjectType, GraphQLSchema, GraphQLString

from tests.factories import count_rows
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from travel.graphql.documents import DocumentCache


def _post_raw(server: LiveServer, key: str, body: bytes, **headers: str) -> httpx.Response:
    return httpx.post(
        server.graphql_url,
        content=body,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json", **headers},
    )


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"{not json", "JSON"),
        (b"[1, 2]", "JSON object"),
        (b'{"variables": {}}', "query"),
        (b'{"query": "{ travelProviders { id } }", "variables": [1]}', "variables"),
        (b'{"query": "{ travelProviders { id } }", "operationName": 5}', "operationName"),
    ],
)
def test_malformed_requests_are_400_validation_error(
    server: LiveServer, tenant, body: bytes, fragment: str
) -> None:  # type: ignore[no-untyped-def]
    response = _post_raw(server, tenant.keys["admin"], body)
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert fragment in response.json()["errors"][0]["message"]


def test_unparsable_and_invalid_documents_are_400(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    for query in ("{ travelProviders { id ", "{ noSuchField }", "{ travelProviders }"):
        response = post(server, tenant.keys["admin"], query)
        assert response.status_code == 400, query
        assert error_codes(response)[0] == "VALIDATION_ERROR"
        assert "data" not in response.json()


def test_bad_variables_are_400(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    query = 'mutation ($t: TravelProviderType!) { createTravelProvider(input: {name: "x", type: $t}) { id } }'
    response = post(server, tenant.keys["admin"], query, {"t": "CASTLE"})
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_operation_name_selects_and_unknown_is_400(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    doc = 'query A { travelProviders { id } } query B { travelProvider(id: "x") { id } }'
    assert post(server, tenant.keys["admin"], doc, operation_name="A").status_code == 200
    assert post(server, tenant.keys["admin"], doc).status_code == 400
    assert post(server, tenant.keys["admin"], doc, operation_name="C").status_code == 400


def test_body_over_limit_is_413(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    padding = " " * 70_000
    response = _post_raw(
        server,
        tenant.keys["admin"],
        f'{{"query": "{{ travelProviders {{ id }} }}{padding}"}}'.encode(),
    )
    assert response.status_code == 413
    assert error_codes(response) == ["VALIDATION_ERROR"]


def test_request_id_is_echoed_or_generated(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    mine = "partner-trace-12345"
    response = post(
        server, tenant.keys["admin"], "{ travelProviders { id } }", headers={"X-Request-Id": mine}
    )
    assert response.headers["x-request-id"] == mine
    generated = post(server, None, "{ travelProviders { id } }").headers["x-request-id"]
    assert len(generated) == 32
    unsafe = post(server, None, "{ __typename }", headers={"X-Request-Id": "bad id\twith spaces"})
    assert unsafe.headers["x-request-id"] != "bad id\twith spaces"


def test_health_and_readiness(server: LiveServer) -> None:
    assert httpx.get(f"{server.url}/healthz").json() == {"status": "ok"}
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 200
    assert ready.json()["database"] == "ok"
    assert ready.headers["x-request-id"]


def test_get_is_not_allowed(server: LiveServer) -> None:
    assert httpx.get(server.graphql_url).status_code == 405


def test_unexpected_errors_are_masked_and_logged(
    server: LiveServer, tenant, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    """A resolver that blows up leaks nothing: generic message, 500, details only in the log."""

    def explode(*_: object) -> str:
        raise RuntimeError("SELECT secret FROM api_keys -- password=hunter2")

    broken = GraphQLSchema(
        GraphQLObjectType("Query", {"boom": GraphQLField(GraphQLString, resolve=explode)})
    )
    services = server.services
    original = services.schema, services.documents
    services.schema, services.documents = broken, DocumentCache(broken)
    try:
        with caplog.at_level(logging.ERROR, logger="travel.errors"):
            response = post(server, tenant.keys["admin"], "{ boom }")
    finally:
        services.schema, services.documents = original
    assert response.status_code == 500
    body = response.json()
    assert body["errors"][0]["message"] == "Internal server error"
    assert body["errors"][0]["extensions"] == {"code": "INTERNAL_SERVER_ERROR"}
    assert "hunter2" not in response.text
    assert "SELECT" not in response.text
    assert any(
        getattr(r, "request_id", None) == response.headers["x-request-id"] for r in caplog.records
    )
