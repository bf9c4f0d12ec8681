"""The Idempotency-Key protocol around one GraphQL mutation request (decision 0024).

A mutation sent with a key runs in one transaction that also holds the key: the claim comes
first, then the mutation's effects, then the response it produced, then the commit. Committed
and remembered are one fact — a booking cannot exist without the response a retry will replay,
and a response cannot be remembered for a booking that was rolled back. A concurrent request
with the same key waits on the claim until the first transaction ends, then replays its
response (or, had it rolled back, runs itself).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import orjson
from graphql import OperationDefinitionNode, OperationType
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.errors import IdempotencyKeyInUse, IdempotencyKeyReused, ValidationError
from travel.idempotency import repository
from travel.idempotency.repository import StoredKey
from travel.kernel.ids import MemberId, WorkspaceId

REPLAYED_HEADER = "Idempotent-Replayed"
WINDOW = timedelta(hours=24)
# How long a request waits for another one holding the same key (and, on PostgreSQL, for any
# lock inside its transaction) before giving up with IDEMPOTENCY_KEY_IN_USE.
WAIT_SECONDS = 20.0
_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")
_LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL: lock_timeout expired


@dataclass(frozen=True, slots=True)
class IdempotencyKey:
    """One caller's key and the request it was sent with."""

    workspace_id: WorkspaceId
    member_id: MemberId
    key: str
    fingerprint: str


def key_of(
    raw: str | None, operation: OperationDefinitionNode, principal: Principal, body: bytes
) -> IdempotencyKey | None:
    """The request's key (the `Idempotency-Key` header's value) when it is a mutation sent with
    one (queries ignore the header)."""
    if raw is None or operation.operation != OperationType.MUTATION:
        return None
    if not _KEY.match(raw):
        raise ValidationError("Idempotency-Key must be 1 to 255 visible ASCII characters")
    fingerprint = request_hash(body, principal.permissions)
    return IdempotencyKey(principal.workspace_id, principal.member_id, raw, fingerprint)


def request_hash(body: bytes, permissions: Iterable[Permission]) -> str:
    """What makes two requests "the same": document, variables and operation name (the
    JSON's spacing and key order do not matter), sent with the same permissions — a replay
    shows the first call's answer only to a credential that may read all of it (another key
    of the same member, narrowed, gets IDEMPOTENCY_KEY_REUSED: docs/decisions/0086)."""
    payload = orjson.loads(body)
    canonical = orjson.dumps(
        {
            "query": payload.get("query"),
            "variables": payload.get("variables") or {},
            "operationName": payload.get("operationName"),
            "permissions": sorted(p.value for p in permissions),
        },
        option=orjson.OPT_SORT_KEYS,
    )
    return hashlib.sha256(canonical).hexdigest()


async def claim(session: AsyncSession, key: IdempotencyKey, now: datetime) -> StoredKey | None:
    """Claim `key` in the session's transaction (None: run the request), or return the stored
    response to replay. The same key with another request is IDEMPOTENCY_KEY_REUSED."""
    try:
        stored = await repository.claim(
            session,
            key.workspace_id,
            key.member_id,
            key.key,
            key.fingerprint,
            at=now,
            expired_before=now - WINDOW,
        )
    except DBAPIError as exc:
        if getattr(exc.orig, "sqlstate", None) == _LOCK_NOT_AVAILABLE:
            raise IdempotencyKeyInUse(
                "A request with this Idempotency-Key is still running; retry shortly"
            ) from None
        raise
    if stored is not None and stored.request_hash != key.fingerprint:
        raise IdempotencyKeyReused(
            "This Idempotency-Key was already used with a different request, or by a credential "
            "with other permissions"
        )
    return stored


async def remember(session: AsyncSession, key: IdempotencyKey, status: int, body: bytes) -> None:
    """Store the response in the transaction that claimed the key (the caller commits)."""
    await repository.remember(
        session, key.workspace_id, key.member_id, key.key, status, body.decode()
    )
