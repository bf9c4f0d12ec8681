"""Time where it happens: an event's times as the clock reads them at the listing's time zone,
with the zone's short name (UTC when it has none), whatever the traveler's own zone; its
calendar opens on its month; the host types its times as the clock reads there, in the zone the
form names (prefilled with the browser's), and the editor shows them back so."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.factories import future_time
from tests.support.browser import VIEWPORTS
from tests.web.api import api, new_listing, new_provider
from tests.web.conftest import Console, WebApp, _page
from tests.web.steps import serious_accessibility_problems, sign_in_as

NEW_YORK = ZoneInfo("America/New_York")
ZONE = "query ($id: ID!) { travelEvent(id: $id) { timeZone startsAt } }"


@pytest.fixture(params=list(VIEWPORTS))
def us_page(request: pytest.FixtureRequest, browser: Browser, console: Console) -> Iterator[Page]:
    """A window in American English, its own clock in India: neither is the event's."""
    yield from _page(browser, request.param, console, locale="en-US", timezone_id="Asia/Kolkata")


def _us_time(at: datetime, zone: ZoneInfo | None) -> str:
    """As Intl writes it in en-US with the zone's short name: "Nov 21, 2026, 9:00 PM EST"."""
    local = at.astimezone(zone) if zone else at
    clock = f"{local.hour % 12 or 12}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"
    name = local.tzname() if zone else "UTC"
    return f"{local:%b} {local.day}, {local.year}, {clock} {name}"


def _event(web: WebApp, name: str, starts: datetime, **fields: object) -> str:
    provider_id = new_provider(web, f"Hall {uuid.uuid4().hex[:6]}")
    event = new_listing(
        web,
        "EVENT",
        providerId=provider_id,
        name=name,
        location="Brooklyn, New York",
        price="40.00",
        currency="USD",
        capacity=100,
        startsAt=starts.isoformat(),
        endsAt=(starts + timedelta(hours=3)).isoformat(),
        **fields,
    )
    return str(event["id"])


def test_an_event_shows_its_own_time_and_opens_on_its_month(us_page: Page, web: WebApp) -> None:
    page = us_page
    starts = future_time(45, hour=2)  # 2 AM UTC: the evening before, in New York
    name = f"Late jazz {uuid.uuid4().hex[:4]}"
    event_id = _event(web, name, starts, timeZone="America/New_York")
    sign_in_as(page, web, "traveler", path=f"/events/{event_id}")
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    local = _us_time(starts, NEW_YORK)
    assert re.search(r"[AP]M E[SD]T$", local)
    expect(page.get_by_role("list").filter(has_text="places")).to_contain_text(
        f"{local} – {_us_time(starts + timedelta(hours=3), NEW_YORK)}"
    )
    expect(page.get_by_text(f"Starts {local}")).to_be_visible()
    # The calendar opens on the month it can be booked in (its UTC date), not this month.
    month = starts.strftime("%B %Y")
    expect(page.get_by_role("table", name=re.compile("^Availability in"))).to_have_accessible_name(
        re.compile(f"^Availability in {month}")
    )
    # Found in discovery, the card says the same.
    page.goto(f"{web.url}/?kind=events&q={name.replace(' ', '+')}")
    card = page.get_by_role("article").filter(has_text=name)
    expect(card.locator("time")).to_have_text(local)
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def test_an_event_without_a_zone_shows_utc(us_page: Page, web: WebApp) -> None:
    page = us_page
    starts = future_time(50, hour=19)
    name = f"Harbour talk {uuid.uuid4().hex[:4]}"
    event_id = _event(web, name, starts)  # no zone, no coordinates: none can be found
    assert api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"]["timeZone"] is None
    sign_in_as(page, web, "traveler", path=f"/events/{event_id}")
    expect(page.get_by_text(f"Starts {_us_time(starts, None)}")).to_be_visible()


def _fill_event(page: Page, provider: str, name: str) -> None:
    page.get_by_label("Provider").select_option(label=provider)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Venue").fill("Brooklyn, New York")
    page.get_by_label("Price per person").fill("15")
    page.get_by_label("Places", exact=True).fill("80")
    page.get_by_label("Currency").fill("USD")


