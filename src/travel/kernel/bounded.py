"""A least-recently-used map bounded in entries *and* in bytes: what the in-process caches that a
caller can fill with entries of any size are built on (docs/limits.md, "Every bound").

Sizes are estimates made by the owner (`sizeof`), once per entry when it is stored; an entry
larger than the whole budget is not stored. The caches report themselves to `/metrics`
(`travel_cache_entries`, `travel_cache_bytes`) by name, a fixed word per cache.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_CACHES: weakref.WeakSet[BoundedCache[object, object]] = weakref.WeakSet()


class BoundedCache(Generic[K, V]):
    """At most `max_entries` entries of at most `max_bytes` bytes together (as `sizeof`
    estimates them); the least recently used go first."""

    def __init__(
        self, name: str, max_entries: int, max_bytes: int, sizeof: Callable[[K, V], int]
    ) -> None:
        self.name = name
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._sizeof = sizeof
        self._entries: dict[K, tuple[V, int]] = {}  # in order of use, the least recent first
        self.bytes = 0
        self.evicted = 0  # bytes evicted to make room, for the owner to read and reset
        _CACHES.add(self)  # type: ignore[arg-type]

    def get(self, key: K) -> V | None:
        entry = self._entries.pop(key, None)
        if entry is None:
            return None
        self._entries[key] = entry  # now the most recently used
        return entry[0]

    def put(self, key: K, value: V) -> bool:
        """Store `value` (evicting as needed); False, storing nothing, when it alone is over
        the byte budget."""
        size = self._sizeof(key, value)
        if size > self.max_bytes:
            return False
        self.pop(key)
        entries = self._entries
        while entries and (len(entries) >= self.max_entries or self.bytes + size > self.max_bytes):
            oldest_size = entries.pop(next(iter(entries)))[1]
            self.bytes -= oldest_size
            self.evicted += oldest_size
        entries[key] = (value, size)
        self.bytes += size
        return True

    def pop(self, key: K) -> V | None:
        entry = self._entries.pop(key, None)
        if entry is None:
            return None
        self.bytes -= entry[1]
        return entry[0]

    def __len__(self) -> int:
        return len(self._entries)


def caches() -> Iterator[BoundedCache[object, object]]:
    """The process's bounded caches (for `/metrics`)."""
    return iter(list(_CACHES))
