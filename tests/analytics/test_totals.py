"""Analytics follow every booking change: made and cancelled through the API, or inserted as
rows, the figures equal the definitions (docs/decisions/0050) applied to the bookings."""

from __future__ import annotations

import random
import threading
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from tests.factories import (
    CANCEL,
    api_provider,
    create_tenant,
    future_date,
    request_booking,
    tenant_booking,
    tenant_listing,
)
from tests.support.api import data
from tests.support.live import LiveServer

OVERVIEW = """query ($from: Date, $to: Date) { travelOverviewStats(from: $from, to: $to) {
  totalBookings totalRevenue currency bookedNights availableNights
  revenueByCurrency { currency bookings amount } } }"""
ANALYTICS = """query ($from: Date, $to: Date) { travelAnalytics(from: $from, to: $to) {
  categoryMix { category count } topProviders { id name bookings revenue currency } } }"""
KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")
EXPONENT = {"USD": 2, "EUR": 2, "JPY": 0}


def _report(server: LiveServer, key: str, window: dict[str, str] | None) -> dict[str, Any]:
    overview = data(server, key, OVERVIEW, window)["travelOverviewStats"]
    analytics = data(server, key, ANALYTICS, window)["travelAnalytics"]
    return {**overview, **analytics}


def test_bookings_made_and_cancelled_through_the_api_move_every_figure(server: LiveServer) -> None:
    tenant = create_tenant(server)
    stays = api_provider(server, tenant.keys["host"], "Rooftop Stays")
    tours = api_provider(server, tenant.keys["host"], "River Tours", "OPERATOR")
    stay = tenant_listing(server, tenant, "PROPERTY", provider=stays, price_minor=10_000)
    tour = tenant_listing(server, tenant, "TOUR", provider=tours, price_minor=2_500)
    key, admin = tenant.keys["traveler"], tenant.keys["admin"]
    booked = request_booking(server, key, stay, checkIn=future_date(10), checkOut=future_date(13))
    request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(12), guests=2)
    window = {"from": future_date(10), "to": future_date(20)}

    before = _report(server, admin, window)
    assert (before["totalBookings"], before["totalRevenue"], before["bookedNights"]) == (
        2,
        "350.00",
        3,
    )
    assert {c["category"]: c["count"] for c in before["categoryMix"]} == {
        **dict.fromkeys(KINDS, 0),
        "PROPERTY": 1,
        "TOUR": 1,
    }
    assert [(p["name"], p["revenue"]) for p in before["topProviders"]] == [
        ("Rooftop Stays", "300.00"),
        ("River Tours", "50.00"),
    ]

    stay_id = booked.json()["data"]["createTravelBooking"]["id"]
    assert data(server, admin, CANCEL, {"id": stay_id})["cancelTravelBooking"]["status"] == (
        "CANCELLED"
    )
    for after in (_report(server, admin, window), _report(server, admin, None)):
        assert (after["totalBookings"], after["totalRevenue"], after["bookedNights"]) == (
            1,
            "50.00",
            0,
        )
        assert after["revenueByCurrency"] == [{"currency": "USD", "bookings": 1, "amount": "50.00"}]
        assert {c["category"]: c["count"] for c in after["categoryMix"]}["PROPERTY"] == 0
        # The stay's provider has no counted booking left, so it is no longer ranked.
        assert [p["name"] for p in after["topProviders"]] == ["River Tours"]


def _at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls on as many threads, released at the same instant; their results."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        start.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def test_concurrent_bookings_and_cancellations_are_all_counted(server: LiveServer) -> None:
    """Bookings of one day by many clients at once all update the same running totals."""
    tenant = create_tenant(server)
    sellers = [api_provider(server, tenant.keys["host"], f"Seller {i}", "OPERATOR") for i in (1, 2)]
    tours = [
        tenant_listing(
            server, tenant, "TOUR", provider=sellers[i % 2], price_minor=1_000, capacity=50
        )
        for i in range(4)
    ]
    day, keys = future_date(15), [tenant.keys["traveler"], tenant.keys["traveler2"]]

    def book(n: int) -> Callable[[], Any]:
        return lambda: request_booking(
            server, keys[n % 2], tours[n % 4], target_type="TOUR", checkIn=day, guests=1
        )

    made = [
        r.json()["data"]["createTravelBooking"]["id"]
        for r in _at_once([book(n) for n in range(16)])
    ]
    cancelled = made[:6]  # tours 0, 1, 2, 3, 0, 1: three of each seller's bookings
    _at_once([lambda b=b: data(server, tenant.keys["admin"], CANCEL, {"id": b}) for b in cancelled])

    window = {"from": day, "to": (date.fromisoformat(day) + timedelta(days=1)).isoformat()}
    report = _report(server, tenant.keys["admin"], window)
    assert (report["totalBookings"], report["totalRevenue"]) == (10, "100.00")
    assert sorted((p["name"], p["bookings"], p["revenue"]) for p in report["topProviders"]) == [
        ("Seller 1", 5, "50.00"),
        ("Seller 2", 5, "50.00"),
    ]


