"""Who sees and runs which tool over `/mcp`: permissions, read-only mode, no credential, and
errors a model can act on (the API's code, the tool's parameter names)."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest

from tests.factories import Tenant, count_rows, future_date, issue_key, tenant_listing
from tests.mcp.support import call, fails, names, over_http
from tests.support.api import data
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")

READ_TOOLS = ["search_listings", "get_listing", "check_availability"]


def test_a_narrowed_key_sees_its_tools_and_gets_forbidden(
    server: LiveServer, module_tenant: Tenant
) -> None:
    narrowed = issue_key(
        server, module_tenant.workspace, roles=["traveler"], permissions=["travel:read"]
    ).secret
    listing = str(tenant_listing(server, module_tenant, location="Porto", units=1))
    before = count_rows(server, "bookings", module_tenant.workspace)

    async def run() -> None:
        async with over_http(server, narrowed) as client:
            assert await names(client) == READ_TOOLS
            dates = {"check_in": future_date(50), "check_out": future_date(51)}
            # Quoting is a read; booking is not the key's to do.
            quote = await call(
                client, "quote_booking", kind="PROPERTY", listing_id=listing, **dates
            )
            text = await fails(
                client, "book", quote_id=quote["quoteId"], idempotency_key=str(uuid.uuid4())
            )
            assert text.startswith("FORBIDDEN: ")
            assert (await fails(client, "toggle_wishlist", kind="PROPERTY", listing_id=listing))[
                :10
            ] == "FORBIDDEN:"

    asyncio.run(run())
    assert count_rows(server, "bookings", module_tenant.workspace) == before


def test_roles_decide_the_list(server: LiveServer, module_tenant: Tenant) -> None:
    """Also with the client's own choice of protocol version (no `initialize` handshake)."""

    async def run() -> None:
        async with over_http(server, module_tenant.keys["host"], mode="auto") as client:
            assert await names(client) == READ_TOOLS
        async with over_http(server, module_tenant.keys["admin"], mode="auto") as client:
            admin = await names(client)
            assert "overview_stats" in admin
            assert "book" in admin
            stats = await call(client, "overview_stats")
            assert "totalBookings" in stats

    asyncio.run(run())


@pytest.mark.parametrize(
    ("path", "headers"), [("/mcp/read-only", None), ("/mcp", {"X-MCP-Read-Only": "true"})]
)
def test_read_only_mode_over_http(
    server: LiveServer, module_tenant: Tenant, path: str, headers: dict[str, str] | None
) -> None:
    async def run() -> None:
        async with over_http(server, module_tenant.keys["admin"], path=path, headers=headers) as c:
            listed = await names(c)
            assert "book" not in listed
            assert "cancel_booking" not in listed
            assert "toggle_wishlist" not in listed
            assert "overview_stats" in listed
            text = await fails(c, "cancel_booking", booking_id=str(uuid.uuid4()))
            assert text.startswith("FORBIDDEN: read-only mode")

    asyncio.run(run())


def test_no_credential_is_refused_before_mcp(server: LiveServer) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    response = httpx.post(f"{server.url}/mcp", json=body, timeout=10)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"


def test_bad_input_names_the_parameter(server: LiveServer, module_tenant: Tenant) -> None:
    listing = str(tenant_listing(server, module_tenant, location="Faro", units=1))

    async def run() -> None:
        async with over_http(server, module_tenant.keys["traveler"]) as client:
            text = await fails(
                client,
                "quote_booking",
                kind="PROPERTY",
                listing_id=listing,
                check_in=future_date(5),
                check_out=future_date(6),
                guests="two",
            )
            assert text.startswith("VALIDATION_ERROR: guests: 'two' is not of type 'integer'")
            prices = await fails(client, "search_listings", min_price="50", max_price="10")
            assert prices.startswith("VALIDATION_ERROR: ")
            assert "max_price" in prices
            assert "maxPrice" not in prices
            missing = await fails(
                client, "get_listing", kind="TOUR", listing_id=listing
            )  # a stay's id asked as a tour
            assert missing.startswith("NOT_FOUND: ")
            forged = await fails(client, "book", quote_id="q1.e30.AAAA", idempotency_key="k" * 12)
            assert forged.startswith("QUOTE_INVALID: ")

    asyncio.run(run())


SET_PRICE = (
    "mutation ($input: SetTravelSeasonalPriceInput!) { setTravelSeasonalPrice(input: $input) "
    "{ id } }"
)


def test_a_price_change_after_the_quote_books_nothing(
    server: LiveServer, module_tenant: Tenant
) -> None:
    listing = str(tenant_listing(server, module_tenant, location="Braga", units=1))
    dates = {"check_in": future_date(60), "check_out": future_date(61)}
    before = count_rows(server, "bookings", module_tenant.workspace)

    async def run() -> None:
        async with over_http(server, module_tenant.keys["traveler"]) as client:
            quote = await call(
                client, "quote_booking", kind="PROPERTY", listing_id=listing, **dates
            )
            assert quote["total"] == "100.00"
            price = {
                "listingId": listing,
                "startsOn": dates["check_in"],
                "endsOn": dates["check_in"],
                "price": "180.00",
            }
            data(server, module_tenant.keys["host"], SET_PRICE, {"input": price})
            text = await fails(
                client, "book", quote_id=quote["quoteId"], idempotency_key=str(uuid.uuid4())
            )
            assert text.startswith("QUOTE_CHANGED: the total is now 180.00 USD, not the quoted")

    asyncio.run(run())
    assert count_rows(server, "bookings", module_tenant.workspace) == before


def test_a_replayed_book_of_a_booking_since_cancelled_is_not_a_success(
    server: LiveServer, module_tenant: Tenant
) -> None:
    """The API replays the first answer to a key as it was; `book` checks what stands now."""
    listing = str(tenant_listing(server, module_tenant, location="Tavira", units=1))
    dates = {"check_in": future_date(70), "check_out": future_date(71)}

    async def run() -> None:
        async with over_http(server, module_tenant.keys["traveler"]) as client:
            quote = await call(
                client, "quote_booking", kind="PROPERTY", listing_id=listing, **dates
            )
            key = str(uuid.uuid4())
            booked = await call(client, "book", quote_id=quote["quoteId"], idempotency_key=key)
            again = await call(client, "book", quote_id=quote["quoteId"], idempotency_key=key)
            assert (again["id"], again["replayed"]) == (booked["id"], True)
            await call(client, "cancel_booking", booking_id=booked["id"])
            text = await fails(client, "book", quote_id=quote["quoteId"], idempotency_key=key)
            assert text.startswith(f"QUOTE_CHANGED: booking {booked['id']}, made earlier"), text

    asyncio.run(run())


def test_a_body_over_the_limit_is_refused_unread(server: LiveServer, module_tenant: Tenant) -> None:
    limit = server.services.settings.max_body_bytes
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "pad": "' + b"x" * limit + b'"}'
    response = httpx.post(
        f"{server.url}/mcp",
        content=body,
        headers={
            "Authorization": f"Bearer {module_tenant.keys['traveler']}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        },
        timeout=30,
    )
    assert response.status_code == 413
    assert response.json()["error"].startswith("VALIDATION_ERROR: the body exceeds")


def test_a_refused_credential_lists_no_tools_but_says_why(server: LiveServer) -> None:
    """Not an empty list a client would keep: the API's refusal, as an error."""

    async def run() -> None:
        async with over_http(server, "trv_not_a_key") as client:
            with pytest.raises(Exception, match="UNAUTHENTICATED") as refused:
                await names(client)
            assert "Traceback" not in str(refused.value)

    asyncio.run(run())
