"""The Python SDK against the live test server: every typed operation, with the sync and the
async client alike (one scenario drives both), and the errors it raises."""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from tests.factories import Tenant, count_rows, create_listing, create_tenant, future_date
from tests.support.live import LiveServer

from travel.client import (
    AsyncTravelClient,
    RateLimit,
    TransportError,
    TravelAPIError,
    TravelClient,
)


class Blocking:
    """An AsyncTravelClient whose coroutines are run to completion, so that one scenario can
    drive both clients. Everything else passes straight through."""

    def __init__(self, client: AsyncTravelClient) -> None:
        self._client = client
        self._runner = asyncio.Runner()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            value = attribute(*args, **kwargs)
            return self._runner.run(value) if inspect.isawaitable(value) else value

        return call

    def close(self) -> None:
        self._runner.run(self._client.aclose())
        self._runner.close()


Connect = Callable[..., Any]


@pytest.fixture(params=["sync", "async"])
def connect(request: pytest.FixtureRequest, server: LiveServer) -> Iterator[Connect]:
    """`connect(key)` → a client of the test server (TravelClient or a Blocking async one)."""
    made: list[Any] = []

    def make(key: str | None, url: str | None = None, **options: Any) -> Any:
        url = url or server.graphql_url
        if request.param == "sync":
            client: Any = TravelClient(url, key, env={}, **options)
        else:
            client = Blocking(AsyncTravelClient(url, key, env={}, **options))
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def tenant(server: LiveServer) -> Tenant:
    return create_tenant(server, plan="enterprise")


def _catalog(host: Any) -> dict[str, str]:
    """One provider of each type and one listing of each kind, through the SDK."""
    stays = host.create_provider("Casa Azul", "HOST")
    assert stays == {"id": stays["id"], "name": "Casa Azul", "type": "HOST", "rating": None}
    ops = host.create_provider("Lisbon Walks", "OPERATOR")["id"]
    starts = datetime(2030, 6, 1, 19, tzinfo=UTC)
    made = {
        "provider": stays["id"],
        "operator": ops,
        "PROPERTY": host.create_property(
            stays["id"], "Alfama Loft", "Lisbon", Decimal("120.00"), currency="EUR",
            description="Balcony over the river", amenities=("wifi", "balcony"), max_guests=2,
            units=1,
        ),
        "TOUR": host.create_tour(ops, "Old Town Walk", "Lisbon", "25.00", 12, duration_minutes=90),
        "ACTIVITY": host.create_activity(ops, "Surf Lesson", "Cascais", "40.00", 6),
        "EVENT": host.create_event(
            ops, "Fado Night", "Lisbon", "30.00", 50, starts, starts + timedelta(hours=3)
        ),
        "TRIP": host.create_trip(
            ops, "Lisbon to Porto", "35.50", 40, "Lisbon", "Porto",
            "2030-06-02T08:00:00Z", "TRAIN", arrives_at="2030-06-02T11:00:00Z",
        ),
    }  # fmt: skip
    loft = made["PROPERTY"]
    assert loft["__typename"] == "TravelProperty"
    assert loft["pricePerNight"] == loft["price"] == "120.00"
    assert (loft["currency"], loft["amenities"], loft["units"]) == ("EUR", ["wifi", "balcony"], 1)
    assert made["TOUR"]["durationMinutes"] == 90
    assert made["EVENT"]["startsAt"] == "2030-06-01T19:00:00Z"
    assert (made["TRIP"]["mode"], made["TRIP"]["location"]) == ("TRAIN", "Lisbon")
    return {k: v if isinstance(v, str) else v["id"] for k, v in made.items()}


