"""The host dashboard's "My listings": status badges, a filter by status, and quick pause,
resume and archive (with a confirmation) — with the mouse on desktop and phone, with the
keyboard alone, and without serious accessibility problems."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.web.api import api, new_stays
from tests.web.conftest import WebApp
from tests.web.steps import (
    go_to,
    hosted_listing,
    my_listings,
    serious_accessibility_problems,
    sign_in_as,
    tab_to,
)

STATUS = "query ($id: ID!) { travelProperty(id: $id) { status version } }"
FOUND = "query ($t: String) { travelSearch(text: $t) { listings { id } } }"


def test_a_host_pauses_resumes_and_archives_a_listing(page: Page, web: WebApp) -> None:
    tag = uuid.uuid4().hex[:4]
    loft, attic = f"Loft {tag}", f"Attic {tag}"
    provider, (loft_row, _) = new_stays(web, loft, attic)
    panel = my_listings(page, web, provider)
    loft_item = hosted_listing(panel, loft)
    expect(loft_item.get_by_text("Active", exact=True)).to_be_visible()
    expect(hosted_listing(panel, attic).get_by_text("Active", exact=True)).to_be_visible()

    loft_item.get_by_role("button", name=f"Pause {loft}").click()
    expect(loft_item.get_by_text("Paused", exact=True)).to_be_visible()
    expect(loft_item.get_by_role("status")).to_have_text(
        f"{loft} is paused: travelers can't find or book it until you resume it."
    )
    assert api(web, web.keys["host"], STATUS, {"id": loft_row["id"]})["travelProperty"][
        "status"
    ] == ("PAUSED")
    found = api(web, web.keys["traveler"], FOUND, {"t": loft})["travelSearch"]["listings"]
    assert loft_row["id"] not in [f["id"] for f in found]

    # Only the paused ones: the loft, not the attic.
    panel.get_by_label("Show").select_option(label="Paused only")
    expect(panel.get_by_role("heading", name=loft)).to_be_visible()
    expect(panel.get_by_role("heading", name=attic)).to_be_hidden()
    # Resumed, it leaves the list of paused ones: the page says so.
    hosted_listing(panel, loft).get_by_role("button", name=f"Resume {loft}").click()
    left = (
        f"{loft} is active: travelers can find and book it. It is no longer shown under “Paused”."
    )
    expect(panel.get_by_text(left)).to_be_focused()
    expect(panel.get_by_text("No paused listings under this provider.")).to_be_visible()

    # Archive asks first; keeping it listed changes nothing.
    panel.get_by_label("Show").select_option(label="All listings")
    loft_item = hosted_listing(panel, loft)
    loft_item.get_by_role("button", name=f"Archive {loft}").click()
    dialog = page.get_by_role("dialog", name=f"Archive {loft}?")
    expect(dialog).to_contain_text("Bookings already made stay as they are")
    dialog.get_by_role("button", name="Keep it listed").click()
    expect(dialog).to_be_hidden()
    expect(loft_item.get_by_text("Active", exact=True)).to_be_visible()
    loft_item.get_by_role("button", name=f"Archive {loft}").click()
    dialog.get_by_role("button", name="Archive it").click()
    expect(loft_item.get_by_text("Archived", exact=True)).to_be_visible()
    expect(loft_item.get_by_role("button", name=f"Archive {loft}")).to_be_hidden()
    expect(loft_item.get_by_role("button", name=f"Resume {loft}")).to_be_focused()
    assert api(web, web.keys["host"], STATUS, {"id": loft_row["id"]})["travelProperty"] == {
        "status": "ARCHIVED",
        "version": 4,  # paused, resumed, archived: each a version
    }
    problems = serious_accessibility_problems(page)
    assert problems == [], problems


def test_pause_and_resume_with_the_keyboard_alone(desktop: Page, web: WebApp) -> None:
    page = desktop
    name = f"Studio {uuid.uuid4().hex[:4]}"
    provider, _ = new_stays(web, name)
    panel = my_listings(page, web, provider)
    item = hosted_listing(panel, name)
    expect(item.get_by_text("Active", exact=True)).to_be_visible()
    panel.get_by_label("Provider").focus()
    tab_to(page, re.compile(f"^Pause {name}$"))
    page.keyboard.press("Enter")
    expect(item.get_by_text("Paused", exact=True)).to_be_visible()
    # The same button, now the way back, keeps the focus.
    expect(item.get_by_role("button", name=f"Resume {name}")).to_be_focused()
    page.keyboard.press("Enter")
    expect(item.get_by_text("Active", exact=True)).to_be_visible()
    expect(item.get_by_role("button", name=f"Pause {name}")).to_be_focused()
    # Archive: the dialog opens on the safe choice; Tab reaches the other, Enter archives.
    page.keyboard.press("Tab")
    expect(item.get_by_role("button", name=f"Archive {name}")).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=f"Archive {name}?")
    expect(dialog.get_by_role("button", name="Keep it listed")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(item.get_by_text("Archived", exact=True)).to_be_visible()
    expect(item.get_by_role("button", name=f"Resume {name}")).to_be_focused()


def test_my_listings_shows_every_providers_listings_until_one_is_chosen(
    page: Page, web: WebApp
) -> None:
    tag = uuid.uuid4().hex[:4]
    loft, barn = f"Loft {tag}", f"Barn {tag}"
    first, _ = new_stays(web, loft)
    second, _ = new_stays(web, barn)
    sign_in_as(page, web, "host")
    go_to(page, "Host")
    panel = page.get_by_role("region", name="My listings")
    expect(panel.get_by_label("Provider")).to_have_value("")  # "All providers"
    # Both providers' stays, newest first, each naming its provider.
    for name, provider in ((loft, first), (barn, second)):
        expect(hosted_listing(panel, name)).to_contain_text(provider)
    headings = panel.get_by_role("heading", level=3)
    expect(headings.nth(0)).to_have_text(barn)
    expect(headings.nth(1)).to_have_text(loft)
    panel.get_by_label("Provider").select_option(label=second)
    expect(hosted_listing(panel, barn)).to_be_visible()
    expect(panel.get_by_role("heading", name=loft)).to_be_hidden()
    panel.get_by_label("Provider").select_option(label="All providers")
    expect(hosted_listing(panel, loft)).to_be_visible()