def test_the_host_types_an_event_s_times_as_the_clock_reads_there(
    us_page: Page, web: WebApp
) -> None:
    page = us_page
    provider = f"Venue {uuid.uuid4().hex[:6]}"
    new_provider(web, provider)
    sign_in_as(page, web, "host", path="/host/new")
    page.get_by_role("radio", name="Event").check()
    # Prefilled with the browser's own zone (India here): said, and the host's to change.
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_value(re.compile("^Asia/(Kolkata|Calcutta)$"))
    starts = page.get_by_label("Starts (local time)")
    expect(starts).to_have_accessible_description(
        re.compile("^Times are in Asia/(Kolkata|Calcutta).")
    )
    name = f"Rooftop cinema {uuid.uuid4().hex[:4]}"
    _fill_event(page, provider, name)
    starts.fill("2027-02-09T21:00")
    page.get_by_label("Ends (local time)").fill("2027-02-09T23:00")
    zone.fill("New York")
    page.get_by_role("button", name="Create listing").click()
    expect(zone).to_have_accessible_description(
        re.compile("Enter a time zone such as Europe/Lisbon.")
    )
    expect(zone).to_be_focused()
    zone.fill("America/New_York")
    expect(starts).to_have_accessible_description("Times are in America/New_York.")
    page.get_by_role("button", name="Create listing").click()
    created = page.get_by_role("status").filter(has_text="is listed")
    expect(created).to_contain_text(name)
    event_id = created.get_by_role("link").get_attribute("href").rsplit("/", 1)[1]  # type: ignore[union-attr]
    # 9 PM in New York in winter (EST, UTC-5) is 2 AM UTC the next day.
    assert api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"] == {
        "timeZone": "America/New_York",
        "startsAt": "2027-02-10T02:00:00Z",
    }
    # The editor shows the time back as typed.
    page.goto(f"{web.url}/host/listings/events/{event_id}")
    expect(page.get_by_label("Starts (local time)")).to_have_value("2027-02-09T21:00")
    expect(page.get_by_label("Ends (local time)")).to_have_value("2027-02-09T23:00")


def test_the_editor_reads_times_in_the_listing_s_zone(desktop: Page, web: WebApp) -> None:
    page = desktop
    event_id = _event(
        web,
        f"Summer jazz {uuid.uuid4().hex[:4]}",
        datetime(2027, 2, 10, 2, tzinfo=UTC),
        timeZone="America/New_York",
    )
    sign_in_as(page, web, "host", path=f"/host/listings/events/{event_id}")
    starts, ends = page.get_by_label("Starts (local time)"), page.get_by_label("Ends (local time)")
    expect(starts).to_have_value("2027-02-09T21:00")
    save = page.get_by_role("button", name="Save changes")
    # A summer date: New York is on daylight time (UTC-4).
    starts.fill("2027-07-09T21:00")
    ends.fill("2027-07-09T23:00")
    save.click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()
    stored = api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"]
    assert stored == {"timeZone": "America/New_York", "startsAt": "2027-07-10T01:00:00Z"}
    # Another zone: the times stay as typed, now read in Lisbon (summer time, UTC+1).
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_accessible_description(re.compile("keeps the times as typed"))
    zone.fill("Europe/Lisbon")
    expect(starts).to_have_accessible_description("Times are in Europe/Lisbon.")
    save.click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()
    stored = api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"]
    assert stored == {"timeZone": "Europe/Lisbon", "startsAt": "2027-07-09T20:00:00Z"}
    expect(starts).to_have_value("2027-07-09T21:00")
    # A time the clocks skip (Lisbon springs forward at 1 AM on 28 March 2027) is said, not moved.
    starts.fill("2027-03-28T01:30")
    ends.fill("2027-03-28T04:00")
    save.click()
    expect(starts).to_have_accessible_description(
        re.compile(r"The clocks in Europe/Lisbon skip this time .* Choose another, e\.g\. 02:30\.")
    )
    expect(starts).to_be_focused()
    stored = api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"]
    assert stored["startsAt"] == "2027-07-09T20:00:00Z"


def test_an_event_without_a_zone_is_given_one_in_the_editor(desktop: Page, web: WebApp) -> None:
    page = desktop
    event_id = _event(
        web, f"Dock talk {uuid.uuid4().hex[:4]}", datetime(2027, 2, 10, 19, tzinfo=UTC)
    )
    sign_in_as(page, web, "host", path=f"/host/listings/events/{event_id}")
    starts = page.get_by_label("Starts (local time)")
    # Stored without a zone, its times are shown (and read) in UTC until one is given.
    expect(starts).to_have_value("2027-02-10T19:00")
    expect(starts).to_have_accessible_description("Times are in UTC.")
    form = page.get_by_role("form", name=re.compile("^Edit Dock talk"))
    form.get_by_label("Price per person").fill("45")
    page.get_by_role("button", name="Save changes").click()
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_accessible_description(
        re.compile("Enter the time zone its times are in, e.g. Europe/Lisbon.")
    )
    expect(zone).to_be_focused()
    zone.fill("Asia/Tokyo")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your changes are saved.", exact=False)).to_be_focused()
    # The time as typed, now read in Tokyo (UTC+9).
    assert api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"] == {
        "timeZone": "Asia/Tokyo",
        "startsAt": "2027-02-10T10:00:00Z",
    }
