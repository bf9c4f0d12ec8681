"""Declarative base and the column conventions every table follows."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, MetaData, Table, Uuid, func
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column
from sqlalchemy.types import JSON, TypeDecorator

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None or value.tzinfo is UTC:  # asyncpg's timestamps already are
            return value
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    # SQLite keeps a timestamp as text. SQLAlchemy's conversions, chained with the two above,
    # cost 0.8 µs a value read (`replace(tzinfo=...)` alone 0.6) and 1.1 µs a value written:
    # 200 values a page of 50 listings, 6 a booking (docs/performance.md). These two do the
    # same in one step each; tests/db/test_utc_datetime.py holds them to SQLAlchemy's.

    def bind_processor(self, dialect: Dialect) -> Any:
        if dialect.name == "sqlite":
            return _utc_text
        return super().bind_processor(dialect)

    def result_processor(self, dialect: Dialect, coltype: object) -> Any:
        if dialect.name == "sqlite":
            return _utc_from_text
        return super().result_processor(dialect, coltype)


def _utc_text(value: datetime | None) -> str | None:
    """An aware timestamp as SQLAlchemy's SQLite dialect writes it, in UTC: always with six
    digits of microseconds, no offset (`2026-11-24 16:18:22.000000`)."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError("naive datetime given to a UTC column")
    if value.tzinfo is not UTC:
        value = value.astimezone(UTC)
    return value.isoformat(" ", "microseconds")[:-6]  # less "+00:00"


def _utc_from_text(value: str | None) -> datetime | None:
    """SQLite's text of a timestamp, read as UTC (what the dialect writes carries no offset)."""
    if value is None:
        return None
    if len(value) == 26 and value[10] == " " and value[19] == ".":  # as `_utc_text` writes
        read = datetime.fromisoformat(value + "+00:00")
        if read.tzinfo is UTC:
            return read
    parsed = datetime.fromisoformat(value)  # anything else, as SQLAlchemy reads it
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: dict[Any, Any] = {
        datetime: UtcDateTime(),
        dict[str, Any]: JSON(),
        list[str]: JSON(),
        list[int]: JSON(),
        uuid.UUID: Uuid(),
    }


class TenantMixin:
    """Tenant-owned rows: the key leads with `workspace_id` (Citus-style distribution column)."""

    # Typed here, not left to the foreign key: a column takes its key's type only once the
    # referenced table is known, and a statement built at import before that (the prebuilt
    # reads and writes of the repositories) kept an untyped parameter that SQLite's driver
    # cannot bind.
    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True, sort_order=-2
    )
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4, sort_order=-1)

    @declared_attr
    def created_at(cls) -> Mapped[datetime]:
        return mapped_column(default=utcnow, server_default=func.current_timestamp())


# Tables whose rows belong to one workspace: each carries `workspace_id` and, on PostgreSQL,
# a row-level-security policy (created by the migrations: revision 0005, docs/decisions/0003).
TENANT_TABLES: tuple[str, ...] = (
    "members",
    "api_keys",
    "providers",
    "listings",
    "bookings",
    "booking_transitions",
    "audit_log",
    "idempotency_keys",
    "favorites",
    "outbox_events",
    "webhook_endpoints",
    "webhook_deliveries",
    "webhook_attempts",
    "analytics_daily_sales",
    "analytics_daily_provider_sales",
    "analytics_stay_dates",
    "search_terms",
    "listing_blocks",
    "listing_prices",
    "photo_uploads",
    "listing_photos",
    "embed_settings",
    "embed_used_tokens",
)


def columns_for(record: type[Any], model: type[Any], **renamed: Any) -> tuple[Any, ...]:
    """The columns to select so that a row builds `record` as `record(*row)`: one per field
    the record's constructor takes, in its order — the model's column of the same name, or
    `renamed[field]` where the names differ. The record's fields decide the order, so a
    column list and a record cannot drift apart."""
    columns = []
    for field in dataclasses.fields(record):
        if field.init:
            column = renamed.get(field.name, getattr(model, field.name, None))
            if column is None:
                raise LookupError(
                    f"{model.__name__} has no column for {record.__name__}.{field.name}"
                )
            columns.append(column)
    return tuple(columns)


def table_of(model: type[Any]) -> Table:
    """A mapped class's table, as Core statements take it (an INSERT of plain rows skips the
    ORM's bulk machinery)."""
    table = model.__table__
    assert isinstance(table, Table)
    return table