@dataclass
class Row:
    """A booking as the oracle sees it."""

    id: uuid.UUID
    provider: str
    kind: str
    currency: str
    check_in: date
    check_out: date
    total_minor: int
    status: str


def _amount(minor: int, currency: str) -> str:
    return str(
        Decimal(minor).scaleb(-EXPONENT[currency]).quantize(Decimal(1).scaleb(-EXPONENT[currency]))
    )


def _expected(
    rows: list[Row], names: dict[str, str], first: date, last: date, window: bool
) -> dict[str, Any]:
    """The figures docs/decisions/0050 and 0051 define, worked out from the rows in Python."""
    counted = [
        r for r in rows if r.status == "CONFIRMED" and (not window or first <= r.check_in < last)
    ]
    per_currency = Counter(r.currency for r in counted)
    ranked = sorted(per_currency, key=lambda c: (-per_currency[c], c))
    currency = ranked[0] if ranked else "USD"
    revenue = {c: sum(r.total_minor for r in counted if r.currency == c) for c in ranked}
    nights = sum(
        max(0, (min(r.check_out, last) - max(r.check_in, first)).days)
        for r in rows
        if r.status == "CONFIRMED" and r.kind == "PROPERTY"
    )
    sellers: dict[str, tuple[int, int]] = {}
    for r in counted:
        if r.currency == currency:
            n, minor = sellers.get(r.provider, (0, 0))
            sellers[r.provider] = (n + 1, minor + r.total_minor)
    top = sorted(sellers, key=lambda p: (-sellers[p][1], -sellers[p][0], p))[:5]
    return {
        "totalBookings": len(counted),
        "totalRevenue": _amount(revenue.get(currency, 0), currency),
        "currency": currency,
        "revenueByCurrency": [
            {"currency": c, "bookings": per_currency[c], "amount": _amount(revenue[c], c)}
            for c in ranked
        ],
        "bookedNights": nights,
        "categoryMix": [
            {"category": k, "count": sum(1 for r in counted if r.kind == k)} for k in KINDS
        ],
        "topProviders": [
            {
                "id": p,
                "name": names[p],
                "bookings": sellers[p][0],
                "revenue": _amount(sellers[p][1], currency),
                "currency": currency,
            }
            for p in top
        ],
    }


def test_figures_equal_the_definitions_after_many_changes(server: LiveServer) -> None:
    """Many bookings over several providers, kinds, currencies and dates around a window; some
    inserted cancelled, some cancelled later through the API."""
    tenant = create_tenant(server)
    rng = random.Random(7)
    names = {}
    listings = []
    for i in range(8):
        name = f"Seller {i}"
        provider = api_provider(server, tenant.keys["host"], name, "OPERATOR")
        names[provider] = name
        for kind in rng.sample(KINDS, 2):
            currency = rng.choice(("USD", "USD", "EUR", "JPY"))
            listing = tenant_listing(server, tenant, kind, provider=provider, currency=currency)
            listings.append((listing, provider, kind, currency))
    first = date(2030, 3, 1)
    rows = []
    for _ in range(60):
        listing, provider, kind, currency = rng.choice(listings)
        check_in = first + timedelta(days=rng.randint(-40, 40))
        nights = rng.randint(1, 45) if kind == "PROPERTY" else 0
        total = rng.randint(1, 900) * 100
        status = "CANCELLED" if rng.random() < 0.15 else "CONFIRMED"
        check_out = check_in + timedelta(days=nights)
        booking = tenant_booking(
            server,
            tenant,
            listing,
            check_in.isoformat(),
            check_out.isoformat(),
            total_minor=total,
            status=status,
        )
        rows.append(Row(booking, provider, kind, currency, check_in, check_out, total, status))
    for row in rng.sample([r for r in rows if r.status == "CONFIRMED"], 12):
        data(server, tenant.keys["admin"], CANCEL, {"id": str(row.id)})
        row.status = "CANCELLED"

    last = first + timedelta(days=31)
    window = {"from": first.isoformat(), "to": last.isoformat()}
    assert _report(server, tenant.keys["admin"], window) == {
        **_expected(rows, names, first, last, window=True),
        "availableNights": 31 * sum(1 for _, _, kind, _ in listings if kind == "PROPERTY"),
    }
    report = _report(server, tenant.keys["admin"], None)
    today = date.fromisoformat(future_date(0))
    expected = _expected(rows, names, today, today + timedelta(days=30), window=False)
    expected["availableNights"] = 30 * sum(1 for _, _, kind, _ in listings if kind == "PROPERTY")
    assert report == expected
