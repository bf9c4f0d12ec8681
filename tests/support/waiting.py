"""Waiting for what another thread or process is doing."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], object], what: str, seconds: float = 30) -> None:
    """Poll `condition()` until it holds; AssertionError naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
