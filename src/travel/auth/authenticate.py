"""Turns an `Authorization` header into a Principal, or refuses with the spec's code."""

from __future__ import annotations

import asyncio
import hashlib
import time
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from travel.auth import apikeys, profile, repository
from travel.auth.identity import Principal
from travel.auth.models import Member, Workspace
from travel.auth.oidc import OidcVerifier
from travel.auth.permissions import (
    Permission,
    parse_permissions,
    parse_roles,
    permissions_for,
)
from travel.db.engine import Engines
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.errors import Forbidden, Unauthenticated, WorkspaceRequired
from travel.kernel.ids import MemberId, WorkspaceId, try_parse_id
from travel.limits.quotas import FailedAuthentications

V = TypeVar("V")


class Remembered(Generic[V]):
    """Values kept for `ttl` seconds from when they are stored, at most `size` of them (when
    full, expired ones go first, then the earliest stored).

    What every authenticated request reads: a dict and one clock reading. cachetools'
    TTLCache, used before, walked its expiry list and timer context on each read — 14,000
    instructions against 2,000 (callgrind, docs/performance.md)."""

    def __init__(self, size: int, ttl: float) -> None:
        self.size = size
        self.ttl = ttl
        self._entries: dict[str, tuple[V, float]] = {}

    def get(self, key: str) -> V | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[1] > time.monotonic():
            return entry[0]
        del self._entries[key]
        return None

    def __setitem__(self, key: str, value: V) -> None:
        self.keep(key, value, time.monotonic())

    def keep(self, key: str, value: V, since: float) -> None:
        """Store `value` for `ttl` seconds from `since` (`time.monotonic()`): from when the
        look-up that found it began, so that what it read — the directory of where a workspace
        lives, which `travel workspace move` changes — is never served older than `ttl`
        (docs/decisions/0098-workspace-moves.md)."""
        entries = self._entries
        entries.pop(key, None)  # stored anew: it goes last in the order of eviction
        if len(entries) >= self.size:
            now = time.monotonic()
            for stale in [k for k, (_, expires) in entries.items() if expires <= now]:
                del entries[stale]
            while len(entries) >= self.size:
                del entries[next(iter(entries))]
        entries[key] = (value, since + self.ttl)

    def __len__(self) -> int:
        return len(self._entries)


