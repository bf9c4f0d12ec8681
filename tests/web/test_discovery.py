"""Discovery and the listing page, as a traveler uses them: the five kinds, every filter kept in
the URL (a search survives a reload and can be shared), pages, empty and error states."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.conftest import Console, WebApp
from tests.web.steps import choose_kind, sign_in_as


def _query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def _results(page: Page) -> list[str]:
    page.get_by_role("list", name=re.compile("found$")).wait_for()
    return (
        page.get_by_role("list", name=re.compile("found$")).get_by_role("heading").all_inner_texts()
    )


def test_every_kind_has_its_listings(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    for tab, heading in (
        ("Stays", "30 stays"),
        ("Tours", "30 tours"),
        ("Activities", "30 activities"),
        ("Events", "30 events"),
        ("Transport", "30 departures"),
    ):
        choose_kind(page, tab)
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        assert len(_results(page)) == 12


def test_a_filtered_search_lives_in_the_url_and_survives_a_reload(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    search = page.get_by_role("search")
    search.get_by_label("Where").fill("lisbon")
    search.get_by_role("button", name="More filters").click()
    search.get_by_label("Rating").select_option("4")
    search.get_by_label("Currency").select_option("EUR")
    search.get_by_role("button", name="Search").click()
    expect(page.get_by_text("Showing stays in lisbon · EUR · ★ 4+")).to_be_visible()
    expect(page).to_have_url(re.compile(r"where=lisbon"))
    query = _query(page)
    assert query["kind"] == ["stays"]
    assert query["rating"] == ["4"]
    assert query["currency"] == ["EUR"]
    found = _results(page)
    assert found, "the demo catalog has well-rated stays in Lisbon, priced in euros"
    cards = page.get_by_role("list", name=re.compile("found$")).get_by_role("article")
    for text in cards.all_inner_texts():
        assert "Lisbon" in text
        assert "€" in text
        assert float(re.search(r"★ ([\d.]+)", text).group(1)) >= 4  # type: ignore[union-attr]
    heading = page.get_by_role("heading", name=re.compile(r"^\d+ stays?$")).inner_text()
    page.reload()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    assert _results(page) == found
    expect(page.get_by_role("search").get_by_label("Where")).to_have_value("lisbon")


def test_dates_and_guests_narrow_stays_and_reach_the_listing(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    search = page.get_by_role("search")
    search.get_by_label("Check-in").fill(future_date(20))
    search.get_by_label("Check-out").fill(future_date(23))
    search.get_by_label("Guests").fill("2")
    search.get_by_role("button", name="Search").click()
    expect(page.get_by_text(re.compile(r"Showing stays .* · 2 guests$"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"guests=2"))
    first = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").first
    name = first.get_by_role("heading").inner_text()
    first.get_by_role("link").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    # The dates and guests of the search are already chosen on the listing.
    expect(page.get_by_label("Check-in", exact=True)).to_have_value(future_date(20))
    expect(page.get_by_label("Check-out", exact=True)).to_have_value(future_date(23))
    expect(page.get_by_label("Guests", exact=True)).to_have_value("2")
    expect(page.get_by_text(re.compile(r"3 nights ×"))).to_be_visible()


def test_pages_move_through_the_results(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    first_page = _results(page)
    expect(page.get_by_text("1–12 of 30")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("13–24 of 30")).to_be_visible()
    assert _query(page)["skip"] == ["12"]
    second_page = _results(page)
    assert not set(first_page) & set(second_page)
    page.go_back()
    expect(page.get_by_text("1–12 of 30")).to_be_visible()


def test_a_page_past_the_end_offers_the_way_back_and_one_page_has_no_pager(
    page: Page, web: WebApp
) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays&skip=999")
    expect(page.get_by_text("This page is past the last of 30 results.")).to_be_visible()
    expect(page.get_by_text("0–999 of 30")).to_have_count(0)
    expect(page.get_by_text("No stays match this search.")).to_have_count(0)
    page.get_by_role("button", name="Back to the first page").click()
    expect(page.get_by_text("1–12 of 30")).to_be_visible()
    assert _query(page).get("skip", ["0"]) == ["0"]
    # Everything on one page: no pager at all.
    page.goto(web.url + "/?kind=stays&q=zzzz-nothing")
    expect(page.get_by_text("No stays match this search.")).to_be_visible()
    expect(page.get_by_role("navigation", name=re.compile("pages"))).to_have_count(0)


def test_nothing_found_and_a_bad_search_are_explained(
    page: Page, web: WebApp, console: Console
) -> None:
    console.expected.append("status of 400")  # the search with only one date, refused by the API
    sign_in_as(page, web, "traveler", path="/?kind=events&q=zzzz-nothing")
    expect(page.get_by_text("No events match this search.")).to_be_visible()
    page.goto(web.url + f"/?kind=stays&from={future_date(5)}")
    expect(page.get_by_role("alert")).to_contain_text("To")
    expect(page.get_by_role("alert")).to_contain_text("required")


def test_a_listing_shows_what_a_guest_needs_to_decide(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    card = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").first
    name = card.get_by_role("heading").inner_text()
    price = card.locator(".price strong").inner_text()
    card.get_by_role("link").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="About")).to_be_visible()
    expect(page.get_by_role("heading", name="Amenities")).to_be_visible()
    expect(page.get_by_role("heading", name="Your host")).to_be_visible()
    expect(page.get_by_text(price).first).to_be_visible()
    calendar = page.get_by_role("table", name=re.compile("Availability in"))
    expect(calendar).to_be_visible()
    expect(calendar.get_by_role("button").first).to_be_visible()  # open days can be picked
    page.get_by_role("button", name="Next month").click()
    expect(
        page.get_by_role("table", name=re.compile("Availability in"))
    ).not_to_have_accessible_name(calendar.get_attribute("aria-label") or "same month")
