"""`Idempotency-Key` on mutations (DESIGN §4, decision 0024): the request-level hook."""

from travel.bookings.idempotency.guard import REPLAYED_HEADER, Claim, KeyRef, claim

__all__ = ["REPLAYED_HEADER", "Claim", "KeyRef", "claim"]
