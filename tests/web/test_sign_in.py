"""Signing in and out: the demo's one click per role, an API key, single sign-on; what each
person sees follows their permissions; credentials never reach a URL and sign-out clears them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.support.cli import travel_json
from tests.support.idp import OpenIdProvider
from tests.web.conftest import Console, WebApp
from tests.web.steps import (
    main_nav,
    nav_labels,
    sign_in_as,
    sign_in_with_key,
    sign_out,
    stored_session,
)

MENUS = {
    "traveler": ["Discover", "Wishlist", "Itinerary", "Trips", "API explorer"],
    "host": ["Discover", "Host", "API explorer"],
    "admin": ["Discover", "Wishlist", "Itinerary", "Trips", "Host", "Admin", "API explorer"],
}


@pytest.mark.parametrize("role", list(MENUS))
def test_each_role_signs_in_with_one_click_and_sees_its_menu(
    page: Page, web: WebApp, role: str
) -> None:
    sign_in_as(page, web, role)
    assert nav_labels(page) == MENUS[role]
    expect(main_nav(page)).to_contain_text("Demo Travel Co")
    credential = stored_session(page)["travel.credential"]
    assert credential.startswith('{"token":"trv_')
    assert "trv_" not in page.url
    sign_out(page)
    assert stored_session(page) == {}
    page.reload()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()


def test_a_pasted_key_signs_in_and_a_bad_one_is_explained(
    page: Page, web: WebApp, console: Console
) -> None:
    console.expected.append("status of 401")  # the bad key's answer
    sign_in_with_key(page, web, "trv_not_a_real_key", ok=False)
    # A key just pasted was not accepted: no session ever began, so none "has ended". It is
    # said once, under the field, and focus is back there, so a screen reader says why.
    field = page.get_by_label("API key", exact=True)
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(re.compile("This API key was not accepted"))
    expect(page.get_by_text("This API key was not accepted")).to_have_count(1)
    expect(page.get_by_text("Your session has ended")).to_have_count(0)
    # Nothing pasted: said the same way, before anything is sent.
    field.fill("")
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(field).to_have_accessible_description(re.compile("Paste an API key first"))
    expect(field).to_be_focused()
    sign_in_with_key(page, web, web.keys["host"])
    assert nav_labels(page) == MENUS["host"]
    # Reloading keeps the session (this tab's storage), without the key in the URL.
    page.reload()
    assert nav_labels(page) == MENUS["host"]
    assert "trv_" not in page.url


def test_a_key_that_cannot_read_the_catalog_gets_a_clear_message(
    desktop: Page, web: WebApp
) -> None:
    narrowed = travel_json(
        web.env,
        "apikey",
        "create",
        "--workspace",
        web.workspace_id,
        "--subject",
        "demo-traveler",
        "--permission",
        "travel:book",
    )
    sign_in_with_key(desktop, web, str(narrowed["key"]))
    expect(desktop.get_by_text("can't read the catalog")).to_be_visible()
    assert nav_labels(desktop) == ["Itinerary", "Trips", "API explorer"]


def test_single_sign_on_with_pkce(desktop: Page, web: WebApp, idp: OpenIdProvider) -> None:
    member = travel_json(
        web.env,
        "member",
        "add",
        "--workspace",
        web.workspace_id,
        "--subject",
        f"sso-{future_date(0)}-{id(desktop)}",
        "--role",
        "traveler",
    )
    idp.subject, idp.workspace = str(member["subject"]), web.workspace_id
    desktop.goto(web.url + "/trips")
    desktop.get_by_role("button", name="Sign in with your organisation").click()
    # The issuer sends the browser back; the callback's code and state leave the URL at once.
    expect(desktop.get_by_role("heading", name="Your trips")).to_be_visible()
    assert desktop.url == web.url + "/trips"
    assert nav_labels(desktop) == MENUS["traveler"]
    credential = stored_session(desktop)["travel.credential"]
    assert '"source":"oidc"' in credential
    sign_out(desktop)
    assert stored_session(desktop) == {}
