"""Editing a listing: every field of its kind prefilled, only what changed sent (with the
version read), every problem said at once next to its field (the browser's checks and what only
the API knows), someone else's change never overwritten — with the mouse on desktop and phone,
with the keyboard alone, and without serious accessibility problems."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from playwright.sync_api import Page, Request, expect

from tests.factories import future_date
from tests.web.api import api, book, new_stays
from tests.web.conftest import WebApp
from tests.web.steps import (
    hosted_listing,
    my_listings,
    serious_accessibility_problems,
    tab_to,
)

STAY = (
    "query ($id: ID!) { travelProperty(id: $id) "
    "{ name description price currency units version timeZone } }"
)
RENAME = "mutation ($i: UpdateTravelPropertyInput!) { updateTravelProperty(input: $i) { version } }"


def _updates(page: Page) -> list[dict[str, Any]]:
    """The inputs of every update the page sends from now on."""
    sent: list[dict[str, Any]] = []

    def record(request: Request) -> None:
        body = request.post_data or ""
        if "updateTravelProperty" in body:
            sent.append(json.loads(body)["variables"]["input"])

    page.on("request", record)
    return sent


def _open_editor(page: Page, web: WebApp, provider: str, name: str) -> None:
    panel = my_listings(page, web, provider)
    hosted_listing(panel, name).get_by_role("link", name=f"Edit {name}").click()
    expect(page.get_by_role("heading", name=f"Edit {name}", level=1)).to_be_visible()


def test_the_editor_is_prefilled_and_sends_only_what_changed(page: Page, web: WebApp) -> None:
    name = f"Riverside flat {uuid.uuid4().hex[:4]}"
    provider, [stay] = new_stays(
        web,
        name,
        description="Two rooms over the Douro.",
        amenities=["wifi", "kitchen"],
        latitude=41.1405,
        longitude=-8.613,
    )
    _open_editor(page, web, provider, name)
    form = page.get_by_role("form", name=f"Edit {name}")
    prefilled = {
        "Name": name,
        "Description (optional)": "Two rooms over the Douro.",
        "Location": "Porto, Portugal",
        "Price per night": "80.00",
        "Rooms": "2",
        "Guests per room (optional)": "",
        "Currency": "EUR",
        "Amenities (optional)": "wifi, kitchen",
        "Latitude (optional)": "41.1405",
        "Longitude (optional)": "-8.613",
        "Time zone (optional)": "Europe/Lisbon",  # found from the coordinates
    }
    for label, value in prefilled.items():
        expect(form.get_by_label(label, exact=True)).to_have_value(value)
    sent = _updates(page)
    form.get_by_label("Price per night").fill("95.50")
    form.get_by_label("Description (optional)").fill("")
    form.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()
    assert sent == [
        {"id": stay["id"], "expectedVersion": 1, "pricePerNight": "95.50", "description": None}
    ]
    now = api(web, web.keys["host"], STAY, {"id": stay["id"]})["travelProperty"]
    assert (now["price"], now["description"], now["version"]) == ("95.50", None, 2)
    # Saved again without a change: nothing is sent.
    form.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Nothing to save: you haven't changed anything yet.")).to_be_visible()
    assert len(sent) == 1
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def test_every_problem_is_said_at_once_next_to_its_field(page: Page, web: WebApp) -> None:
    name = f"Garden studio {uuid.uuid4().hex[:4]}"
    provider, [stay] = new_stays(web, name, latitude=41.15, longitude=-8.61)
    _open_editor(page, web, provider, name)
    form = page.get_by_role("form", name=f"Edit {name}")
    sent = _updates(page)
    form.get_by_label("Name").fill(" ")
    form.get_by_label("Price per night").fill("12 euros")
    form.get_by_label("Rooms").fill("0")
    form.get_by_label("Currency").fill("EU")
    form.get_by_label("Latitude (optional)").fill("")
    form.get_by_label("Time zone (optional)").fill("Europe/Porto")
    form.get_by_role("button", name="Save changes").click()
    said = {
        "Name": "Enter a name, e.g. Rooftop loft by the river.",
        "Price per night": "Enter a price in numbers only, e.g. 120.00.",
        "Rooms": "Enter a number from 1 to 10,000.",
        "Currency": "Enter the currency's 3-letter code, e.g. EUR, USD or JPY.",
        "Latitude (optional)": "Enter the latitude too, or clear the longitude.",
        "Time zone (optional)": "Enter a time zone such as Europe/Lisbon, or leave it empty.",
    }
    for label, words in said.items():
        field = form.get_by_label(label, exact=True)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_have_accessible_description(re.compile(re.escape(words)))
    expect(form.get_by_role("alert")).to_have_text("6 fields need your attention.")
    expect(form.get_by_label("Name")).to_be_focused()  # the first, in the form's order
    assert sent == []

    # Only the API knows the currency does not exist: its answer comes back to the field.
    for label, value in (("Name", name), ("Price per night", "70"), ("Rooms", "2")):
        form.get_by_label(label, exact=True).fill(value)
    form.get_by_label("Currency").fill("ABC")
    form.get_by_label("Latitude (optional)").fill("41.15")
    form.get_by_label("Time zone (optional)").fill("")
    form.get_by_role("button", name="Save changes").click()
    currency = form.get_by_label("Currency")
    expect(currency).to_have_accessible_description(
        re.compile("We don't know this currency. Enter its 3-letter code")
    )
    expect(currency).to_be_focused()
    expect(form.get_by_role("alert")).to_have_text("One field needs your attention.")
    assert len(sent) == 1
    expect(page.locator("main")).not_to_contain_text("input.")

    # Nor can the browser know what is booked: fewer rooms than booked on a night is refused.
    for _ in range(2):
        book(
            web,
            web.keys["traveler"],
            targetType="PROPERTY",
            targetId=stay["id"],
            checkIn=future_date(5),
            checkOut=future_date(6),
        )
    currency.fill("EUR")
    form.get_by_label("Rooms").fill("1")
    form.get_by_role("button", name="Save changes").click()
    rooms = form.get_by_label("Rooms")
    expect(rooms).to_have_accessible_description(
        re.compile("More is already booked than that on .+ Keep at least as many as are booked.")
    )
    expect(rooms).to_be_focused()
    assert api(web, web.keys["host"], STAY, {"id": stay["id"]})["travelProperty"]["units"] == 2
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def test_someone_else_s_change_is_never_overwritten(desktop: Page, web: WebApp) -> None:
    page = desktop
    name = f"Corner room {uuid.uuid4().hex[:4]}"
    provider, [stay] = new_stays(web, name)
    _open_editor(page, web, provider, name)
    form = page.get_by_role("form", name=f"Edit {name}")
    # Meanwhile, someone else renames it (another tab, a partner's tool).
    renamed = f"{name} (renamed)"
    api(web, web.keys["host"], RENAME, {"i": {"id": stay["id"], "name": renamed}})
    form.get_by_label("Price per night").fill("99.00")
    form.get_by_role("button", name="Save changes").click()
    conflict = page.get_by_role("alert").filter(has_text="Someone else changed this listing")
    expect(conflict).to_be_focused()
    now = api(web, web.keys["host"], STAY, {"id": stay["id"]})["travelProperty"]
    assert (now["name"], now["price"]) == (renamed, "80.00")
    conflict.get_by_role("button", name="Reload the listing").click()
    expect(page.get_by_text("The listing was read again")).to_be_focused()
    expect(form.get_by_label("Name")).to_have_value(renamed)
    expect(form.get_by_label("Price per night")).to_have_value("80.00")
    form.get_by_label("Price per night").fill("99.00")
    form.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_visible()
    now = api(web, web.keys["host"], STAY, {"id": stay["id"]})["travelProperty"]
    assert (now["name"], now["price"], now["version"]) == (renamed, "99.00", 3)


def test_editing_with_the_keyboard_alone(desktop: Page, web: WebApp) -> None:
    page = desktop
    name = f"Blue door {uuid.uuid4().hex[:4]}"
    provider, [stay] = new_stays(web, name)
    panel = my_listings(page, web, provider)
    # The provider's listings arrive after it is chosen: tab once they are there.
    expect(hosted_listing(panel, name)).to_be_visible()
    panel.get_by_label("Provider").focus()
    tab_to(page, re.compile(f"^Edit {name}$"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=f"Edit {name}", level=1)).to_be_visible()
    tab_to(page, re.compile("^Price per night$"))
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("85")
    tab_to(page, re.compile("^Save changes$"))
    page.keyboard.press("Enter")
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()
    assert api(web, web.keys["host"], STAY, {"id": stay["id"]})["travelProperty"]["price"] == (
        "85.00"
    )
