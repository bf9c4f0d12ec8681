"""What the sync and async clients share: building requests and reading responses."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import orjson

from travel.client.errors import RateLimitedError, TransportError, TravelAPIError
from travel.client.retry import retry_after

USER_AGENT = "travel-python-sdk/0.1"
REPLAYED_HEADER = "idempotent-replayed"
# The spec's connectivity check (§4): a read of one stay, selecting id and name.
PING = "query Ping { travelProperties(pagination: {skip: 0, take: 1}) { id name } }"


@dataclass(frozen=True)
class RateLimit:
    """The quota state a response reported (X-RateLimit-*); None when absent."""

    limit: int | None = None
    remaining: int | None = None
    reset: int | None = None  # Unix epoch seconds at which the window ends

    @classmethod
    def from_headers(cls, headers: Mapping[str, str]) -> RateLimit:
        """Read the three headers (any that is missing or not an integer is None)."""

        def number(name: str) -> int | None:
            raw = headers.get(name, "").strip()
            return int(raw) if raw.isdigit() else None

        return cls(
            number("x-ratelimit-limit"),
            number("x-ratelimit-remaining"),
            number("x-ratelimit-reset"),
        )


@dataclass(frozen=True)
class Response:
    """A GraphQL response: `data`, field `errors`, and what the HTTP layer said."""

    status: int
    data: Any
    errors: list[dict[str, Any]] = field(default_factory=list)
    rate_limit: RateLimit = field(default_factory=RateLimit)
    request_id: str | None = None
    replayed: bool = False  # an Idempotency-Key replay of the first response


def _json_default(value: object) -> str:
    # Money is a Decimal scalar serialised as a string: never let it become a float.
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"cannot send {type(value).__name__} as JSON")


def body(query: str, variables: Mapping[str, Any] | None, operation_name: str | None) -> bytes:
    """The JSON body of a GraphQL request (dates, date-times and Decimals as strings)."""
    payload: dict[str, Any] = {"query": query}
    if variables:
        payload["variables"] = dict(variables)
    if operation_name:
        payload["operationName"] = operation_name
    return orjson.dumps(payload, default=_json_default)


def headers(credential: str | None, idempotency_key: str | None) -> dict[str, str]:
    """Request headers: JSON, the bearer credential, and the Idempotency-Key if any."""
    out = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if credential:
        out["Authorization"] = f"Bearer {credential}"
    if idempotency_key:
        out["Idempotency-Key"] = idempotency_key
    return out


def new_idempotency_key() -> str:
    """A fresh key: random, so two intended calls never collide."""
    return uuid.uuid4().hex


def interpret(status: int, response_headers: Mapping[str, str], content: bytes) -> Response:
    """The response of a request that ran; a refused request (no `data`) raises."""
    try:
        payload = orjson.loads(content)
    except orjson.JSONDecodeError:
        raise TransportError(
            f"the API answered HTTP {status} without JSON", status=status
        ) from None
    errors = payload.get("errors") if isinstance(payload, dict) else None
    if not isinstance(payload, dict) or not isinstance(errors or [], list):
        raise TransportError(f"the API answered HTTP {status} with unexpected JSON", status=status)
    response = Response(
        status=status,
        data=payload.get("data"),
        errors=list(errors or []),
        rate_limit=RateLimit.from_headers(response_headers),
        request_id=response_headers.get("x-request-id"),
        replayed=response_headers.get(REPLAYED_HEADER, "").lower() == "true",
    )
    if "data" not in payload:
        # GraphQL over HTTP: no `data` entry means nothing ran (auth, limits, a bad document).
        if not response.errors:
            raise TransportError(f"the API answered HTTP {status} without errors", status=status)
        raise error_from(response, response.errors[0], response_headers)
    return response


def error_from(
    response: Response, error: Mapping[str, Any], response_headers: Mapping[str, str] | None = None
) -> TravelAPIError:
    """The exception for one error entry of `response`."""
    extensions = error.get("extensions")
    code = extensions.get("code") if isinstance(extensions, dict) else None
    message = str(error.get("message") or f"HTTP {response.status}")
    common: dict[str, Any] = {
        "status": response.status,
        "request_id": response.request_id,
        "errors": response.errors,
        "data": response.data,
    }
    if code == "RATE_LIMITED":
        return RateLimitedError(message, retry_after=retry_after(response_headers or {}), **common)
    return TravelAPIError(str(code or "INTERNAL_SERVER_ERROR"), message, **common)


def field_or_raise(response: Response, root_field: str) -> Any:
    """The root field's value; an error anywhere under that field raises it with its code."""
    for error in response.errors:
        path = error.get("path") or []
        if not path or path[0] == root_field:
            raise error_from(response, error)
    return (response.data or {}).get(root_field)
