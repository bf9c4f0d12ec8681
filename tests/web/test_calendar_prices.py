"""A checkout's total comes from the calendar's price per date — a seasonal price included —
and is what the booking is charged; the nightly prices are said when they differ, and the
availability calendar shows each date's price."""

from __future__ import annotations

import re
import uuid
from datetime import date, timedelta

from playwright.sync_api import Page, expect

from tests.web.api import api, new_listing, new_provider, new_stays
from tests.web.conftest import WebApp
from tests.web.photos import set_seasonal_price
from tests.web.steps import sign_in_as

MY_BOOKING = (
    "query ($id: ID!) { travelBookings(where: "
    "{bookedByViewer: true, targetId: $id}) { totalPrice currency } }"
)


def _three_nights_in_one_month() -> list[str]:
    """Check-in, the two nights after it and check-out, a month ahead, within one month (the
    calendar then shows them together)."""
    first = date.today() + timedelta(days=30)
    if first.day > 24:
        first += timedelta(days=10)
    return [(first + timedelta(days=n)).isoformat() for n in range(4)]


def test_the_total_is_the_sum_of_the_nights_prices_and_is_charged(page: Page, web: WebApp) -> None:
    name = f"Season flat {uuid.uuid4().hex[:6]}"
    _, [stay] = new_stays(web, name)  # 80.00 EUR a night
    check_in, _, last_night, check_out = _three_nights_in_one_month()
    set_seasonal_price(web, stay["id"], last_night, last_night, "150.00")
    sign_in_as(
        page, web, "traveler", path=f"/stays/{stay['id']}?from={check_in}&to={check_out}&guests=1"
    )
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    said = "2 nights at €80.00, 1 at €150.00 = €310.00"
    expect(page.locator(".booking-panel")).to_contain_text(said)
    calendar = page.get_by_role("table", name=re.compile("Availability in"))
    day = int(last_night[8:])
    expect(
        calendar.get_by_role("button", name=re.compile(rf"^{day} .*free, €150$"))
    ).to_be_visible()
    expect(
        calendar.get_by_role("button", name=re.compile(rf"^{day - 1} .*free, €80$"))
    ).to_be_visible()

    page.get_by_role("button", name="Reserve").click()
    summary = page.locator(".summary")
    expect(summary).to_contain_text("2 nights at €80.00, 1 at €150.00")
    expect(summary.locator(".summary-total dd")).to_have_text("€310.00")
    page.get_by_role("button", name="Confirm and pay €310.00").click()
    expect(page.get_by_role("status")).to_contain_text("€310.00")
    [booking] = api(web, web.keys["traveler"], MY_BOOKING, {"id": stay["id"]})["travelBookings"]
    assert (booking["totalPrice"], booking["currency"]) == ("310.00", "EUR")


def test_one_price_is_said_once(page: Page, web: WebApp) -> None:
    name = f"Even flat {uuid.uuid4().hex[:6]}"
    _, [stay] = new_stays(web, name)
    check_in, _, _, check_out = _three_nights_in_one_month()
    sign_in_as(
        page, web, "traveler", path=f"/stays/{stay['id']}?from={check_in}&to={check_out}&guests=1"
    )
    expect(page.locator(".booking-panel")).to_contain_text("3 nights at €80.00 = €240.00")


def test_a_tour_costs_guests_times_the_dates_price(page: Page, web: WebApp) -> None:
    name = f"Season walk {uuid.uuid4().hex[:6]}"
    provider_id = new_provider(web, f"Walks {uuid.uuid4().hex[:6]}")
    tour = new_listing(
        web,
        "TOUR",
        providerId=provider_id,
        name=name,
        location="Porto, Portugal",
        price="30.00",
        currency="EUR",
        capacity=10,
    )
    day = _three_nights_in_one_month()[0]
    set_seasonal_price(web, tour["id"], day, day, "45.50")
    sign_in_as(page, web, "traveler", path=f"/tours/{tour['id']}?from={day}&guests=3")
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    expect(page.locator(".booking-panel")).to_contain_text("3 people at €45.50 = €136.50")
    page.get_by_role("button", name="Reserve").click()
    expect(page.locator(".summary .summary-total dd")).to_have_text("€136.50")
    page.get_by_role("button", name="Confirm and pay €136.50").click()
    expect(page.get_by_role("status")).to_contain_text("€136.50")
    [booking] = api(web, web.keys["traveler"], MY_BOOKING, {"id": tour["id"]})["travelBookings"]
    assert booking["totalPrice"] == "136.50"
