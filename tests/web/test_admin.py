"""Admin: overview stats and analytics drawn as charts over a chosen window, and every booking
of the workspace."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import CANCEL, future_date
from tests.web.api import api, book
from tests.web.conftest import WebApp
from tests.web.steps import go_to, sign_in_as


@pytest.fixture(scope="module", autouse=True)
def bookings(web: WebApp) -> None:
    """Bookings of three kinds for the demo traveler, one of them cancelled."""
    key = web.keys["traveler"]
    listings = api(
        web,
        key,
        "{ travelTours(pagination: {take: 2}) { id } travelEvents(pagination: {take: 1}) { id startsAt } }",
    )
    tours, [event] = listings["travelTours"], listings["travelEvents"]
    book(web, key, targetType="TOUR", targetId=tours[0]["id"], checkIn=future_date(20))
    cancelled = book(web, key, targetType="TOUR", targetId=tours[1]["id"], checkIn=future_date(21))
    book(web, key, targetType="EVENT", targetId=event["id"], checkIn=event["startsAt"][:10])
    api(web, key, CANCEL, {"id": cancelled["id"]})


def test_the_admin_reads_charts_over_a_window(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "admin")
    go_to(page, "Admin")
    analytics = page.get_by_role("region", name="Analytics")
    for caption in (
        "Category mix",
        re.compile("Top providers by revenue"),
        "Occupancy of stays",
        "Revenue by currency",
    ):
        expect(analytics.get_by_role("figure", name=caption)).to_be_visible()
    expect(analytics.get_by_text("Bookings", exact=True)).to_be_visible()
    # A window that has no bookings: the charts say so, the URL keeps the window.
    analytics.get_by_label("Check-ins from").fill(future_date(300))
    analytics.get_by_label("Until (not included)").fill(future_date(310))
    analytics.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(f"from={future_date(300)}"))
    expect(analytics.get_by_role("figure", name="Category mix")).to_contain_text(
        "No bookings in this window."
    )
    analytics.get_by_role("button", name="All time").click()
    expect(analytics.get_by_text("All confirmed bookings of all time.")).to_be_visible()
    mix = analytics.get_by_role("figure", name="Category mix")
    expect(mix.locator("svg rect").first).to_be_visible()  # drawn, not just numbers


def test_the_admin_sees_every_booking(desktop: Page, web: WebApp) -> None:
    sign_in_as(desktop, web, "admin", path="/admin")
    every = desktop.get_by_role("region", name="All bookings")
    expect(every.get_by_role("article").first).to_be_visible()
    every.get_by_label("Status").select_option("CANCELLED")
    expect(every.get_by_role("list")).to_have_attribute("aria-busy", "false")
    expect(every.get_by_role("article").first).to_contain_text("Cancelled")
    for text in every.get_by_role("article").all_inner_texts():
        assert "Cancelled" in text
