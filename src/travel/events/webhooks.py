"""Webhook endpoints and deliveries: operator actions (sending is in travel.events.dispatcher)."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence

from travel.auth.models import Workspace
from travel.auth.service import resolve_workspace
from travel.db.base import utcnow
from travel.db.engine import Engines
from travel.db.registry import Databases, Unreachable
from travel.db.session import system_transaction, tenant_transaction
from travel.errors import NotFound, ValidationError
from travel.events import repository
from travel.events.models import WebhookEndpoint
from travel.events.records import STATUSES, DeliveryRecord
from travel.events.targets import check_target
from travel.kernel.ids import WorkspaceId, parse_id

MAX_LISTED = 1000


async def add_endpoint(
    databases: Databases, workspace: Workspace, url: str, *, allow_private: bool = False
) -> WebhookEndpoint:
    """Subscribe `url` (a public http(s) address: travel.events.targets) to the workspace's
    events; its signing secret is generated here."""
    ws = WorkspaceId(workspace.id)
    checked = await check_target(url, allow_private=allow_private)
    endpoint = WebhookEndpoint(
        workspace_id=ws, url=checked, secret=f"whsec_{secrets.token_urlsafe(32)}"
    )
    async with tenant_transaction(
        databases.for_tenant(workspace.database_url), ws, write=True
    ) as session:
        await repository.insert_endpoint(session, endpoint)
    return endpoint


async def list_deliveries(
    databases: Databases, workspace: Workspace, statuses: Sequence[str], limit: int = 100
) -> list[DeliveryRecord]:
    """A workspace's deliveries in `statuses`, newest first."""
    unknown = set(statuses) - set(STATUSES)
    if unknown or not statuses:
        raise ValidationError(f"status must be one of: {', '.join(STATUSES)}")
    if not 1 <= limit <= MAX_LISTED:
        raise ValidationError(f"limit must be 1 to {MAX_LISTED}")
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=False) as session:
        return await repository.list_deliveries(session, ws, statuses, limit)


async def retry_delivery(databases: Databases, raw_id: str) -> DeliveryRecord:
    """Queue a delivery (failed, dead or even delivered) to be sent again right away. Found in
    whichever database holds it, queued in the one the directory names (while a workspace moves
    both may hold it: travel.db.moves), through its write gate."""
    delivery_id = parse_id(raw_id, f"no webhook delivery {raw_id!r}")
    try:
        ws = await databases.find(lambda engines: _workspace_of(engines, delivery_id))
    except Unreachable as exc:
        message = f"no webhook delivery {raw_id!r} in the databases that answered ({exc})"
        raise NotFound(message) from None
    requeued = None if ws is None else await _requeue(databases, ws, delivery_id)
    if requeued is None:
        raise NotFound(f"no webhook delivery {raw_id!r}")
    return requeued


async def _workspace_of(engines: Engines, delivery_id: uuid.UUID) -> WorkspaceId | None:
    async with system_transaction(engines) as session:
        return await repository.find_delivery_workspace(session, delivery_id)


async def _requeue(
    databases: Databases, ws: WorkspaceId, delivery_id: uuid.UUID
) -> DeliveryRecord | None:
    workspace = await resolve_workspace(databases, str(ws))
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=True) as session:
        delivery = await repository.get_delivery(session, ws, delivery_id)
        if delivery is None:
            return None
        if not delivery.endpoint_enabled:
            raise ValidationError(
                f"endpoint {delivery.url} is disabled ({delivery.disabled_reason}); "
                "subscribe it again with `travel webhook add`"
            )
        await repository.requeue(session, ws, delivery_id, utcnow())
        return await repository.get_delivery(session, ws, delivery_id)


async def list_endpoints(databases: Databases, workspace: Workspace) -> list[WebhookEndpoint]:
    """The workspace's endpoints (their signing secrets are never shown again)."""
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=False) as session:
        return await repository.list_endpoints(session, ws)


async def disable_endpoint(databases: Databases, workspace: Workspace, raw_id: str) -> None:
    """Stop sending to an endpoint; deliveries still owed to it end (DEAD)."""
    await _change_endpoint(databases, workspace, raw_id, remove=False)


async def remove_endpoint(databases: Databases, workspace: Workspace, raw_id: str) -> None:
    """Delete an endpoint with its deliveries and their attempts."""
    await _change_endpoint(databases, workspace, raw_id, remove=True)


async def _change_endpoint(
    databases: Databases, workspace: Workspace, raw_id: str, *, remove: bool
) -> None:
    endpoint_id = parse_id(raw_id, f"no webhook endpoint {raw_id!r} in this workspace")
    ws = WorkspaceId(workspace.id)
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, ws, write=True) as session:
        if not await repository.endpoint_exists(session, ws, endpoint_id):
            raise NotFound(f"no webhook endpoint {raw_id!r} in this workspace")
        if remove:
            await repository.delete_endpoint(session, ws, endpoint_id)
        else:
            await repository.disable_endpoint(session, ws, endpoint_id, "disabled by an operator")
