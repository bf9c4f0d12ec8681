"""Operator actions on workspaces, members and API keys (used by the `travel` command)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from travel.auth import apikeys, profile, repository
from travel.auth.identity import Principal
from travel.auth.models import ApiKey, Member, Workspace
from travel.auth.permissions import Permission, parse_permissions, parse_roles, permissions_for
from travel.auth.profile import ProfileUpdate
from travel.db import migrate
from travel.db.engine import Engines
from travel.db.registry import Databases, Unreachable
from travel.db.session import system_transaction, tenant_transaction
from travel.errors import InvalidInput, NotFound, ValidationError
from travel.kernel.ids import MemberId, WorkspaceId, parse_id
from travel.kernel.text import cleaned as clean_text
from travel.kernel.text import is_blank

PLANS = ("free", "pro", "enterprise")


@dataclass(frozen=True)
class IssuedKey:
    key: ApiKey
    secret: str  # the bearer value: shown once, never stored


async def create_workspace(
    databases: Databases,
    name: str,
    plan: str,
    *,
    database_url: str | None = None,
    demo: bool = False,
) -> Workspace:
    """A new workspace; with `database_url`, a dedicated tenant with its own database; `demo`
    marks the workspaces of `travel demo seed`."""
    name = clean_text(name)
    if is_blank(name) or len(name) > 200:
        raise ValidationError("name must be 1 to 200 characters")
    if plan not in PLANS:
        raise ValidationError(f"plan must be one of: {', '.join(PLANS)}")
    workspace_id = WorkspaceId(uuid.uuid4())
    targets = [databases.main]
    if database_url is not None:
        dedicated = databases.for_tenant(database_url)
        await migrate.upgrade(dedicated)
        targets.append(dedicated)
    for engines in targets:
        async with tenant_transaction(engines, workspace_id, write=True) as session:
            workspace = Workspace(
                id=workspace_id, name=name, plan=plan, database_url=database_url, demo=demo
            )
            await repository.insert_workspace(session, workspace)
    return workspace


async def resolve_workspace(databases: Databases, raw_id: str) -> Workspace:
    """The workspace an operator named by id, or NOT_FOUND."""
    workspace_id = WorkspaceId(parse_id(raw_id, f"no workspace {raw_id!r}"))
    async with tenant_transaction(databases.main, workspace_id, write=False) as session:
        workspace = await repository.get_workspace(session, workspace_id)
    if workspace is None:
        raise NotFound(f"no workspace {raw_id!r}")
    return workspace


async def add_member(
    databases: Databases,
    workspace: Workspace,
    subject: str,
    roles: list[str],
    given: Mapping[str, str | None] | None = None,
) -> Member:
    """Make `subject` a member with `roles` (and the profile `given`: display_name, email)."""
    subject = clean_text(subject)
    if is_blank(subject) or len(subject) > 255:
        raise ValidationError("subject must be 1 to 255 characters")
    if not roles:
        raise ValidationError("at least one --role is required")
    parsed = _roles(roles)
    try:
        named = profile.checked(ProfileUpdate(**(given or {})))
    except InvalidInput as error:  # named as the command's options
        raise error.at({"display_name": "--name", "email": "--email"}.__getitem__) from None
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=True) as session:
        if await repository.find_member_by_subject(session, ws, subject) is not None:
            raise ValidationError(f"{subject!r} is already a member of this workspace")
        removed = await repository.find_removed_member(session, ws, subject)
        if removed is not None:  # added back: the same member, with the roles given now
            removed.removed_at = None
            removed.roles = sorted(parsed)
            for column, value in named.items():
                setattr(removed, column, value)
            return removed
        member = Member(workspace_id=ws, subject=subject, roles=sorted(parsed), **named)
        await repository.insert_member(session, member)
    return member


async def list_workspaces(databases: Databases) -> list[Workspace]:
    """Every workspace (the registry lives in the shared database), oldest first."""
    async with system_transaction(databases.main) as session:
        return await repository.list_workspaces(session)


async def list_members(databases: Databases, workspace: Workspace) -> list[Member]:
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=False) as session:
        return await repository.list_members(session, ws)


async def remove_member(databases: Databases, workspace: Workspace, raw_id: str) -> uuid.UUID:
    """Remove a member: its keys are revoked and neither they nor its tokens authenticate
    (within the credential cache's lifetime); its bookings and audit entries stay."""
    member_id = parse_id(raw_id, f"no member {raw_id!r} in this workspace")
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=True) as session:
        if not await repository.remove_member(session, ws, member_id, datetime.now(UTC)):
            raise NotFound(f"no member {raw_id!r} in this workspace")
    return member_id


