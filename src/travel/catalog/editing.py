"""A host's changes to what they list: partial updates of providers and listings, and the
listing's lifecycle (pause, resume, archive) — docs/decisions/0089-host-tools.md.

Each change reads its row under a lock, refuses a stale `expected_version` (CONFLICT), checks
the whole row as it would be with the same rules as creation (every bad field in one
VALIDATION_ERROR), writes only what changed with the version + 1, and leaves an audit entry
naming its actor. Nothing is written when anything is refused.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog import repository, rules
from travel.catalog.availability import overbooked
from travel.catalog.inputs import (
    CREATE_INPUTS,
    ListingInput,
    ListingUpdate,
    ProviderInput,
    ProviderUpdate,
)
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.catalog.repository import changes
from travel.catalog.status import ListingStatus
from travel.db.base import utcnow
from travel.errors import Checks, Conflict, Forbidden, InvalidInput, NotFound
from travel.kernel.ids import parse_id
from travel.kernel.kinds import ListingKind
from travel.kernel.unset import UNSET

# The fields of an update input that are not the listing's own.
_ABOUT_THE_CHANGE = frozenset({"id", "expected_version"})
_SHOWN_DATES = 5  # an oversold capacity names this many dates, then how many more


async def update_provider(
    session: AsyncSession, principal: Principal, given: ProviderUpdate
) -> ProviderRecord:
    """Change a provider the caller owns (admins: any)."""
    principal.require(Permission.HOST)
    provider_id = parse_id(given.id, "Provider not found")
    current = await changes.lock_provider(session, principal.workspace_id, provider_id)
    if current is None:
        raise NotFound("Provider not found")
    _require_owner(principal, current, "change")
    require_version(current.version, given.expected_version, "provider")
    check = Checks()
    merged = _merged(ProviderInput(name=current.name, type=current.type), given, check)
    values = rules.provider_values(merged, check)
    check.done()
    changed = _changed(current, values)
    if not changed:
        return current
    at = utcnow()
    updated = await changes.update_provider(session, principal.workspace_id, current, changed, at)
    await audit(session, principal, "provider.updated", ("provider", current), changed, at)
    return updated


async def update_listing(
    session: AsyncSession, principal: Principal, kind: str, given: ListingUpdate
) -> ListingRecord:
    """Change a listing of `kind` under a provider the caller owns (admins: any)."""
    principal.require(Permission.HOST)
    current = await listing_to_change(session, principal, given.id, kind)
    require_version(current.version, given.expected_version, "listing")
    check = Checks()
    merged = _merged(_as_created(current), given, check)
    moved = given.latitude is not UNSET or given.longitude is not UNSET
    if given.time_zone is UNSET and moved:
        merged = dataclasses.replace(merged, time_zone=None)  # the zone of the new place
    values = rules.listing_values(merged, check)
    if check.failed:
        check.done()
    changed = _changed(current, {**values, **_occurrence(kind, values)})
    await _check_bookings_fit(session, principal, current, changed, check)
    check.done()
    if not changed:
        return current
    at = utcnow()
    updated = await changes.update_listing(session, principal.workspace_id, current, changed, at)
    await audit(session, principal, "listing.updated", ("listing", current), changed, at)
    return updated


async def set_status(
    session: AsyncSession,
    principal: Principal,
    raw_id: str,
    status: ListingStatus,
    expected_version: int | None,
) -> ListingRecord:
    """Pause, resume or archive a listing of any kind; already so, nothing changes."""
    principal.require(Permission.HOST)
    current = await listing_to_change(session, principal, raw_id, None)
    require_version(current.version, expected_version, "listing")
    if current.status == status:
        return current
    at = utcnow()
    changed = {"status": status.value}
    updated = await changes.update_listing(session, principal.workspace_id, current, changed, at)
    await audit(session, principal, f"listing.{status.verb}d", ("listing", current), changed, at)
    return updated


async def listing_to_change(
    session: AsyncSession, principal: Principal, raw_id: str, kind: str | None
) -> ListingRecord:
    """The listing, locked, if the caller may change it: of `kind` (None: any) in the caller's
    workspace (else NOT_FOUND), under a provider the caller owns or by an admin (else
    FORBIDDEN)."""
    noun = "Listing" if kind is None else ListingKind(kind).noun
    listing_id = parse_id(raw_id, f"{noun} not found")
    current = await changes.lock_listing(session, principal.workspace_id, listing_id)
    if current is None or (kind is not None and current.kind != kind):
        raise NotFound(f"{noun} not found")
    found = await repository.providers_by_id(session, principal.workspace_id, [current.provider_id])
    _require_owner(principal, found[current.provider_id], "change its listings")
    return current


def _require_owner(principal: Principal, provider: ProviderRecord, what: str) -> None:
    if provider.owner_member_id != principal.member_id and not principal.has(Permission.ADMIN):
        raise Forbidden(f"Only the provider's owner or an admin may {what}")


def require_version(current: int, expected: int | None, noun: str) -> None:
    if expected is not None and expected != current:
        raise Conflict(
            f"The {noun} changed since it was read (version {expected}, now {current}): "
            "read it again and retry",
            currentVersion=current,
        )


def _as_created(listing: ListingRecord) -> ListingInput:
    """The create input that would make `listing` as it is now."""
    record = CREATE_INPUTS[ListingKind(listing.kind)]
    values: dict[str, Any] = {}
    for field in dataclasses.fields(record):
        if field.name == "provider_id":
            values[field.name] = str(listing.provider_id)
        elif field.name in ("price", "price_per_night"):
            values[field.name] = listing.price
        else:
            values[field.name] = getattr(listing, field.name)
    return record(**values)


_Input = TypeVar("_Input", ListingInput, ProviderInput)


def _merged(current: _Input, given: Any, check: Checks) -> _Input:
    """`current` with the fields `given` sets. An explicit null clears a field whose create
    input defaults to none; on any other field it is a problem (the current value stays)."""
    defaults = {field.name: field.default for field in dataclasses.fields(current)}
    changes_: dict[str, Any] = {}
    for field in dataclasses.fields(given):
        value = getattr(given, field.name)
        if field.name in _ABOUT_THE_CHANGE or value is UNSET:
            continue
        if value is None and defaults[field.name] is not None:
            check(partial(_not_null, field.name))
            continue
        changes_[field.name] = value
    return dataclasses.replace(current, **changes_)


def _not_null(field: str) -> None:
    raise InvalidInput(field, f"${field} cannot be removed: give a value or leave it out")


def _occurrence(kind: str, values: Mapping[str, Any]) -> dict[str, date]:
    """An event's or trip's bookable date, from its (new) start."""
    column = ListingKind(kind).fixed_start_column
    if column is None:
        return {}
    start: datetime = values[column]
    return {"occurs_on": start.astimezone(UTC).date()}


def _changed(current: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values that differ from `current`'s."""
    return {name: value for name, value in values.items() if getattr(current, name) != value}


