"""Catalog rules: who may register providers and listings, and what a valid one is."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog import repository
from travel.catalog.models import Provider
from travel.catalog.records import ProviderRecord
from travel.errors import NotFound, ValidationError
from travel.pagination import Page

PROVIDER_TYPES = ("HOST", "OPERATOR")


def parse_id(raw: str, what: str) -> uuid.UUID:
    """An id from the API; one that cannot exist is simply not found."""
    try:
        return uuid.UUID(raw)
    except (ValueError, AttributeError, TypeError):
        raise NotFound(f"{what} not found") from None


def clean_name(value: Any, field: str, *, max_length: int = 200) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise ValidationError(f"{field} must not be empty", field=field)
    if len(text) > max_length:
        raise ValidationError(f"{field} must be at most {max_length} characters", field=field)
    return text


async def create_provider(
    session: AsyncSession, principal: Principal, data: dict[str, Any]
) -> ProviderRecord:
    """Register a host or operator owned by the caller."""
    principal.require(Permission.HOST)
    name = clean_name(data.get("name"), "input.name")
    provider_type = data.get("type")
    if provider_type not in PROVIDER_TYPES:
        raise ValidationError("input.type must be HOST or OPERATOR", field="input.type")
    provider = Provider(
        workspace_id=principal.workspace_id,
        owner_member_id=principal.member_id,
        name=name,
        type=provider_type,
    )
    return await repository.insert_provider(session, provider)


async def list_providers(
    session: AsyncSession, principal: Principal, page: Page
) -> list[ProviderRecord]:
    principal.require(Permission.READ)
    return await repository.list_providers(session, principal.workspace_id, page)


async def get_provider(session: AsyncSession, principal: Principal, raw_id: str) -> ProviderRecord:
    principal.require(Permission.READ)
    provider_id = parse_id(raw_id, "Provider")
    found = await repository.providers_by_id(session, principal.workspace_id, [provider_id])
    if provider_id not in found:
        raise NotFound("Provider not found")
    return found[provider_id]
