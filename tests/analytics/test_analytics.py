"""Analytics through HTTP, checked against figures worked out by hand on a known data set."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import pytest

from tests.factories import (
    Tenant,
    api_provider,
    create_tenant,
    issue_key,
    tenant_booking,
    tenant_listing,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

OVERVIEW = """query ($from: Date, $to: Date) { travelOverviewStats(from: $from, to: $to) {
  totalBookings totalRevenue currency occupancyRate bookedNights availableNights
  occupancyFrom occupancyTo revenueByCurrency { currency bookings amount } } }"""
ANALYTICS = """query ($from: Date, $to: Date) { travelAnalytics(from: $from, to: $to) {
  categoryMix { category count } topProviders { id name bookings revenue currency } } }"""
MARCH = {"from": "2030-03-01", "to": "2030-03-11"}  # ten nights
ZERO_MIX = {"PROPERTY": 0, "TOUR": 0, "ACTIVITY": 0, "EVENT": 0, "TRIP": 0}


@dataclass
class Seeded:
    tenant: Tenant
    providers: dict[str, str]


def _overview(server: LiveServer, key: str, window: dict[str, str] | None = None) -> dict[str, Any]:
    return data(server, key, OVERVIEW, window)["travelOverviewStats"]  # type: ignore[no-any-return]


def _analytics(
    server: LiveServer, key: str, window: dict[str, str] | None = None
) -> dict[str, Any]:
    return data(server, key, ANALYTICS, window)["travelAnalytics"]  # type: ignore[no-any-return]


@pytest.fixture
def seeded(server: LiveServer) -> Seeded:
    """Two stays (2 units at 100.00, 1 unit at 50.00), a tour (30.00/person), an event
    (20.00/person) and a trip, all USD, with bookings around the window [2030-03-01, 2030-03-11)."""
    tenant = create_tenant(server)
    providers = {
        "alfama": api_provider(server, tenant.keys["host"], "Alfama Stays"),
        "baixa": api_provider(server, tenant.keys["host2"], "Baixa Rooms"),
        "coast": api_provider(server, tenant.keys["host"], "Coast Tours", "OPERATOR"),
        "dune": api_provider(server, tenant.keys["host2"], "Dune Trips", "OPERATOR"),
    }
    big = tenant_listing(
        server, tenant, "PROPERTY", provider=providers["alfama"], units=2, price_minor=10_000
    )
    small = tenant_listing(
        server, tenant, "PROPERTY", provider=providers["baixa"], units=1, price_minor=5_000
    )
    tour = tenant_listing(server, tenant, "TOUR", provider=providers["coast"], price_minor=3_000)
    event = tenant_listing(server, tenant, "EVENT", provider=providers["coast"], price_minor=2_000)
    trip = tenant_listing(server, tenant, "TRIP", provider=providers["dune"], price_minor=9_000)
    book = partial(tenant_booking, server, tenant)
    book(big, "2030-02-27", "2030-03-03")  # 400.00; starts before; 2 nights in
    book(big, "2030-03-05", "2030-03-08")  # 300.00; 3 nights in
    book(big, "2030-03-09", "2030-03-15")  # 600.00; 2 nights in
    book(small, "2030-03-02", "2030-03-06", status="CANCELLED")  # never counts
    book(small, "2030-03-11", "2030-03-12")  # 50.00; starts on `to`: outside
    book(small, "2030-03-01", "2030-03-02")  # 50.00; starts on `from`: inside
    book(tour, "2030-03-04", guests=3)  # 90.00
    book(tour, "2030-03-04", guests=1, status="CANCELLED")
    book(event, "2030-03-10", guests=2)  # 40.00
    book(trip, "2030-03-05", guests=1, status="CANCELLED")
    return Seeded(tenant, providers)


def test_overview_in_a_window(server: LiveServer, seeded: Seeded) -> None:
    stats = _overview(server, seeded.tenant.keys["admin"], MARCH)
    assert stats["totalBookings"] == 5
    assert stats["totalRevenue"] == "1080.00"
    assert stats["currency"] == "USD"
    assert stats["revenueByCurrency"] == [{"currency": "USD", "bookings": 5, "amount": "1080.00"}]
    assert (stats["bookedNights"], stats["availableNights"]) == (2 + 3 + 2 + 1, (2 + 1) * 10)
    assert stats["occupancyRate"] == 8 / 30
    assert (stats["occupancyFrom"], stats["occupancyTo"]) == ("2030-03-01", "2030-03-11")


def test_overview_of_all_time(server: LiveServer, seeded: Seeded) -> None:
    before = datetime.now(UTC).date()
    stats = _overview(server, seeded.tenant.keys["admin"])
    assert stats["totalBookings"] == 7
    assert stats["totalRevenue"] == "1530.00"
    assert stats["occupancyFrom"] in {before.isoformat(), datetime.now(UTC).date().isoformat()}
    # No stay of the data set touches the coming 30 nights.
    assert (stats["bookedNights"], stats["availableNights"], stats["occupancyRate"]) == (0, 90, 0)


def test_analytics_in_a_window_and_of_all_time(server: LiveServer, seeded: Seeded) -> None:
    p = seeded.providers
    found = _analytics(server, seeded.tenant.keys["admin"], MARCH)
    assert {c["category"]: c["count"] for c in found["categoryMix"]} == ZERO_MIX | {
        "PROPERTY": 3,
        "TOUR": 1,
        "EVENT": 1,
    }
    assert [c["category"] for c in found["categoryMix"]] == list(ZERO_MIX)
    assert found["topProviders"] == [
        {
            "id": p["alfama"],
            "name": "Alfama Stays",
            "bookings": 2,
            "revenue": "900.00",
            "currency": "USD",
        },
        {
            "id": p["coast"],
            "name": "Coast Tours",
            "bookings": 2,
            "revenue": "130.00",
            "currency": "USD",
        },
        {
            "id": p["baixa"],
            "name": "Baixa Rooms",
            "bookings": 1,
            "revenue": "50.00",
            "currency": "USD",
        },
    ]
    ever = _analytics(server, seeded.tenant.keys["admin"])
    assert {c["category"]: c["count"] for c in ever["categoryMix"]} == ZERO_MIX | {
        "PROPERTY": 5,
        "TOUR": 1,
        "EVENT": 1,
    }
    assert [(t["name"], t["bookings"], t["revenue"]) for t in ever["topProviders"]] == [
        ("Alfama Stays", 3, "1300.00"),
        ("Coast Tours", 2, "130.00"),
        ("Baixa Rooms", 2, "100.00"),
    ]


def test_default_occupancy_is_the_30_nights_from_today(server: LiveServer) -> None:
    tenant = create_tenant(server)
    provider = api_provider(server, tenant.keys["host"], "Today Stays")
    stay = tenant_listing(server, tenant, "PROPERTY", provider=provider, units=1)
    today = datetime.now(UTC).date()

    def day(offset: int) -> str:
        return (today + timedelta(days=offset)).isoformat()

    tenant_booking(server, tenant, stay, day(-2), day(3))  # 3 nights from today
    tenant_booking(server, tenant, stay, day(29), day(32))  # the 30th night only
    tenant_booking(server, tenant, stay, day(30), day(31))  # after the 30 nights
    tenant_booking(server, tenant, stay, day(5), day(9), status="CANCELLED")
    stats = _overview(server, tenant.keys["admin"])
    assert stats["occupancyFrom"] == today.isoformat()
    assert stats["occupancyTo"] == day(30)
    assert (stats["bookedNights"], stats["availableNights"]) == (4, 30)
    assert stats["occupancyRate"] == 4 / 30
    assert stats["totalBookings"] == 3


def test_a_year_long_stay_counts_its_nights_inside_the_window(server: LiveServer) -> None:
    tenant = create_tenant(server)
    stay = tenant_listing(
        server, tenant, "PROPERTY", provider=api_provider(server, tenant.keys["host"], "Long Stays")
    )
    # 365 nights, the last one in March
    tenant_booking(server, tenant, stay, "2029-03-02", "2030-03-02")
    stats = _overview(server, tenant.keys["admin"], MARCH)
    assert (stats["totalBookings"], stats["bookedNights"], stats["availableNights"]) == (0, 1, 10)


def test_top_providers_are_five_with_deterministic_ties(server: LiveServer) -> None:
    tenant = create_tenant(server)
    revenues = {"a": [500], "b": [400], "c": [150, 150], "d": [300], "e": [300], "f": [100]}
    ids: dict[str, str] = {}
    for name, totals in revenues.items():
        ids[name] = api_provider(server, tenant.keys["host"], name, "OPERATOR")
        tour = tenant_listing(server, tenant, "TOUR", provider=ids[name])
        for total in totals:
            tenant_booking(server, tenant, tour, "2030-03-03", total_minor=total * 100)
    tenant_listing(
        server,
        tenant,
        "TOUR",
        provider=api_provider(server, tenant.keys["host"], "idle", "OPERATOR"),
    )
    top = _analytics(server, tenant.keys["admin"])["topProviders"]
    # Revenue first, then bookings (c's two beat d's and e's one), then id.
    tied = sorted([ids["d"], ids["e"]])
    assert [t["id"] for t in top] == [ids["a"], ids["b"], ids["c"], *tied]


def test_a_workspace_without_data_reports_zeros(server: LiveServer) -> None:
    tenant = create_tenant(server)
    for window in (None, MARCH):
        stats = _overview(server, tenant.keys["admin"], window)
        assert stats["totalBookings"] == 0
        assert (stats["totalRevenue"], stats["currency"], stats["revenueByCurrency"]) == (
            "0.00",
            "USD",
            [],
        )
        assert (stats["occupancyRate"], stats["bookedNights"], stats["availableNights"]) == (
            0,
            0,
            0,
        )
        found = _analytics(server, tenant.keys["admin"], window)
        assert found["categoryMix"] == [{"category": k, "count": 0} for k in ZERO_MIX]
        assert found["topProviders"] == []


def test_several_currencies_are_never_added_together(server: LiveServer) -> None:
    tenant = create_tenant(server)
    usd = tenant_listing(
        server,
        tenant,
        "PROPERTY",
        provider=api_provider(server, tenant.keys["host"], "Dollar Inn"),
        price_minor=10_000,
    )
    eur = tenant_listing(
        server,
        tenant,
        "TOUR",
        provider=api_provider(server, tenant.keys["host"], "Euro Tours", "OPERATOR"),
        price_minor=1_000,
        currency="EUR",
    )
    yen = tenant_listing(
        server,
        tenant,
        "EVENT",
        provider=api_provider(server, tenant.keys["host"], "Yen Events", "OPERATOR"),
        price_minor=5_000,
        currency="JPY",
    )
    for check_in in ("2030-03-01", "2030-03-02"):
        tenant_booking(server, tenant, usd, check_in, "2030-03-04")
    for _ in range(3):
        tenant_booking(server, tenant, eur, "2030-03-03", guests=2)  # 20.00 EUR each
    tenant_booking(server, tenant, yen, "2030-03-03")  # 5000 JPY (no minor unit)
    stats = _overview(server, tenant.keys["admin"])
    assert (stats["totalBookings"], stats["currency"], stats["totalRevenue"]) == (6, "EUR", "60.00")
    assert stats["revenueByCurrency"] == [
        {"currency": "EUR", "bookings": 3, "amount": "60.00"},
        {"currency": "USD", "bookings": 2, "amount": "500.00"},
        {"currency": "JPY", "bookings": 1, "amount": "5000"},
    ]
    top = _analytics(server, tenant.keys["admin"])["topProviders"]
    assert [(t["name"], t["bookings"], t["revenue"], t["currency"]) for t in top] == [
        ("Euro Tours", 3, "60.00", "EUR")
    ]


@pytest.mark.parametrize(
    ("window", "field"),
    [
        ({"from": "2030-03-01"}, "to"),
        ({"to": "2030-03-01"}, "from"),
        ({"from": "2030-03-01", "to": "2030-03-01"}, "to"),
        ({"from": "2030-03-02", "to": "2030-03-01"}, "to"),
        ({"from": "2030-01-01", "to": "2031-01-03"}, "to"),  # 367 days
    ],
)
def test_bad_windows_are_validation_errors(
    server: LiveServer, window: dict[str, str], field: str
) -> None:
    tenant = create_tenant(server)
    for query in (OVERVIEW, ANALYTICS):
        response = post(server, tenant.keys["admin"], query, window)
        assert error_codes(response) == ["VALIDATION_ERROR"]
        assert response.json()["errors"][0]["extensions"]["field"] == field
        assert list(response.json()["data"].values()) == [None]


def test_a_366_day_window_is_allowed(server: LiveServer) -> None:
    tenant = create_tenant(server)
    stats = _overview(server, tenant.keys["admin"], {"from": "2028-01-01", "to": "2029-01-01"})
    assert (stats["occupancyFrom"], stats["occupancyTo"]) == ("2028-01-01", "2029-01-01")


def test_only_analytics_permission_may_read(server: LiveServer, seeded: Seeded) -> None:
    tenant = seeded.tenant
    narrowed = issue_key(
        server, tenant.workspace, roles=["admin"], permissions=["travel:read", "travel:admin"]
    ).secret
    for key in (tenant.keys["traveler"], tenant.keys["host"], narrowed):
        for query in (OVERVIEW, ANALYTICS):
            response = post(server, key, query, MARCH)
            assert response.status_code == 200
            assert error_codes(response) == ["FORBIDDEN"]
            assert list(response.json()["data"].values()) == [None]


def test_another_workspace_sees_none_of_the_numbers(server: LiveServer, seeded: Seeded) -> None:
    other = create_tenant(server)
    tenant_listing(
        server,
        other,
        "PROPERTY",
        provider=api_provider(server, other.keys["host"], "Elsewhere"),
        units=4,
    )
    for window in (None, MARCH):
        stats = _overview(server, other.keys["admin"], window)
        assert (stats["totalBookings"], stats["totalRevenue"], stats["bookedNights"]) == (
            0,
            "0.00",
            0,
        )
        assert stats["availableNights"] == 4 * (30 if window is None else 10)
        found = _analytics(server, other.keys["admin"], window)
        assert {c["count"] for c in found["categoryMix"]} == {0}
        assert found["topProviders"] == []
    # And the seeded workspace's own figures are untouched by the other's listing.
    assert _overview(server, seeded.tenant.keys["admin"], MARCH)["availableNights"] == 30


def test_dates_must_be_dates(server: LiveServer) -> None:
    tenant = create_tenant(server)
    response = post(
        server, tenant.keys["admin"], OVERVIEW, {"from": "2030-02-30", "to": "2030-03-01"}
    )
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
