"""One webhook attempt: the signed POST of an event to an endpoint, timed and classified."""

from __future__ import annotations

import asyncio
import logging
import time
from importlib.metadata import PackageNotFoundError, version

import httpx
import orjson

from travel.events.records import AttemptResult, DueDelivery, iso_utc
from travel.events.signing import SIGNATURE_HEADER, signature_header

log = logging.getLogger("travel.events")


def _user_agent() -> str:
    try:
        return f"travel-webhooks/{version('travel-marketplace')}"
    except PackageNotFoundError:
        return "travel-webhooks"


USER_AGENT = _user_agent()


def http_client(timeout: float) -> httpx.AsyncClient:
    """The client the dispatcher sends with: no redirects followed (a 3xx is a failure)."""
    return httpx.AsyncClient(
        timeout=timeout, follow_redirects=False, headers={"User-Agent": USER_AGENT}
    )


def event_body(delivery: DueDelivery) -> bytes:
    """The JSON body: the same bytes on every attempt of an event."""
    return orjson.dumps(
        {
            "id": str(delivery.event_id),
            "type": delivery.event_type,
            "createdAt": iso_utc(delivery.event_created_at),
            "workspaceId": str(delivery.workspace_id),
            "data": delivery.event_data,
        }
    )


def request_headers(delivery: DueDelivery, body: bytes, timestamp: int) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        SIGNATURE_HEADER: signature_header(delivery.secret, timestamp, body),
        # Stable across retries and re-sends: receivers de-duplicate on it.
        "Travel-Event-Id": str(delivery.event_id),
        "Travel-Event-Type": delivery.event_type,
        "Travel-Delivery-Id": str(delivery.id),
        "Travel-Delivery-Attempt": str(delivery.attempt_count + 1),
    }


async def send(http: httpx.AsyncClient, delivery: DueDelivery, *, deadline: float) -> AttemptResult:
    """POST the event; never raises: every failure becomes an error on the result."""
    body = event_body(delivery)
    headers = request_headers(delivery, body, int(time.time()))
    started = time.monotonic()
    status_code: int | None = None
    error: str | None = None
    try:
        # A total deadline: httpx's timeout bounds each read, not a slowly trickling answer.
        async with asyncio.timeout(deadline):
            # Streamed so the (unread) response body is never loaded into memory.
            async with http.stream("POST", delivery.url, content=body, headers=headers) as resp:
                status_code = resp.status_code
    except (TimeoutError, httpx.TimeoutException):
        error = f"timed out after {deadline:g} s"
    except httpx.HTTPError as exc:
        error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    except Exception as exc:  # a bad URL, TLS set-up: recorded like any failed attempt
        log.warning("webhook attempt failed", exc_info=True, extra={"delivery": str(delivery.id)})
        error = type(exc).__name__
    duration_ms = int((time.monotonic() - started) * 1000)
    if error is None and status_code is not None and not 200 <= status_code < 300:
        error = f"HTTP {status_code}"
    return AttemptResult(status_code, error and error[:500], duration_ms)
