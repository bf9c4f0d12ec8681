"""Browser tests: the web app in Debian's Chromium (driven by Playwright), against a real
`travel serve --demo` started here on the test database, on a desktop and a phone-sized window.

Every page records the browser console: an error there fails the test (unless the test says
which error it provokes, e.g. an HTTP 400 it asked for).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS
from tests.support.cli import TRAVEL, free_port, travel_json, wait_until_serving
from tests.support.idp import AUDIENCE, CLIENT_ID, OpenIdProvider
from tests.support.live import LiveServer
from travel.demo.partner import KEY_ENV, new_key
from travel.web.routes import DIST


@dataclass
class WebApp:
    """The running service: its web app URL, API URL, the demo workspace's seeded keys, and the
    demo partner page embedding the workspace app (on another port: another origin) with the
    private key it signs its host tokens with (PEM)."""

    url: str
    api_url: str
    workspace_id: str
    keys: dict[str, str]
    env: dict[str, str]
    log: Path
    partner_url: str
    partner_key: str


@pytest.fixture(scope="session")
def idp() -> Iterator[OpenIdProvider]:
    provider = OpenIdProvider()
    yield provider
    provider.stop()


@pytest.fixture(scope="session")
def web(
    server: LiveServer,
    database_url: str,
    system_database_url: str | None,
    idp: OpenIdProvider,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[WebApp]:
    """`travel demo seed`, then `travel serve --demo` with single sign-on configured, and the
    demo partner page with a key the tests know (to sign host tokens of their own)."""
    del server  # depended on: it migrates the test database
    if not (DIST / "index.html").is_file():
        pytest.fail("the web app is not built: run scripts/web.sh (scripts/test does)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=database_url,
        TRAVEL_OIDC_ISSUER=idp.issuer,
        TRAVEL_OIDC_AUDIENCE=AUDIENCE,
        TRAVEL_OIDC_JWKS_URL=idp.jwks_url,
        TRAVEL_OIDC_CLIENT_ID=CLIENT_ID,
        TRAVEL_DISPATCHER_INTERVAL_SECONDS="0",
        TRAVEL_SHUTDOWN_DRAIN_SECONDS="0",
        TRAVEL_LOG_LEVEL="WARNING",
        TRAVEL_METRICS_PORT="0",
    )
    env[KEY_ENV] = partner_key = new_key()
    if system_database_url:
        env["TRAVEL_SYSTEM_DATABASE_URL"] = system_database_url
    seeded = travel_json(env, "demo", "seed")
    api_port, web_port, partner_port = free_port(), free_port(), free_port()
    log = tmp_path_factory.mktemp("web") / "serve.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(TRAVEL, "serve", "--demo", "--port", str(api_port), "--web-port", str(web_port)),
                *("--partner-port", str(partner_port)),
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{web_port}"
    wait_until_serving(url, process, log.read_text)
    yield WebApp(
        url=url,
        api_url=f"http://127.0.0.1:{api_port}/workspaces/graphql",
        workspace_id=str(seeded["workspaceId"]),
        keys=dict(seeded["keys"]),
        env=env,
        log=log,
        partner_url=f"http://127.0.0.1:{partner_port}",
        partner_key=partner_key,
    )
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture(scope="module")
def browser(web: WebApp) -> Iterator[Browser]:
    """Chromium for one test module. Playwright's synchronous API runs an event loop on this
    thread while it lives, so it starts after the fixtures that use asyncio (`web` and what it
    needs) and stops before the next module's."""
    del web
    if not CHROMIUM:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed (scripts/chromium.sh installs it)")
        pytest.skip("Chromium is not installed (scripts/chromium.sh installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Console:
    """What the page printed as errors, and the ones a test said it would provoke."""

    errors: list[str] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)

    def record(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(x in e for x in self.expected)]


@pytest.fixture
def console() -> Console:
    return Console()


def _page(
    browser: Browser,
    viewport: str,
    console: Console,
    *,
    locale: str = "en-GB",
    timezone_id: str = "UTC",
) -> Iterator[Page]:
    context = browser.new_context(
        viewport=VIEWPORTS[viewport], locale=locale, timezone_id=timezone_id
    )
    # Generous: scripts/test runs the SQLite and PostgreSQL passes side by side on two cores, and
    # a step that waits is over as soon as what it waits for is there.
    context.set_default_timeout(20_000)
    expect.set_options(timeout=20_000)
    page = context.new_page()
    page.on("console", console.record)
    page.on("pageerror", lambda error: console.errors.append(f"page error: {error}"))
    yield page
    context.close()
    assert console.unexpected() == [], console.errors


@pytest.fixture(params=list(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Browser, console: Console) -> Iterator[Page]:
    """A fresh browser window (no stored sign-in), once at each size."""
    yield from _page(browser, request.param, console)


@pytest.fixture
def desktop(browser: Browser, console: Console) -> Iterator[Page]:
    """A fresh desktop-sized window, for flows whose size does not matter."""
    yield from _page(browser, "desktop", console)


@pytest.fixture(autouse=True)
def _retire_made_listings(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test, archive the listings it made in the shared demo workspace
    (tests.web.api.MADE): the next test finds the demo catalog as seeded."""
    yield
    from tests.web.api import MADE, archive_made

    if MADE and "web" in request.fixturenames:
        archive_made(request.getfixturevalue("web"))
