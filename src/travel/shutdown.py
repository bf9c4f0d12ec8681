"""Graceful shutdown of `travel serve` and `travel worker` (docs/deploy.md, decision
docs/decisions/0097-fleet-and-shutdown.md).

On the first SIGTERM (or SIGINT) a process starts to drain: `/readyz` answers 503 at once, and
`travel serve` keeps serving for TRAVEL_SHUTDOWN_DRAIN_SECONDS, a load balancer's time to see
the failing readiness and send no more; then uvicorn's own shutdown runs (its listener closes,
requests in flight are finished and answered, the app's lifespan disposes the pools). Whatever
is left, the process exits TRAVEL_SHUTDOWN_TIMEOUT_SECONDS after the signal (a watchdog).

The state is the process's (signals are): one `Shutdown`, `SHUTDOWN`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

log = logging.getLogger("travel.shutdown")

HARD_EXIT_STATUS = 70  # EX_SOFTWARE: the bound was reached with work left


def reserve(timeout: float) -> float:
    """The last part of the bound kept for releasing leases and closing pools: 5 s, or a
    quarter of a shorter bound."""
    return min(5.0, timeout / 4)


class Shutdown:
    """When this process was asked to stop, if it was."""

    def __init__(self) -> None:
        self.began: float | None = None  # time.monotonic() of the first signal

    @property
    def draining(self) -> bool:
        return self.began is not None

    def begin(self, timeout: float) -> bool:
        """Mark the process as stopping and arm the watchdog; False if it already was."""
        if self.began is not None:
            return False
        self.began = time.monotonic()
        watchdog = threading.Timer(timeout, _hard_exit, args=(timeout,))
        watchdog.daemon = True
        watchdog.start()
        return True


SHUTDOWN = Shutdown()


def _hard_exit(timeout: float) -> None:
    # No logging here: a thread stuck writing a log line (a full pipe) holds the handler's
    # lock, and the watchdog must not wait on it. One line straight to the descriptor.
    line = f"travel: still stopping {timeout:g} s after the signal: exiting (the bound)\n"
    with contextlib.suppress(OSError):
        os.write(2, line.encode())
    os._exit(HARD_EXIT_STATUS)


def drain_before_server_stops(drain: float, timeout: float) -> None:
    """Put the drain in front of the server's own signal handling: called on the server's loop
    once it has installed its handlers (uvicorn installs them before the app's lifespan starts,
    `Server.capture_signals`, in every `--workers` process). The first SIGTERM/SIGINT begins
    the drain and hands the signal to the server's handler `drain` seconds later (cut short to
    leave the in-flight requests and the reserve inside `timeout`); a second one at once."""
    if threading.current_thread() is not threading.main_thread():
        return  # a server in a thread (tests): no signals of its own
    loop = asyncio.get_running_loop()
    drain = max(0.0, min(drain, timeout - 2 * reserve(timeout)))
    for signum in (signal.SIGTERM, signal.SIGINT):
        server_handler = signal.getsignal(signum)
        if callable(server_handler):
            signal.signal(signum, _Handover(loop, server_handler, drain, timeout))


class _Handover:
    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        server_handler: Callable[[int, FrameType | None], Any],
        drain: float,
        timeout: float,
    ) -> None:
        self.loop = loop
        self.server_handler = server_handler
        self.drain = drain
        self.timeout = timeout
        self.handed = False

    def __call__(self, signum: int, _frame: FrameType | None) -> None:
        if not SHUTDOWN.begin(self.timeout):
            self._hand(signum)  # again: stop draining now (uvicorn: a second SIGINT forces)
            return
        log.warning(
            "%s: not ready; serving for %g s more, then closing the listener",
            signal.Signals(signum).name,
            self.drain,
        )
        self.loop.call_soon_threadsafe(self.loop.call_later, self.drain, self._hand, signum)

    def _hand(self, signum: int) -> None:
        if self.handed and signum != signal.SIGINT:
            return
        self.handed = True
        self.server_handler(signum, None)
