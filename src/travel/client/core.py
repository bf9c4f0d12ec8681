"""What the sync and async clients share: request building and response interpretation."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from travel.client.errors import RateLimitedError, TransportError, TravelAPIError

USER_AGENT = "travel-python-sdk/0.1"


@dataclass(frozen=True)
class RateLimit:
    """The quota state the last response reported (X-RateLimit-*); None when absent."""

    limit: int | None = None
    remaining: int | None = None
    reset: int | None = None  # Unix epoch seconds

    @classmethod
    def from_headers(cls, headers: Mapping[str, str]) -> RateLimit:
        def number(name: str) -> int | None:
            raw = headers.get(name)
            return int(raw) if raw is not None and raw.lstrip("-").isdigit() else None

        return cls(
            number("x-ratelimit-limit"),
            number("x-ratelimit-remaining"),
            number("x-ratelimit-reset"),
        )


@dataclass
class Response:
    """A GraphQL response: `data`, `errors`, and what the HTTP layer said."""

    status: int
    data: Any
    errors: list[dict[str, Any]] = field(default_factory=list)
    rate_limit: RateLimit = field(default_factory=RateLimit)
    request_id: str | None = None


def body(query: str, variables: Mapping[str, Any] | None) -> bytes:
    payload: dict[str, Any] = {"query": query}
    if variables:
        payload["variables"] = dict(variables)
    return orjson.dumps(payload)


def headers(credential: str | None, idempotency_key: str | None) -> dict[str, str]:
    out = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if credential:
        out["Authorization"] = f"Bearer {credential}"
    if idempotency_key:
        out["Idempotency-Key"] = idempotency_key
    return out


def new_idempotency_key() -> str:
    return uuid.uuid4().hex


def interpret(status: int, response_headers: Mapping[str, str], content: bytes) -> Response:
    """Parse a response; request-level failures (4xx/5xx, no data) raise TravelAPIError."""
    request_id = response_headers.get("x-request-id")
    try:
        payload = orjson.loads(content)
    except orjson.JSONDecodeError:
        raise TransportError(f"the API answered HTTP {status} without JSON") from None
    if not isinstance(payload, dict):
        raise TransportError(f"the API answered HTTP {status} with unexpected JSON")
    response = Response(
        status=status,
        data=payload.get("data"),
        errors=list(payload.get("errors") or []),
        rate_limit=RateLimit.from_headers(response_headers),
        request_id=request_id,
    )
    if status >= 400 or (response.data is None and response.errors):
        raise error_from(response, response_headers)
    return response


def error_from(response: Response, response_headers: Mapping[str, str]) -> TravelAPIError:
    first = response.errors[0] if response.errors else {}
    code = str(first.get("extensions", {}).get("code", "INTERNAL_SERVER_ERROR"))
    message = str(first.get("message", f"HTTP {response.status}"))
    common: dict[str, Any] = {
        "status": response.status,
        "request_id": response.request_id,
        "errors": response.errors,
        "data": response.data,
    }
    if code == "RATE_LIMITED":
        return RateLimitedError(message, retry_after=retry_after(response_headers), **common)
    return TravelAPIError(code, message, **common)


def retry_after(response_headers: Mapping[str, str], default: float = 1.0) -> float:
    raw = response_headers.get("retry-after", "")
    try:
        return max(0.0, float(raw))
    except ValueError:
        return default


def field_or_raise(response: Response, root_field: str) -> Any:
    """The root field's value; an error on that field raises it with its code."""
    for error in response.errors:
        path = error.get("path") or []
        if not path or path[0] == root_field:
            code = str(error.get("extensions", {}).get("code", "INTERNAL_SERVER_ERROR"))
            raise TravelAPIError(
                code,
                str(error.get("message", "")),
                status=response.status,
                request_id=response.request_id,
                errors=response.errors,
                data=response.data,
            )
    return (response.data or {}).get(root_field)


RETRYABLE_STATUSES = frozenset({502, 503, 504})


def retry_delay(error: Exception, attempt: int, max_retries: int, safe: bool) -> float | None:
    """Seconds to wait before retrying after `error`, or None to give up.

    429 is always retried after its Retry-After (nothing ran). Network failures and 502/503/504
    are retried only when a repeat cannot double an effect: queries, or mutations carrying an
    Idempotency-Key. Back-off doubles from 0.5 s, capped at 8 s.
    """
    if attempt >= max_retries:
        return None
    if isinstance(error, RateLimitedError):
        return error.retry_after
    transient = isinstance(error, TransportError) or (
        isinstance(error, TravelAPIError) and error.status in RETRYABLE_STATUSES
    )
    return min(8.0, 0.5 * 2**attempt) if transient and safe else None
