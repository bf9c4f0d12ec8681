"""Host tools: register a provider, list a stay (a problem said next to its field before anything
is sent), see its availability and the bookings on one's listings."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.api import api, book
from tests.web.conftest import Console, WebApp
from tests.web.steps import go_to, sign_in_as

NEAR = "query ($f: TravelSearchFilterInput) { travelSearch(filter: $f) { listings { id } } }"


def test_a_host_registers_a_provider_lists_a_stay_and_sees_its_bookings(
    page: Page, web: WebApp, console: Console
) -> None:
    console.expected.append("status of 400")  # never: field errors come back with HTTP 200
    sign_in_as(page, web, "host")
    go_to(page, "Host")
    provider = f"Casa Teste {uuid.uuid4().hex[:6]}"
    form = page.get_by_role("form", name="Register a provider")
    form.get_by_label("Name").fill(provider)
    form.get_by_role("button", name="Register").click()
    expect(form.get_by_role("status")).to_contain_text(f"{provider} is registered")
    expect(
        page.get_by_role("region", name="Your providers").get_by_role("link", name=provider)
    ).to_be_visible()

    page.get_by_role("link", name="New listing").first.click()
    expect(page.get_by_role("heading", name="New stay")).to_be_visible()
    page.get_by_label("Provider").select_option(label=provider)
    name = f"Rooftop loft {uuid.uuid4().hex[:4]}"
    page.get_by_label("Name").fill(name)
    page.get_by_label("Location").fill("Porto, Portugal")
    page.get_by_label("Price per night").fill("-5")
    page.get_by_label("Rooms").fill("2")
    page.get_by_label("Latitude").fill("41.1405")  # Ribeira
    page.get_by_label("Longitude").fill("-8.6130")
    page.get_by_role("button", name="Create listing").click()
    price = page.get_by_label("Price per night")
    expect(price).to_have_attribute("aria-invalid", "true")
    expect(price).to_be_focused()
    expect(page.get_by_text("Enter a price of 0 or more, e.g. 120.00.")).to_be_visible()
    price.fill("95.00")
    page.get_by_role("button", name="Create listing").click()
    created = page.get_by_role("status")
    expect(created).to_contain_text(f"{name} is listed")

    # A traveler books it; the host sees the booking and the room taken in the calendar strip.
    listing_id = created.get_by_role("link").get_attribute("href").rsplit("/", 1)[1]  # type: ignore[union-attr]
    # Where the host put it, travelers find it: within a kilometre of Ribeira.
    near = {"near": {"latitude": 41.1409, "longitude": -8.6116, "radiusKm": 1}}
    found = api(web, web.keys["traveler"], NEAR, {"f": near})["travelSearch"]["listings"]
    assert listing_id in [listing["id"] for listing in found]
    reference = book(
        web,
        web.keys["traveler"],
        targetType="PROPERTY",
        targetId=listing_id,
        checkIn=future_date(1),
        checkOut=future_date(3),
    )["referenceCode"]

    go_to(page, "Host")
    expect(page.get_by_role("region", name="Bookings on your listings")).to_contain_text(reference)
    page.get_by_role("region", name="Your providers").get_by_role("link", name=provider).click()
    listing = page.get_by_role("listitem").filter(has_text=name)
    strip = listing.get_by_role("table", name=re.compile("Free in the next 14 days"))
    expect(strip.get_by_role("cell").nth(1)).to_have_text("1/2")  # tomorrow: one of two rooms taken
    expect(strip.get_by_role("cell").nth(0)).to_have_text("2/2")


def test_every_kind_has_its_form(desktop: Page, web: WebApp) -> None:
    sign_in_as(desktop, web, "host", path="/host/new")
    fields = {
        "Tour": ["Price per person", "Places per date", "Duration (minutes) (optional)"],
        "Activity": ["Price per person", "Places per date"],
        "Event": ["Venue", "Starts (local time)", "Ends (local time)", "Time zone"],
        "Transport": ["From", "To", "Mode", "Departs (local time)", "Seats", "Time zone"],
        "Stay": ["Price per night", "Rooms", "Guests per room (optional)"],
    }
    for kind, labels in fields.items():
        desktop.get_by_role("radio", name=kind).check()
        for label in labels:
            expect(desktop.get_by_label(label, exact=True)).to_be_visible()


MY_PROVIDERS = "{ travelProvidersCount(filter: { ownedByViewer: true }) }"


def test_registering_a_provider_says_what_is_wrong_with_its_name(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "host")
    go_to(page, "Host")
    before = api(web, web.keys["host"], MY_PROVIDERS)["travelProvidersCount"]
    sent: list[str] = []
    page.on(
        "request",
        lambda r: (
            sent.append(r.post_data or "")
            if "createTravelProvider" in (r.post_data or "")
            else None
        ),
    )
    form = page.get_by_role("form", name="Register a provider")
    name = form.get_by_label("Name")
    for typed, words in [
        ("   ", "Enter the provider's name, e.g. Casa do Rio."),
        ("x" * 201, "Use at most 200 characters (this has 201)."),
    ]:
        name.fill(typed)
        form.get_by_role("button", name="Register").click()
        expect(name).to_have_accessible_description(words)
        expect(name).to_have_attribute("aria-invalid", "true")
        expect(name).to_be_focused()
        expect(form.get_by_role("alert")).to_have_text("One field needs your attention.")
    assert sent == []  # said in the browser: nothing sent
    # What only the API finds blank (a zero-width space) comes back under the field too.
    name.fill("\u200b")
    form.get_by_role("button", name="Register").click()
    expect(name).to_have_accessible_description("Fill this in.")
    expect(name).to_be_focused()
    assert len(sent) == 1
    assert api(web, web.keys["host"], MY_PROVIDERS)["travelProvidersCount"] == before
    # Corrected, it registers, and the problem is gone.
    provider = f"Casa do Rio {uuid.uuid4().hex[:6]}"
    name.fill(f"  {provider}  ")
    form.get_by_role("button", name="Register").click()
    expect(form.get_by_role("status")).to_contain_text(f"{provider} is registered")
    expect(name).not_to_have_attribute("aria-invalid", "true")
    assert api(web, web.keys["host"], MY_PROVIDERS)["travelProvidersCount"] == before + 1


def test_a_traveler_has_no_host_tools(desktop: Page, web: WebApp) -> None:
    sign_in_as(desktop, web, "traveler", path="/host")
    expect(desktop.get_by_text("Host tools need the travel:host permission.")).to_be_visible()


def test_the_new_listing_form_says_every_problem_at_once(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "host", path="/host/new")
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.post_data or "") if "createTravel" in (r.post_data or "") else None,
    )
    expect(page.get_by_role("heading", name="New stay")).to_be_visible()
    page.get_by_label("Rooms").fill("")
    page.get_by_label("Currency").fill("euro")
    page.get_by_label("Longitude (optional)").fill("200")
    page.get_by_role("button", name="Create listing").click()
    said = {
        "Name": "Enter a name, e.g. Rooftop loft by the river.",
        "Location": "Enter where it is, e.g. Porto, Ribeira.",
        "Price per night": "Enter a price, e.g. 120.00.",
        "Rooms": "Enter how many rooms, e.g. 1.",
        "Currency": "Enter the currency's 3-letter code, e.g. EUR, USD or JPY.",
        "Latitude (optional)": "Enter the latitude too, or clear the longitude.",
        "Longitude (optional)": "Enter a number from -180 to 180.",
    }
    for label, words in said.items():
        expect(page.get_by_label(label, exact=True)).to_have_accessible_description(
            re.compile(re.escape(words))
        )
    expect(page.get_by_label("Name", exact=True)).to_be_focused()
    expect(page.get_by_role("alert")).to_have_text("7 fields need your attention.")
    assert sent == []  # nothing sent, and so never an empty price

    # What only the API knows comes back next to its field, in the form's words.
    page.get_by_label("Name", exact=True).fill(f"Courtyard room {uuid.uuid4().hex[:4]}")
    page.get_by_label("Location").fill("Lisbon")
    page.get_by_label("Price per night").fill("70")
    page.get_by_label("Rooms").fill("1")
    page.get_by_label("Currency").fill("XQZ")
    page.get_by_label("Longitude (optional)").fill("")
    page.get_by_role("button", name="Create listing").click()
    currency = page.get_by_label("Currency")
    expect(currency).to_have_accessible_description(re.compile("We don't know this currency"))
    expect(currency).to_be_focused()
    expect(page.locator("main")).not_to_contain_text("input.")
    assert len(sent) == 1
    assert '"pricePerNight":"70"' in sent[0]
