"""When a failed delivery is tried again: exponential backoff with jitter, for a bounded window."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from travel.settings import Settings

# Doubling stops here, so a long outage is probed every few hours rather than once a day.
MAX_DELAY = timedelta(hours=8)


@dataclass(frozen=True)
class RetryPolicy:
    """`base` after the first failure, doubling per failure up to `cap`, ±`jitter`, until
    `window` after the delivery was created; past that the delivery is DEAD."""

    base: timedelta
    window: timedelta
    cap: timedelta = MAX_DELAY
    jitter: float = 0.2

    @classmethod
    def from_settings(cls, settings: Settings) -> RetryPolicy:
        """The policy configured by `TRAVEL_WEBHOOK_RETRY_*`."""
        return cls(
            base=timedelta(seconds=settings.webhook_retry_base_seconds),
            window=timedelta(seconds=settings.webhook_retry_window_seconds),
        )

    def delay(self, failures: int) -> timedelta:
        """How long to wait after the `failures`-th failed attempt."""
        exponent = min(max(failures, 1) - 1, 32)  # 2**32 times base is past any cap
        seconds = min(self.cap.total_seconds(), self.base.total_seconds() * 2**exponent)
        # Jitter spreads the retries of many deliveries that failed together (an outage).
        return timedelta(seconds=seconds * random.uniform(1 - self.jitter, 1 + self.jitter))

    def next_attempt(self, failures: int, created_at: datetime, now: datetime) -> datetime | None:
        """When to try again, or None when that would fall outside the retry window."""
        at = now + self.delay(failures)
        return None if at > created_at + self.window else at
