"""The Idempotency-Key protocol around one GraphQL mutation request.

Before executing, the request claims `(workspace, member, key)` by inserting a row; the
primary key lets exactly one concurrent request win. After executing, the winner stores its
response; later requests with the same key and the same request replay it for 24 hours. A
request that finds the key claimed but unfinished waits for the first one, then replays it.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from dataclasses import dataclass
from datetime import timedelta

import orjson
from graphql import ExecutionResult, OperationDefinitionNode, OperationType
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import Response

from travel.auth.identity import MemberId, Principal, WorkspaceId
from travel.bookings.errors import IdempotencyKeyInUse
from travel.bookings.idempotency import repository
from travel.bookings.idempotency.repository import StoredKey
from travel.db.base import utcnow
from travel.db.engine import Engines
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.errors import IdempotencyKeyReused, ValidationError

REPLAYED_HEADER = "Idempotent-Replayed"
WINDOW = timedelta(hours=24)
# A claim this old without a response belongs to a request that died (no request runs
# this long): another request with the same key and body may take it over.
ABANDONED_AFTER = timedelta(minutes=2)
WAIT_SECONDS = 20.0
POLL_SECONDS = 0.05
_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")


@dataclass(frozen=True)
class KeyRef:
    """One caller's key: workspace, member and the header's value."""

    engines: Engines
    workspace_id: WorkspaceId
    member_id: MemberId
    key: str


@dataclass(frozen=True)
class Claim:
    """One request's part in the protocol: run and record, replay, or neither (no key)."""

    ref: KeyRef | None = None
    replayed: tuple[int, bytes] | None = None

    def replay(self, headers: dict[str, str]) -> Response | None:
        """The stored first response, or None when this request must run."""
        if self.replayed is None:
            return None
        status, body = self.replayed
        return Response(
            body,
            status_code=status,
            media_type="application/json",
            headers={**headers, REPLAYED_HEADER: "true"},
        )

    async def finish(self, response: Response, result: ExecutionResult) -> None:
        """Store the response of a request that ran; free the key of one that did not
        (its variables did not fit the document: no field ran, no error has a path)."""
        ref = self.ref
        if ref is None or self.replayed is not None:
            return
        executed = result.data is not None or any(e.path for e in result.errors or ())
        ws, member, key = ref.workspace_id, ref.member_id, ref.key
        async with tenant_transaction(ref.engines, ws, write=True) as session:
            if executed:
                body = bytes(response.body).decode()
                await repository.save_response(session, ws, member, key, response.status_code, body)
            else:
                await repository.release(session, ws, member, key)


NO_KEY = Claim()


def request_hash(body: bytes) -> str:
    """What makes two requests "the same": document, variables and operation name (the
    JSON's spacing and key order do not matter)."""
    payload = orjson.loads(body)
    canonical = orjson.dumps(
        {
            "query": payload.get("query"),
            "variables": payload.get("variables") or {},
            "operationName": payload.get("operationName"),
        },
        option=orjson.OPT_SORT_KEYS,
    )
    return hashlib.sha256(canonical).hexdigest()


async def claim(
    databases: Databases,
    principal: Principal,
    request: Request,
    body: bytes,
    operation: OperationDefinitionNode,
) -> Claim:
    """Claim the key for this mutation, or find the response to replay (queries: no-op)."""
    raw_key = request.headers.get("idempotency-key")
    if raw_key is None or operation.operation != OperationType.MUTATION:
        return NO_KEY
    if not _KEY.match(raw_key):
        raise ValidationError("Idempotency-Key must be 1 to 255 visible ASCII characters")
    fingerprint = request_hash(body)
    engines = databases.for_tenant(principal.database_url)
    mine = KeyRef(engines, principal.workspace_id, principal.member_id, raw_key)
    while True:
        claimed, stored = await _claim_or_find(mine, fingerprint)
        if claimed:
            return Claim(mine)
        if stored is not None and stored.request_hash != fingerprint:
            raise IdempotencyKeyReused(
                "This Idempotency-Key was already used with a different request"
            )
        if stored is not None and not stored.finished:
            stored = await _wait_for_first(mine)
        if stored is not None and stored.status_code is not None and stored.response:
            return Claim(mine, replayed=(stored.status_code, stored.response.encode()))
        # The holder let the key go (nothing ran): claim it again.


async def _wait_for_first(mine: KeyRef) -> StoredKey | None:
    """Poll (reads only) until the request holding the key has finished or let it go."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        await asyncio.sleep(POLL_SECONDS)
        async with tenant_transaction(mine.engines, mine.workspace_id, write=False) as session:
            stored = await repository.find(session, mine.workspace_id, mine.member_id, mine.key)
        if stored is None or stored.finished:
            return stored
    raise IdempotencyKeyInUse("A request with this Idempotency-Key is still running; retry shortly")


async def _claim_or_find(mine: KeyRef, fingerprint: str) -> tuple[bool, StoredKey | None]:
    """(True, None) when this request now owns the key, else (False, what holds it)."""
    ws, member, key = mine.workspace_id, mine.member_id, mine.key
    now = utcnow()
    try:
        async with tenant_transaction(mine.engines, ws, write=True) as session:
            await repository.delete_expired(session, ws, member, now - WINDOW)
            stored = await repository.find(session, ws, member, key)
            if stored is None:
                await repository.insert(session, ws, member, key, fingerprint, now)
                return True, None
            abandoned = now - ABANDONED_AFTER
            if await repository.take_over(
                session, ws, member, key, fingerprint, abandoned_before=abandoned, at=now
            ):
                return True, None
            return False, stored
    except IntegrityError:
        # A concurrent request inserted the same key first and has committed: read its claim.
        async with tenant_transaction(mine.engines, ws, write=False) as session:
            return False, await repository.find(session, ws, member, key)
