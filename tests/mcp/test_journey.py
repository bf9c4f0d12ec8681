"""An agent's journey through the official MCP client, over HTTP and over stdio: initialize,
list tools, search (with a typo), quote, book twice with one key, trips, cancel."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from tests.factories import Tenant, count_rows, future_date, tenant_listing
from tests.mcp.support import call, fails, names, over_http, over_stdio
from tests.support.live import LiveServer
from travel.mcp.budget import TOOL_LIST_TOKENS, tokens

pytestmark = pytest.mark.plan("enterprise")

TRAVELER_TOOLS = [
    "search_listings",
    "get_listing",
    "check_availability",
    "quote_booking",
    "book",
    "list_trips",
    "cancel_booking",
    "toggle_wishlist",
    "list_wishlist",
]


def _stay(server: LiveServer, tenant: Tenant, name: str) -> str:
    listing = tenant_listing(server, tenant, name=name, location="Lisbon", units=1, max_guests=2)
    return str(listing)


async def _journey(
    client: Any, server: LiveServer, tenant: Tenant, listing: str, days: int
) -> None:
    listed = await client.list_tools()
    assert [tool.name for tool in listed.tools] == TRAVELER_TOOLS
    size = tokens(
        [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools]
    )
    assert size <= TOOL_LIST_TOKENS
    book = next(t for t in listed.tools if t.name == "book")
    assert book.annotations.destructive_hint is False
    assert book.annotations.idempotent_hint

    found = await call(client, "search_listings", text="Lisbn", limit=50)
    card = next(item for item in found["listings"] if item["id"] == listing)
    assert card["kind"] == "PROPERTY"
    assert None not in card.values()

    dates = {"check_in": future_date(days), "check_out": future_date(days + 2)}
    details = await call(client, "get_listing", kind="PROPERTY", listing_id=listing, **dates)
    assert details["dates"] == {"bookable": True, "total": "200.00", "currency": "USD"}

    quote = await call(
        client, "quote_booking", kind="PROPERTY", listing_id=listing, guests=2, **dates
    )
    assert (quote["total"], quote["currency"], quote["nights"]) == ("200.00", "USD", 2)
    assert "refund" in quote["cancellation"]

    key = str(uuid.uuid4())
    first = await call(client, "book", quote_id=quote["quoteId"], idempotency_key=key)
    again = await call(client, "book", quote_id=quote["quoteId"], idempotency_key=key)
    assert first["status"] == "CONFIRMED"
    assert first["totalPrice"] == "200.00"
    assert again["id"] == first["id"]
    assert again["replayed"] is True

    trips = await call(client, "list_trips", status="CONFIRMED")
    assert [trip["id"] for trip in trips["trips"]].count(first["id"]) == 1

    # The room is taken now: a new quote names the night.
    full = await fails(client, "quote_booking", kind="PROPERTY", listing_id=listing, **dates)
    assert full.startswith(f"UNAVAILABLE: no room left on {dates['check_in']}; try other dates")

    cancelled = await call(client, "cancel_booking", booking_id=first["id"], reason="plans changed")
    assert (cancelled["status"], cancelled["paymentStatus"]) == ("CANCELLED", "REFUNDED")


def test_journey_over_http(server: LiveServer, module_tenant: Tenant) -> None:
    listing = _stay(server, module_tenant, "Alfama Loft")
    before = count_rows(server, "bookings", module_tenant.workspace)

    async def run() -> None:
        async with over_http(server, module_tenant.keys["traveler"]) as client:
            await _journey(client, server, module_tenant, listing, days=30)

    asyncio.run(run())
    assert count_rows(server, "bookings", module_tenant.workspace) == before + 1


def test_journey_over_stdio(server: LiveServer, module_tenant: Tenant) -> None:
    listing = _stay(server, module_tenant, "Graça Studio")
    before = count_rows(server, "bookings", module_tenant.workspace)

    async def run() -> None:
        async with over_stdio(server, module_tenant.keys["traveler"]) as client:
            assert client.server_info is not None
            assert client.server_info.name == "travel"
            await _journey(client, server, module_tenant, listing, days=40)
            # Read-only by setting too: the same process lists no write tool.

    asyncio.run(run())
    assert count_rows(server, "bookings", module_tenant.workspace) == before + 1


def test_read_only_stdio_lists_and_runs_no_write(server: LiveServer, module_tenant: Tenant) -> None:
    async def run() -> None:
        async with over_stdio(server, module_tenant.keys["traveler"], "--read-only") as client:
            assert await names(client) == [
                "search_listings",
                "get_listing",
                "check_availability",
                "quote_booking",
                "list_trips",
                "list_wishlist",
            ]
            text = await fails(client, "book", quote_id="q1.x.y", idempotency_key="k" * 10)
            assert text.startswith("FORBIDDEN: read-only mode")

    asyncio.run(run())
