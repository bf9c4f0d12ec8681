"""What the sync and async clients share: building requests and reading responses."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from travel_client.errors import (
    ConflictError,
    RateLimitedError,
    TransportError,
    TravelAPIError,
)
from travel_client.retry import retry_after
from travel_client.types import Unchanged

USER_AGENT = "travel-python-sdk/0.2.0"  # the distribution's version
REPLAYED_HEADER = "idempotent-replayed"


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
    # Money is a Decimal scalar serialised as a string: never let it become a float. Date and
    # DateTime are ISO 8601 (a DateTime needs its time zone: the API refuses a naive one).
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date):  # datetime too
        return value.isoformat()
    if isinstance(value, Unchanged):  # never a value: the update methods leave it out
        raise TypeError("UNCHANGED is not a value: leave the variable out instead")
    if isinstance(value, Enum):
        return str(value.value)
    raise TypeError(f"cannot send {type(value).__name__} as JSON")


def body(query: str, variables: Mapping[str, Any] | None, operation_name: str | None) -> bytes:
    """The JSON body of a GraphQL request (dates, date-times and Decimals as strings)."""
    payload: dict[str, Any] = {"query": query}
    if variables:
        payload["variables"] = dict(variables)
    if operation_name:
        payload["operationName"] = operation_name
    return json.dumps(payload, default=_json_default, separators=(",", ":")).encode()


def headers(
    credential: str | None, idempotency_key: str | None, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Request headers: the caller's `extra` ones (checked by `check_extra_headers`; they may
    replace the User-Agent), JSON, the bearer credential and the Idempotency-Key if any."""
    out = {"User-Agent": USER_AGENT}
    for name, value in (extra or {}).items():
        out["User-Agent" if name.lower() == "user-agent" else name] = value
    out["Content-Type"] = "application/json"
    if credential:
        out["Authorization"] = f"Bearer {credential}"
    if idempotency_key:
        out["Idempotency-Key"] = idempotency_key
    return out


# Set by the SDK from its own arguments: an extra header must not contradict them.
OWN_HEADERS = {
    "content-type": "the SDK always sends JSON",
    "authorization": "pass credential= instead",
    "idempotency-key": "pass idempotency_key= to the call instead",
}


def check_extra_headers(extra: Mapping[str, str] | None) -> dict[str, str]:
    """The caller's extra headers, or ValueError for one the SDK sets itself."""
    checked = dict(extra or {})
    for name in checked:
        reason = OWN_HEADERS.get(name.lower())
        if reason is not None:
            raise ValueError(f"headers= cannot set {name}: {reason}")
    return checked


def new_idempotency_key() -> str:
    """A fresh key: random, so two intended calls never collide."""
    return uuid.uuid4().hex


def interpret(status: int, response_headers: Mapping[str, str], content: bytes) -> Response:
    """The response of a request that ran; a refused request (no `data`) raises."""
    try:
        payload = json.loads(content)
    except ValueError:  # not JSON, or not UTF-8
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
    if code == "CONFLICT":
        current = extensions.get("currentVersion") if isinstance(extensions, dict) else None
        version = current if isinstance(current, int) and not isinstance(current, bool) else None
        return ConflictError(message, current_version=version, **common)
    return TravelAPIError(str(code or "INTERNAL_SERVER_ERROR"), message, **common)


def raise_field_errors(response: Response, root_field: str) -> None:
    """Raise the first error under `root_field` (or of the whole request) with its code."""
    for error in response.errors:
        path = error.get("path") or []
        if not path or path[0] == root_field:
            raise error_from(response, error)
