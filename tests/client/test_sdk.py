"""The Python SDK (clients/python) against the live test server: every typed operation with
its typed result (Decimal money, dates, aware date-times), with the sync and the async client
alike (one scenario drives both), auto-paging, an injected HTTP client and extra headers, the raw
`query()`/`execute()`, and the errors it raises."""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from travel_client import (
    UNCHANGED,
    AsyncTravelClient,
    ConflictError,
    RateLimit,
    TransportError,
    TravelAPIError,
    TravelClient,
)
from travel_client.models import (
    AnyListing,
    Booking,
    Property,
    TravelBookingStatus,
    TravelListingStatus,
    TravelProviderType,
)

from tests.factories import (
    Tenant,
    count_rows,
    create_tenant,
    future_date,
    tenant_listing,
)
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")


class Blocking:
    """An AsyncTravelClient whose coroutines are run to completion and whose async iterators
    are iterated, so that one scenario can drive both clients. Everything else passes straight
    through."""

    def __init__(self, client: AsyncTravelClient) -> None:
        self._client = client
        self._runner = asyncio.Runner()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            value = attribute(*args, **kwargs)
            if isinstance(value, AsyncIterator):
                return self._iterate(value)
            return self._runner.run(value) if inspect.isawaitable(value) else value

        return call

    def _iterate(self, items: AsyncIterator[Any]) -> Iterator[Any]:
        while True:
            try:
                yield self._runner.run(anext(items))
            except StopAsyncIteration:
                return

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


