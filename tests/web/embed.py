"""The workspace app as its host page meets it (docs/embedding.md): the demo partner page on
its own origin with the app's frame in it, what the page heard from the app, host tokens the
tests sign themselves, and a page on an origin the workspace never allowed."""

from __future__ import annotations

import json
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, cast

import jsonschema
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Frame, FrameLocator, Page

from tests.support.platform import Platform
from tests.web.conftest import WebApp
from travel.demo.partner import KEY_ID

APP = "travel-workspace-app"
# The messages the app sends its host, each raised on the element as `travel:<type>`.
FROM_APP = (
    "ready",
    "token.request",
    "signed-in",
    "resize",
    "navigate",
    "booking.created",
    "booking.cancelled",
    "error",
)
# Before the page's own script: every event the element raises, in order, in `window.heard`;
# in every frame (the app's too), every message that reached the window, in `window.received`.
LISTEN = (
    "window.heard = []; window.received = [];"
    f"for (const type of {list(FROM_APP)!r})"
    " document.addEventListener(`travel:${type}`, (e) => window.heard.push({type, detail: e.detail}));"
    "addEventListener('message', (e) => window.received.push(e.data));"
)
SCHEMA = json.loads((Path(__file__).parents[2] / "docs/embedding/messages.schema.json").read_text())
MESSAGES = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def open_partner(
    page: Page, web: WebApp, hash: str = "", *, signed_in: bool = True
) -> FrameLocator:
    """The demo partner page (at `#hash`), once the app in it has signed in: the app's frame."""
    page.add_init_script(LISTEN)
    page.goto(f"{web.partner_url}/{hash}")
    if signed_in:
        wait_for(page, "signed-in")
    return page.frame_locator(f"{APP} iframe")


def heard(page: Page, type: str | None = None) -> list[Any]:
    """What the page heard from the app: every event's type and detail, or one type's details."""
    events = cast(list[dict[str, Any]], page.evaluate("window.heard"))
    if type is None:
        return events
    return [e["detail"] for e in events if e["type"] == type]


def wait_for(page: Page, type: str, count: int = 1) -> Any:
    """The detail of the `count`th `travel:<type>` event, once it has come."""
    page.wait_for_function(
        "([type, count]) => window.heard.filter((e) => e.type === type).length >= count",
        arg=[type, count],
    )
    return heard(page, type)[count - 1]


def messages_valid(page: Page) -> None:
    """Every message the app sent its host page, and every one the host sent the app, is one
    the published schema (docs/embedding/messages.schema.json) accepts."""
    sent = [
        {"protocol": "travel-workspace-app", "version": 1, "type": e["type"], "data": e["detail"]}
        for e in heard(page)
    ]
    received = app_frame(page).evaluate("window.received")
    assert sent
    assert received
    for message in [*sent, *received]:
        MESSAGES.validate(message)


def app_frame(page: Page) -> Frame:
    """The app's frame as a Frame (for evaluating inside it)."""
    frame = page.locator(f"{APP} iframe").element_handle().content_frame()
    assert frame is not None
    return frame


def ignored_in_app(page: Page) -> int:
    return int(app_frame(page).evaluate("window.travelWorkspaceApp.ignored"))


def partner_platform(web: WebApp) -> Platform:
    """The demo partner platform with its own key: its tokens are the ones the app accepts."""
    platform = Platform(kid=KEY_ID)
    key = serialization.load_pem_private_key(web.partner_key.encode(), password=None)
    platform.key = cast(ec.EllipticCurvePrivateKey, key)
    return platform


def serve_tokens(page: Page, web: WebApp, tokens: list[str]) -> None:
    """The partner backend's token endpoint answers these tokens first, in turn, then its own."""

    def answer(route: Any) -> None:
        if tokens:
            route.fulfill(json={"token": tokens.pop(0)})
        else:
            route.continue_()

    page.route(f"{web.partner_url}/api/travel-token", answer)


def frame_height(page: Page) -> float:
    return float(page.locator(f"{APP} iframe").evaluate("(f) => f.getBoundingClientRect().height"))


def content_height(page: Page) -> float:
    return float(
        app_frame(page).evaluate("document.documentElement.getBoundingClientRect().height")
    )


def sized_to_content(page: Page) -> None:
    """The frame is as tall as what it shows (within a pixel), so nothing scrolls inside it."""
    for _ in range(50):
        if abs(frame_height(page) - content_height(page)) <= 1:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"frame {frame_height(page)} px, content {content_height(page)} px")


@contextmanager
def foreign_site(html: str) -> Iterator[str]:
    """A page on an origin no workspace allows (another port): its address."""
    folder = Path(tempfile.mkdtemp())
    (folder / "index.html").write_text(html)
    (folder / "favicon.ico").write_bytes(b"")  # what the browser asks for besides
    handler = partial(_Quiet, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        del format, args
