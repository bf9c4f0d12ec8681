"""Calling the live GraphQL endpoint the way a partner does."""

from __future__ import annotations

from typing import Any

import httpx

from tests.support.live import LiveServer


def post(
    server: LiveServer,
    key: str | None,
    query: str,
    variables: dict[str, Any] | None = None,
    *,
    headers: dict[str, str] | None = None,
    operation_name: str | None = None,
) -> httpx.Response:
    """POST a GraphQL request; `key` None sends no Authorization header."""
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    if key is not None:
        all_headers["Authorization"] = f"Bearer {key}"
    body: dict[str, Any] = {"query": query}
    if variables is not None:
        body["variables"] = variables
    if operation_name is not None:
        body["operationName"] = operation_name
    return httpx.post(server.graphql_url, json=body, headers=all_headers, timeout=30)


def data(server: LiveServer, key: str, query: str, variables: dict[str, Any] | None = None) -> Any:
    """The `data` of a request that must succeed without errors."""
    return answered(post(server, key, query, variables))


def answered(response: httpx.Response) -> Any:
    """The `data` of a GraphQL answer that must be a success without errors."""
    body = response.json()
    assert response.status_code == 200, body
    assert "errors" not in body, body
    return body["data"]


def error_codes(response: httpx.Response) -> list[str]:
    return [e["extensions"]["code"] for e in response.json().get("errors", [])]
