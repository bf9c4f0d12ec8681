"""Catalog rules: who may read and register providers and listings, and what a valid one is."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog import repository, rules
from travel.catalog.filters import DateWindow, ListingFilter, ProviderFilter, window
from travel.catalog.inputs import ListingInput, ProviderInput
from travel.catalog.models import Provider
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.catalog.status import VISIBLE
from travel.db.session import Reads
from travel.errors import Forbidden, NotFound
from travel.kernel.ids import parse_id, try_parse_id
from travel.kernel.kinds import ListingKind
from travel.pagination import Page
from travel.search import repository as search_repository
from travel.search import service as search_service
from travel.search.sorting import Sort

_ANY = ListingFilter()


async def create_provider(
    session: AsyncSession, principal: Principal, given: ProviderInput
) -> ProviderRecord:
    """Register a host or operator owned by the caller."""
    principal.require(Permission.HOST)
    values = rules.provider_values(given)
    provider = Provider(
        workspace_id=principal.workspace_id, owner_member_id=principal.member_id, **values
    )
    return await repository.insert_provider(session, provider)


async def list_providers(
    session: Reads, principal: Principal, page: Page, conditions: ProviderFilter
) -> list[ProviderRecord]:
    """A page of the workspace's providers (or of those the caller owns)."""
    principal.require(Permission.READ)
    owner = principal.member_id if conditions.owned_by_viewer else None
    return await repository.list_providers(
        session, principal.workspace_id, page, conditions, owner=owner
    )


async def count_providers(session: Reads, principal: Principal, conditions: ProviderFilter) -> int:
    """How many providers `list_providers` finds over all pages."""
    principal.require(Permission.READ)
    owner = principal.member_id if conditions.owned_by_viewer else None
    return await repository.count_providers(
        session, principal.workspace_id, conditions, owner=owner
    )


async def get_provider(session: Reads, principal: Principal, raw_id: str) -> ProviderRecord:
    """One provider of the workspace, or NOT_FOUND."""
    principal.require(Permission.READ)
    provider_id = parse_id(raw_id, "Provider not found")
    found = await repository.providers_by_id(session, principal.workspace_id, [provider_id])
    if provider_id not in found:
        raise NotFound("Provider not found")
    return found[provider_id]


async def list_listings(
    session: Reads,
    principal: Principal,
    kind: str,
    page: Page,
    conditions: ListingFilter,
    *,
    sort: Sort | None = None,
    provider: bool = True,
) -> list[ListingRecord]:
    """A page of the workspace's listings of one kind in `sort` order (default: oldest first),
    `provider`: with their providers."""
    principal.require(Permission.READ)
    conditions = _visible_to(principal, conditions)
    if conditions == _ANY and sort in (None, Sort.OLDEST):
        return await repository.list_listings(
            session, principal.workspace_id, kind, page, provider=provider
        )
    chosen = search_service.check_sort(sort or Sort.OLDEST, conditions)
    search, _ = await search_service.plan(session, principal.workspace_id, conditions, (kind,))
    return await search_repository.listings(session, search, chosen, page, provider=provider)


async def count_listings(
    session: Reads, principal: Principal, kind: str, conditions: ListingFilter
) -> int:
    """How many listings of one kind `list_listings` finds over all pages."""
    principal.require(Permission.READ)
    conditions = _visible_to(principal, conditions)
    search, _ = await search_service.plan(session, principal.workspace_id, conditions, (kind,))
    return await search_repository.total(session, search)


async def get_listing(
    session: Reads, principal: Principal, kind: str, raw_id: str, *, provider: bool = True
) -> ListingRecord:
    """One listing of `kind` in the workspace (`provider`: with its provider); another kind's
    id is NOT_FOUND too."""
    principal.require(Permission.READ)
    listing_id = try_parse_id(raw_id)
    listing = (
        None
        if listing_id is None
        else await repository.listing_with_provider(
            session, principal.workspace_id, listing_id, provider=provider
        )
    )
    if listing is None or listing.kind != kind:
        raise NotFound(f"{ListingKind(kind).noun} not found")
    if listing.status != VISIBLE and not await _manages(session, principal, listing):
        raise NotFound(f"{ListingKind(kind).noun} not found")
    return listing


def _visible_to(principal: Principal, conditions: ListingFilter) -> ListingFilter:
    """A filter asking for paused or archived listings sees them only where the caller may
    manage them: an admin everywhere, anyone else under the providers they own; one asking
    for the caller's own listings names the caller."""
    if conditions.owned_by_viewer:
        conditions = replace(conditions, owned_by=principal.member_id)
    if conditions.statuses == (VISIBLE,) or principal.has(Permission.ADMIN):
        return conditions
    return replace(conditions, owner=principal.member_id)


async def _manages(session: Reads, principal: Principal, listing: ListingRecord) -> bool:
    """Whether the caller may see `listing` whatever its status: an admin, or its provider's
    owner (a paused listing is NOT_FOUND to everybody else)."""
    if principal.has(Permission.ADMIN):
        return True
    provider = listing.provider
    if provider is None:
        found = await repository.providers_by_id(
            session, principal.workspace_id, [listing.provider_id]
        )
        provider = found[listing.provider_id]
    return provider.owner_member_id == principal.member_id


async def create_listing(
    session: AsyncSession, principal: Principal, kind: str, given: ListingInput
) -> ListingRecord:
    """Add a listing of `kind` under a provider the caller owns (admins: any provider)."""
    principal.require(Permission.HOST)
    values = rules.listing_values(given)
    provider = await _provider_to_list_under(session, principal, given.provider_id)
    return await repository.insert_listing(
        session, principal.workspace_id, provider.id, kind, values
    )


async def _provider_to_list_under(
    session: AsyncSession, principal: Principal, raw_id: str
) -> ProviderRecord:
    # Found in the caller's workspace first: another workspace's provider is NOT_FOUND.
    provider_id = parse_id(raw_id, "Provider not found")
    found = await repository.providers_by_id(session, principal.workspace_id, [provider_id])
    provider = found.get(provider_id)
    if provider is None:
        raise NotFound("Provider not found")
    if provider.owner_member_id != principal.member_id and not principal.has(Permission.ADMIN):
        raise Forbidden("Only the provider's owner or an admin may add listings to it")
    return provider


def calendar_window(first: date, last: date) -> DateWindow:
    """The dates a calendar asks about, `first` to `last` (both included, ≤ 366)."""
    return window(first, last, stay=False, names=("first", "last"))
