"""How fast the web app's first page is usable, measured in Debian's Chromium.

    .venv/bin/python -m bench.web [--runs 7]

Starts `travel serve --demo` on a fresh SQLite database (after `travel demo seed`) and, in a new
browser context each time (empty cache), opens:
- the sign-in page, until its "Sign in" button can be used;
- the discovery page of a signed-in traveler (the credential already in the tab), until the
  first result card is shown — the app shell, the viewer and the first search, all loaded.
It prints the median and the worst of the runs (milliseconds from the start of navigation) and
the JavaScript and CSS bytes the first visit transferred (gzipped, as sent).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.cli import free_port, wait_until_serving

TRAVEL = str(Path(sys.executable).with_name("travel"))
_ASSET_BYTES = (
    "performance.getEntriesByType('resource').filter(e => /\\.(js|css)$/.test(e.name))"
    ".reduce((sum, e) => sum + e.transferSize, 0)"
)


def _sign_in_page(browser: Browser, url: str) -> tuple[float, int]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + "/", wait_until="commit")
    button = page.get_by_role("button", name="Sign in", exact=True)
    button.wait_for()
    page.wait_for_function("!document.querySelector('button[type=submit]').disabled")
    elapsed = float(page.evaluate("performance.now()"))
    transferred = int(page.evaluate(_ASSET_BYTES))
    context.close()
    return elapsed, transferred


def _discover_page(browser: Browser, url: str, key: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    credential = json.dumps(json.dumps({"token": key, "source": "key"}))
    context.add_init_script(f"sessionStorage.setItem('travel.credential', {credential})")
    page = context.new_page()
    page.goto(url + "/", wait_until="commit")
    page.locator(".card").first.wait_for()
    elapsed = float(page.evaluate("performance.now()"))
    context.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    chromium = CHROMIUM
    if not chromium:
        sys.exit("Chromium is missing: run scripts/chromium.sh")
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
        env.update(
            TRAVEL_DATABASE_URL=f"sqlite:///{tmp}/web.db",
            TRAVEL_LOG_LEVEL="WARNING",
            TRAVEL_METRICS_PORT="0",
        )
        seeded = json.loads(subprocess.check_output([TRAVEL, "demo", "seed", "--json"], env=env))
        api_port, web_port = free_port(), free_port()
        command = [
            TRAVEL,
            "serve",
            "--demo",
            "--port",
            str(api_port),
            "--web-port",
            str(web_port),
            "--partner-port",
            "0",
        ]
        server = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{web_port}"
        try:
            wait_until_serving(url, server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                _sign_in_page(browser, url)  # warm the server's file cache, not the browser's
                sign_in = [_sign_in_page(browser, url) for _ in range(args.runs)]
                key = seeded["keys"]["traveler"]
                discover = [_discover_page(browser, url, key) for _ in range(args.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    times = [t for t, _ in sign_in]
    print(f"web app, {args.runs} cold loads each (ms from navigation start):")
    print(
        f"  sign-in page usable:        median {statistics.median(times):6.0f}   "
        f"worst {max(times):6.0f}"
    )
    print(
        f"  discovery with results:     median {statistics.median(discover):6.0f}   "
        f"worst {max(discover):6.0f}"
    )
    print(f"  JavaScript + CSS transferred on a first visit: {sign_in[0][1] / 1024:.1f} KB")


if __name__ == "__main__":
    main()
