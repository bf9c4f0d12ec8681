"""Photos where travelers look: a listing card shows its cover at the width its column needs
(srcset and sizes, alt text, lazy, its box reserved), a listing without one keeps its coloured
band; a listing's page shows its cover large and the others as buttons a keyboard can press."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.web.api import new_stays
from tests.web.conftest import WebApp
from tests.web.photos import add_photo, jpeg
from tests.web.steps import serious_accessibility_problems, sign_in_as, tab_to


def test_a_card_shows_its_cover_photo_sized_for_its_column(page: Page, web: WebApp) -> None:
    sign_in_as(page, web, "traveler", path="/?kind=stays")
    card = page.get_by_role("list", name=re.compile("found$")).get_by_role("article").first
    photo = card.get_by_role("img")
    expect(photo).to_have_attribute("alt", re.compile(r"\w"))  # the demo's covers say what
    expect(photo).to_have_attribute("srcset", re.compile(r" 320w, .* 640w"))
    expect(photo).to_have_attribute("sizes", re.compile(r"100vw"))
    expect(photo).to_have_attribute("loading", "lazy")
    expect(photo).to_have_attribute("width", re.compile(r"^\d+$"))
    expect(photo).to_have_attribute("height", re.compile(r"^\d+$"))
    photo.scroll_into_view_if_needed()
    # The browser chose a variant no wider than the window needs, and it arrived.
    page.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=photo.element_handle()
    )
    chosen = photo.evaluate("(img) => img.currentSrc")
    assert chosen.endswith(("-320.webp", "-640.webp")), chosen


def test_a_listing_without_photos_keeps_its_coloured_band_on_its_card_and_page(
    page: Page, web: WebApp
) -> None:
    name = f"Bare loft {uuid.uuid4().hex[:6]}"
    new_stays(web, name)
    # Its card, found by its name: the band and the kind's icon, no image.
    sign_in_as(page, web, "traveler", path=f"/?kind=stays&q={name.replace(' ', '+')}")
    card = page.get_by_role("list", name=re.compile("found$")).get_by_role("article")
    expect(card).to_have_count(1)
    expect(card.locator(".card-picture")).to_be_visible()
    expect(card.get_by_role("img")).to_have_count(0)
    card.get_by_role("link").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    expect(page.locator(".listing-picture")).to_be_visible()
    expect(page.get_by_role("region", name=f"Photos of {name}")).to_have_count(0)


def test_a_listing_shows_its_photos_and_the_keyboard_moves_between_them(
    page: Page, web: WebApp
) -> None:
    name = f"Photo house {uuid.uuid4().hex[:6]}"
    _, [stay] = new_stays(web, name)
    add_photo(web, stay["id"], "The blue living room", jpeg(1600, 1200, (30, 120, 200)))
    add_photo(web, stay["id"], "The red kitchen", jpeg(1200, 900, (200, 60, 40)))
    sign_in_as(page, web, "traveler", path=f"/stays/{stay['id']}")
    photos = page.get_by_role("region", name=f"Photos of {name}")
    large = photos.get_by_role("img", name="The blue living room")
    expect(large).to_be_visible()
    expect(large).to_have_attribute("loading", "eager")  # the first thing seen: not deferred
    expect(photos.get_by_role("button", name="Show photo: The blue living room")).to_have_attribute(
        "aria-pressed", "true"
    )
    tab_to(page, "Show photo: The red kitchen")
    page.keyboard.press("Enter")
    expect(photos.get_by_role("img", name="The red kitchen")).to_be_visible()
    expect(photos.get_by_role("button", name="Show photo: The red kitchen")).to_have_attribute(
        "aria-pressed", "true"
    )
    problems = serious_accessibility_problems(page)
    assert problems == [], problems