class Authenticator:
    """Resolves bearer credentials; results are cached for a few seconds.

    The cache is why revocation takes effect "within seconds" rather than at once:
    `auth_cache_seconds` bounds it (2 s by default). Concurrent requests with the same
    credential share one lookup: when an entry expires under load, one request reads the
    database and the others wait for its answer (or its error), instead of all reading at once.
    """

    def __init__(
        self,
        databases: Databases,
        oidc: OidcVerifier | None,
        *,
        workspace_claim: str = "travel_workspace",
        cache_seconds: float = 2.0,
        cache_size: int = 10_000,
        failures: FailedAuthentications | None = None,
    ) -> None:
        self._databases = databases
        self._oidc = oidc
        self._claim = workspace_claim
        # Lifetime from when an entry is stored (not from when its lookup began), bounded size.
        self._cache: Remembered[Principal] = Remembered(cache_size, cache_seconds)
        # API keys found invalid, revoked or expired, remembered as briefly: a client retrying
        # a bad key in a loop costs no database read per request.
        self._refused: Remembered[str] = Remembered(cache_size, cache_seconds)
        self._failures = failures
        self._lookups: dict[str, asyncio.Task[Principal]] = {}

    async def authenticate(
        self, authorization: str | None, address: str | None = None
    ) -> Principal:
        """The caller of a request with this `Authorization` header value, sent from `address`
        (the client's IP address: failed lookups are limited per address)."""
        if not authorization:
            raise Unauthenticated("Authentication required: send Authorization: Bearer <token>")
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise Unauthenticated("Authorization must use the Bearer scheme")
        digest = hashlib.sha256(token.encode()).hexdigest()
        cached = self._cache.get(digest)
        if cached is not None:
            return cached
        refused = self._refused.get(digest)
        if refused is not None:
            raise Unauthenticated(refused)
        if self._failures is not None and address is not None:
            await self._failures.check(address)
        lookup = self._lookups.get(digest)
        if lookup is None:
            # A task of its own, so that a request that goes away does not cancel it for
            # the others waiting on it.
            lookup = asyncio.get_running_loop().create_task(self._look_up(token, digest))
            self._lookups[digest] = lookup
            lookup.add_done_callback(lambda done: self._settled(digest, done))
        try:
            return await asyncio.shield(lookup)
        except Unauthenticated:
            if self._failures is not None and address is not None:
                await self._failures.failed(address)
            raise

    def _settled(self, digest: str, lookup: asyncio.Task[Principal]) -> None:
        self._lookups.pop(digest, None)
        if not lookup.cancelled():
            lookup.exception()  # retrieved here: no "never retrieved" warning if none waited

    async def _look_up(self, token: str, digest: str) -> Principal:
        started = time.monotonic()
        if token.startswith(apikeys.PREFIX):
            try:
                principal = await self._api_key(token, digest)
            except Unauthenticated as refused:
                self._refused[digest] = refused.message
                raise
        elif token.count(".") == 2:
            principal = await self._jwt(token)
        else:
            raise Unauthenticated("Invalid token")
        self._cache.keep(digest, principal, started)
        return principal

    async def _workspace(self, workspace_id: WorkspaceId) -> Workspace | None:
        async with tenant_transaction(self._databases.main, workspace_id, write=False) as session:
            return await repository.get_workspace(session, workspace_id)

    async def _api_key(self, token: str, digest: str) -> Principal:
        raw_ws = apikeys.workspace_of(token)
        workspace = None if raw_ws is None else await self._workspace(WorkspaceId(raw_ws))
        if workspace is None:
            raise Unauthenticated("Invalid API key")
        ws = WorkspaceId(workspace.id)
        engines = self._databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, ws, write=False) as session:
            found = await repository.find_api_key(session, ws, digest)
        if found is None:
            raise Unauthenticated("Invalid API key")
        key, member = found
        if key.revoked_at is not None:
            raise Unauthenticated("API key revoked")
        if key.expires_at is not None and key.expires_at <= datetime.now(UTC):
            raise Unauthenticated("API key expired")
        roles = parse_roles(member.roles)
        granted = permissions_for(roles)
        if key.permissions is not None:
            granted &= parse_permissions(key.permissions)
        return self._principal(workspace, member, granted, f"key:{key.id}")

    async def _jwt(self, token: str) -> Principal:
        if self._oidc is None:
            raise Unauthenticated("OIDC tokens are not accepted: no issuer is configured")
        claims = await self._oidc.verify(token)
        raw_ws = claims.get(self._claim)
        if raw_ws is None or raw_ws == "":
            raise WorkspaceRequired()
        parsed = try_parse_id(raw_ws)
        if parsed is None:
            raise Forbidden("Not a member of this workspace")
        ws = WorkspaceId(parsed)
        workspace = await self._workspace(ws)
        if workspace is None:
            raise Forbidden("Not a member of this workspace")
        engines = self._databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, ws, write=False) as session:
            member = await repository.find_member_by_subject(session, ws, str(claims["sub"]))
        if member is None:
            raise Forbidden("Not a member of this workspace")
        await self._keep_profile(engines, ws, member, claims)
        granted = permissions_for(parse_roles(member.roles))
        return self._principal(workspace, member, granted, f"oidc:{claims['sub']}")

    @staticmethod
    async def _keep_profile(
        engines: Engines, workspace_id: WorkspaceId, member: Member, claims: dict[str, Any]
    ) -> None:
        """Fill the member's empty profile fields from the token's `name` and `email` (never
        over what the member or an operator set). A write only then, and a principal is cached:
        rarely more than once per member."""
        given = profile.from_claims(claims)
        changed = {k: v for k, v in given.items() if getattr(member, k) is None}
        if changed:
            async with tenant_transaction(engines, workspace_id, write=True) as session:
                await profile.write(session, workspace_id, member.id, changed)

    @staticmethod
    def _principal(
        workspace: Workspace, member: Member, granted: frozenset[Permission], credential: str
    ) -> Principal:
        return Principal(
            workspace_id=WorkspaceId(workspace.id),
            member_id=MemberId(member.id),
            subject=member.subject,
            roles=parse_roles(member.roles),
            permissions=granted,
            plan=workspace.plan,
            credential_id=credential,
            database_url=workspace.database_url,
        )
