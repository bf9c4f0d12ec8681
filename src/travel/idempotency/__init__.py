"""`Idempotency-Key` on every mutation (docs/decisions/0024): an HTTP-level protocol, run by
the GraphQL endpoint (travel.http.graphql) around whichever mutation a request sends."""

from travel.idempotency.protocol import (
    REPLAYED_HEADER,
    WAIT_SECONDS,
    WINDOW,
    IdempotencyKey,
    claim,
    key_of,
    remember,
)
from travel.idempotency.repository import purge_expired

__all__ = [
    "REPLAYED_HEADER",
    "WAIT_SECONDS",
    "WINDOW",
    "IdempotencyKey",
    "claim",
    "key_of",
    "purge_expired",
    "remember",
]