async def _check_bookings_fit(
    session: AsyncSession,
    principal: Principal,
    current: ListingRecord,
    changed: Mapping[str, Any],
    check: Checks,
) -> None:
    """Existing bookings stay valid: capacity never drops below what is booked on a date from
    today on, and an event or trip with confirmed bookings keeps its date. (A new price never
    touches a booking: each keeps the total it was charged.)"""
    workspace_id, today = principal.workspace_id, utcnow().date()
    field = "units" if ListingKind(current.kind).is_stay else "capacity"
    if field in changed and changed[field] < (getattr(current, field) or 0):
        spans = await changes.spans_from(session, workspace_id, current.id, today)
        over = overbooked(current.kind, changed[field], spans, today)
        if over:
            check(lambda: _overbooked(field, over))
    start = ListingKind(current.kind).fixed_start_column
    if start is not None and "occurs_on" in changed and current.occurs_on is not None:
        booked = await changes.confirmed_on(session, workspace_id, current.id, current.occurs_on)
        if booked:
            check(lambda: _moved(start, current, booked))


def _overbooked(field: str, dates: list[date]) -> None:
    shown = ", ".join(day.isoformat() for day in dates[:_SHOWN_DATES])
    more = f" and {len(dates) - _SHOWN_DATES} more" if len(dates) > _SHOWN_DATES else ""
    raise InvalidInput(field, f"${field} is less than is already booked on {shown}{more}")


def _moved(field: str, listing: ListingRecord, booked: int) -> None:
    noun = ListingKind(listing.kind).word
    raise InvalidInput(
        field,
        f"${field} cannot move the {noun} to another date: {booked} confirmed booking"
        f"{'s are' if booked > 1 else ' is'} for {listing.occurs_on}; cancel them first",
    )


async def touched(
    session: AsyncSession,
    principal: Principal,
    listing: ListingRecord,
    action: str,
    data: Mapping[str, Any],
) -> ListingRecord:
    """A change beside the listing's row (its calendar, its photos): bump its version, so a
    booking or an editor that read the old one decides again, and record the change."""
    at = utcnow()
    updated = await changes.update_listing(session, principal.workspace_id, listing, {}, at)
    await audit(session, principal, action, ("listing", listing), data, at)
    return updated


async def audit(
    session: AsyncSession,
    principal: Principal,
    action: str,
    entity: tuple[str, ListingRecord | ProviderRecord],
    changed: Mapping[str, Any],
    at: datetime,
) -> None:
    kind, row = entity
    data = {
        "changed": {name: _plain(value) for name, value in changed.items()},
        "version": row.version + 1,
        "credential": principal.credential_id,
    }
    await changes.record(
        session, principal.workspace_id, principal.member_id, action, (kind, row.id), data, at
    )


def _plain(value: Any) -> Any:
    """A column's value as JSON holds it."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    return value
