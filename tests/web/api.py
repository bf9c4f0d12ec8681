"""What the browser tests set up or check through the API, as a partner would (the demo
workspace's keys, against the `travel serve` the browser uses)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.factories import BOOK
from tests.web.conftest import WebApp


def api(web: WebApp, key: str, query: str, variables: dict[str, Any] | None = None) -> Any:
    """The `data` of a request that must succeed without errors."""
    answer = httpx.post(
        web.api_url,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {key}"},
    )
    body = answer.json()
    assert "errors" not in body, body
    return body["data"]


def book(web: WebApp, key: str, **booking: Any) -> dict[str, Any]:
    """createTravelBooking (tests.factories.BOOK) of `booking` (targetType, targetId, checkIn,
    checkOut, guests): the booking made."""
    made: dict[str, Any] = api(web, key, BOOK, {"input": booking})["createTravelBooking"]
    return made
