"""Booking as a traveler does it: dates and guests, the total before confirming, the reference
code; the trip with its timeline; cancelling it. A double click books once; no room left is
said in words."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.api import book
from tests.web.conftest import Console, WebApp
from tests.web.steps import choose_kind, go_to, sign_in_as

MY_BOOKINGS = "{ travelBookingsCount(filter: {bookedByViewer: true}) }"


def _count(web: WebApp, key: str, query: str = MY_BOOKINGS) -> int:
    answer = httpx.post(
        web.api_url, json={"query": query}, headers={"Authorization": f"Bearer {key}"}
    )
    return int(next(iter(answer.json()["data"].values())))


def _a_listing(page: Page, kind_tab: str = "Stays", index: int = 0) -> str:
    choose_kind(page, kind_tab)
    cards = page.get_by_role("list", name=re.compile("found$")).get_by_role("article")
    card = cards.nth(index)
    name = card.get_by_role("heading").inner_text()
    card.get_by_role("link").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    return name


def _checkout(page: Page, check_in: str, check_out: str, guests: str = "1") -> None:
    page.get_by_label("Check-in", exact=True).fill(check_in)
    page.get_by_label("Check-out", exact=True).fill(check_out)
    page.get_by_label("Guests", exact=True).fill(guests)
    page.get_by_role("button", name="Reserve").click()
    expect(page.get_by_role("heading", name="Confirm and pay")).to_be_visible()


def test_book_see_it_in_trips_and_cancel_it(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    name = _a_listing(page, index=3)
    _checkout(page, future_date(40), future_date(42))
    # The total is shown before confirming: 2 nights at the price.
    summary = page.locator(".summary")
    expect(summary).to_contain_text("2 nights at ")
    total = summary.locator(".summary-total dd").inner_text()
    page.get_by_role("button", name=re.compile("^Confirm and pay")).click()
    # The result takes the focus (the button pressed is gone): a screen reader says it.
    expect(page.get_by_role("heading", name="You're booked!")).to_be_focused()
    reference = page.get_by_test_id("reference-code").inner_text()
    assert re.fullmatch(r"TRV-PROPERTY-[0-9A-Z]{8}", reference)
    expect(page.get_by_role("status")).to_contain_text(total)

    page.get_by_role("link", name="See your trips").click()
    upcoming = page.get_by_role("region", name="Upcoming")
    booking = upcoming.get_by_role("article").filter(has_text=reference)
    expect(booking).to_contain_text(name)
    expect(booking).to_contain_text("Stay · ")  # its line starts as a sentence does
    expect(booking).to_contain_text("Confirmed")
    booking.get_by_text("Timeline").click()
    expect(booking.get_by_role("listitem")).to_contain_text(["Confirmed"])

    booking.get_by_role("button", name="Cancel booking").click()
    dialog = page.get_by_role("dialog", name="Cancel this booking?")
    expect(dialog).to_contain_text("refunded")
    dialog.get_by_role("button", name="Yes, cancel it").click()
    # The booking moves to the past ones, and its new status has the focus there.
    past = page.get_by_role("region", name="Past and cancelled")
    cancelled = past.get_by_role("article").filter(has_text=reference)
    expect(cancelled).to_contain_text("Cancelled")
    expect(cancelled).to_contain_text("refunded")
    focused = page.locator(":focus")
    expect(focused).to_contain_text(re.compile(r"^Cancelled .* refunded"))
    expect(focused).to_contain_text(reference)
    cancelled.get_by_text("Timeline").click()
    expect(cancelled.get_by_role("listitem").last).to_contain_text("Confirmed → Cancelled")


def test_a_double_click_on_confirm_books_once(desktop: Page, web: WebApp) -> None:
    sign_in_as(desktop, web, "traveler")
    before = _count(web, web.keys["traveler"])
    _a_listing(desktop, "Tours", index=5)
    desktop.get_by_label("Date", exact=True).fill(future_date(33))
    desktop.get_by_label("Guests", exact=True).fill("2")
    desktop.get_by_role("button", name="Reserve").click()
    confirm = desktop.get_by_role("button", name=re.compile("^Confirm and pay"))
    confirm.dblclick()
    expect(desktop.get_by_role("heading", name="You're booked!")).to_be_visible()
    assert _count(web, web.keys["traveler"]) == before + 1


def test_a_retry_after_a_lost_answer_replays_the_booking(
    desktop: Page, web: WebApp, console: Console
) -> None:
    """The first confirm's answer never arrives (the connection drops after the server booked);
    trying again sends the same Idempotency-Key and gets that booking, not a second one."""
    console.expected.append("net::ERR_FAILED")
    sign_in_as(desktop, web, "traveler")
    before = _count(web, web.keys["traveler"])
    _a_listing(desktop, "Activities", index=2)
    desktop.get_by_label("Date", exact=True).fill(future_date(35))
    desktop.get_by_role("button", name="Reserve").click()
    dropped: list[str] = []

    def lose_the_answer(route, request) -> None:  # type: ignore[no-untyped-def]
        if "createTravelBooking" in (request.post_data or "") and not dropped:
            response = route.fetch()  # the server books ...
            dropped.append(response.headers.get("idempotent-replayed", ""))
            route.abort()  # ... and the answer is lost on the way back
        else:
            route.continue_()

    desktop.route("**/workspaces/graphql", lose_the_answer)
    desktop.get_by_role("button", name=re.compile("^Confirm and pay")).click()
    expect(desktop.get_by_role("alert")).to_contain_text("couldn't reach the server")
    assert _count(web, web.keys["traveler"]) == before + 1  # booked, but the browser does not know
    desktop.get_by_role("button", name="Try again").click()
    expect(desktop.get_by_role("heading", name="You're booked!")).to_be_visible()
    assert _count(web, web.keys["traveler"]) == before + 1  # the retry replayed it


def test_no_room_left_is_said_in_words(desktop: Page, web: WebApp, console: Console) -> None:
    sign_in_as(desktop, web, "traveler")
    _a_listing(desktop, "Stays", index=1)
    nights = (future_date(60), future_date(61))
    # Take every room of that night through the API first.
    rooms = int(re.search(r"(\d+) rooms?", desktop.locator(".facts").inner_text()).group(1))  # type: ignore[union-attr]
    listing_id = desktop.url.rsplit("/", 1)[1].split("?")[0]
    for _ in range(rooms):
        book(
            web,
            web.keys["admin"],
            targetType="PROPERTY",
            targetId=listing_id,
            checkIn=nights[0],
            checkOut=nights[1],
        )
    _checkout(desktop, *nights)
    desktop.get_by_role("button", name=re.compile("^Confirm and pay")).click()
    expect(desktop.get_by_role("alert")).to_contain_text("no room left for those dates")


def test_trips_of_the_traveler_only(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    go_to(page, "Trips")
    expect(page.get_by_role("heading", name="Your trips")).to_be_visible()
    expect(page.get_by_role("article")).to_have_count(min(_count(web, web.keys["traveler"]), 50))
