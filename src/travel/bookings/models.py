"""Bookings, their transitions, the audit log and idempotency records."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKeyConstraint, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin, utcnow


class Booking(TenantMixin, Base):
    __tablename__ = "bookings"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "listing_id"], ["listings.workspace_id", "listings.id"]
        ),
        ForeignKeyConstraint(["workspace_id", "member_id"], ["members.workspace_id", "members.id"]),
        Index(
            "ix_bookings_workspace_id_reference_code", "workspace_id", "reference_code", unique=True
        ),
        # Capacity checks and calendars: one listing's CONFIRMED bookings around some dates.
        # `status` before `check_in` so both are used (without it SQLite, lacking statistics,
        # preferred the workspace-wide status index and scanned every confirmed booking).
        Index(
            "ix_bookings_workspace_id_listing_id_status_check_in",
            "workspace_id",
            "listing_id",
            "status",
            "check_in",
        ),
        Index(
            "ix_bookings_workspace_id_member_id_created_at",
            "workspace_id",
            "member_id",
            "created_at",
        ),
        # travelBookings for an admin: the whole workspace, newest first.
        Index("ix_bookings_workspace_id_created_at_id", "workspace_id", "created_at", "id"),
    )

    reference_code: Mapped[str] = mapped_column(String(32))
    listing_id: Mapped[uuid.UUID]
    listing_kind: Mapped[str] = mapped_column(String(16))
    member_id: Mapped[uuid.UUID]
    status: Mapped[str] = mapped_column(String(16))
    payment_status: Mapped[str] = mapped_column(String(16))
    check_in: Mapped[date]
    check_out: Mapped[date]
    guests: Mapped[int]
    total_minor: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class BookingTransition(TenantMixin, Base):
    """One step of a booking's timeline: from → to, when, by whom."""

    __tablename__ = "booking_transitions"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "booking_id"], ["bookings.workspace_id", "bookings.id"]
        ),
        Index("ix_booking_transitions_workspace_id_booking_id", "workspace_id", "booking_id"),
    )

    booking_id: Mapped[uuid.UUID]
    from_status: Mapped[str | None] = mapped_column(String(16), default=None)
    to_status: Mapped[str] = mapped_column(String(16))
    actor_member_id: Mapped[uuid.UUID | None] = mapped_column(default=None)
    # Why, in the words of whoever made the change (a cancellation's reason); None if not said.
    reason: Mapped[str | None] = mapped_column(String(500), default=None)


class AuditEntry(TenantMixin, Base):
    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_workspace_id_entity_id", "workspace_id", "entity_id"),)

    actor_member_id: Mapped[uuid.UUID | None] = mapped_column(default=None)
    action: Mapped[str] = mapped_column(String(64))
    entity_type: Mapped[str] = mapped_column(String(32))
    entity_id: Mapped[uuid.UUID]
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
