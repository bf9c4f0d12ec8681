"""The workspace app's settings (operator commands) and its sign-in: a host token signed by the
platform exchanged for a short-lived API key of the member (docs/embedding.md, decision 0092)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
import jwt
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth import apikeys, profile
from travel.auth import repository as auth_repository
from travel.auth.authenticate import Remembered
from travel.auth.models import ApiKey, Member, Workspace
from travel.auth.oidc import OidcVerifier
from travel.auth.permissions import Role, parse_roles, permissions_for
from travel.auth.service import resolve_workspace
from travel.db.gates import open_only
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.embed.models import EmbedSettings, UsedHostToken
from travel.errors import Forbidden, Unauthenticated, ValidationError
from travel.kernel.ids import MemberId, WorkspaceId, try_parse_id
from travel.limits.quotas import FailedAuthentications

# The claims of a host token (docs/embedding.md, "Mint a host token").
HOST_TOKEN_MAX_SECONDS = 60
CLOCK_SKEW_SECONDS = 10
JTI_LENGTH = (16, 200)
SUBJECT_MAX = 200
# What the exchange gives: an API key of the member, this long.
SESSION_LIFETIME = timedelta(minutes=15)
# Members the platform signs in are `platform:<sub>`: a platform's `sub` is unique only among
# its own users (as OIDC's is per issuer), so it never names a member another way signed in.
SUBJECT_PREFIX = "platform:"
MAX_ORIGINS = 20


def audience(workspace_id: uuid.UUID) -> str:
    """The `aud` a host token for this workspace carries."""
    return f"travel:{workspace_id}"


# --- settings (the `travel embed` command) ---------------------------------------------------


def origin_of(raw: str) -> str:
    """An origin as a browser writes it in `Origin` (scheme://host[:port], lower case, no default
    port), from what an operator typed; VALIDATION_ERROR for anything else."""
    text = raw.strip()
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or port == -1
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
        or "*" in text
    ):
        raise ValidationError(
            f"{raw!r} is not an origin: write scheme://host[:port], e.g. https://app.example.com"
        )
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")


def _key_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError(f"{raw!r} is not an http(s) URL of a JWKS document")
    return raw.strip()


async def _settings(session: AsyncSession, workspace_id: uuid.UUID) -> EmbedSettings | None:
    return await session.get(EmbedSettings, workspace_id)


async def show(databases: Databases, workspace: Workspace) -> EmbedSettings | None:
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, WorkspaceId(workspace.id), write=False) as session:
        return await _settings(session, workspace.id)


async def change(
    databases: Databases,
    workspace: Workspace,
    *,
    add_origins: Sequence[str] = (),
    remove_origins: Sequence[str] = (),
    origins: Sequence[str] | None = None,
    jwks: dict[str, Any] | None = None,
    jwks_url: str | None = None,
    issuer: str | None = None,
    remove_key: bool = False,
    join_roles: Sequence[str] | None = None,
    no_join: bool = False,
) -> EmbedSettings:
    """Change a workspace's settings: only what is named changes (`origins`: these origins
    instead of those allowed before)."""
    added = [origin_of(o) for o in add_origins]
    replaced = None if origins is None else [origin_of(o) for o in origins]
    removed = {origin_of(o) for o in remove_origins}
    url = None if jwks_url is None else _key_url(jwks_url)
    roles = None
    if join_roles is not None:
        try:
            roles = sorted(r.value for r in parse_roles(list(join_roles)))
        except ValueError as exc:
            raise ValidationError(str(exc)) from None
        if not roles:
            raise ValidationError("name at least one role to join with (or --off)")
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, WorkspaceId(workspace.id), write=True) as session:
        found = await _settings(session, workspace.id)
        settings = found or EmbedSettings(workspace_id=workspace.id, origins=[])
        before = settings.origins if replaced is None else replaced
        allowed = [o for o in dict.fromkeys([*before, *added]) if o not in removed]
        if len(allowed) > MAX_ORIGINS:
            raise ValidationError(f"at most {MAX_ORIGINS} origins may embed a workspace")
        settings.origins = allowed
        if jwks is not None or url is not None:
            settings.jwks, settings.jwks_url = jwks, url
            settings.issuer = issuer.strip() if issuer else None
        if remove_key:
            settings.jwks = settings.jwks_url = settings.issuer = None
        if roles is not None:
            settings.join_roles = roles
        if no_join:
            settings.join_roles = None
        settings.updated_at = datetime.now(UTC)
        if found is None:
            session.add(settings)
        await session.flush()
        return settings


# --- sign-in --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Session:
    """What a good host token is exchanged for."""

    secret: str  # the access credential: an API key, shown once
    expires_at: datetime
    member_id: MemberId
    roles: tuple[str, ...]
    permissions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Found:
    workspace: Workspace
    settings: EmbedSettings


class Embedding:
    """The workspace app's server side: each workspace's settings as requests need them, and
    the exchange of host tokens. Settings read are reused for `cache_seconds`
    (TRAVEL_AUTH_CACHE_SECONDS): a change made with `travel embed` takes effect within it, as
    a revoked key's does."""

    def __init__(
        self,
        databases: Databases,
        http: httpx.AsyncClient,
        failures: FailedAuthentications | None = None,
        *,
        cache_seconds: float = 2.0,
    ) -> None:
        self._databases = databases
        self._http = http
        self._failures = failures
        # In a 1-tuple: a workspace with no settings is remembered too.
        self._found: Remembered[tuple[_Found | None]] = Remembered(10_000, cache_seconds)
        # Per workspace and settings version: a JWKS URL's verifier keeps what it fetched.
        self._verifiers: Remembered[OidcVerifier] = Remembered(1_000, 3600.0)

    async def origins(self, raw_workspace: str) -> tuple[str, ...]:
        """The origins that may frame the workspace's app (none: it may not be framed)."""
        found = await self._lookup(raw_workspace)
        return () if found is None else tuple(found.settings.origins)

    async def _lookup(self, raw_workspace: str) -> _Found | None:
        workspace_id = try_parse_id(raw_workspace)
        if workspace_id is None:
            return None
        key = str(workspace_id)
        cached = self._found.get(key)
        if cached is not None:
            return cached[0]
        ws = WorkspaceId(workspace_id)
        started = time.monotonic()
        async with tenant_transaction(self._databases.main, ws, write=False) as session:
            workspace = await auth_repository.get_workspace(session, ws)
        found = None
        if workspace is not None:
            engines = self._databases.for_tenant(workspace.database_url)
            async with tenant_transaction(engines, ws, write=False) as session:
                settings = await _settings(session, workspace_id)
            if settings is not None:
                found = _Found(workspace, settings)
        self._found.keep(key, (found,), started)
        return found

    async def exchange(self, raw_workspace: str, token: str, address: str | None) -> Session:
        """A session for the member a host token names; UNAUTHENTICATED or FORBIDDEN (the
        spec's codes, docs/embedding.md) for any token that is not good for it."""
        if self._failures is not None and address is not None:
            await self._failures.check(address)
        try:
            return await self._exchange(raw_workspace, token)
        except Unauthenticated:
            if self._failures is not None and address is not None:
                await self._failures.failed(address)
            raise

    async def _exchange(self, raw_workspace: str, token: str) -> Session:
        found = await self._lookup(raw_workspace)
        if found is None or (found.settings.jwks is None and found.settings.jwks_url is None):
            # The same answer whether the workspace exists or not: nothing to learn from it.
            raise Unauthenticated("This workspace does not accept host tokens")
        claims = await self._verifier(found).verify(token)
        # PyJWT takes "exp": "1700000000" (a numeric string) as a time: numbers only here.
        issued, expiry = claims["iat"], claims["exp"]
        if not all(
            isinstance(t, int | float) and not isinstance(t, bool) for t in (issued, expiry)
        ):
            raise Unauthenticated("The host token's iat and exp must be numbers (Unix seconds)")
        if expiry - issued > HOST_TOKEN_MAX_SECONDS:
            raise Unauthenticated(
                f"Host tokens may live at most {HOST_TOKEN_MAX_SECONDS} seconds (exp - iat)"
            )
        jti, subject, asserted = _claims(claims)
        expires = datetime.fromtimestamp(expiry + CLOCK_SKEW_SECONDS, UTC)
        try:
            return await self._sign_in(found, jti, expires, subject, asserted, claims)
        except IntegrityError:
            # Two first sign-ins of one new user at once: the other added the member. Once more
            # (this token's jti went with the rolled-back transaction).
            return await self._sign_in(found, jti, expires, subject, asserted, claims)

    def _verifier(self, found: _Found) -> OidcVerifier:
        settings = found.settings
        key = f"{settings.workspace_id}:{settings.updated_at.isoformat()}"
        verifier = self._verifiers.get(key)
        if verifier is None:
            fixed = None if settings.jwks is None else jwt.PyJWKSet.from_dict(settings.jwks)
            verifier = OidcVerifier(
                issuer=settings.issuer,
                audience=audience(settings.workspace_id),
                jwks_url=settings.jwks_url,
                http=self._http,
                leeway=CLOCK_SKEW_SECONDS,
                keys=fixed,
                required=("exp", "iat", "sub", "jti", "aud"),
            )
            self._verifiers[key] = verifier
        return verifier

    async def _sign_in(
        self,
        found: _Found,
        jti: str,
        expires: datetime,
        subject: str,
        asserted: frozenset[Role],
        claims: dict[str, Any],
    ) -> Session:
        workspace = found.workspace
        ws = WorkspaceId(workspace.id)
        engines = self._databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, ws, write=True) as session:
            if not await _first_use(session, ws, jti, expires):
                raise Unauthenticated("This host token was already used: mint one per sign-in")
            member = await auth_repository.find_member_by_subject(session, ws, subject)
            if member is None:
                member = await _join(session, found.settings, ws, subject, asserted, claims)
            else:
                await _fill_profile(session, ws, member, claims)
            # What the member may do, narrowed to what the platform asserts (never widened).
            granted = permissions_for(parse_roles(member.roles)) & permissions_for(asserted)
            secret = apikeys.generate(ws)
            expires_at = datetime.now(UTC) + SESSION_LIFETIME
            await auth_repository.insert_api_key(
                session,
                ApiKey(
                    workspace_id=ws,
                    member_id=member.id,
                    secret_hash=apikeys.hash_key(secret),
                    hint=apikeys.hint(secret),
                    permissions=sorted(p.value for p in granted),
                    expires_at=expires_at,
                    embed_session=True,
                ),
            )
        return Session(
            secret=secret,
            expires_at=expires_at,
            member_id=MemberId(member.id),
            roles=tuple(sorted(member.roles)),
            permissions=tuple(sorted(p.value for p in granted)),
        )


