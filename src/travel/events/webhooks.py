"""Webhook endpoints: registration (delivery lives in travel.events.dispatcher)."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.auth.models import Workspace
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.errors import ValidationError
from travel.events.models import WebhookEndpoint


def validate_url(url: str) -> str:
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError("url must be an absolute http:// or https:// URL")
    return url.strip()


async def insert_endpoint(session: AsyncSession, endpoint: WebhookEndpoint) -> None:
    session.add(endpoint)
    await session.flush()


async def add_endpoint(databases: Databases, workspace: Workspace, url: str) -> WebhookEndpoint:
    """Subscribe `url` to the workspace's events; its signing secret is generated here."""
    ws = WorkspaceId(workspace.id)
    endpoint = WebhookEndpoint(
        workspace_id=ws, url=validate_url(url), secret=f"whsec_{secrets.token_urlsafe(32)}"
    )
    async with tenant_transaction(
        databases.for_tenant(workspace.database_url), ws, write=True
    ) as session:
        await insert_endpoint(session, endpoint)
    return endpoint
