"""The host's side of bookings: who booked (their display name), when, how many, what it
costs and where it stands; cancelling asks why and the reason lands in the timeline; earnings
by month in each currency. And the member's own profile, where the name hosts see is set."""

from __future__ import annotations

import re
import uuid
from collections import defaultdict
from decimal import Decimal

from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.api import api, book, new_stays, set_display_name
from tests.web.conftest import WebApp
from tests.web.steps import go_to, main_nav, serious_accessibility_problems, sign_in_as

TIMELINE = "query ($id: ID!) { travelBooking(id: $id) { status timeline { to reason } } }"
CANCEL = "mutation ($id: ID!) { cancelTravelBooking(id: $id) { status } }"
CONFIRMED = (
    "query ($p: TravelPaginationInput) { travelBookings(where: {hostedByViewer: true, "
    "status: CONFIRMED}, pagination: $p) { checkIn totalPrice currency } }"
)
VIEWER = "{ travelViewer { displayName email } }"


def test_a_host_sees_who_booked_and_cancels_saying_why(page: Page, web: WebApp) -> None:
    guest = f"Ana Lima {uuid.uuid4().hex[:3]}"
    set_display_name(web, "traveler", guest)
    name = f"Tiled house {uuid.uuid4().hex[:4]}"
    _, [stay] = new_stays(web, name)
    booking = book(
        web,
        web.keys["traveler"],
        targetType="PROPERTY",
        targetId=stay["id"],
        checkIn=future_date(30),
        checkOut=future_date(32),
        guests=2,
    )
    sign_in_as(page, web, "host")
    go_to(page, "Host")
    bookings = page.get_by_role("region", name="Bookings on your listings")
    row = bookings.get_by_role("article").filter(has_text=booking["referenceCode"])
    expect(row).to_contain_text(f"Guest: {guest}")
    expect(row).to_contain_text("2 guests")
    expect(row).to_contain_text("€160.00")
    expect(row.get_by_text("Confirmed", exact=True).first).to_be_visible()

    row.get_by_role("button", name="Cancel booking").click()
    dialog = page.get_by_role("dialog", name="Cancel this booking?")
    expect(dialog).to_contain_text(f"for {guest}")
    reason = dialog.get_by_label("Why are you cancelling?")
    expect(reason).to_be_focused()
    dialog.get_by_role("button", name="Yes, cancel it").click()  # without saying why
    expect(reason).to_have_accessible_description(re.compile("Tell the guest why, e.g."))
    expect(reason).to_be_focused()
    assert api(web, web.keys["host"], TIMELINE, {"id": booking["id"]})["travelBooking"][
        "status"
    ] == ("CONFIRMED")
    reason.fill("A burst pipe: the house can't be used that week.")
    dialog.get_by_role("button", name="Yes, cancel it").click()
    expect(dialog).to_be_hidden()
    expect(row.get_by_text("Cancelled", exact=True)).to_be_visible()
    row.get_by_text("Timeline", exact=True).click()
    expect(row.get_by_role("listitem").last).to_contain_text(
        "Confirmed → Cancelled", use_inner_text=True
    )
    expect(row.get_by_role("listitem").last).to_contain_text(
        "“A burst pipe: the house can't be used that week.”"
    )
    timeline = api(web, web.keys["traveler"], TIMELINE, {"id": booking["id"]})["travelBooking"]
    assert timeline["timeline"][-1] == {
        "to": "CANCELLED",
        "reason": "A burst pipe: the house can't be used that week.",
    }
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def _confirmed_by_month(web: WebApp) -> dict[str, dict[str, Decimal]]:
    """What the API says the host earned: currency → check-in month → total."""
    totals: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for skip in range(0, 100_000, 100):
        page = api(web, web.keys["host"], CONFIRMED, {"p": {"skip": skip, "take": 100}})
        for booking in page["travelBookings"]:
            month = booking["checkIn"][:7]
            totals[booking["currency"]][month] += Decimal(booking["totalPrice"])
        if len(page["travelBookings"]) < 100:
            return totals
    raise AssertionError("too many bookings")


def test_earnings_by_month_in_each_currency(page: Page, web: WebApp) -> None:
    tag = uuid.uuid4().hex[:4]
    _, [euros] = new_stays(web, f"Azulejo flat {tag}")
    _, [yen] = new_stays(web, f"Machiya {tag}", currency="JPY", pricePerNight="12000")
    traveler = web.keys["traveler"]
    stay = {"targetType": "PROPERTY", "targetId": euros["id"]}
    # Two months apart, and one that is cancelled: refunded, it never counts.
    book(web, traveler, **stay, checkIn=future_date(40), checkOut=future_date(41))
    book(web, traveler, **stay, checkIn=future_date(80), checkOut=future_date(82))
    cancelled = book(web, traveler, **stay, checkIn=future_date(41), checkOut=future_date(44))
    api(web, traveler, CANCEL, {"id": cancelled["id"]})
    yen_stay = {"targetType": "PROPERTY", "targetId": yen["id"]}
    book(web, traveler, **yen_stay, checkIn=future_date(40), checkOut=future_date(43))

    sign_in_as(page, web, "host")
    go_to(page, "Host")
    earnings = page.get_by_role("region", name="Earnings by month")
    expected = _confirmed_by_month(web)
    assert {"EUR", "JPY"} <= set(expected)
    for currency, months in expected.items():
        chart = earnings.get_by_role("figure", name=f"Earnings in {currency}")
        rows = chart.get_by_role("row")
        expect(rows).to_have_count(len(months))
        shown = {
            _month(row.get_by_role("rowheader").inner_text()): _amount(
                row.get_by_role("cell").inner_text()
            )
            for row in rows.all()
        }
        assert shown == dict(months), currency
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def _month(label: str) -> str:
    """ "March 2026" → "2026-03"."""
    from datetime import datetime

    return datetime.strptime(label, "%B %Y").strftime("%Y-%m")


def _amount(text: str) -> Decimal:
    return Decimal(re.sub(r"[^\d.]", "", text))


def test_a_member_sets_the_name_hosts_see(page: Page, web: WebApp) -> None:
    set_display_name(web, "traveler", None)
    sign_in_as(page, web, "traveler")
    main_nav(page).get_by_role("link", name="Set your name").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    form = page.get_by_role("form", name="Your profile")
    name = form.get_by_label("Display name")
    email = form.get_by_label("Email")
    name.fill("A" * 101)
    email.fill("ana@")
    form.get_by_role("button", name="Save").click()
    expect(name).to_have_accessible_description(
        re.compile("Use at most 100 characters \\(this has 101\\)")
    )
    expect(email).to_have_accessible_description(
        re.compile("Enter an email address like ana@example.com")
    )
    expect(name).to_be_focused()
    name.fill("Ana Lima")
    email.fill("ana@example.com")
    form.get_by_role("button", name="Save").click()
    expect(form.get_by_role("status")).to_have_text("Saved. Hosts see you as Ana Lima.")
    expect(main_nav(page).get_by_role("link", name="Ana Lima")).to_be_visible()
    assert api(web, web.keys["traveler"], VIEWER)["travelViewer"] == {
        "displayName": "Ana Lima",
        "email": "ana@example.com",
    }
    problems = serious_accessibility_problems(page)
    assert problems == [], problems
