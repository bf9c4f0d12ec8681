"""The workspace app in a partner's page (docs/embedding.md), in Chromium across origins: the
demo partner page on one port, the service on another. Signed in by the host page's token,
sized to its content, booking raises an event in the host page, the host steers it; a page the
workspace never allowed gets nothing; refused tokens end the session plainly."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.factories import future_date
from tests.support.platform import Platform
from tests.web.api import api
from tests.web.conftest import Console, WebApp
from tests.web.embed import (
    APP,
    LISTEN,
    app_frame,
    foreign_site,
    frame_height,
    heard,
    ignored_in_app,
    messages_valid,
    open_partner,
    partner_platform,
    serve_tokens,
    sized_to_content,
    wait_for,
)
from tests.web.steps import serious_accessibility_problems
from travel.demo.partner import KEY_ID


def test_the_host_page_signs_the_app_in(page: Page, web: WebApp) -> None:
    app = open_partner(page, web)
    expect(app.get_by_role("heading", level=1)).to_be_visible()
    # The handshake, in order: ready, a token asked for, signed in with the partner's user.
    types = [e["type"] for e in heard(page) if e["type"] in ("ready", "token.request", "signed-in")]
    assert types == ["ready", "token.request", "signed-in"]
    assert heard(page, "token.request") == [{"reason": "sign-in"}]
    signed_in = heard(page, "signed-in")[0]
    assert signed_in["roles"] == ["traveler"]
    # Nothing kept: no cookie for the service, nothing in the frame's storage.
    assert page.context.cookies(web.url) == []
    frame = app_frame(page)
    assert frame.evaluate("sessionStorage.length + localStorage.length") == 0
    sized_to_content(page)
    assert serious_accessibility_problems(frame) == []
    assert serious_accessibility_problems(page) == []  # the partner's page around it
    messages_valid(page)


def _a_stay(web: WebApp, index: int) -> dict[str, str]:
    query = "{ travelProperties(pagination: {take: 20}) { id name } }"
    stays: list[dict[str, str]] = api(web, web.keys["traveler"], query)["travelProperties"]
    return stays[index]


def test_booking_in_the_app_raises_booking_created_in_the_host_page(
    page: Page, web: WebApp
) -> None:
    app = open_partner(page, web)
    stay = _a_stay(web, 11)
    # The host opens a listing (a navigate message); the app says where it went.
    page.locator(APP).evaluate(
        "(app, id) => app.navigate({view: 'listing', kind: 'PROPERTY', id})", stay["id"]
    )
    expect(app.get_by_role("heading", name=stay["name"], level=1)).to_be_visible()
    moved = wait_for(page, "navigate")
    assert (moved["view"], moved["kind"], moved["id"]) == ("listing", "PROPERTY", stay["id"])
    assert moved["path"].startswith("/stays/")

    app.get_by_label("Check-in", exact=True).fill(future_date(75))
    app.get_by_label("Check-out", exact=True).fill(future_date(77))
    app.get_by_role("button", name="Reserve").click()
    app.get_by_role("button", name=re.compile("^Confirm and pay")).click()
    expect(app.get_by_role("heading", name="You're booked!")).to_be_visible()
    reference = app.get_by_test_id("reference-code").inner_text()
    # The host page heard it, with the reference code, and told its user.
    booked = wait_for(page, "booking.created")
    assert booked["referenceCode"] == reference
    assert booked["listing"] == {"id": stay["id"], "kind": "PROPERTY", "name": stay["name"]}
    assert (booked["checkIn"], booked["checkOut"], booked["guests"]) == (
        future_date(75),
        future_date(77),
        1,
    )
    expect(page.get_by_role("status", name="Notifications")).to_contain_text(f"Booked {reference}")

    # The host's own navigation (by keyboard) opens the trips inside the app; cancelling there
    # is heard too.
    page.get_by_role("navigation", name="Workspace").get_by_role("link", name="Trips").focus()
    page.keyboard.press("Enter")
    trip = (
        app.get_by_role("region", name="Upcoming").get_by_role("article").filter(has_text=reference)
    )
    trip.get_by_role("button", name="Cancel booking").click()
    app.get_by_role("dialog").get_by_role("button", name="Yes, cancel it").click()
    cancelled = wait_for(page, "booking.cancelled")
    assert cancelled["referenceCode"] == reference
    expect(page.get_by_role("status", name="Notifications")).to_contain_text(
        f"Cancelled {reference}"
    )
    messages_valid(page)


def test_the_frame_follows_the_content_height(page: Page, web: WebApp) -> None:
    app = open_partner(page, web, "#trips")
    expect(app.get_by_role("heading", name="Your trips", level=1)).to_be_visible()
    sized_to_content(page)
    short = frame_height(page)
    page.get_by_role("link", name="Travel", exact=True).click()
    expect(app.get_by_role("heading", level=1)).not_to_have_text("Your trips")
    expect(app.get_by_role("list", name=re.compile("found$"))).to_be_visible()
    sized_to_content(page)
    assert frame_height(page) > short
    # Never wider than the host gives it: nothing scrolls sideways inside.
    frame = app_frame(page)
    assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert frame.evaluate("innerWidth") <= page.viewport_size["width"]  # type: ignore[index]


def test_a_page_on_another_origin_cannot_frame_the_app(
    desktop: Page, web: WebApp, console: Console
) -> None:
    # The unallowed page frames the app both ways: by the element, and by a plain iframe.
    page = desktop
    console.expected.append("frame-ancestors")  # Chromium says why it refused the frame
    html = f"""<!doctype html><html lang="en"><head><title>Elsewhere</title>
      <script type="module" src="{web.url}/embed/loader.js"></script></head><body>
      <travel-workspace-app workspace="{web.workspace_id}"></travel-workspace-app>
      <iframe id="plain" title="Travel" src="{web.url}/embed/{web.workspace_id}/"></iframe>
      </body></html>"""
    with foreign_site(html) as url:
        page.add_init_script(LISTEN)
        page.goto(url)
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)  # what an allowed frame would have said by now
        assert heard(page) == []
        frames = [f for f in page.frames if f != page.main_frame]
        assert len(frames) == 2
        for frame in frames:  # the browser refused them: an error page, no app
            assert not frame.url.startswith(web.url) or frame.locator("#root").count() == 0
            assert frame.locator("main").count() == 0


def test_messages_from_anyone_but_the_parent_are_ignored(desktop: Page, web: WebApp) -> None:
    navigate = {
        "protocol": "travel-workspace-app",
        "version": 1,
        "type": "navigate",
        "data": {"view": "wishlist"},
    }
    # A window on an unregistered origin opens the partner's page, and speaks to the app in it.
    with foreign_site(
        "<!doctype html><html lang=en><head><title>Other</title></head></html>"
    ) as url:
        desktop.goto(url)
        desktop.context.add_init_script(LISTEN)
        with desktop.expect_popup() as opened:
            desktop.evaluate(
                "(url) => { window.partner = window.open(url); }", f"{web.partner_url}/#trips"
            )
        page = opened.value
        wait_for(page, "signed-in")
        app = page.frame_locator(f"{APP} iframe")
        expect(app.get_by_role("heading", name="Your trips", level=1)).to_be_visible()
        before = ignored_in_app(page)
        desktop.evaluate("(m) => window.partner.frames[0].postMessage(m, '*')", navigate)
        app_frame(page).wait_for_function(
            "(n) => window.travelWorkspaceApp.ignored > n", arg=before
        )
    # The parent itself, with what is not a message of the protocol: ignored and counted too.
    for wrong in (
        {**navigate, "version": 2},
        {**navigate, "protocol": "other"},
        {**navigate, "type": "explode"},
        {**navigate, "data": {"view": "listing"}},  # a listing needs its kind and id
        "navigate",
    ):
        page.locator(f"{APP} iframe").evaluate(
            "(f, m) => f.contentWindow.postMessage(m, '*')", wrong
        )
    app_frame(page).wait_for_function(
        "(n) => window.travelWorkspaceApp.ignored >= n + 6", arg=before
    )
    expect(
        app.get_by_role("heading", name="Your trips", level=1)
    ).to_be_visible()  # nothing happened
    # The element ignores what does not come from its frame at the service's origin.
    page.locator(APP).evaluate(
        "(app) => window.dispatchEvent(new MessageEvent('message', {data: {protocol: 'travel-workspace-app',"
        " version: 1, type: 'resize', data: {height: 5}}, origin: 'http://elsewhere.example',"
        " source: app.querySelector('iframe').contentWindow}))"
    )
    assert page.locator(APP).evaluate("(app) => app.ignored") == 1
    assert frame_height(page) > 5


def test_an_expired_host_token_is_refused_and_a_fresh_one_asked_for(
    desktop: Page, web: WebApp, console: Console
) -> None:
    page = desktop
    console.expected.append("status of 401")  # the exchange refusing the expired token
    expired = partner_platform(web).token(web.workspace_id, "northwind-pat", issued=-200)
    serve_tokens(page, web, [expired])
    app = open_partner(page, web)
    # Refused, so the app asked again (saying why), got the partner's fresh token, signed in.
    assert heard(page, "token.request") == [{"reason": "sign-in"}, {"reason": "refused"}]
    assert heard(page, "error") == []
    expect(app.get_by_role("heading", level=1)).to_be_visible()


def test_a_replayed_or_foreign_signed_token_ends_the_session_plainly(
    page: Page, web: WebApp, console: Console
) -> None:
    console.expected.append("status of 401")
    # A token the partner really signed, but used once already; one signed by someone else.
    replayed = httpx.post(f"{web.partner_url}/api/travel-token").json()["token"]
    first = httpx.post(
        f"{web.url}/embed/token", json={"workspace": web.workspace_id, "token": replayed}
    )
    assert first.status_code == 200
    foreign = Platform(kid=KEY_ID).token(web.workspace_id, "northwind-pat")
    serve_tokens(page, web, [replayed, foreign])
    app = open_partner(page, web, signed_in=False)

    ended = wait_for(page, "error")
    assert ended["code"] == "UNAUTHENTICATED"
    assert heard(page, "signed-in") == []
    problem = app.get_by_role("alert")
    expect(problem.get_by_role("heading", name="Your session ended")).to_be_visible()
    expect(page.get_by_role("status", name="Notifications")).to_contain_text("Travel: ")
    assert serious_accessibility_problems(app_frame(page)) == []
    # Trying again (by keyboard) asks the host afresh; its own backend's token signs in.
    app.get_by_role("button", name="Sign in again").focus()
    page.keyboard.press("Enter")
    wait_for(page, "signed-in")
    expect(app.get_by_role("heading", level=1)).not_to_have_text("Your session ended")
    assert [r["reason"] for r in heard(page, "token.request")] == ["sign-in", "refused", "sign-in"]
    messages_valid(page)


def test_the_host_themes_the_app_and_it_stays_accessible(page: Page, web: WebApp) -> None:
    app = open_partner(page, web)
    frame = app_frame(page)
    expect(app.get_by_role("list", name=re.compile("found$"))).to_be_visible()
    # The partner page's accent and radius (the element's attributes) are the app's.
    card = app.get_by_role("article").first
    assert card.evaluate("(c) => getComputedStyle(c).borderTopLeftRadius") == "6px"
    accent = "getComputedStyle(document.documentElement).getPropertyValue('--travel-accent')"
    assert frame.evaluate(accent) == "#2f4ea8"
    assert serious_accessibility_problems(frame) == []
    # A font by the element's method; a value CSS would not take is skipped.
    page.locator(APP).evaluate(
        "(app) => app.setTheme({font: 'Georgia, serif', accent: 'no colour'})"
    )
    frame.wait_for_function("() => getComputedStyle(document.body).fontFamily === 'Georgia, serif'")
    assert frame.evaluate(accent) == "#2f4ea8"
    # A listing, in the light scheme.
    stay = _a_stay(web, 5)
    page.locator(APP).evaluate(
        "(app, id) => app.navigate({view: 'listing', kind: 'PROPERTY', id})", stay["id"]
    )
    expect(app.get_by_role("heading", name=stay["name"], level=1)).to_be_visible()
    assert serious_accessibility_problems(frame) == []
    # Dark, by the host's switch (a theme message): the app's surfaces and text follow.
    page.get_by_role("button", name="Dark").click()
    frame.wait_for_function("() => document.documentElement.dataset.scheme === 'dark'")
    background = frame.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(17, 25, 27)", background
    assert serious_accessibility_problems(frame) == []
    page.get_by_role("link", name="Trips", exact=True).click()
    expect(app.get_by_role("heading", name="Your trips", level=1)).to_be_visible()
    assert serious_accessibility_problems(frame) == []
    page.get_by_role("link", name="Travel", exact=True).click()
    expect(app.get_by_role("list", name=re.compile("found$"))).to_be_visible()
    assert serious_accessibility_problems(frame) == []
    messages_valid(page)


def test_the_credential_is_renewed_before_it_expires_and_the_page_stays(
    desktop: Page, web: WebApp
) -> None:
    page = desktop
    page.clock.install()
    app = open_partner(page, web)
    stay = _a_stay(web, 7)
    page.locator(APP).evaluate(
        "(app, id) => app.navigate({view: 'listing', kind: 'PROPERTY', id})", stay["id"]
    )
    app.get_by_label("Check-in", exact=True).fill(future_date(90))
    # A minute before the 15 minutes are up, the app asks its host again, and stays signed in
    # without a reload: what was typed is still there.
    page.clock.fast_forward("14:01")
    wait_for(page, "signed-in", 2)
    assert heard(page, "token.request")[-1] == {"reason": "expiring"}
    expect(app.get_by_label("Check-in", exact=True)).to_have_value(future_date(90))
    page.get_by_role("link", name="Trips", exact=True).click()
    expect(app.get_by_role("heading", name="Your trips", level=1)).to_be_visible()
    expect(app.get_by_role("alert")).to_have_count(0)
    messages_valid(page)


def test_no_token_from_the_host_ends_the_session(
    desktop: Page, web: WebApp, console: Console
) -> None:
    page = desktop
    console.expected.append("net::ERR_FAILED")  # the partner backend, unreachable here
    page.clock.install()
    page.route(f"{web.partner_url}/api/travel-token", lambda route: route.abort())
    app = open_partner(page, web, signed_in=False)
    wait_for(page, "token.request")
    page.clock.fast_forward("00:31")
    assert wait_for(page, "error")["code"] == "UNAUTHENTICATED"
    expect(app.get_by_role("heading", name="Your session ended")).to_be_visible()


def test_the_app_fits_a_320_pixel_wide_host(desktop: Page, web: WebApp) -> None:
    page = desktop
    page.set_viewport_size({"width": 320, "height": 640})
    app = open_partner(page, web)
    frame = app_frame(page)
    expect(app.get_by_role("list", name=re.compile("found$"))).to_be_visible()
    assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth")
    stay = _a_stay(web, 3)
    page.locator(APP).evaluate(
        "(app, id) => app.navigate({view: 'listing', kind: 'PROPERTY', id})", stay["id"]
    )
    expect(app.get_by_role("heading", name=stay["name"], level=1)).to_be_visible()
    assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth")
    sized_to_content(page)


def test_a_new_page_in_the_app_opens_in_sight(desktop: Page, web: WebApp) -> None:
    page = desktop
    page.set_viewport_size({"width": 390, "height": 700})
    app = open_partner(page, web)
    cards = app.get_by_role("list", name=re.compile("found$")).get_by_role("article")
    card = cards.nth(9)
    name = card.get_by_role("heading").inner_text()
    card.scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 0  # the card was far down the host's page
    card.get_by_role("link").click()
    expect(app.get_by_role("heading", name=name, level=1)).to_be_visible()
    # The app's top is in sight: the host's page scrolled up to it.
    page.wait_for_function(
        f"() => {{ const top = document.querySelector('{APP}').getBoundingClientRect().top;"
        " return top >= 0 && top < innerHeight / 2; }"
    )