def test_hosts_create_and_travelers_read_every_kind(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    ids = _catalog(connect(tenant.keys["host"]))
    client = connect(tenant.keys["traveler"])
    reads = {
        "PROPERTY": (client.properties, client.property),
        "TOUR": (client.tours, client.tour),
        "ACTIVITY": (client.activities, client.activity),
        "EVENT": (client.events, client.event),
        "TRIP": (client.trips, client.trip),
    }
    for kind, (list_of, one) in reads.items():
        assert [item["id"] for item in list_of()] == [ids[kind]], kind
        assert one(ids[kind])["kind"] == kind
    assert client.properties(filter={"location": "LISBON", "maxPrice": Decimal("150")})
    assert client.properties(filter={"minPrice": "121"}) == []
    assert [t["name"] for t in client.tours(filter={"text": "walk", "guests": 12})] == [
        "Old Town Walk"
    ]
    assert client.activities(skip=1) == []
    assert client.events(take=0) == []
    assert [p["name"] for p in client.providers(filter={"type": "OPERATOR"})] == ["Lisbon Walks"]
    assert client.provider(ids["provider"])["type"] == "HOST"
    calendar = client.availability("EVENT", ids["EVENT"], date(2030, 6, 1), "2030-06-02")
    assert calendar == [
        {"date": "2030-06-01", "capacity": 50, "available": 50},
        {"date": "2030-06-02", "capacity": 0, "available": 0},
    ]
    assert count_rows(server, "listings", tenant.workspace) == 5


def test_travelers_book_cancel_and_keep_a_wishlist(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(create_listing(server, tenant.workspace, tenant.members["host"], units=2))
    client = connect(tenant.keys["traveler"])
    booked = client.create_booking("PROPERTY", stay, future_date(10), future_date(12), 2)
    assert (booked["status"], booked["paymentStatus"]) == ("CONFIRMED", "PAID")
    assert booked["referenceCode"].startswith("TRV-PROPERTY-")
    assert (booked["totalPrice"], booked["guests"]) == ("200.00", 2)
    assert booked["target"] == {
        "__typename": "TravelProperty",
        "id": stay,
        "kind": "PROPERTY",
        "name": "Factory Property",
    }
    other = client.create_booking("PROPERTY", stay, date.today() + timedelta(days=20),
                                  date.today() + timedelta(days=21))  # fmt: skip
    assert [b["id"] for b in client.bookings()] == [other["id"], booked["id"]]
    assert client.booking(booked["id"])["checkIn"] == future_date(10)

    cancelled = client.cancel_booking(booked["id"])
    assert (cancelled["status"], cancelled["paymentStatus"]) == ("CANCELLED", "REFUNDED")
    assert [(t["from"], t["to"]) for t in cancelled["timeline"]] == [
        (None, "CONFIRMED"),
        ("CONFIRMED", "CANCELLED"),
    ]
    assert [b["id"] for b in client.bookings(filter={"status": "CANCELLED"})] == [booked["id"]]
    assert count_rows(server, "bookings", tenant.workspace) == 2

    assert client.toggle_favorite("PROPERTY", stay) is True
    [saved] = client.favorites()
    assert (saved["targetType"], saved["targetId"], saved["target"]["id"]) == (
        "PROPERTY",
        stay,
        stay,
    )
    assert client.toggle_favorite("PROPERTY", stay) is False
    assert client.favorites() == []


def test_admins_read_overview_stats_and_analytics(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(create_listing(server, tenant.workspace, tenant.members["host"], units=1))
    connect(tenant.keys["traveler"]).create_booking(
        "PROPERTY", stay, future_date(3), future_date(5)
    )
    admin = connect(tenant.keys["admin"])
    stats = admin.overview_stats()
    assert (stats["totalBookings"], stats["totalRevenue"], stats["currency"]) == (
        1,
        "200.00",
        "USD",
    )
    assert stats["revenueByCurrency"] == [{"currency": "USD", "bookings": 1, "amount": "200.00"}]
    assert (stats["bookedNights"], stats["availableNights"]) == (2, 30)
    window = admin.overview_stats(from_=future_date(4), to=future_date(6))
    assert (window["totalBookings"], window["bookedNights"], window["availableNights"]) == (0, 1, 2)
    assert window["occupancyRate"] == 0.5
    mix = admin.analytics(from_=future_date(3), to=future_date(4))
    assert {c["category"]: c["count"] for c in mix["categoryMix"]}["PROPERTY"] == 1
    [top] = mix["topProviders"]
    assert (top["name"], top["bookings"], top["revenue"], top["currency"]) == (
        "Factory Provider", 1, "200.00", "USD",
    )  # fmt: skip


def test_api_errors_are_raised_with_the_spec_code(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    traveler = connect(tenant.keys["traveler"])
    with pytest.raises(TravelAPIError) as refused:
        traveler.create_provider("Not mine", "HOST")
    assert (refused.value.code, refused.value.status) == ("FORBIDDEN", 200)
    assert count_rows(server, "providers", tenant.workspace) == 0

    with pytest.raises(TravelAPIError) as invalid:
        traveler.properties(take=101)
    assert invalid.value.code == "VALIDATION_ERROR"
    assert invalid.value.request_id

    with pytest.raises(TravelAPIError) as unknown:
        traveler.property(str(uuid.uuid4()))
    assert unknown.value.code == "NOT_FOUND"

    with pytest.raises(TravelAPIError) as unauthenticated:
        connect("trv_not-a-real-key").properties()
    assert (unauthenticated.value.code, unauthenticated.value.status) == ("UNAUTHENTICATED", 401)

    with pytest.raises(TravelAPIError) as no_credential:
        connect(None).properties()
    assert no_credential.value.code == "UNAUTHENTICATED"

    with pytest.raises(TravelAPIError) as bad_document:
        traveler.execute("{ travelNothing }")
    assert (bad_document.value.code, bad_document.value.status) == ("VALIDATION_ERROR", 400)


def test_another_workspace_is_not_found_and_left_unchanged(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    theirs = create_tenant(server)
    stay = str(create_listing(server, theirs.workspace, theirs.members["host"]))
    mine = connect(tenant.keys["traveler"])
    with pytest.raises(TravelAPIError) as read:
        mine.property(stay)
    assert read.value.code == "NOT_FOUND"
    with pytest.raises(TravelAPIError) as booked:
        mine.create_booking("PROPERTY", stay, future_date(5), future_date(6))
    assert booked.value.code == "NOT_FOUND"
    with pytest.raises(TravelAPIError) as saved:
        mine.toggle_favorite("PROPERTY", stay)
    assert saved.value.code == "NOT_FOUND"
    for workspace in (tenant.workspace, theirs.workspace):
        assert count_rows(server, "bookings", workspace) == 0
        assert count_rows(server, "favorites", workspace) == 0


def test_business_errors_unavailable_and_key_reuse(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(create_listing(server, tenant.workspace, tenant.members["host"], units=1))
    client = connect(tenant.keys["traveler"])
    client.create_booking("PROPERTY", stay, future_date(7), future_date(8), idempotency_key="k-1")
    with pytest.raises(TravelAPIError) as full:
        client.create_booking("PROPERTY", stay, future_date(7), future_date(8))
    assert full.value.code == "UNAVAILABLE"
    with pytest.raises(TravelAPIError) as reused:
        client.create_booking(
            "PROPERTY", stay, future_date(9), future_date(10), idempotency_key="k-1"
        )
    assert (reused.value.code, reused.value.status) == ("IDEMPOTENCY_KEY_REUSED", 422)
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_the_same_idempotency_key_books_once(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(create_listing(server, tenant.workspace, tenant.members["host"], units=3))
    client = connect(tenant.keys["traveler"])
    first = client.create_booking(
        "PROPERTY", stay, future_date(4), future_date(6), idempotency_key="once"
    )
    again = client.create_booking(
        "PROPERTY", stay, future_date(4), future_date(6), idempotency_key="once"
    )
    assert again == first
    assert count_rows(server, "bookings", tenant.workspace) == 1
    # Without a key given, each call is a new intent: a new key, a new booking.
    client.create_booking("PROPERTY", stay, future_date(4), future_date(6))
    assert count_rows(server, "bookings", tenant.workspace) == 2


def test_execute_returns_partial_results_and_replays(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    client = connect(tenant.keys["traveler"])
    response = client.execute(
        "query Both($take: Int) { travelProviders(pagination: {take: $take}) { id } "
        "travelOverviewStats { totalBookings } }",
        {"take": 1},
    )
    assert response.status == 200
    assert response.data == {"travelProviders": [], "travelOverviewStats": None}
    assert [e["extensions"]["code"] for e in response.errors] == ["FORBIDDEN"]
    assert response.request_id

    stay = str(create_listing(server, tenant.workspace, tenant.members["host"]))
    toggle = "mutation($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"
    first = client.execute(toggle, {"id": stay}, idempotency_key="toggle-1")
    again = client.execute(toggle, {"id": stay}, idempotency_key="toggle-1")
    assert (first.replayed, again.replayed) == (False, True)
    assert first.data == again.data == {"toggleTravelFavorite": True}
    assert count_rows(server, "favorites", tenant.workspace) == 1


def test_rate_limit_headers_are_exposed(connect: Connect, server: LiveServer) -> None:
    tenant = create_tenant(server, plan="free")
    client = connect(tenant.keys["host"])
    assert client.rate_limit is None
    client.providers()
    first = client.rate_limit
    assert isinstance(first, RateLimit)
    assert (first.limit, first.remaining) == (600, 599)
    assert first.reset is not None
    assert first.reset > datetime.now(UTC).timestamp()
    client.create_provider("Quota Inn", "HOST")
    assert (client.rate_limit.limit, client.rate_limit.remaining) == (60, 59)  # `write`
    response = client.execute("{ travelProviders { id } }")
    assert response.rate_limit == client.rate_limit
    assert response.rate_limit.remaining == 598


def test_ping_runs_the_connectivity_check(connect: Connect, tenant: Tenant) -> None:
    assert connect(tenant.keys["traveler"]).ping() > 0
    with pytest.raises(TravelAPIError) as refused:
        connect("trv_nope").ping()
    assert refused.value.code == "UNAUTHENTICATED"


def test_an_unreachable_gateway_is_a_transport_error(connect: Connect) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = connect("trv_x", f"http://127.0.0.1:{port}/workspaces/graphql", max_retries=0)
    with pytest.raises(TransportError) as failed:
        client.properties()
    assert failed.value.status is None
    assert f"cannot reach http://127.0.0.1:{port}/workspaces/graphql" in str(failed.value)


def test_the_async_client_runs_calls_concurrently(server: LiveServer, tenant: Tenant) -> None:
    stay = str(create_listing(server, tenant.workspace, tenant.members["host"], units=3))

    async def run() -> list[Any]:
        async with AsyncTravelClient(server.graphql_url, tenant.keys["traveler"], env={}) as client:
            return await asyncio.gather(
                client.properties(),
                client.tours(),
                *(
                    client.create_booking("PROPERTY", stay, future_date(40), future_date(41))
                    for _ in range(3)
                ),
            )

    properties, tours, *bookings = asyncio.run(run())
    assert ([p["id"] for p in properties], tours) == ([stay], [])
    assert len({b["id"] for b in bookings}) == 3  # three calls, three keys, three bookings
    assert count_rows(server, "bookings", tenant.workspace) == 3
