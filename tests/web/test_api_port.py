"""The API port as a partner's browser meets it: the GraphiQL explorer at the endpoint's own
address, used signed out with a key pasted where it asks for one; and CORS as Chromium enforces
it: a page of an allowed origin (by default the web app's, as a browser names it) reads the
API's answers to a request carrying the Authorization header, a page of any other origin is
refused by the browser."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Console, WebApp

# A page's own request to the API, as a partner's script would send it: the answer's status,
# body and a header the API exposes, or the error the browser raised instead.
FETCH = """async ([url, key]) => {
  try {
    const answer = await fetch(url, {
      method: "POST",
      headers: {"Authorization": `Bearer ${key}`, "Content-Type": "application/json"},
      body: JSON.stringify({query: "{ travelViewer { workspace { id } } }"}),
    });
    return {status: answer.status, body: await answer.json(),
            requestId: answer.headers.get("X-Request-Id")};
  } catch (error) {
    return {error: String(error)};
  }
}"""


def test_the_explorer_on_the_api_port_runs_a_query_with_a_pasted_key(
    page: Page, web: WebApp, console: Console
) -> None:
    # Signed out, GraphiQL cannot load the schema yet: the API answers 401 until a key is given.
    console.expected.append("401 (Unauthorized)")
    page.goto(web.api_url)  # a browser asks for text/html: the explorer, not a 405
    run = page.get_by_role("button", name=re.compile("^Execute query"))
    expect(run).to_be_visible(timeout=20_000)
    headers = page.get_by_role("region", name="Headers")
    placeholder = headers.get_by_text("<your API key>")
    expect(placeholder).to_be_visible(timeout=20_000)

    # The key replaces the placeholder header, pasted as a person does.
    pasted = json.dumps({"Authorization": f"Bearer {web.keys['traveler']}"})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("text => navigator.clipboard.writeText(text)", pasted)
    placeholder.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+V")
    expect(headers).to_contain_text(web.keys["traveler"])

    run.click()
    answer = page.get_by_role("region", name="Result Window")
    expect(answer).to_contain_text('"travelProperties"', timeout=20_000)
    expect(answer).to_contain_text('"name"')
    expect(answer).not_to_contain_text("UNAUTHENTICATED")
    # Readable where it is: not squeezed to a sliver beside the editors on a phone.
    box = answer.bounding_box()
    assert box is not None
    assert box["width"] >= 200, box


class _PartnerPage(BaseHTTPRequestHandler):
    """Any path: a plain page, with no policy of its own on what it may fetch."""

    def do_GET(self) -> None:
        body = b"<!doctype html><html lang=en><title>Partner</title><h1>Partner page</h1></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        del format, args  # quiet


@pytest.fixture(scope="module")
def elsewhere() -> Iterator[str]:
    """The URL of a page on an origin the API does not allow (a port of its own)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _PartnerPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("name", ["localhost", "127.0.0.1"])
def test_a_page_of_the_web_apps_origin_reads_the_api_across_origins(
    page: Page, web: WebApp, name: str
) -> None:
    """`travel serve` allows the web app's origin by default; its pages' own policy only lets
    them reach their origin, so a plain document of that origin (robots.txt) makes the call."""
    web_port = urlsplit(web.url).port
    page.goto(f"http://{name}:{web_port}/robots.txt")
    assert page.evaluate("location.origin") == f"http://{name}:{web_port}"
    assert urlsplit(web.api_url).port != web_port  # another origin: CORS applies

    result = page.evaluate(FETCH, [web.api_url, web.keys["traveler"]])
    assert result.get("error") is None, result
    assert result["status"] == 200, result
    assert result["body"]["data"]["travelViewer"]["workspace"]["id"] == web.workspace_id
    assert result["requestId"]  # an exposed header is readable too


def test_a_page_of_another_origin_is_refused_by_the_browser(
    page: Page, web: WebApp, console: Console, elsewhere: str
) -> None:
    console.expected += ["blocked by CORS policy", "net::ERR_FAILED"]
    page.goto(elsewhere)
    expect(page.get_by_role("heading", name="Partner page")).to_be_visible()

    result = page.evaluate(FETCH, [web.api_url, web.keys["traveler"]])
    assert result == {"error": "TypeError: Failed to fetch"}
    assert any("blocked by CORS policy" in error for error in console.errors), console.errors
