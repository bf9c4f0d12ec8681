"""The host's calendar through HTTP: blocked dates and seasonal prices, honoured by the
availability calendar, the search's availability filter and the booking's check and total; who
may change and see them; and a block racing a booking for the last unit
(docs/decisions/0090-calendar.md)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tests.factories import (
    Tenant,
    api_listing,
    api_provider,
    book,
    booked,
    count_rows,
    create_tenant,
    future_date,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")

BLOCK = (
    "mutation ($input: BlockTravelListingDatesInput!) "
    "{ blockTravelListingDates(input: $input) { id startsOn endsOn units note } }"
)
UNBLOCK = "mutation ($id: ID!) { unblockTravelListingDates(id: $id) { id version } }"
SET_PRICE = (
    "mutation ($input: SetTravelSeasonalPriceInput!) "
    "{ setTravelSeasonalPrice(input: $input) { id startsOn endsOn price currency note } }"
)
REMOVE_PRICE = "mutation ($id: ID!) { removeTravelSeasonalPrice(id: $id) { id version } }"
CALENDAR = """query ($id: ID!, $from: Date!, $to: Date!) { travelProperty(id: $id) {
  version
  availability(from: $from, to: $to) { date capacity available price }
  seasonalPrices(from: $from, to: $to) { startsOn endsOn price }
} }"""
BLOCKS = """query ($id: ID!, $from: Date!, $to: Date!) {
  travelProperty(id: $id) { blockedDates(from: $from, to: $to) { id units note } } }"""


@pytest.fixture
def stay(server: LiveServer, tenant: Tenant) -> str:
    provider = api_provider(server, tenant.keys["host"])
    return api_listing(
        server, tenant.keys["host"], "PROPERTY", provider, units=2, pricePerNight="100.00"
    )


def block(server: LiveServer, key: str, listing: str, first: int, last: int, **more: Any) -> Any:
    variables = {
        "input": {
            "listingId": listing,
            "startsOn": future_date(first),
            "endsOn": future_date(last),
            **more,
        }
    }
    return post(server, key, BLOCK, variables)


def season(
    server: LiveServer, key: str, listing: str, first: int, last: int, price: str, **more: Any
) -> Any:
    variables = {
        "input": {
            "listingId": listing,
            "startsOn": future_date(first),
            "endsOn": future_date(last),
            "price": price,
            **more,
        }
    }
    return post(server, key, SET_PRICE, variables)


def calendar(server: LiveServer, key: str, listing: str, first: int, last: int) -> Any:
    variables = {"id": listing, "from": future_date(first), "to": future_date(last)}
    return data(server, key, CALENDAR, variables)["travelProperty"]


def free(server: LiveServer, key: str, listing: str, first: int, last: int) -> list[int]:
    return [d["available"] for d in calendar(server, key, listing, first, last)["availability"]]


def test_blocked_rooms_leave_the_calendar_and_cannot_be_booked(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    one = block(server, host, stay, 10, 11, units=1, note="painting").json()
    assert one["data"]["blockTravelListingDates"]["units"] == 1
    assert free(server, tenant.keys["traveler"], stay, 9, 12) == [2, 1, 1, 2]
    booked(book(server, tenant, stay, days=10, nights=2))  # the other room
    full = book(server, tenant, stay, days=11, nights=1, who="traveler2")
    assert error_codes(full) == ["UNAVAILABLE"]
    # A booked room cannot be blocked; the whole listing can always be closed.
    refused = block(server, host, stay, 11, 11, units=1).json()["errors"][0]
    assert refused["extensions"]["field"] == "input.units"
    assert f"{future_date(11)} (0 free)" in refused["message"]
    whole = block(server, host, stay, 20, 22).json()["data"]["blockTravelListingDates"]
    assert whole["units"] is None
    assert free(server, host, stay, 20, 22) == [0, 0, 0]
    assert error_codes(book(server, tenant, stay, days=21, nights=1)) == ["UNAVAILABLE"]
    # Opening them again lets them be booked.
    data(server, host, UNBLOCK, {"id": whole["id"]})
    booked(book(server, tenant, stay, days=21, nights=1))


def test_a_block_hides_a_listing_from_the_availability_filter(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    query = """query ($f: TravelListingFilterInput) { travelPropertiesCount(filter: $f) }"""
    window = {"f": {"availableFrom": future_date(30), "availableTo": future_date(33)}}
    assert data(server, host, query, window)["travelPropertiesCount"] == 1
    block(server, host, stay, 31, 31, units=1)
    assert data(server, host, query, window)["travelPropertiesCount"] == 1  # a room left
    block(server, host, stay, 32, 32, units=1)
    booked(book(server, tenant, stay, days=32, nights=1))
    assert data(server, host, query, window)["travelPropertiesCount"] == 0  # night 32 full
    later = {"f": {"availableFrom": future_date(33), "availableTo": future_date(35)}}
    assert data(server, host, query, later)["travelPropertiesCount"] == 1


def test_blocked_places_of_a_tour(server: LiveServer, tenant: Tenant) -> None:
    host = tenant.keys["host"]
    provider = api_provider(server, host, type="OPERATOR")
    tour = api_listing(server, host, "TOUR", provider, capacity=10)
    block(server, host, tour, 5, 5, units=7)
    booked(book(server, tenant, tour, days=5, kind="TOUR", guests=3))
    assert error_codes(book(server, tenant, tour, days=5, kind="TOUR")) == ["UNAVAILABLE"]
    query = "query ($f: TravelListingFilterInput) { travelToursCount(filter: $f) }"
    on_day = {"f": {"availableFrom": future_date(5), "availableTo": future_date(5)}}
    assert data(server, host, query, on_day)["travelToursCount"] == 0
    two_days = {"f": {"availableFrom": future_date(5), "availableTo": future_date(6)}}
    assert data(server, host, query, two_days)["travelToursCount"] == 1


def test_a_seasonal_price_is_what_the_calendar_shows_and_the_booking_charges(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    created = season(server, host, stay, 40, 41, "150.00", note="festival").json()
    assert created["data"]["setTravelSeasonalPrice"]["price"] == "150.00"
    shown = calendar(server, tenant.keys["traveler"], stay, 39, 42)
    prices = [day["price"] for day in shown["availability"]]
    assert prices == ["100.00", "150.00", "150.00", "100.00"]
    assert shown["seasonalPrices"] == [
        {"startsOn": future_date(40), "endsOn": future_date(41), "price": "150.00"}
    ]
    # Nights 39, 40, 41 (checking out on 42): what the calendar shows, summed.
    stay_total = booked(book(server, tenant, stay, days=39, nights=3))["totalPrice"]
    assert stay_total == "400.00"
    overlapping = season(server, host, stay, 41, 45, "90.00").json()["errors"][0]
    assert overlapping["extensions"]["field"] == "input.startsOn"
    removed = data(
        server, host, REMOVE_PRICE, {"id": created["data"]["setTravelSeasonalPrice"]["id"]}
    )
    assert removed["removeTravelSeasonalPrice"]["id"] == stay
    again = booked(book(server, tenant, stay, days=39, nights=3, who="traveler2"))
    assert again["totalPrice"] == "300.00"
    # The first booking keeps what it was charged.
    query = "query ($id: ID!) { travelBooking(id: $id) { totalPrice } }"
    assert (
        data(server, host, "{ travelBookings { totalPrice } }")["travelBookings"][1]["totalPrice"]
        == "400.00"
    )
    del query


def test_a_per_person_price_for_the_dates_of_a_season(server: LiveServer, tenant: Tenant) -> None:
    host = tenant.keys["host"]
    provider = api_provider(server, host, type="OPERATOR")
    tour = api_listing(server, host, "TOUR", provider, price="20.00", currency="JPY")
    assert (
        season(server, host, tour, 8, 8, "3500.5").json()["errors"][0]["extensions"]["field"]
        == "input.price"
    )
    season(server, host, tour, 8, 8, "3500")
    total = booked(book(server, tenant, tour, days=8, kind="TOUR", guests=2))["totalPrice"]
    assert total == "7000"


def test_a_booking_decided_on_an_old_price_is_decided_again(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    """The process remembers listings it booked (their version and prices); a new seasonal
    price bumps the version, so the next booking is priced on the new calendar."""
    host = tenant.keys["host"]
    booked(book(server, tenant, stay, days=50, nights=1))  # remembered at its version
    season(server, host, stay, 51, 51, "175.00")
    assert booked(book(server, tenant, stay, days=51, nights=1))["totalPrice"] == "175.00"


def test_blocks_are_the_hosts_business(server: LiveServer, tenant: Tenant, stay: str) -> None:
    host = tenant.keys["host"]
    made = block(server, host, stay, 3, 4, units=1, note="deep clean").json()
    block_id = made["data"]["blockTravelListingDates"]["id"]
    window = {"id": stay, "from": future_date(1), "to": future_date(9)}
    mine = data(server, host, BLOCKS, window)["travelProperty"]["blockedDates"]
    assert mine == [{"id": block_id, "units": 1, "note": "deep clean"}]
    assert data(server, tenant.keys["admin"], BLOCKS, window)["travelProperty"]["blockedDates"]
    for who in ("traveler", "host2"):
        response = post(server, tenant.keys[who], BLOCKS, window)
        assert error_codes(response) == ["FORBIDDEN"]


@pytest.mark.parametrize("who", ["traveler", "host2"])
def test_only_the_owner_or_an_admin_changes_the_calendar(
    server: LiveServer, tenant: Tenant, stay: str, who: str
) -> None:
    host = tenant.keys["host"]
    made = block(server, host, stay, 3, 3).json()["data"]["blockTravelListingDates"]
    price = season(server, host, stay, 3, 3, "120").json()["data"]["setTravelSeasonalPrice"]
    before = calendar(server, host, stay, 1, 5)
    key = tenant.keys[who]
    assert error_codes(block(server, key, stay, 4, 4)) == ["FORBIDDEN"]
    assert error_codes(season(server, key, stay, 4, 4, "1")) == ["FORBIDDEN"]
    assert error_codes(post(server, key, UNBLOCK, {"id": made["id"]})) == ["FORBIDDEN"]
    assert error_codes(post(server, key, REMOVE_PRICE, {"id": price["id"]})) == ["FORBIDDEN"]
    assert calendar(server, host, stay, 1, 5) == before
    by_admin = block(server, tenant.keys["admin"], stay, 4, 4, units=1).json()
    assert by_admin["data"]["blockTravelListingDates"]["units"] == 1


def test_another_workspace_cannot_touch_the_calendar(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    made = block(server, host, stay, 3, 3).json()["data"]["blockTravelListingDates"]
    price = season(server, host, stay, 3, 3, "120").json()["data"]["setTravelSeasonalPrice"]
    before = calendar(server, host, stay, 1, 5)
    rows = (
        count_rows(server, "listing_blocks", tenant.workspace),
        count_rows(server, "listing_prices", tenant.workspace),
    )
    other = create_tenant(server, plan="enterprise")
    for who in ("host", "admin"):
        key = other.keys[who]
        assert error_codes(block(server, key, stay, 4, 4)) == ["NOT_FOUND"]
        assert error_codes(season(server, key, stay, 4, 4, "1")) == ["NOT_FOUND"]
        assert error_codes(post(server, key, UNBLOCK, {"id": made["id"]})) == ["NOT_FOUND"]
        assert error_codes(post(server, key, REMOVE_PRICE, {"id": price["id"]})) == ["NOT_FOUND"]
    assert calendar(server, host, stay, 1, 5) == before
    assert rows == (
        count_rows(server, "listing_blocks", tenant.workspace),
        count_rows(server, "listing_prices", tenant.workspace),
    )


def test_bad_calendar_input_is_reported_at_once(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    variables = {
        "input": {
            "listingId": stay,
            "startsOn": future_date(-1),
            "endsOn": future_date(-3),
            "units": 3,
            "note": "x" * 201,
        }
    }
    error = post(server, host, BLOCK, variables).json()["errors"][0]
    fields = [problem["field"] for problem in error["extensions"]["fields"]]
    assert fields == ["input.startsOn", "input.units", "input.note"]
    stale = block(server, host, stay, 3, 3, expectedVersion=7)
    assert error_codes(stale) == ["CONFLICT"]
    assert count_rows(server, "listing_blocks", tenant.workspace) == 0


def _race(server: LiveServer, tenant: Tenant, listing: str, day: int) -> dict[str, Any]:
    """Block the listing's one room on `day` and book it, both at once: their answers."""
    answers: dict[str, Any] = {}
    start = threading.Barrier(2)

    def blocker() -> None:
        start.wait()
        answers["block"] = block(server, tenant.keys["host"], listing, day, day, units=1).json()

    def booker() -> None:
        start.wait()
        answers["book"] = book(server, tenant, listing, days=day, nights=1).json()

    threads = [threading.Thread(target=blocker), threading.Thread(target=booker)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_block_and_a_booking_racing_for_the_last_room_never_both_win(
    server: LiveServer, tenant: Tenant
) -> None:
    """From outside the API: a block of the last free room and a booking of it, sent at once,
    again and again; each time exactly one of them succeeds (both databases run this)."""
    host = tenant.keys["host"]
    provider = api_provider(server, host)
    winners = set()
    for day in range(60, 72):
        listing = api_listing(server, host, "PROPERTY", provider, units=1)
        answers = _race(server, tenant, listing, day)
        blocked, booking = ("errors" not in answers[k] for k in ("block", "book"))
        assert blocked != booking, answers
        winners.add("block" if blocked else "book")
        assert free(server, host, listing, day, day) == [0]
