"""Error codes of bookings beyond the common ones."""

from __future__ import annotations

from travel.errors import TravelError


class IdempotencyKeyInUse(TravelError):
    """A request with this Idempotency-Key is still running (after waiting for it)."""

    code = "IDEMPOTENCY_KEY_IN_USE"
    http_status = 409
