"""Driving Debian's Chromium with Playwright: the one set of launch flags and window sizes the
browser tests, `bench.web` and `scripts/screenshots.py` share."""

from __future__ import annotations

import os
import shutil

# TRAVEL_TEST_CHROMIUM (scripts/test sets it from scripts/chromium.sh), else `chromium` on PATH.
CHROMIUM = os.environ.get("TRAVEL_TEST_CHROMIUM") or shutil.which("chromium")
# As the machine's notes prescribe: headless, and no background connections (the network is
# closed; Chromium would otherwise keep trying to reach Google).
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