def _claims(claims: dict[str, Any]) -> tuple[str, str, frozenset[Role]]:
    """The token's `jti`, the member's subject, and the roles asserted; UNAUTHENTICATED when
    one of them is not as docs/embedding.md describes it."""
    jti, sub, roles = claims.get("jti"), claims.get("sub"), claims.get("roles")
    low, high = JTI_LENGTH
    if not isinstance(jti, str) or not low <= len(jti) <= high:
        raise Unauthenticated(
            f"The host token's jti must be a string of {low} to {high} characters"
        )
    if not isinstance(sub, str) or len(sub) > SUBJECT_MAX:
        raise Unauthenticated(f"The host token's sub must be 1 to {SUBJECT_MAX} characters")
    if not isinstance(roles, list) or not roles or not all(isinstance(r, str) for r in roles):
        raise Unauthenticated('The host token needs "roles": a list of role names')
    try:
        asserted = parse_roles(roles)
    except ValueError as exc:
        raise Unauthenticated(f"The host token's roles: {exc}") from None
    return jti, SUBJECT_PREFIX + sub, asserted


async def _first_use(
    session: AsyncSession, workspace_id: WorkspaceId, jti: str, expires: datetime
) -> bool:
    """Record the token's jti; False when it was recorded before (a replay). The primary key
    decides, so two processes exchanging one token at once cannot both succeed."""
    seen = await session.execute(
        select(UsedHostToken.jti).where(
            UsedHostToken.workspace_id == workspace_id, UsedHostToken.jti == jti
        )
    )
    if seen.first() is not None:
        return False
    session.add(UsedHostToken(workspace_id=workspace_id, jti=jti, expires_at=expires))
    try:
        await session.flush()
    except IntegrityError:
        raise Unauthenticated("This host token was already used: mint one per sign-in") from None
    return True


