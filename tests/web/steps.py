"""What a person does in the web app, as reusable steps (by role, label and text, as they see
it — never by implementation details)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Locator, Page, expect

from tests.web.conftest import WebApp

AXE = (Path(__file__).parents[2] / "web/node_modules/axe-core/axe.min.js").read_text()
ROLE_LABELS = {"traveler": "Traveler", "host": "Host", "admin": "Admin"}


def sign_in_as(page: Page, web: WebApp, role: str, path: str = "/") -> None:
    """The demo's one-click sign-in, then wait for the signed-in frame."""
    page.goto(web.url + path)
    page.get_by_role("button", name=f"Demo {ROLE_LABELS[role]}").click()
    signed_in(page)


def sign_in_with_key(
    page: Page, web: WebApp, key: str, path: str = "/", *, ok: bool = True
) -> None:
    page.goto(web.url + path)
    page.get_by_label("API key", exact=True).fill(key)
    page.get_by_role("button", name="Sign in", exact=True).click()
    if ok:
        signed_in(page)


def signed_in(page: Page) -> None:
    """Wait for the frame of a signed-in person (the menu button on a phone)."""
    menu_or_sign_out = page.get_by_role("button", name="Menu").or_(
        page.get_by_role("button", name="Sign out")
    )
    expect(menu_or_sign_out.first).to_be_visible()


def main_nav(page: Page) -> Locator:
    """The main navigation, opened first on a phone (where it hides behind "Menu")."""
    signed_in(page)
    menu = page.get_by_role("button", name="Menu")
    if menu.is_visible() and menu.get_attribute("aria-expanded") == "false":
        menu.click()
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_be_visible()
    return nav


def go_to(page: Page, label: str) -> None:
    main_nav(page).get_by_role("link", name=label, exact=True).click()


def nav_labels(page: Page) -> list[str]:
    """The pages the menu offers (not the profile link beside them, named after the person)."""
    links = main_nav(page).get_by_role("list").get_by_role("link")
    return [text.strip() for text in links.all_inner_texts()]


def sign_out(page: Page) -> None:
    main_nav(page).get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()


def stored_session(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate("JSON.stringify(Object.assign({}, sessionStorage))"))


def serious_accessibility_problems(page: Page | Frame) -> list[str]:
    """axe-core's serious and critical violations on the page (or in the frame) as it is now."""
    page.evaluate(AXE)  # evaluated through the devtools protocol: the page's CSP stays as it is
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def choose_kind(page: Page, label: str) -> None:
    """A tab of discovery: All, Stays, Tours, Activities, Events or Transport (its name is the
    label and, once counted, how many listings it holds)."""
    tabs = page.get_by_role("navigation", name="Kinds of listing")
    tab = tabs.get_by_role("link", name=re.compile(rf"^{label}( \d+)?$"))
    tab.click()
    expect(tab).to_have_attribute("aria-current", "page")
    expect(page.locator("#results")).to_have_attribute("aria-busy", "false")


def my_listings(page: Page, web: WebApp, provider: str) -> Locator:
    """The host's "My listings" panel on the host page, showing `provider`'s listings."""
    sign_in_as(page, web, "host")
    go_to(page, "Host")
    panel = page.get_by_role("region", name="My listings")
    panel.get_by_label("Provider").select_option(label=provider)
    return panel


def hosted_listing(panel: Locator, name: str) -> Locator:
    """One listing of "My listings", by its name."""
    return panel.get_by_role("listitem").filter(has=panel.page.get_by_role("heading", name=name))


def tab_to(
    page: Page, name: str | re.Pattern[str], limit: int = 80, *, backwards: bool = False
) -> None:
    """Press Tab (or Shift+Tab) until the focused element is the one named (as a keyboard user
    would)."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        focused = page.evaluate(
            "(() => { const e = document.activeElement; return e && e !== document.body ? "
            "(e.getAttribute('aria-label') || e.labels?.[0]?.textContent || e.textContent || '')"
            ".trim() : ''; })()"
        )
        if name.search(focused) if isinstance(name, re.Pattern) else name in focused:
            return
    raise AssertionError(f"Tab never reached {name!r}")