async def list_api_keys(databases: Databases, workspace: Workspace) -> list[tuple[ApiKey, str]]:
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=False) as session:
        return await repository.list_api_keys(session, ws)


async def create_api_key(
    databases: Databases,
    workspace: Workspace,
    *,
    roles: list[str],
    subject: str | None,
    permissions: list[str],
    expires_at: datetime | None = None,
) -> IssuedKey:
    """A key for an existing member (`subject`) or, with roles only, a new service account."""
    if bool(roles) == bool(subject):
        raise ValidationError("give either --subject or at least one --role")
    perms = _permissions(permissions)
    if expires_at is not None and expires_at <= datetime.now(UTC):
        raise ValidationError("expiry must be in the future")
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=True) as session:
        if subject is not None:
            member = await repository.find_member_by_subject(session, ws, subject)
            if member is None:
                raise NotFound(f"{subject!r} is not a member of this workspace")
        else:
            parsed = _roles(roles)
            member = Member(
                workspace_id=ws, subject=f"service:{uuid.uuid4().hex[:12]}", roles=sorted(parsed)
            )
            await repository.insert_member(session, member)
        granted = permissions_for(parse_roles(member.roles))
        if perms and not perms <= granted:
            extra = ", ".join(sorted(p.value for p in perms - granted))
            raise ValidationError(f"the member's roles do not grant: {extra}")
        secret = apikeys.generate(ws)
        key = ApiKey(
            workspace_id=ws,
            member_id=MemberId(member.id),
            secret_hash=apikeys.hash_key(secret),
            hint=apikeys.hint(secret),
            permissions=sorted(p.value for p in perms) if perms else None,
            expires_at=expires_at,
        )
        await repository.insert_api_key(session, key)
    return IssuedKey(key=key, secret=secret)


async def revoke_api_key(databases: Databases, raw_id: str) -> ApiKey:
    """Revoke a key by id, wherever its workspace lives (the shared database or a dedicated
    tenant's own). Found in whichever database holds it, revoked in the one the directory names
    (while a workspace moves both may hold it: travel.db.moves), through its write gate."""
    key_id = parse_id(raw_id, f"no API key {raw_id!r}")

    async def locate(engines: Engines) -> WorkspaceId | None:
        async with system_transaction(engines) as session:
            key = await repository.find_api_key_by_id(session, key_id)
            return None if key is None else WorkspaceId(key.workspace_id)

    try:
        ws = await databases.find(locate)
    except Unreachable as exc:
        raise NotFound(f"no API key {raw_id!r} in the databases that answered ({exc})") from None
    revoked = None
    if ws is not None:
        workspace = await resolve_workspace(databases, str(ws))
        engines = databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, ws, write=True) as session:
            revoked = await repository.find_api_key_by_id(session, key_id)
            if revoked is not None and revoked.revoked_at is None:
                revoked.revoked_at = datetime.now(UTC)
                await repository.revoke_api_key(session, ws, revoked.id, revoked.revoked_at)
    if revoked is None:
        raise NotFound(f"no API key {raw_id!r}")
    return revoked


def _roles(values: list[str]) -> frozenset[str]:
    try:
        return frozenset(r.value for r in parse_roles(values))
    except ValueError as exc:
        raise ValidationError(str(exc)) from None


def _permissions(values: list[str]) -> frozenset[Permission]:
    try:
        return frozenset(parse_permissions(values))
    except ValueError as exc:
        raise ValidationError(str(exc)) from None


def principal_for(workspace: Workspace, member: Member) -> Principal:
    """The principal of a member acting through operator tooling (e.g. demo seeding)."""
    roles = parse_roles(member.roles)
    return Principal(
        workspace_id=WorkspaceId(workspace.id),
        member_id=MemberId(member.id),
        subject=member.subject,
        roles=roles,
        permissions=permissions_for(roles),
        plan=workspace.plan,
        credential_id="operator",
        database_url=workspace.database_url,
    )
