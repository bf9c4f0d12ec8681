"""The workspace app in a partner's page (docs/embedding.md), in Chromium across origins: the
demo partner page on one port, the service on another. Signed in by the host page's token,
sized to its content, booking raises an event in the host page, the host steers it; a page the
workspace never allowed gets nothing; refused tokens end the session plainly."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Console, WebApp
from tests.web.embed import (
    APP,
    app_frame,
    heard,
    open_partner,
    sized_to_content,
    wait_for,
)
from tests.web.steps import serious_accessibility_problems


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