def _catalog(host: Any) -> dict[str, str]:
    """One provider of each type and one listing of each kind, through the SDK."""
    stays = host.create_provider("Casa Azul", "HOST")
    assert (stays.name, stays.type_, stays.rating) == ("Casa Azul", TravelProviderType.HOST, None)
    ops = host.create_provider("Lisbon Walks", TravelProviderType.OPERATOR).id
    starts = datetime(2030, 6, 1, 19, tzinfo=UTC)
    made = {
        "provider": stays.id,
        "operator": ops,
        "PROPERTY": host.create_property(
            stays.id, "Alfama Loft", "Lisbon", Decimal("120.00"), currency="EUR",
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
    assert isinstance(loft, Property)
    assert loft.price_per_night == loft.price == Decimal("120.00")
    assert isinstance(loft.price, Decimal)
    assert (loft.currency, loft.amenities, loft.units, loft.max_guests) == (
        "EUR", ["wifi", "balcony"], 1, 2,
    )  # fmt: skip
    assert (loft.provider.id, loft.provider.type_) == (stays.id, "HOST")
    assert made["TOUR"].duration_minutes == 90
    assert made["TOUR"].price == Decimal("25.00")
    assert made["EVENT"].starts_at == starts
    assert made["EVENT"].starts_at.utcoffset() == timedelta(0)
    assert made["EVENT"].ends_at - made["EVENT"].starts_at == timedelta(hours=3)
    trip = made["TRIP"]
    assert (trip.mode, trip.location, trip.price) == ("TRAIN", "Lisbon", Decimal("35.50"))
    assert trip.departs_at == datetime(2030, 6, 2, 8, tzinfo=UTC)
    return {k: v if isinstance(v, str) else v.id for k, v in made.items()}


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
        assert [item.id for item in list_of()] == [ids[kind]], kind
        assert one(ids[kind]).kind == kind
    assert client.properties(filter={"location": "LISBON", "maxPrice": Decimal("150")})
    assert client.properties(filter={"minPrice": "121"}) == []
    assert [t.name for t in client.tours(filter={"text": "walk", "guests": 12})] == [
        "Old Town Walk"
    ]
    assert client.activities(skip=1) == []
    assert client.events(take=0) == []
    assert [p.name for p in client.providers(filter={"type": "OPERATOR"})] == ["Lisbon Walks"]
    assert client.provider(ids["provider"]).type_ == "HOST"
    calendar = client.availability("EVENT", ids["EVENT"], date(2030, 6, 1), "2030-06-02")
    assert [(day.date, day.capacity, day.available) for day in calendar] == [
        (date(2030, 6, 1), 50, 50),
        (date(2030, 6, 2), 0, 0),
    ]
    with pytest.raises(ValueError, match="not a listing kind"):
        client.availability("HOTEL", ids["EVENT"], date(2030, 6, 1), date(2030, 6, 2))
    assert count_rows(server, "listings", tenant.workspace) == 5


def test_travelers_search_across_kinds_with_facets_and_suggestions(
    connect: Connect, tenant: Tenant
) -> None:
    host = connect(tenant.keys["host"])
    ids = _catalog(host)
    client = connect(tenant.keys["traveler"])
    found = client.search("lisbn", sort="RELEVANCE", take=2)
    assert found.did_you_mean == "lisbon"
    assert found.total == 4  # every Lisbon listing but the activity in Cascais
    assert len(found.listings) == 2
    by_price = client.search(filter={"currency": "EUR"}, sort="PRICE_ASC")
    assert [x.id for x in by_price.listings] == [ids["PROPERTY"]]
    facets = client.search_facets("lisbon", filter={"kinds": ["TOUR", "EVENT"]}, top=3)
    assert facets.total == 2
    # Every kind, 0 for the activity outside Lisbon.
    assert {(k.value, k.count) for k in facets.facets.kinds} == {
        ("PROPERTY", 1), ("TOUR", 1), ("EVENT", 1), ("TRIP", 1), ("ACTIVITY", 0),
    }  # fmt: skip
    assert facets.facets.prices is None  # no currency: no histogram
    near = {"latitude": 38.71, "longitude": -9.13, "radiusKm": 5.0}
    placed = host.create_tour(ids["operator"], "Tram ride", "Lisbon", "5.00", 20,
                              latitude=38.712, longitude=-9.131)  # fmt: skip
    assert (placed.latitude, placed.longitude) == (38.712, -9.131)
    assert [x.id for x in client.search(filter={"near": near}).listings] == [placed.id]
    suggested = client.suggest("lis", limit=4)
    assert suggested[0].type_ == "PLACE"
    assert suggested[0].text == "Lisbon"
    assert any(s.listing is not None and s.listing.id == ids["TRIP"] for s in suggested)


def test_travelers_book_cancel_and_keep_a_wishlist(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(tenant_listing(server, tenant, units=2))
    client = connect(tenant.keys["traveler"])
    booked = client.create_booking("PROPERTY", stay, future_date(10), future_date(12), 2)
    assert isinstance(booked, Booking)
    assert (booked.status, booked.payment_status) == (TravelBookingStatus.CONFIRMED, "PAID")
    assert booked.reference_code.startswith("TRV-PROPERTY-")
    assert (booked.total_price, booked.currency, booked.guests) == (Decimal("200.00"), "USD", 2)
    assert (booked.check_in, booked.check_out) == (
        date.fromisoformat(future_date(10)),
        date.fromisoformat(future_date(12)),
    )
    assert booked.created_at.tzinfo is not None
    assert abs(booked.created_at - datetime.now(UTC)) < timedelta(minutes=5)
    target = booked.target
    assert (target.typename__, target.id, target.kind, target.name) == (
        "TravelProperty", stay, "PROPERTY", "Factory Property",
    )  # fmt: skip
    other = client.create_booking("PROPERTY", stay, date.today() + timedelta(days=20),
                                  date.today() + timedelta(days=21))  # fmt: skip
    assert [b.id for b in client.bookings()] == [other.id, booked.id]
    assert client.booking(booked.id).check_in == date.fromisoformat(future_date(10))

    cancelled = client.cancel_booking(booked.id)
    assert (cancelled.status, cancelled.payment_status) == ("CANCELLED", "REFUNDED")
    assert [(t.from_, t.to) for t in cancelled.timeline] == [
        (None, "CONFIRMED"),
        ("CONFIRMED", "CANCELLED"),
    ]
    assert cancelled.timeline[1].at >= cancelled.timeline[0].at
    assert [b.id for b in client.bookings(filter={"status": "CANCELLED"})] == [booked.id]
    assert client.bookings_count(filter={"status": TravelBookingStatus.CONFIRMED}) == 1
    assert count_rows(server, "bookings", tenant.workspace) == 2

    assert client.toggle_favorite("PROPERTY", stay) is True
    [saved] = client.favorites()
    assert (saved.target_type, saved.target_id, saved.target.id) == ("PROPERTY", stay, stay)
    assert client.favorites_count() == 1
    assert client.toggle_favorite("PROPERTY", stay) is False
    assert client.favorites() == []


def test_admins_read_overview_stats_and_analytics(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(tenant_listing(server, tenant, units=1))
    connect(tenant.keys["traveler"]).create_booking(
        "PROPERTY", stay, future_date(3), future_date(5)
    )
    admin = connect(tenant.keys["admin"])
    stats = admin.overview_stats()
    assert (stats.total_bookings, stats.total_revenue, stats.currency) == (
        1,
        Decimal("200.00"),
        "USD",
    )
    [usd] = stats.revenue_by_currency
    assert (usd.currency, usd.bookings, usd.amount) == ("USD", 1, Decimal("200.00"))
    assert (stats.booked_nights, stats.available_nights) == (2, 30)
    assert stats.occupancy_to - stats.occupancy_from == timedelta(days=30)
    start, end = date.fromisoformat(future_date(4)), date.fromisoformat(future_date(6))
    window = admin.overview_stats(from_=start, to=end)
    assert (window.total_bookings, window.booked_nights, window.available_nights) == (0, 1, 2)
    assert (window.occupancy_rate, window.occupancy_from, window.occupancy_to) == (0.5, start, end)
    mix = admin.analytics(from_=future_date(3), to=future_date(4))
    assert {c.category: c.count for c in mix.category_mix}["PROPERTY"] == 1
    [top] = mix.top_providers
    assert (top.name, top.bookings, top.revenue, top.currency) == (
        "Factory Provider", 1, Decimal("200.00"), "USD",
    )  # fmt: skip
    me = admin.viewer()
    assert (me.roles, me.workspace.id) == (["ADMIN"], tenant.id)


def test_hosts_change_listings_with_versions(connect: Connect, tenant: Tenant) -> None:
    """Partial updates: only the fields given change, None clears one; a stale expected_version
    is a ConflictError and writes nothing; pause and resume hide and show a listing."""
    host = connect(tenant.keys["host"])
    provider = host.create_provider("Casa Azul", "HOST")
    assert provider.version == 1
    stay = host.create_property(
        provider.id, "Alfama Loft", "Lisbon", "120.00", currency="EUR",
        description="Balcony over the river", amenities=("wifi", "balcony"), max_guests=2,
        latitude=38.7115, longitude=-9.13, time_zone="Europe/Lisbon",
    )  # fmt: skip
    assert (stay.version, stay.status, stay.time_zone) == (1, "ACTIVE", "Europe/Lisbon")
    assert stay.status is TravelListingStatus.ACTIVE
    assert stay.updated_at.tzinfo is not None

    changed = host.update_property(
        stay.id, price_per_night=Decimal("135.00"), description=None, expected_version=1
    )
    assert isinstance(changed, Property)
    assert (changed.price_per_night, changed.description, changed.version) == (
        Decimal("135.00"), None, 2,
    )  # fmt: skip
    assert (changed.name, changed.location, changed.currency, changed.amenities) == (
        "Alfama Loft", "Lisbon", "EUR", ["wifi", "balcony"],
    )  # fmt: skip
    assert (changed.max_guests, changed.units, changed.latitude, changed.time_zone) == (
        2, 1, 38.7115, "Europe/Lisbon",
    )  # fmt: skip
    assert changed.updated_at >= stay.updated_at

    with pytest.raises(ConflictError) as stale:
        host.update_property(stay.id, name="Stale Loft", max_guests=None, expected_version=1)
    assert isinstance(stale.value, TravelAPIError)
    assert (stale.value.code, stale.value.current_version) == ("CONFLICT", 2)
    unchanged = host.property(stay.id)
    assert (unchanged.name, unchanged.max_guests, unchanged.version) == ("Alfama Loft", 2, 2)

    cleared = host.update_property(stay.id, max_guests=None, amenities=None, name=UNCHANGED)
    assert (cleared.max_guests, cleared.amenities, cleared.name, cleared.version) == (
        None, [], "Alfama Loft", 3,
    )  # fmt: skip
    with pytest.raises(TravelAPIError) as invalid:
        host.update_property(stay.id, name=" ", currency="EURO")
    assert invalid.value.code == "VALIDATION_ERROR"
    fields = invalid.value.errors[0]["extensions"]["fields"]
    assert {f["field"] for f in fields} == {"input.name", "input.currency"}
    assert host.property(stay.id).version == 3

    renamed = host.update_provider(provider.id, name="Casa Azul Lisboa", expected_version=1)
    assert (renamed.name, renamed.type_, renamed.version) == ("Casa Azul Lisboa", "HOST", 2)

    traveler = connect(tenant.keys["traveler"])
    paused = host.pause_listing(stay.id, expected_version=3)
    assert isinstance(paused, AnyListing)
    assert (paused.typename__, paused.id, paused.kind, paused.status, paused.version) == (
        "TravelProperty", stay.id, "PROPERTY", TravelListingStatus.PAUSED, 4,
    )  # fmt: skip
    assert traveler.properties() == []
    assert [p.id for p in host.properties(filter={"status": ["PAUSED"]})] == [stay.id]
    assert host.pause_listing(stay.id).version == 4  # already paused: unchanged
    with pytest.raises(ConflictError) as late:
        host.resume_listing(stay.id, expected_version=3)
    assert late.value.current_version == 4
    resumed = host.resume_listing(stay.id, expected_version=4)
    assert (resumed.status, resumed.version) == ("ACTIVE", 5)
    assert [p.id for p in traveler.properties()] == [stay.id]

    archived = host.archive_listing(stay.id)
    assert (archived.status, archived.version) == (TravelListingStatus.ARCHIVED, 6)
    assert traveler.properties() == []


def test_updates_send_only_the_fields_given() -> None:
    """UNCHANGED fields are left out of the input, None is sent as null, and expected_version
    only when given (no server needed: the request is what is checked)."""
    sent: list[dict[str, Any]] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content))
        return httpx.Response(200, json={"errors": [{"message": "x", "extensions": {
            "code": "CONFLICT", "currentVersion": 7}}], "data": None})  # fmt: skip

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with TravelClient("http://sdk.test/graphql", "trv_x", env={}, http_client=http) as client:
        with pytest.raises(ConflictError) as stale:
            client.update_tour("t1", description=None, duration_minutes=90, amenities=("a",))
        assert stale.value.current_version == 7
        with pytest.raises(ConflictError):
            client.update_trip("t2", arrives_at=None, location=UNCHANGED, expected_version=3)
        with pytest.raises(ConflictError):
            client.archive_listing("l1")
    assert [body["variables"] for body in sent] == [
        {"input": {"id": "t1", "durationMinutes": 90, "description": None, "amenities": ["a"]}},
        {"input": {"id": "t2", "expectedVersion": 3, "arrivesAt": None}},
        {"id": "l1"},
    ]
    assert [body["query"].split("(")[0] for body in sent] == [
        "mutation UpdateTour", "mutation UpdateTrip", "mutation ArchiveListing",
    ]  # fmt: skip


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
    stay = str(tenant_listing(server, theirs))
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
    stay = str(tenant_listing(server, tenant, units=1))
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
    stay = str(tenant_listing(server, tenant, units=3))
    client = connect(tenant.keys["traveler"])
    first = client.create_booking(
        "PROPERTY", stay, future_date(4), future_date(6), idempotency_key="once"
    )
    again = client.create_booking(
        "PROPERTY", stay, future_date(4), future_date(6), idempotency_key="once"
    )
    assert again == first  # the models compare by value
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

    stay = str(tenant_listing(server, tenant))
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
    stay = str(tenant_listing(server, tenant, units=3))

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
    assert ([p.id for p in properties], tours) == ([stay], [])
    assert len({b.id for b in bookings}) == 3  # three calls, three keys, three bookings
    assert count_rows(server, "bookings", tenant.workspace) == 3


def test_iterators_page_through_whole_lists(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    host = connect(tenant.keys["host"])
    provider = host.create_provider("Many Rooms", "HOST").id
    made = [
        host.create_property(provider, f"Room {n}", "Porto", Decimal(f"{100 + n}.50")).id
        for n in range(7)
    ]
    client = connect(tenant.keys["traveler"])
    assert client.properties_count() == 7
    stays = list(client.iter_properties(page_size=3))  # pages of 3, 3 and 1
    assert [stay.id for stay in stays] == made  # oldest first, each once
    assert [stay.price for stay in stays] == [Decimal(f"{100 + n}.50") for n in range(7)]
    assert [s.id for s in client.iter_properties(page_size=7)] == made  # a last, empty page
    cheap = {"location": "porto", "maxPrice": Decimal("102.50")}
    assert [s.name for s in client.iter_properties(filter=cheap, page_size=2)] == [
        "Room 0", "Room 1", "Room 2",
    ]  # fmt: skip
    assert [p.id for p in client.iter_providers(page_size=1)] == [provider]
    assert list(client.iter_tours()) == []

    for day in range(4):
        client.create_booking("PROPERTY", made[day], future_date(50 + day), future_date(51 + day))
    booked = list(client.iter_bookings(page_size=3))
    assert [b.target.id for b in booked] == made[3::-1]  # newest first
    assert client.bookings_count() == len(booked) == 4
    for stay in made[:5]:
        client.toggle_favorite("PROPERTY", stay)
    assert {f.target_id for f in client.iter_favorites(page_size=2)} == set(made[:5])

    with pytest.raises(ValueError, match="page_size must be 1 to 100"):
        list(client.iter_properties(page_size=101))
    pages = connect("trv_not-a-real-key").iter_properties()
    with pytest.raises(TravelAPIError) as refused:  # raised where the iteration is
        next(pages)
    assert refused.value.code == "UNAUTHENTICATED"


def test_the_async_iterators_page_too(server: LiveServer, tenant: Tenant) -> None:
    made = [str(tenant_listing(server, tenant, kind="TOUR")) for _ in range(5)]

    async def run() -> list[str]:
        async with AsyncTravelClient(server.graphql_url, tenant.keys["traveler"], env={}) as client:
            return [tour.id async for tour in client.iter_tours(page_size=2)]

    assert asyncio.run(run()) == made


def _skips(request: httpx.Request) -> int:
    """The `skip` a page request of the SDK asked for."""
    return int(json.loads(request.content)["variables"]["pagination"]["skip"])


def test_iterators_stop_at_the_last_page(server: LiveServer, tenant: Tenant) -> None:
    """The pages requested, counted through the partner's own HTTP client: a short page ends
    the walk, a full last page costs one empty page more, and nothing is asked past what the
    caller reached; a booking made mid-walk shifts the newest-first pages, yet each booking is
    yielded once and the walk still ends."""
    stays = [str(tenant_listing(server, tenant)) for _ in range(6)]
    sent: list[httpx.Request] = []
    http = httpx.Client(event_hooks={"request": [sent.append]}, timeout=30)
    client = TravelClient(server.graphql_url, tenant.keys["traveler"], env={}, http_client=http)

    def walk(pages: Iterator[Any]) -> tuple[list[str], list[int]]:
        sent.clear()
        return [item.id for item in pages], [_skips(request) for request in sent]

    assert walk(client.iter_properties(page_size=4)) == (stays, [0, 4])  # 4, then 2: the end
    assert walk(client.iter_properties(page_size=3)) == (stays, [0, 3, 6])  # 3, 3, then []
    assert walk(client.iter_properties(page_size=6)) == (stays, [0, 6])
    assert walk(client.iter_properties(page_size=100)) == (stays, [0])
    assert walk(itertools.islice(client.iter_properties(page_size=1), 2)) == (stays[:2], [0, 1])
    assert walk(client.iter_tours(page_size=5)) == ([], [0])

    booked = [
        client.create_booking("PROPERTY", stay, future_date(60), future_date(61)).id
        for stay in stays[:3]
    ]
    pages = client.iter_bookings(page_size=2)
    sent.clear()
    first = [next(pages).id, next(pages).id]  # the newest two
    late = client.create_booking("PROPERTY", stays[3], future_date(60), future_date(61)).id
    rest = [booking.id for booking in pages]  # the next page holds the second again: skipped
    assert first + rest == booked[::-1]  # each once, the late one not among them
    assert late not in rest
    assert [_skips(r) for r in sent if b"pagination" in r.content] == [0, 2, 4]
    client.close()
    http.close()


def test_an_injected_http_client_and_extra_headers_are_used(
    server: LiveServer, tenant: Tenant
) -> None:
    sent: list[httpx.Request] = []
    # The partner's own pool: its default header reaches the service, which echoes a sane
    # X-Request-Id (docs/operations.md); its event hook sees every request the SDK makes.
    http = httpx.Client(
        headers={"X-Request-Id": "partner-pool-0001"},
        event_hooks={"request": [sent.append]},
        timeout=30,
    )
    with TravelClient(server.graphql_url, tenant.keys["traveler"], env={}, http_client=http) as c:
        response = c.execute("{ travelProperties { id } }")
        assert response.request_id == "partner-pool-0001"
        assert c.properties() == []
    assert not http.is_closed  # the caller's pool: the SDK leaves it open
    assert len(sent) == 2
    assert sent[1].headers["authorization"] == f"Bearer {tenant.keys['traveler']}"
    http.close()

    extra = {"X-Request-Id": "partner-trace-42", "User-Agent": "partner-app/3.1"}
    with TravelClient(server.graphql_url, tenant.keys["traveler"], env={}, headers=extra) as c:
        assert c.execute("{ travelProviders { id } }").request_id == "partner-trace-42"
        with pytest.raises(TravelAPIError) as refused:
            c.property(str(uuid.uuid4()))
        assert (refused.value.code, refused.value.request_id) == ("NOT_FOUND", "partner-trace-42")
    with pytest.raises(ValueError, match="cannot set Authorization: pass credential= instead"):
        TravelClient(server.graphql_url, env={}, headers={"Authorization": "Bearer x"})


def test_the_async_client_takes_an_injected_client_and_headers(
    server: LiveServer, tenant: Tenant
) -> None:
    async def run() -> tuple[str | None, bool]:
        http = httpx.AsyncClient(timeout=30)
        async with AsyncTravelClient(
            server.graphql_url,
            tenant.keys["traveler"],
            env={},
            http_client=http,
            headers={"X-Request-Id": "async-trace-0042"},
        ) as client:
            request_id = (await client.execute("{ travelTours { id } }")).request_id
            assert await client.tours() == []
        still_open = not http.is_closed
        await http.aclose()
        return request_id, still_open

    assert asyncio.run(run()) == ("async-trace-0042", True)


def test_query_returns_the_api_json_and_raises_errors(
    connect: Connect, tenant: Tenant, server: LiveServer
) -> None:
    stay = str(tenant_listing(server, tenant))
    client = connect(tenant.keys["traveler"])
    data = client.query(
        "query($id: ID!) { travelProperty(id: $id) { name price checkIn: availability("
        'from: "2030-01-01", to: "2030-01-01") { date } } }',
        {"id": stay},
    )
    assert data == {
        "travelProperty": {
            "name": "Factory Property",
            "price": "100.00",  # the API's JSON: money stays a string here
            "checkIn": [{"date": "2030-01-01"}],
        }
    }
    with pytest.raises(TravelAPIError) as partial:
        client.query("{ travelProviders { id } travelOverviewStats { totalBookings } }")
    assert partial.value.code == "FORBIDDEN"
    assert partial.value.data is not None
    assert partial.value.data["travelOverviewStats"] is None
    assert len(partial.value.data["travelProviders"]) == 1


def test_hosts_upload_photos_and_set_their_calendar(connect: Connect, tenant: Tenant) -> None:
    """A photo in one call (upload place, bytes, photo); a file that is not a photo is a
    VALIDATION_ERROR; a block and a seasonal price shape the calendar."""
    import io

    from PIL import Image

    host = connect(tenant.keys["host"])
    provider = host.create_provider("Casa Azul", "HOST")
    stay = host.create_property(provider.id, "Alfama Loft", "Lisbon", "100.00", units=2)
    out = io.BytesIO()
    Image.new("RGB", (900, 600), (40, 80, 120)).save(out, "JPEG")
    photo = host.upload_photo(stay.id, out.getvalue(), "The living room")
    assert (photo.alt, photo.position, photo.width, photo.height) == (
        "The living room",
        0,
        640,
        427,
    )
    assert [source.width for source in photo.sources] == [320, 640]
    upload = host.create_photo_upload(stay.id)
    with pytest.raises(TravelAPIError) as refused:
        host.send_photo(upload, b"plain text, not a photo")
    assert (refused.value.code, refused.value.status) == ("VALIDATION_ERROR", 400)
    moved = host.update_photo(photo.id, alt="Living room, river view")
    assert moved.alt == "Living room, river view"

    first = date.today() + timedelta(days=30)
    block = host.block_dates(stay.id, first, first + timedelta(days=1), units=1, note="paint")
    assert (block.units, block.note) == (1, "paint")
    season = host.set_seasonal_price(stay.id, first, first, "150.00")
    assert season.price == Decimal("150.00")
    days = host.availability("PROPERTY", stay.id, first, first + timedelta(days=2))
    assert [(d.available, d.price) for d in days] == [
        (1, Decimal("150.00")), (1, Decimal("100.00")), (2, Decimal("100.00")),
    ]  # fmt: skip
    host.unblock_dates(block.id)
    host.remove_seasonal_price(season.id)
    assert host.remove_photo(photo.id).id == stay.id
