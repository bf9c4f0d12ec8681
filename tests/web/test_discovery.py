"""Discovery and the listing page, as a traveler uses them (docs/decisions/0088-discovery.md):
one search across every kind with suggestions as they type, typos forgiven and "did you mean",
kind tabs with counts, a sort menu, facet chips and a price histogram, events soonest first,
everything in the URL (a search survives a reload and can be shared), pages, a one-line search
on a phone, empty and error states — on a desktop and a phone-sized window."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.web.conftest import Console, WebApp
from tests.web.steps import choose_kind, serious_accessibility_problems, sign_in_as

PER_KIND = 30  # the demo seed's listings of each kind


def _query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def _results(page: Page) -> list[str]:
    found = page.get_by_role("list", name=re.compile("found$"))
    found.wait_for()
    expect(page.locator("#results")).to_have_attribute("aria-busy", "false")
    return found.get_by_role("heading").all_inner_texts()


def _cards(page: Page) -> list[str]:
    _results(page)
    return (
        page.get_by_role("list", name=re.compile("found$")).get_by_role("article").all_inner_texts()
    )


def _cards_text(page: Page) -> list[str]:
    """The cards' text as the page holds it (textContent: without the styles' capitals)."""
    _results(page)
    found = page.get_by_role("list", name=re.compile("found$")).get_by_role("article")
    return [text.strip() for text in found.all_text_contents()]


def _is_phone(page: Page) -> bool:
    return (page.viewport_size or {"width": 1280})["width"] < 640


def _search_for(page: Page, text: str) -> None:
    """Type into the search box and press Enter (on a phone, in the full-screen editor)."""
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
        expect(page.get_by_role("dialog", name="Search")).to_be_visible()
    box = page.get_by_role("combobox", name="Where to, or what?")
    box.fill(text)
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"q=" + re.escape(text.split()[0])))


def _filters(page: Page) -> None:
    """On a phone the filters are folded under a button (and stay open once opened)."""
    toggle = page.get_by_role("button", name=re.compile("^Filters"))
    if _is_phone(page) and toggle.count():
        toggle.click()
    expect(page.get_by_role("complementary", name="Filters")).to_be_visible()


def test_all_kinds_at_once_and_each_kind_with_its_count(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    expect(page.get_by_role("heading", name=f"{5 * PER_KIND} results")).to_be_visible()
    assert len(_results(page)) == 12
    tabs = page.get_by_role("navigation", name="Kinds of listing")
    for tab, heading, kind in (
        ("Stays", "30 stays", "Stay"),
        ("Tours", "30 tours", "Tour"),
        ("Activities", "30 activities", "Activity"),
        ("Events", "30 events", "Event"),
        ("Transport", "30 departures", "Departure"),
    ):
        expect(tabs.get_by_role("link", name=f"{tab} {PER_KIND}")).to_be_visible()
        choose_kind(page, tab)
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        assert len(_results(page)) == 12
        # Each card says what it is as a sentence would start it, in its text (which a screen
        # reader reads and a copy takes), not only in how it is drawn.
        kinds = {text.split(" · ")[0] for text in _cards_text(page)}
        assert kinds == {kind}, kinds
    assert serious_accessibility_problems(page) == []


# What a traveler expects of a departure in euros: run by a company named for its mode, at a
# fare such a ticket costs (a flight is not €24 next to a €185 train).
EURO_FARES = {
    "flight": ("Airways", Decimal(40), Decimal(400)),
    "train": ("Rail", Decimal(15), Decimal(80)),
    "bus": ("Coaches", Decimal(5), Decimal(40)),
    "car": ("Transfers", Decimal(15), Decimal(100)),
    "ferry": ("Ferries", Decimal(30), Decimal(200)),
}


def test_each_departure_is_run_by_a_company_of_its_mode_at_a_fare_of_its_mode(
    desktop: Page, web: WebApp
) -> None:
    page = desktop
    sign_in_as(page, web, "traveler", path="/?kind=transport&currency=EUR&sort=PRICE_ASC")
    seen: dict[str, list[Decimal]] = {}
    while True:
        _results(page)
        found = page.get_by_role("list", name=re.compile("found$")).get_by_role("article")
        for card in found.all():
            mode = re.search(r"\((\w+)\)$", card.get_by_role("heading").inner_text())
            assert mode, card.inner_text()
            company, low, high = EURO_FARES[mode[1]]
            operator = card.get_by_text(re.compile("^by ")).inner_text()
            assert company in operator, (mode[1], operator)
            fare = Decimal(re.sub(r"[^\d.]", "", card.locator(".price strong").inner_text()))
            assert low <= fare <= high, (mode[1], fare)
            seen.setdefault(mode[1], []).append(fare)
        following = page.get_by_role("button", name="Next")
        if not following.count() or following.is_disabled():
            break
        shown = page.get_by_text(re.compile(r"^\d+–\d+ of \d+$")).inner_text()
        following.click()
        expect(page.get_by_text(shown, exact=True)).to_have_count(0)
    assert {"flight", "train", "bus"} <= set(seen), seen
    # Within one currency, the cheapest flight costs more than any train or coach.
    assert min(seen["flight"]) > max(seen["train"] + seen["bus"]), seen


def test_typos_and_missing_accents_are_forgiven_and_said(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    _search_for(page, "lisbn")
    expect(page.get_by_text("Did you mean")).to_be_visible()
    expect(page.get_by_role("link", name="lisbon", exact=True)).to_be_visible()
    cards = _cards(page)
    assert cards, "the demo has listings in Lisbon"
    assert all("Lisbon" in card for card in cards)
    # Accents: the demo has a neighbourhood called Belém; stays named after it come first
    # (a name match ranks above a description's).
    _search_for(page, "belem")
    assert "Belém" in _cards(page)[0]
    expect(page.get_by_text("Did you mean")).to_have_count(0)


def test_suggestions_as_you_type_with_the_keyboard(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
    box = page.get_by_role("combobox", name="Where to, or what?")
    box.press_sequentially("barc", delay=30)
    suggestions = page.get_by_role("listbox", name="Suggestions")
    expect(suggestions).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    first = suggestions.get_by_role("option").first
    expect(first).to_contain_text("Barcelona")
    expect(first).to_contain_text("listings")  # a place, with how many listings it has
    box.press("ArrowDown")
    expect(first).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", first.get_attribute("id") or "?")
    box.press("Escape")
    expect(suggestions).to_be_hidden()
    box.press("ArrowDown")  # opens again on the first
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"q=Barcelona"))
    assert all("Barcelona" in card for card in _cards(page))
    assert serious_accessibility_problems(page) == []


def test_facets_sort_and_prices_live_in_the_url(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
    _filters(page)
    filters = page.get_by_role("complementary", name="Filters")
    sort = page.get_by_label("Sort by")
    # Prices are never compared across currencies: the price sorts wait for one.
    expect(sort.locator("option", has_text="Price: low to high")).to_be_disabled()
    filters.get_by_label("Currency").select_option("EUR")
    expect(page).to_have_url(re.compile(r"currency=EUR"))
    histogram = page.get_by_role("group", name="Prices in EUR")
    expect(histogram).to_be_visible()
    assert histogram.get_by_role("button").count() >= 2
    page.get_by_label("Sort by").select_option("PRICE_ASC")
    expect(page).to_have_url(re.compile(r"sort=PRICE_ASC"))
    prices = [Decimal(re.sub(r"[^\d.]", "", p)) for p in _prices(page)]
    assert prices == sorted(prices)
    assert all("€" in card for card in _cards(page))
    chip = page.get_by_role("button", name=re.compile(r"^★ 4\+ \d+$"))
    counted = int(chip.inner_text().split()[-1])
    chip.click()
    expect(page).to_have_url(re.compile(r"rating=4"))
    expect(page.get_by_role("heading", name=f"{counted} stays")).to_be_visible()
    amenity = filters.get_by_role("group", name="Amenities").get_by_role("button").first
    name, with_it = amenity.inner_text().rsplit(" ", 1)
    amenity.click()
    expect(page).to_have_url(re.compile(r"amenity=" + name.replace(" ", "\\+")))
    expect(amenity).to_have_attribute("aria-pressed", "true")  # focus and place kept
    expect(page.get_by_role("heading", name=f"{with_it} stays")).to_be_visible()
    found = _results(page)
    page.reload()
    expect(page.get_by_role("heading", name=f"{with_it} stays")).to_be_visible()
    assert _results(page) == found
    expect(page.get_by_label("Sort by")).to_have_value("PRICE_ASC")


def test_a_place_chip_and_a_price_bar_find_what_they_count(page: Page, web: WebApp) -> None:
    # The demo's places include "Lisbon" and places that contain it ("Alfama, Lisbon"): the
    # chip finds the listings it counted, not every location containing its name.
    sign_in_as(page, web, "traveler", path="/?q=Lisbon&currency=EUR")
    _filters(page)
    filters = page.get_by_role("complementary", name="Filters")
    chip = filters.get_by_role("group", name="Place").get_by_role("button").first
    place, counted = chip.inner_text().rsplit(" ", 1)
    chip.click()
    expect(page).to_have_url(re.compile(r"where="))
    expect(page.get_by_role("heading", name=re.compile(rf"^{counted} results?$"))).to_be_visible()
    assert all(place in card for card in _cards(page))
    chip = filters.get_by_role("group", name="Place").get_by_role("button", name=place)
    chip.click()  # off again
    expect(page).not_to_have_url(re.compile(r"where="))
    # Each bar of the histogram finds as many as it says, its highest price included; with one
    # chosen, every bar stays there to choose another, as on a price slider.
    bars = filters.get_by_role("group", name="Prices in EUR").get_by_role("button")
    expect(bars.first).to_be_visible()
    shown = bars.count()
    chosen = None
    for i in range(shown):
        if bars.nth(i).is_disabled():
            continue
        label = str(bars.nth(i).get_attribute("aria-label"))
        bars.nth(i).click()
        expect(page).to_have_url(re.compile(r"max="))
        counted = label.rsplit(": ", 1)[1]
        heading = re.compile(rf"^{counted} results?$")
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        expect(bars).to_have_count(shown)
        expect(bars.nth(i)).to_have_attribute("aria-pressed", "true")
        chosen = i
    assert chosen is not None
    bars.nth(chosen).click()  # off again
    expect(page).not_to_have_url(re.compile(r"max="))
    assert serious_accessibility_problems(page) == []


def _prices(page: Page) -> list[str]:
    _results(page)
    found = page.get_by_role("list", name=re.compile("found$"))
    return found.locator(".price strong").all_inner_texts()


def test_prices_typed_wrong_are_explained_before_anything_is_sent(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?currency=EUR")
    _filters(page)
    filters = page.get_by_role("complementary", name="Filters")
    filters.get_by_label("Lowest price").fill("abc")
    filters.get_by_label("Highest price").fill("10")
    filters.get_by_role("button", name="Apply prices").click()
    expect(filters.get_by_text("Enter a price in numbers, e.g. 50 or 49.90.")).to_be_visible()
    expect(filters.get_by_label("Lowest price")).to_be_focused()
    filters.get_by_label("Lowest price").fill("50")
    filters.get_by_role("button", name="Apply prices").click()
    expect(filters.get_by_text("The highest price must not be below the lowest.")).to_be_visible()
    expect(filters.get_by_label("Highest price")).to_be_focused()
    assert "min" not in _query(page)


def test_events_come_soonest_first(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=events")
    expect(page.get_by_label("Sort by")).to_have_value("START_TIME")
    found = page.get_by_role("list", name=re.compile("found$"))
    _results(page)
    # Each time is written where the event happens; the instant is the <time>'s datetime.
    starts = [str(when.get_attribute("datetime")) for when in found.locator("time").all()]
    assert starts == sorted(starts)
    assert len(starts) == 12


def test_dates_and_guests_narrow_stays_and_reach_the_listing(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
    search = page.get_by_role("search")
    search.get_by_label("Check-in").fill(future_date(20))
    search.get_by_label("Check-out").fill(future_date(23))
    search.get_by_label("Guests").fill("2")
    search.get_by_role("button", name="Search").click()
    expect(page).to_have_url(re.compile(r"guests=2"))
    first = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").first
    name = first.get_by_role("heading").inner_text()
    first.get_by_role("link").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    # The dates and guests of the search are already chosen on the listing.
    expect(page.get_by_label("Check-in", exact=True)).to_have_value(future_date(20))
    expect(page.get_by_label("Check-out", exact=True)).to_have_value(future_date(23))
    expect(page.get_by_label("Guests", exact=True)).to_have_value("2")
    expect(page.get_by_text(re.compile(r"3 nights at "))).to_be_visible()


def test_one_date_alone_is_explained_next_to_the_field(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler")
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
    search = page.get_by_role("search")
    search.get_by_label("From").fill(future_date(5))
    search.get_by_role("button", name="Search").click()
    expect(search.get_by_text("Choose both dates, or neither.")).to_be_visible()
    expect(search.get_by_label("To", exact=True)).to_be_focused()
    assert "from" not in _query(page)


def test_on_a_phone_the_search_is_one_line_and_results_are_on_the_first_screen(
    page: Page, web: WebApp
) -> None:
    if not _is_phone(page):
        return  # the desktop keeps the whole form open (the other tests use it)
    sign_in_as(page, web, "traveler", path="/?q=lisbon&kind=stays&guests=2")
    summary = page.get_by_role("button", name=re.compile("^Edit the search"))
    expect(summary).to_contain_text("lisbon · 2 guests")
    expect(page.get_by_role("search")).to_have_count(0)  # folded away
    _results(page)
    card = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").first
    box = card.bounding_box()
    assert box is not None
    assert box["y"] < (page.viewport_size or {"height": 0})["height"]
    summary.click()
    dialog = page.get_by_role("dialog", name="Search")
    # Full screen: the whole width and height of the window, nothing of the page beside it.
    covered = dialog.bounding_box()
    viewport = page.viewport_size or {"width": 0, "height": 0}
    assert covered is not None
    assert (covered["x"], covered["y"]) == (0, 0)
    assert (covered["width"], covered["height"]) == (viewport["width"], viewport["height"])
    box = dialog.get_by_role("combobox", name="Where to, or what?")
    expect(box).to_be_focused()
    listbox = dialog.get_by_role("listbox", name="Suggestions")
    expect(listbox).to_be_visible()
    # Every suggestion's text stays inside it, however long its place.
    for option in listbox.get_by_role("option").all():
        assert option.evaluate("e => e.scrollWidth <= e.clientWidth"), option.inner_text()
    page.keyboard.press("Escape")  # first the suggestions close…
    expect(dialog.get_by_role("listbox", name="Suggestions")).to_be_hidden()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")  # …then the editor
    expect(dialog).to_be_hidden()
    expect(summary).to_be_focused()  # focus goes back where it was
    # The kind strip scrolls sideways and says so (a fade at its end).
    strip = page.get_by_role("navigation", name="Kinds of listing")
    assert strip.evaluate("e => e.scrollWidth > e.clientWidth")


def test_pages_move_through_the_results(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
    first_page = _results(page)
    expect(page.get_by_text("1–12 of 30")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("13–24 of 30")).to_be_visible()
    assert _query(page)["skip"] == ["12"]
    second_page = _results(page)
    assert not set(first_page) & set(second_page)
    expect(page.locator("#results")).to_be_focused()  # the new page's results, from the top
    # Back to the first page: its Previous is disabled, so focus goes to the results again.
    page.get_by_role("button", name="Previous").click()
    expect(page.get_by_text("1–12 of 30")).to_be_visible()
    expect(page.locator("#results")).to_be_focused()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("13–24 of 30")).to_be_visible()
    page.go_back()
    expect(page.get_by_text("1–12 of 30")).to_be_visible()


def _record_ranges(page: Page) -> Callable[[], list[str]]:
    """Start recording every range the pager shows (first to last of total); the function
    returns them."""
    page.evaluate(
        """() => { window.ranges = []; new MutationObserver(() => {
            const range = document.querySelector('.pagination [aria-live]');
            if (range) window.ranges.push(range.textContent);
        }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
    )
    return lambda: list(page.evaluate("window.ranges"))


def test_a_page_past_the_end_offers_the_way_back_and_one_page_has_no_pager(
    page: Page, web: WebApp
) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays&skip=999")
    expect(page.get_by_text("This page is past the last of 30 results.")).to_be_visible()
    expect(page.get_by_text("0–999 of 30")).to_have_count(0)
    expect(page.get_by_text("No stays match this search.")).to_have_count(0)
    # The way back is a link (to the same search's first page), and focus lands on the results.
    back = page.get_by_role("link", name="Back to the first page")
    assert "skip" not in parse_qs(urlsplit(back.get_attribute("href") or "").query)
    ranges = _record_ranges(page)
    back.click()
    expect(page.get_by_text("1–12 of 30")).to_be_visible()
    assert [r for r in ranges() if r.startswith("0")] == []  # never a range from 0 meanwhile
    assert _query(page).get("skip", ["0"]) == ["0"]
    assert _query(page)["kind"] == ["stays"]
    expect(page.locator("#results")).to_be_focused()
    # Everything on one page: no pager at all — with a few results, or with none.
    page.goto(web.url + "/?kind=stays&q=porto")
    assert 0 < len(_results(page)) < 12
    expect(page.get_by_role("navigation", name=re.compile("pages"))).to_have_count(0)
    page.goto(web.url + "/?kind=stays&q=zzzz-nothing")
    expect(page.get_by_text("No stays match this search.")).to_be_visible()
    expect(page.get_by_role("navigation", name=re.compile("pages"))).to_have_count(0)


def test_nothing_found_and_a_bad_search_are_explained(
    page: Page, web: WebApp, console: Console
) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=events&q=zzzz-nothing")
    expect(page.get_by_text("No events match this search.")).to_be_visible()
    # Only one date: the browser knows the API would refuse it, so it says so by the other.
    page.goto(web.url + f"/?kind=stays&from={future_date(5)}")
    _results(page)
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
    check_out = page.get_by_role("search").get_by_label("Check-out")
    expect(check_out).to_have_accessible_description("Choose both dates, or neither.")


def test_a_listing_shows_what_a_guest_needs_to_decide(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
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


def test_a_search_address_with_wrong_prices_says_so_next_to_them(page: Page, web: WebApp) -> None:
    # A hand-made (or old) address: the prices cannot be searched for, the rest of it can.
    sign_in_as(page, web, "traveler", path="/?kind=stays&currency=EUR&min=abc&max=9x")
    _results(page)
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Filters")).click()
    filters = page.get_by_role("complementary", name="Filters")
    expect(filters.get_by_label("Lowest price")).to_have_accessible_description(
        "Enter a price in numbers, e.g. 50 or 49.90."
    )
    expect(filters.get_by_label("Highest price")).to_have_accessible_description(
        "Enter a price in numbers, e.g. 200 or 199.90."
    )
    expect(page.get_by_role("alert")).to_have_count(0)  # no error instead of the results


def test_dates_more_than_a_year_apart_are_said_before_searching(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=tours")
    _results(page)
    if _is_phone(page):
        page.get_by_role("button", name=re.compile("^Edit the search")).click()
    search = page.get_by_role("search")
    search.get_by_label("From").fill(future_date(10))
    search.get_by_label("To", exact=True).fill(future_date(400))
    search.get_by_label("Guests").fill("0")
    search.get_by_role("button", name="Search").click()
    to = search.get_by_label("To", exact=True)
    expect(to).to_have_accessible_description("Choose dates at most 366 days apart.")
    expect(search.get_by_label("Guests")).to_have_accessible_description(
        "Enter a number of guests from 1 to 999."
    )
    expect(to).to_be_focused()
    assert "to" not in _query(page)
