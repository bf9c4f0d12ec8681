"""The wishlist and the itinerary: a heart on every card and listing page; the wishlist page;
upcoming bookings and saved favorites laid out by date and place."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.api import api, book
from tests.web.conftest import WebApp
from tests.web.steps import choose_kind, go_to, sign_in_as


def test_hearts_fill_the_wishlist_and_empty_it(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    choose_kind(page, "Activities")
    card = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").nth(7)
    name = card.get_by_role("heading").inner_text()
    heart = card.get_by_role("button", name=re.compile(f"(Save|Remove) {re.escape(name)}"))
    if heart.get_attribute("aria-pressed") == "true":  # saved by an earlier test: start clean
        heart.click()
        expect(heart).to_have_attribute("aria-pressed", "false")
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")
    expect(heart).to_have_accessible_name(f"Remove {name} from your wishlist")

    go_to(page, "Wishlist")
    saved = (
        page.get_by_role("list", name="Saved listings").get_by_role("article").filter(has_text=name)
    )
    expect(saved).to_be_visible()
    # The listing page has the same heart, already on.
    saved.get_by_role("link").click()
    big = page.get_by_role("button", name=f"Remove {name} from your wishlist")
    expect(big).to_have_attribute("aria-pressed", "true")
    big.click()
    expect(page.get_by_role("button", name=f"Save {name} to your wishlist")).to_be_visible()
    go_to(page, "Wishlist")
    expect(page.get_by_role("article").filter(has_text=name)).to_have_count(0)


def test_the_itinerary_lays_out_bookings_and_favorites_by_date_and_place(
    page: Page, web: WebApp
) -> None:
    sign_in_as(page, web, "traveler")
    key = stored_key(page)
    # Listings no other test books (a booked favorite is shown as the booking).
    stay = first_listing(web, key, "travelProperties")
    event = first_listing(web, key, "travelEvents", extra="startsAt", skip=12)
    tour = first_listing(web, key, "travelTours", skip=12)
    # Each window size books its own nights (the stay may have a single room).
    first = 70 if (page.viewport_size or {"width": 0})["width"] > 600 else 110
    reference = book(
        web,
        key,
        targetType="PROPERTY",
        targetId=stay["id"],
        checkIn=future_date(first),
        checkOut=future_date(first + 2),
    )["referenceCode"]
    toggle = "mutation ($t: TravelBookingType!, $id: ID!) { toggleTravelFavorite(targetType: $t, targetId: $id) }"
    for kind, listing in (("EVENT", event), ("TOUR", tour)):
        if not api(web, key, toggle, {"t": kind, "id": listing["id"]})["toggleTravelFavorite"]:
            api(web, key, toggle, {"t": kind, "id": listing["id"]})  # it was saved: save it again

    go_to(page, "Itinerary")
    by_date = page.get_by_role("list", name="By date")
    stay_day = by_date.get_by_role("listitem").filter(has_text=reference).first
    expect(stay_day).to_contain_text(stay["name"])
    expect(stay_day).to_contain_text(stay["location"])
    expect(stay_day).to_contain_text("Check in")
    expect(by_date).to_contain_text(event["name"])  # a saved event sits on its date
    places = page.get_by_role("region", name="Saved for later, by place")
    expect(places.get_by_role("region", name=tour["location"])).to_contain_text(tour["name"])


def stored_key(page: Page) -> str:
    import json

    return str(json.loads(page.evaluate("sessionStorage.getItem('travel.credential')"))["token"])


def first_listing(
    web: WebApp, key: str, field: str, extra: str = "", skip: int = 0
) -> dict[str, str]:
    query = f"{{ {field}(pagination: {{skip: {skip}, take: 1}}) {{ id name location {extra} }} }}"
    data = api(web, key, query)
    return dict(data[field][0])  # type: ignore[index]
