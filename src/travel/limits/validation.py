"""Each workspace's share of the CPU that parsing and validating new documents takes, in this
process: a token bucket of milliseconds (docs/decisions/0086-resource-bounds.md).

Parsing and validating run on the event loop, so a workspace that sends a stream of documents
the cache has never seen (re-spaced copies, say) takes the loop from every other workspace. Each
workspace may spend `burst_ms` at once and `ms_per_second` on average; past that its new
documents are refused with 429 RATE_LIMITED until the bucket has refilled. Documents already
prepared (cached, or remembered as refused) cost nothing here.
"""

from __future__ import annotations

import math
import time

from travel import metrics
from travel.errors import RateLimited

# Workspaces tracked at once; past it, full buckets (those that spent nothing lately) go first.
MAX_TRACKED = 10_000


class ValidationBudget:
    def __init__(self, ms_per_second: float, burst_ms: float) -> None:
        self.rate = ms_per_second / 1000.0  # seconds of CPU per second
        self.burst = burst_ms / 1000.0
        self._buckets: dict[str, list[float]] = {}  # workspace -> [seconds left, updated at]

    def require(self, workspace: str) -> None:
        """RATE_LIMITED while `workspace` has spent its budget."""
        left = self._left(workspace, time.monotonic())
        if left < 0:
            retry_after = max(1, math.ceil(-left / self.rate))
            metrics.RATE_LIMITED.labels("validation").inc()
            raise RateLimited(
                "Too many new documents to parse and validate for this workspace; "
                f"retry in {retry_after} s (send the same document text again: it is cached)",
                retry_after,
            )

    def spend(self, workspace: str, seconds: float) -> None:
        now = time.monotonic()
        left = self._left(workspace, now)
        if workspace not in self._buckets and len(self._buckets) >= MAX_TRACKED:
            self._forget_full(now)
        self._buckets[workspace] = [left - seconds, now]

    def _left(self, workspace: str, now: float) -> float:
        bucket = self._buckets.get(workspace)
        if bucket is None:
            return self.burst
        return min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)

    def _forget_full(self, now: float) -> None:
        refilled = [
            key
            for key, (left, at) in self._buckets.items()
            if left + (now - at) * self.rate >= self.burst
        ]
        for key in refilled:
            del self._buckets[key]
        while len(self._buckets) >= MAX_TRACKED:
            del self._buckets[next(iter(self._buckets))]
