"""The authenticator's memory of credentials (travel.auth.authenticate.Remembered): each kept
for its time to live from when it was stored, never more than its size, expired ones evicted
before live ones and then the earliest stored."""

from __future__ import annotations

import time

import pytest

from travel.auth.authenticate import Remembered


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(time, "monotonic", clock)
    return clock


def test_a_value_lives_for_its_ttl_from_when_it_was_stored(clock: Clock) -> None:
    remembered: Remembered[str] = Remembered(size=10, ttl=2.0)
    remembered["a"] = "first"
    clock.now += 1.5
    assert remembered.get("a") == "first"
    remembered["a"] = "again"  # stored anew: two seconds from now
    clock.now += 1.5
    assert remembered.get("a") == "again"
    clock.now += 0.5
    assert remembered.get("a") is None
    assert len(remembered) == 0  # an expired entry read is dropped
    assert remembered.get("never") is None


def test_when_full_expired_values_go_first_then_the_earliest_stored(clock: Clock) -> None:
    remembered: Remembered[int] = Remembered(size=3, ttl=10.0)
    remembered["old"] = 0
    clock.now += 9
    remembered["b"], remembered["c"] = 1, 2
    clock.now += 2  # "old" has expired, "b" and "c" have not
    remembered["d"] = 3
    assert (remembered.get("b"), remembered.get("c"), remembered.get("d")) == (1, 2, 3)
    remembered["b"] = 10  # stored anew: now the latest
    remembered["e"] = 4  # full of live values: the earliest stored ("c") goes
    assert len(remembered) == 3
    assert remembered.get("c") is None
    assert (remembered.get("b"), remembered.get("d"), remembered.get("e")) == (10, 3, 4)
