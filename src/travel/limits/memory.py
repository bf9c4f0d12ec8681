"""Fixed-window counters in this process's memory: a storage for the `limits` library's
fixed-window strategy (which decides what a hit, a test and the window's stats mean).

`limits` ships two in-memory storages, and neither fits a server answering thousands of requests
a second on one event loop: the asyncio one starts a task per increment to expire old windows,
and the threaded one starts a new timer thread whenever the last one has finished (every 10 ms
under load), each start waiting for the thread to run. Here a window expires when it is next
read, and a sweep now and then drops the windows nobody read again. Everything runs on the
event loop's thread: no locks.
"""

from __future__ import annotations

import time

from limits.storage import Storage

SWEEP_EVERY = 10_000
"""Increments between two sweeps of expired windows (memory stays bounded by the keys in use)."""


class ProcessMemoryStorage(Storage):
    """Counters keyed like `limits`' other storages; a key's window ends `expiry` seconds
    after its first increment, as in `limits`' own memory storage."""

    STORAGE_SCHEME = ["travel-memory"]

    def __init__(self) -> None:
        super().__init__()
        self._windows: dict[str, list[float]] = {}  # key -> [ends_at, count]
        self._until_sweep = SWEEP_EVERY

    @property
    def base_exceptions(self) -> type[Exception]:
        return ValueError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        return int(self._add(key, expiry, amount)[1])

    def spend(self, key: str, expiry: float) -> tuple[int, float]:
        """`incr` by one, then `get_expiry`, in one step: the count after it and when the
        window ends. (Not one of the methods `limits` wraps to translate errors: nothing here
        raises.)"""
        ends_at, count = self._add(key, expiry, 1)
        return int(count), ends_at

    def _add(self, key: str, expiry: float, amount: int) -> list[float]:
        """`amount` more in `key`'s window (a new one if it has ended): [ends_at, count]."""
        now = time.time()
        window = self._windows.get(key)
        if window is None or window[0] <= now:
            window = self._windows[key] = [now + expiry, 0]
        window[1] += amount
        self._until_sweep -= 1
        if self._until_sweep <= 0:
            self._sweep(now)
        return window

    def get(self, key: str) -> int:
        window = self._windows.get(key)
        if window is None or window[0] <= time.time():
            return 0
        return int(window[1])

    def get_expiry(self, key: str) -> float:
        now = time.time()
        window = self._windows.get(key)
        return now if window is None or window[0] <= now else window[0]

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        count = len(self._windows)
        self._windows.clear()
        return count

    def clear(self, key: str) -> None:
        self._windows.pop(key, None)

    def _sweep(self, now: float) -> None:
        self._until_sweep = SWEEP_EVERY
        for key in [k for k, (ends_at, _) in self._windows.items() if ends_at <= now]:
            del self._windows[key]
