"""Time where it happens: an event's times as the clock reads them at the listing's time zone,
with the zone's short name (UTC when it has none), whatever the traveler's own zone; its
calendar opens on its month; the host's form has the zone, defaulting from the coordinates."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
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


def test_the_host_gives_an_event_its_time_zone(page: Page, web: WebApp) -> None:
    provider = f"Venue {uuid.uuid4().hex[:6]}"
    new_provider(web, provider)
    sign_in_as(page, web, "host", path="/host/new")
    page.get_by_role("radio", name="Event").check()
    zone = page.get_by_label("Time zone (optional)")
    expect(zone).to_have_accessible_description(
        re.compile("Left empty, it is found from the coordinates")
    )
    page.get_by_label("Provider").select_option(label=provider)
    name = f"Rooftop cinema {uuid.uuid4().hex[:4]}"
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Venue").fill("Brooklyn, New York")
    page.get_by_label("Price per person").fill("15")
    page.get_by_label("Places", exact=True).fill("80")
    starts = future_time(60, hour=1)
    page.get_by_label("Starts (UTC)").fill(starts.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Ends (UTC)").fill((starts + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Currency").fill("USD")
    zone.fill("New York")
    page.get_by_role("button", name="Create listing").click()
    expect(zone).to_have_accessible_description(
        re.compile("Enter a time zone such as Europe/Lisbon, or leave it empty.")
    )
    expect(zone).to_be_focused()
    zone.fill("America/New_York")
    # The time typed in UTC, as the clock reads it there (en-GB: the zone as an offset).
    local = starts.astimezone(NEW_YORK)
    expect(page.get_by_label("Starts (UTC)")).to_have_accessible_description(
        re.compile(f"Where it happens: {local.day} {local:%b %Y}, {local:%H:%M} GMT-[45]")
    )
    page.get_by_role("button", name="Create listing").click()
    created = page.get_by_role("status").filter(has_text="is listed")
    expect(created).to_contain_text(name)
    event_id = created.get_by_role("link").get_attribute("href").rsplit("/", 1)[1]  # type: ignore[union-attr]
    assert api(web, web.keys["host"], ZONE, {"id": event_id})["travelEvent"] == {
        "timeZone": "America/New_York",
        "startsAt": starts.strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
