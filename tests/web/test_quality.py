"""What a person notices: every main page usable with the keyboard alone, without serious or
critical accessibility problems (axe-core), without sideways scrolling on a phone; a favicon;
the API explorer using the signed-in credential."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.conftest import WebApp
from tests.web.steps import go_to, serious_accessibility_problems, sign_in_as, signed_in, tab_to

PAGES = {
    "traveler": ["/", "/?kind=events", "/trips", "/wishlist", "/itinerary"],
    "host": ["/host", "/host/new", "/account"],
    "admin": ["/admin"],
}


def _no_problems(page: Page, where: str) -> None:
    problems = serious_accessibility_problems(page)
    assert problems == [], f"{where}: {problems}"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"{where}: {overflow}px of sideways scrolling"


def test_the_sign_in_page_is_accessible(page: Page, web: WebApp) -> None:
    page.goto(web.url + "/")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    _no_problems(page, "sign in")


@pytest.mark.parametrize("role", list(PAGES))
def test_main_pages_are_accessible(page: Page, web: WebApp, role: str) -> None:
    sign_in_as(page, web, role)
    for path in PAGES[role]:
        page.goto(web.url + path)
        signed_in(page)
        page.get_by_role("main").get_by_role("heading").first.wait_for()
        page.wait_for_load_state("networkidle")
        _no_problems(page, path)


def test_listing_and_checkout_are_accessible(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
    page.get_by_role("list", name=re.compile("found$")).get_by_role("link").first.click()
    expect(page.get_by_role("heading", name="Availability")).to_be_visible()
    page.wait_for_load_state("networkidle")
    _no_problems(page, "listing")
    page.get_by_label("Check-in", exact=True).fill(future_date(90))
    page.get_by_label("Check-out", exact=True).fill(future_date(91))
    page.get_by_role("button", name="Reserve").click()
    expect(page.get_by_role("heading", name="Confirm and pay")).to_be_visible()
    _no_problems(page, "checkout")


def test_a_booking_with_the_keyboard_alone(desktop: Page, web: WebApp) -> None:
    page = desktop
    page.goto(web.url + "/")
    tab_to(page, "Demo Traveler")
    page.keyboard.press("Enter")
    signed_in(page)
    tab_to(page, "Where")
    page.keyboard.type("porto")
    expect(page.get_by_role("search").get_by_label("Where to, or what?")).to_have_value("porto")
    page.keyboard.press("Enter")  # submits the search
    expect(page).to_have_url(re.compile("q=porto"))
    page.get_by_role("heading", name=re.compile(r"^\d+ results?$")).wait_for()
    tab_to(page, re.compile(r"^Stays \d+$"))  # the kind tabs come after the search
    page.keyboard.press("Enter")
    page.get_by_role("heading", name=re.compile(r"^\d+ stays?$")).wait_for()
    tab_to(page, re.compile(r"^Stay · Porto"))  # the first result's link
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Availability")).to_be_visible()
    # Pick the nights in the calendar with the keyboard: next month, two open days.
    tab_to(page, "Next month")
    page.keyboard.press("Enter")
    calendar = page.get_by_role("table", name=re.compile("Availability in"))
    expect(calendar.get_by_role("button").first).to_be_visible()  # the month's days are in
    tab_to(page, re.compile(r"^1[0-9] .*free, "))  # then the date's price
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    tab_to(page, "Reserve")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Confirm and pay")).to_be_visible()
    tab_to(page, re.compile("^Confirm and pay"))
    page.keyboard.press("Enter")
    # The result has the focus; the next Tab is its first link.
    expect(page.get_by_role("heading", name="You're booked!")).to_be_focused()
    reference = page.get_by_test_id("reference-code").inner_text()
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="See your trips")).to_be_focused()
    page.keyboard.press("Enter")
    # Cancel it with the keyboard: the dialog, then focus on the booking's new status.
    booking = page.get_by_role("article").filter(has_text=reference)
    booking.get_by_role("button", name="Cancel booking").focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Cancel this booking?")
    expect(dialog.get_by_role("button", name="Keep it")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.locator(":focus")).to_contain_text(re.compile(f"^Cancelled .* ref {reference}"))


def test_the_menu_works_with_the_keyboard_on_a_phone(browser, web: WebApp, console) -> None:  # type: ignore[no-untyped-def]
    from tests.web.conftest import _page

    for page in _page(browser, "phone", console):
        sign_in_as(page, web, "host")
        tab_to(page, "Menu", backwards=True)  # the menu is above the page's content
        page.keyboard.press("Enter")
        expect(page.get_by_role("navigation", name="Main")).to_be_visible()
        tab_to(page, "Host")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", name="Host tools")).to_be_visible()
        expect(page.get_by_role("navigation", name="Main")).to_be_hidden()  # closed on arrival
        # Escape closes it again, focus back on its button.
        page.get_by_role("button", name="Menu").click()
        expect(page.get_by_role("navigation", name="Main")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
        expect(page.get_by_role("button", name="Menu")).to_be_focused()
        # …also from inside it (focus on one of its links), and the page does not move.
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        expect(
            page.get_by_role("navigation", name="Main").get_by_role("link").first
        ).to_be_focused()
        page.keyboard.press("Escape")
        expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
        expect(page.get_by_role("button", name="Menu")).to_be_focused()
        expect(page.get_by_role("heading", name="Host tools")).to_be_visible()


def test_a_full_page_load_starts_at_the_top_and_a_new_page_in_the_app_at_its_content(
    page: Page, web: WebApp
) -> None:
    sign_in_as(page, web, "traveler")
    # A load (a reload, a link from elsewhere) of a signed-in page: focus is the browser's, so
    # the first Tab reaches the skip link — even at a later page of results.
    for path in ("/", "/trips", "/?kind=stays&skip=12"):
        page.goto(web.url + path)
        signed_in(page)
        page.get_by_role("main").get_by_role("heading").first.wait_for()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.activeElement === document.body"), path
        page.keyboard.press("Tab")
        expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    # A page reached in the app: focus moves to its content, past the header just used.
    go_to(page, "Trips")
    expect(page.get_by_role("heading", name="Your trips")).to_be_visible()
    expect(page.get_by_role("main")).to_be_focused()


def test_favicon_and_explorer(desktop: Page, web: WebApp) -> None:
    desktop.goto(web.url + "/")
    icon = desktop.locator("link[rel=icon]").get_attribute("href")
    assert icon == "/favicon.svg"
    assert desktop.request.get(web.url + icon).headers["content-type"] == "image/svg+xml"
    sign_in_as(desktop, web, "traveler")
    desktop.get_by_role("link", name="API explorer").click()
    run = desktop.get_by_role("button", name=re.compile("^Execute query"))
    expect(run).to_be_visible(timeout=20_000)
    # The editor has the example query once it has loaded (its workers start after the page).
    expect(desktop.get_by_text("query Ping {")).to_be_visible(timeout=20_000)
    run.click()
    # The example query runs with the signed-in credential: its answer has the data. (GraphiQL's
    # answer pane is an editor without an accessible name: found by its class.)
    answer = desktop.locator(".graphiql-response")
    expect(answer).to_contain_text('"travelProperties"', timeout=20_000)
    expect(answer).not_to_contain_text("UNAUTHENTICATED")
