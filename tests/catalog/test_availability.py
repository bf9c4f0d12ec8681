"""Availability: the `availability(from, to)` calendar and the availability filter, computed
from confirmed bookings; the SQL filter is checked against the pure arithmetic."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

import pytest

from tests.factories import Tenant, api_listing, api_provider, tenant_booking
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer
from travel.catalog.availability import (
    BookedSpan,
    dates_between,
    remaining_for_stay,
    remaining_persons,
)

CALENDAR = """query ($id: ID!, $from: Date!, $to: Date!) {
  %s(id: $id) { availability(from: $from, to: $to) { date capacity available } } }"""
D = date(2030, 3, 1)


def day(n: int) -> str:
    return (D + timedelta(days=n)).isoformat()


def calendar(server: LiveServer, key: str, field: str, listing: str, first: int, last: int) -> Any:
    variables = {"id": listing, "from": day(first), "to": day(last)}
    return data(server, key, CALENDAR % field, variables)[field]["availability"]


def test_property_calendar_counts_rooms_per_night(server: LiveServer, tenant: Tenant) -> None:
    provider = api_provider(server, tenant.keys["host"])
    stay = api_listing(server, tenant.keys["host"], "PROPERTY", provider, units=2)
    tenant_booking(server, tenant, stay, day(1), day(3))
    tenant_booking(server, tenant, stay, day(2), day(4))
    tenant_booking(server, tenant, stay, day(2), day(5), status="CANCELLED")
    days = calendar(server, tenant.keys["traveler"], "travelProperty", stay, 0, 4)
    assert days == [
        {"date": day(n), "capacity": 2, "available": free} for n, free in enumerate([2, 1, 0, 1, 2])
    ]


def test_tour_calendar_counts_persons_per_date(server: LiveServer, tenant: Tenant) -> None:
    provider = api_provider(server, tenant.keys["host"], type="OPERATOR")
    tour = api_listing(server, tenant.keys["host"], "TOUR", provider, capacity=10)
    tenant_booking(server, tenant, tour, day(1), day(1), guests=4)
    tenant_booking(server, tenant, tour, day(1), day(1), guests=5)
    tenant_booking(server, tenant, tour, day(2), day(2), guests=10, status="CANCELLED")
    days = calendar(server, tenant.keys["traveler"], "travelTour", tour, 0, 2)
    assert [d["available"] for d in days] == [10, 1, 10]
    assert {d["capacity"] for d in days} == {10}


def test_event_and_trip_run_on_one_date_only(server: LiveServer, tenant: Tenant) -> None:
    provider = api_provider(server, tenant.keys["host"], type="OPERATOR")
    # 00:30 at UTC+1 on day 3 is 23:30 UTC on day 2: an event's date is the UTC one.
    starts = {"startsAt": f"{day(3)}T00:30:00+01:00", "endsAt": f"{day(3)}T03:00:00+01:00"}
    event = api_listing(server, tenant.keys["host"], "EVENT", provider, capacity=50, **starts)
    trip = api_listing(
        server, tenant.keys["host"], "TRIP", provider, capacity=8, departsAt=f"{day(1)}T08:00:00Z"
    )
    tenant_booking(server, tenant, event, day(2), day(2), guests=20)
    tenant_booking(server, tenant, trip, day(1), day(1), guests=8)
    event_days = calendar(server, tenant.keys["traveler"], "travelEvent", event, 1, 3)
    assert [(d["capacity"], d["available"]) for d in event_days] == [(0, 0), (50, 30), (0, 0)]
    trip_days = calendar(server, tenant.keys["traveler"], "travelTrip", trip, 0, 2)
    assert [(d["capacity"], d["available"]) for d in trip_days] == [(0, 0), (8, 0), (0, 0)]


@pytest.mark.parametrize(
    ("first", "last", "field"),
    [(0, 366, "to"), (5, 4, "to")],
)
def test_calendar_range_is_validated(
    server: LiveServer, tenant: Tenant, first: int, last: int, field: str
) -> None:
    provider = api_provider(server, tenant.keys["host"])
    stay = api_listing(server, tenant.keys["host"], "PROPERTY", provider)
    assert len(calendar(server, tenant.keys["traveler"], "travelProperty", stay, 0, 365)) == 366
    variables = {"id": stay, "from": day(first), "to": day(last)}
    response = post(server, tenant.keys["traveler"], CALENDAR % "travelProperty", variables)
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert response.json()["errors"][0]["extensions"]["field"] == field


def test_calendar_through_a_list(server: LiveServer, tenant: Tenant) -> None:
    provider = api_provider(server, tenant.keys["host"])
    stays = [api_listing(server, tenant.keys["host"], "PROPERTY", provider) for _ in range(3)]
    tenant_booking(server, tenant, stays[1], day(0), day(1))
    query = f"""{{ travelProperties {{ id availability(from: "{day(0)}", to: "{day(1)}") {{ available }} }} }}"""
    listed = data(server, tenant.keys["traveler"], query)["travelProperties"]
    assert [[d["available"] for d in s["availability"]] for s in listed] == [[1, 1], [0, 1], [1, 1]]


def _random_bookings(rng: random.Random, stay: bool, count: int) -> list[tuple[int, int, int, str]]:
    bookings = []
    for _ in range(count):
        first = rng.randrange(0, 20)
        last = first + (rng.randrange(1, 5) if stay else rng.choice([0, 0, 0, 1, 2]))
        status = rng.choice(["CONFIRMED"] * 4 + ["CANCELLED"])
        bookings.append((first, last, rng.randrange(1, 4), status))
    return bookings


def test_availability_filter_agrees_with_the_arithmetic(server: LiveServer, tenant: Tenant) -> None:
    """Random bookings, random windows: the SQL filter keeps a listing exactly when the pure
    functions the bookings service uses say there is room."""
    rng = random.Random(20300301)
    provider = api_provider(server, tenant.keys["host"])
    host = tenant.keys["host"]
    listings = {
        "stay": api_listing(server, host, "PROPERTY", provider, units=2, maxGuests=3),
        "tour": api_listing(server, host, "TOUR", provider, capacity=6),
        "event": api_listing(
            server,
            host,
            "EVENT",
            provider,
            capacity=5,
            startsAt=f"{day(10)}T18:00:00Z",
            endsAt=f"{day(10)}T22:00:00Z",
        ),
    }
    spans: dict[str, list[BookedSpan]] = {name: [] for name in listings}
    for name, listing in listings.items():
        for first, last, guests, status in _random_bookings(rng, name == "stay", 14):
            tenant_booking(
                server, tenant, listing, day(first), day(last), guests=guests, status=status
            )
            if status == "CONFIRMED":
                spans[name].append(BookedSpan(D + timedelta(first), D + timedelta(last), guests))
    query = """query ($stay: TravelListingFilterInput, $other: TravelListingFilterInput) {
      travelProperties(filter: $stay) { id } travelTours(filter: $other) { id }
      travelEvents(filter: $other) { id } }"""
    for _ in range(40):
        first = rng.randrange(0, 22)
        last, guests = first + rng.randrange(0, 5), rng.randrange(1, 5)
        window = {"availableFrom": day(first), "availableTo": day(last), "guests": guests}
        stay_window = {**window, "availableTo": day(max(last, first + 1))}
        got = data(server, host, query, {"stay": stay_window, "other": window})
        start, end = D + timedelta(first), D + timedelta(last)
        stay_end = D + timedelta(max(last, first + 1))
        expected = {
            "travelProperties": guests <= 3
            and remaining_for_stay(2, spans["stay"], start, stay_end) >= 1,
            "travelTours": any(
                remaining_persons(6, spans["tour"], d, d) >= guests
                for d in dates_between(start, end)
            ),
            "travelEvents": any(
                remaining_persons(5, spans["event"], d, d, D + timedelta(10)) >= guests
                for d in dates_between(start, end)
            ),
        }
        assert {field: bool(items) for field, items in got.items()} == expected, window


def test_pure_arithmetic_edges() -> None:
    spans = [BookedSpan(date(2030, 1, 1), date(2030, 1, 3), 2)]
    assert remaining_for_stay(1, spans, date(2030, 1, 3), date(2030, 1, 4)) == 1  # check-out day
    assert remaining_for_stay(1, spans, date(2030, 1, 2), date(2030, 1, 3)) == 0
    assert remaining_for_stay(1, spans, date(2030, 1, 2), date(2030, 1, 2)) == 0  # no night
    assert remaining_persons(5, spans, date(2030, 1, 3), date(2030, 1, 3)) == 3  # inclusive
    assert remaining_persons(5, spans, date(2030, 1, 4), date(2030, 1, 4), date(2030, 1, 5)) == 0
    assert remaining_persons(1, spans, date(2030, 1, 1), date(2030, 1, 1)) == 0  # never negative
