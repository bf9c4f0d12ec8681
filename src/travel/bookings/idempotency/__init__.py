"""`Idempotency-Key` on mutations (docs/decisions/0024): the request-level protocol."""

from travel.bookings.idempotency.guard import (
    REPLAYED_HEADER,
    WAIT_SECONDS,
    WINDOW,
    IdempotencyKey,
    claim,
    key_of,
    remember,
    replay,
)
from travel.bookings.idempotency.repository import purge_expired

__all__ = [
    "REPLAYED_HEADER",
    "WAIT_SECONDS",
    "WINDOW",
    "IdempotencyKey",
    "claim",
    "key_of",
    "purge_expired",
    "remember",
    "replay",
]
