"""The in-process quota counters (travel.limits.memory) answer as `limits`' own memory storage
does under the same fixed-window strategy: the same hits, tests and window stats for any
sequence of calls, windows that end, and no window kept once it has ended and been swept."""

from __future__ import annotations

import asyncio
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

from travel.limits import counters, memory
from travel.limits.counters import Counters
from travel.limits.memory import ProcessMemoryStorage

ITEM = RateLimitItemPerSecond(3, 10, "travel")
CALLS = st.lists(
    st.tuples(
        st.sampled_from(["hit", "test", "stats", "later"]),
        st.sampled_from(["ws-a", "ws-b"]),
        st.integers(min_value=1, max_value=3),
    ),
    max_size=40,
)


class Clock:
    """time.time for both storages, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@settings(max_examples=200, deadline=None)
@given(calls=CALLS)
def test_the_same_answers_as_limits_own_memory_storage(calls: list[tuple[str, str, int]]) -> None:
    clock = Clock()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "time", clock)
        ours = FixedWindowRateLimiter(ProcessMemoryStorage())
        theirs = FixedWindowRateLimiter(MemoryStorage())
        for call, key, cost in calls:
            if call == "later":  # into the same window, or past its end
                clock.now += cost * 4.0
            elif call == "stats":
                assert ours.get_window_stats(ITEM, key) == theirs.get_window_stats(ITEM, key)
            else:
                answer = getattr(ours, call)(ITEM, key, cost=cost)
                assert answer == getattr(theirs, call)(ITEM, key, cost=cost), (call, key)


def test_ended_windows_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(time, "time", clock)
    monkeypatch.setattr(memory, "SWEEP_EVERY", 5)
    storage = ProcessMemoryStorage()
    for n in range(4):
        storage.incr(f"old-{n}", 10)
    clock.now += 11  # every window above has ended
    for _ in range(2):
        storage.incr("current", 10)
    assert storage.get("current") == 2
    assert storage.get("old-0") == 0
    assert set(storage._windows) == {"current"}


SPENDS = st.lists(
    st.tuples(st.sampled_from(["spend", "later"]), st.sampled_from(["ws-a", "ws-b", "ws-c"])),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(calls=SPENDS)
def test_a_spend_is_limits_hit_then_its_window_stats(calls: list[tuple[str, str]]) -> None:
    """`Counters.spend` in memory (one step, names kept built, the table of names starting
    afresh when full) answers what `limits`' strategy answers for a hit and then the stats."""
    clock = Clock()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "time", clock)
        patch.setattr(counters, "MAX_NAMES", 2)  # three workspaces: the table fills and restarts
        ours = Counters()
        theirs = FixedWindowRateLimiter(MemoryStorage())
        for call, key in calls:
            if call == "later":
                clock.now += 4.0
                continue
            expected = (theirs.hit(ITEM, key, "read"), theirs.get_window_stats(ITEM, key, "read"))
            assert asyncio.run(ours.spend(ITEM, key, "read")) == expected, key
            assert len(ours._names) <= 2