async def _join(
    session: AsyncSession,
    settings: EmbedSettings,
    workspace_id: WorkspaceId,
    subject: str,
    asserted: frozenset[Role],
    claims: dict[str, Any],
) -> Member:
    """Add the platform's user as a member with the roles asserted, if the workspace lets its
    users join with them; FORBIDDEN otherwise."""
    if await auth_repository.find_removed_member(session, workspace_id, subject) is not None:
        raise Forbidden("This user was removed from the workspace")
    allowed = frozenset(settings.join_roles or ())
    if not allowed:
        raise Forbidden(
            "Not a member of this workspace, and it does not let the platform's users join"
        )
    beyond = sorted(r.value for r in asserted if r.value not in allowed)
    if beyond:
        raise Forbidden(
            f"This workspace lets the platform's users join as {', '.join(sorted(allowed))} "
            f"only, not as {', '.join(beyond)}"
        )
    member = Member(
        workspace_id=workspace_id,
        subject=subject,
        roles=sorted(r.value for r in asserted),
        **_profile(claims),
    )
    await auth_repository.insert_member(session, member)
    return member


def _profile(claims: dict[str, Any]) -> dict[str, str]:
    """The token's `name` and `email` where they are good ones (a bad one is left out: the
    sign-in does not fail for a profile field)."""
    return profile.from_claims(claims)


async def _fill_profile(
    session: AsyncSession, workspace_id: WorkspaceId, member: Member, claims: dict[str, Any]
) -> None:
    """The member's empty profile fields from the token (never over what was set)."""
    changed = {k: v for k, v in _profile(claims).items() if getattr(member, k) is None}
    if changed:
        await profile.write(session, workspace_id, member.id, changed)


async def purge_expired(session: AsyncSession, now: datetime) -> int:
    """Delete the host tokens past their lifetime and the workspace-app sessions expired a day
    ago, in a system transaction's database (housekeeping); how many rows went."""
    # A moving workspace's rows are purged by its target (travel.db.moves).
    used = await session.execute(
        open_only(
            session,
            delete(UsedHostToken).where(UsedHostToken.expires_at < now),
            UsedHostToken.workspace_id,
        )
    )
    expired = delete(ApiKey).where(
        ApiKey.embed_session.is_(True), ApiKey.expires_at < now - timedelta(days=1)
    )
    sessions = await session.execute(open_only(session, expired, ApiKey.workspace_id))
    return int(used.rowcount + sessions.rowcount)  # type: ignore[attr-defined]


async def workspace_of(databases: Databases, raw_id: str) -> Workspace:
    """The workspace an operator named (NOT_FOUND otherwise)."""
    return await resolve_workspace(databases, raw_id)
