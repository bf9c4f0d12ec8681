"""A host's calendar in the listing's editor: dates closed (some rooms or the whole listing, with
a note) and opened again, seasonal prices set and removed, and per date what is booked, closed,
free and its price; what the API refuses is said next to the field it names."""

from __future__ import annotations

import re
import uuid
from datetime import date, timedelta
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.api import book, new_stays
from tests.web.conftest import WebApp
from tests.web.steps import hosted_listing, my_listings, serious_accessibility_problems


def _next_month(day: int) -> date:
    """A day of next month (the editor's calendar shows it after one "Next month")."""
    today = date.today()
    first = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
    return first.replace(day=day)


def _open_calendar(page: Page, web: WebApp) -> tuple[dict[str, Any], Locator]:
    name = f"Calendar flat {uuid.uuid4().hex[:6]}"
    provider, [stay] = new_stays(web, name)  # 2 rooms at 80.00 EUR
    panel = my_listings(page, web, provider)
    hosted_listing(panel, name).get_by_role("link", name=f"Edit {name}").click()
    calendar = page.get_by_role("region", name="Calendar")
    calendar.get_by_role("button", name="Next month").click()
    return stay, calendar


def _row(calendar: Locator, day: date) -> Locator:
    shown = re.compile(rf"\b{day.day} {day:%b} {day.year}\b")
    return calendar.get_by_role("row").filter(
        has=calendar.page.get_by_role("rowheader", name=shown)
    )


def test_close_dates_set_a_price_and_see_each_date(page: Page, web: WebApp) -> None:
    stay, calendar = _open_calendar(page, web)
    first, second, booked = _next_month(10), _next_month(11), _next_month(12)
    book(
        web,
        web.keys["traveler"],
        targetType="PROPERTY",
        targetId=stay["id"],
        checkIn=booked.isoformat(),
        checkOut=(booked + timedelta(days=1)).isoformat(),
        guests=1,
    )
    close = calendar.get_by_role("form", name="Close dates")
    close.get_by_label("First date closed").fill(first.isoformat())
    close.get_by_label("Last date closed").fill(second.isoformat())
    close.get_by_label("Rooms to close (optional)").fill("1")
    close.get_by_label("Note (optional)").fill("painting")
    close.get_by_role("button", name="Close these dates").click()
    expect(close.get_by_role("status")).to_have_text("The dates are closed.")
    expect(calendar.get_by_role("list").first).to_contain_text("1 room (painting)")

    price = calendar.get_by_role("form", name="Set a seasonal price")
    price.get_by_label("First date").fill(second.isoformat())
    price.get_by_label("Last date").fill(booked.isoformat())
    price.get_by_label("Price per night").fill("150.00")
    price.get_by_role("button", name="Set this price").click()
    expect(price.get_by_role("status")).to_have_text("The price is set.")

    # Date, price, booked, closed, free.
    expect(_row(calendar, first).get_by_role("cell")).to_have_text(
        ["€80.00", "0", "1 (painting)", "1 of 2"]
    )
    expect(_row(calendar, second).get_by_role("cell")).to_have_text(
        ["€150.00", "0", "1 (painting)", "1 of 2"]
    )
    expect(_row(calendar, booked).get_by_role("cell")).to_have_text(["€150.00", "1", "0", "1 of 2"])
    problems = serious_accessibility_problems(page)
    assert problems == [], problems

    calendar.get_by_role("button", name=re.compile(r"^Open again: ")).click()
    expect(_row(calendar, first).get_by_role("cell")).to_have_text(["€80.00", "0", "0", "2 of 2"])
    calendar.get_by_role("button", name=re.compile(r"^Remove the price of ")).click()
    expect(_row(calendar, second).get_by_role("cell")).to_have_text(["€80.00", "0", "0", "2 of 2"])
    # The calendar moved the listing's version on; the form's next save names the new one.
    form = page.get_by_role("form", name=re.compile("^Edit "))
    form.get_by_label("Price per night").fill("85.00")
    form.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()


def test_what_the_api_refuses_is_said_next_to_its_field(desktop: Page, web: WebApp) -> None:
    page = desktop
    stay, calendar = _open_calendar(page, web)
    full = _next_month(14)
    for _ in range(2):  # both rooms
        book(
            web,
            web.keys["traveler"],
            targetType="PROPERTY",
            targetId=stay["id"],
            checkIn=full.isoformat(),
            checkOut=(full + timedelta(days=1)).isoformat(),
            guests=1,
        )
    close = calendar.get_by_role("form", name="Close dates")
    close.get_by_label("First date closed").fill(full.isoformat())
    close.get_by_label("Rooms to close (optional)").fill("1")
    close.get_by_role("button", name="Close these dates").click()
    rooms = close.get_by_label("Rooms to close (optional)")
    expect(rooms).to_have_attribute("aria-invalid", "true")
    expect(rooms).to_have_accessible_description(re.compile(r"^Not that many are free on .*booked"))
    expect(rooms).to_be_focused()

    price = calendar.get_by_role("form", name="Set a seasonal price")
    price.get_by_label("First date").fill(_next_month(3).isoformat())
    price.get_by_label("Last date").fill(_next_month(6).isoformat())
    price.get_by_label("Price per night").fill("120")
    price.get_by_role("button", name="Set this price").click()
    expect(price.get_by_role("status")).to_have_text("The price is set.")
    price.get_by_label("First date").fill(_next_month(5).isoformat())
    price.get_by_label("Last date").fill(_next_month(8).isoformat())
    price.get_by_label("Price per night").fill("130")
    price.get_by_role("button", name="Set this price").click()
    first = price.get_by_label("First date")
    expect(first).to_have_attribute("aria-invalid", "true")
    expect(first).to_have_accessible_description(re.compile(r"^These dates overlap the price"))
    expect(first).to_be_focused()
    problems = serious_accessibility_problems(page)
    assert problems == [], problems
