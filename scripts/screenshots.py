"""Screenshots of the web app's main pages, desktop and phone, into docs/screenshots/.

    .venv/bin/python scripts/screenshots.py

Starts `travel serve --demo` on a fresh SQLite database (after `travel demo seed`), books a
stay and saves a few favorites as the demo traveler so the pages have something to show, then
opens each page in Debian's Chromium (scripts/chromium.sh installs it; scripts/web.sh builds
the app) at 1280x900 and 390x844.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the shared browser helpers live in tests/support

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS  # noqa: E402
from tests.support.cli import free_port, wait_until_serving  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
TRAVEL = str(Path(sys.executable).with_name("travel"))


def _day(days: int) -> str:
    return (datetime.now(UTC).date() + timedelta(days=days)).isoformat()


def _api(url: str, key: str, query: str, variables: dict[str, object] | None = None) -> dict:
    answer = httpx.post(
        url,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {key}"},
    )
    body = answer.json()
    if "errors" in body:
        raise RuntimeError(body["errors"])
    return dict(body["data"])


def _fill(api_url: str, traveler: str) -> None:
    """A traveler with a name (hosts see it), a booked stay, a booked tour, and saved favorites
    of three kinds."""
    named = "mutation ($i: UpdateTravelProfileInput!) { updateTravelProfile(input: $i) { email } }"
    _api(api_url, traveler, named, {"i": {"displayName": "Ana Lima"}})
    stays = _api(api_url, traveler, "{ travelProperties(pagination: {take: 3}) { id } }")
    tours = _api(api_url, traveler, "{ travelTours(pagination: {take: 3}) { id } }")
    events = _api(api_url, traveler, "{ travelEvents(pagination: {take: 2}) { id } }")
    book = "mutation ($i: CreateTravelBookingInput!) { createTravelBooking(input: $i) { id } }"
    stay = {"targetType": "PROPERTY", "targetId": stays["travelProperties"][0]["id"]}
    _api(api_url, traveler, book, {"i": {**stay, "checkIn": _day(12), "checkOut": _day(15)}})
    tour = {"targetType": "TOUR", "targetId": tours["travelTours"][1]["id"], "guests": 2}
    _api(api_url, traveler, book, {"i": {**tour, "checkIn": _day(13)}})
    toggle = (
        "mutation ($t: TravelBookingType!, $id: ID!) "
        "{ toggleTravelFavorite(targetType: $t, targetId: $id) }"
    )
    for kind, listing in (
        ("PROPERTY", stays["travelProperties"][2]),
        ("TOUR", tours["travelTours"][2]),
        ("EVENT", events["travelEvents"][0]),
    ):
        _api(api_url, traveler, toggle, {"t": kind, "id": listing["id"]})


def _season(page: Page, api_url: str, host: str) -> None:
    """The edited listing gets a dearer week soon and two dates with a unit closed, so its
    calendar and its prices have something to show; the editor is read again."""
    listing_id = unquote(page.url.rstrip("/").rsplit("/", 1)[1])
    price = Decimal(page.get_by_label(re.compile("^Price")).first.input_value())
    dearer = (price * Decimal("1.25")).quantize(price)
    set_price = (
        "mutation ($i: SetTravelSeasonalPriceInput!) { setTravelSeasonalPrice(input: $i) { id } }"
    )
    block = (
        "mutation ($i: BlockTravelListingDatesInput!) { blockTravelListingDates(input: $i) { id } }"
    )
    span = {"listingId": listing_id, "startsOn": _day(1), "endsOn": _day(7)}
    _api(api_url, host, set_price, {"i": {**span, "price": str(dearer), "note": "festival"}})
    closed = {"listingId": listing_id, "startsOn": _day(2), "endsOn": _day(3), "units": 1}
    _api(api_url, host, block, {"i": {**closed, "note": "painting"}})
    page.reload()
    page.get_by_role("button", name="Save changes").wait_for()


def _sign_in(page: Page, url: str, role: str) -> None:
    page.goto(url + "/")
    page.get_by_role("button", name=f"Demo {role.title()}").click()
    page.get_by_role("button", name="Menu").or_(
        page.get_by_role("button", name="Sign out")
    ).wait_for()


def _shoot(page: Page, name: str) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=False)


def main() -> None:
    chromium = CHROMIUM
    if not chromium:
        sys.exit("Chromium is missing: run scripts/chromium.sh")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
        env.update(
            TRAVEL_DATABASE_URL=f"sqlite:///{tmp}/shots.db",
            TRAVEL_LOG_LEVEL="WARNING",
            TRAVEL_METRICS_PORT="0",
        )
        seeded = json.loads(subprocess.check_output([TRAVEL, "demo", "seed", "--json"], env=env))
        api_port, web_port = free_port(), free_port()
        server = subprocess.Popen(
            [
                TRAVEL,
                "serve",
                "--demo",
                "--port",
                str(api_port),
                "--web-port",
                str(web_port),
                "--partner-port",
                "0",
            ],
            env=env,
        )
        url, api_url = (
            f"http://127.0.0.1:{web_port}",
            f"http://127.0.0.1:{api_port}/workspaces/graphql",
        )
        try:
            wait_until_serving(url, server)
            _fill(api_url, seeded["keys"]["traveler"])
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                for size, viewport in VIEWPORTS.items():
                    page = browser.new_page(viewport=viewport, locale="en-GB", timezone_id="UTC")
                    page.goto(url + "/")
                    _shoot(page, f"sign-in-{size}")
                    _sign_in(page, url, "traveler")
                    # A search as a traveler makes one: text, a currency (so the histogram shows).
                    page.goto(url + "/?q=lisbon&currency=EUR")
                    page.get_by_role("list", name="Listings found").wait_for()
                    _shoot(page, f"discover-{size}")
                    page.goto(url + "/?kind=stays")
                    page.get_by_role("list", name="Stays found").get_by_role("link").first.click()
                    page.get_by_role("heading", name="Availability").wait_for()
                    _shoot(page, f"listing-{size}")
                    # Its calendar: what is free and each date's price.
                    page.get_by_role("heading", name="Availability").evaluate(
                        "(h) => window.scrollTo(0, h.getBoundingClientRect().top"
                        " + window.scrollY - 80)"
                    )
                    _shoot(page, f"listing-calendar-{size}")
                    for path, name in (
                        ("/trips", "trips"),
                        ("/itinerary", "itinerary"),
                        ("/wishlist", "wishlist"),
                    ):
                        page.goto(url + path)
                        _shoot(page, f"{name}-{size}")
                    page.close()
                    page = browser.new_page(viewport=viewport, locale="en-GB", timezone_id="UTC")
                    _sign_in(page, url, "host")
                    page.goto(url + "/host")
                    _shoot(page, f"host-{size}")
                    # Earnings by month (the demo traveler's bookings), then a listing's editor.
                    page.get_by_role("figure").first.scroll_into_view_if_needed()
                    _shoot(page, f"host-earnings-{size}")
                    page.get_by_role("link", name="Edit", exact=False).first.click()
                    page.get_by_role("button", name="Save changes").wait_for()
                    _shoot(page, f"edit-listing-{size}")
                    if size == "desktop":  # once: the second time would overlap the first
                        _season(page, api_url, seeded["keys"]["host"])
                    # The editor's photos (the demo's cover) and its calendar, each at the top.
                    for heading, name in (("Photos", "edit-photos"), ("Calendar", "edit-calendar")):
                        section = page.get_by_role("heading", name=heading, exact=True)
                        # Below the sticky header, not under it.
                        section.evaluate(
                            "(h) => window.scrollTo(0, h.getBoundingClientRect().top"
                            " + window.scrollY - 80)"
                        )
                        _shoot(page, f"{name}-{size}")
                    page.goto(url + "/host/new")
                    _shoot(page, f"new-listing-{size}")
                    page.close()
                    page = browser.new_page(viewport=viewport, locale="en-GB", timezone_id="UTC")
                    _sign_in(page, url, "admin")
                    page.goto(url + "/admin?window=all")
                    page.get_by_role("figure", name="Category mix").wait_for()
                    _shoot(page, f"admin-{size}")
                    page.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(f"wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
