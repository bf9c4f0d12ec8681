"""Running totals of counted bookings, kept exact by database triggers on `bookings`.

Analytics read these instead of the bookings themselves (docs/decisions/0053): a report of all
time sums a few rows per day instead of every booking. Only CONFIRMED bookings are counted; the
triggers (travel.analytics.triggers) add a booking when it becomes CONFIRMED and take it away
when it stops being one, in the same transaction as the change. A total that falls back to zero
stays as a row with zero, so readers ignore groups whose count is zero.
"""

from __future__ import annotations

import uuid
from datetime import date

from sqlalchemy import BigInteger, ForeignKey, String, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base

# SQLite: rows stored in key order (as PostgreSQL's index keeps them), so a range is contiguous.
# PostgreSQL: every booking rewrites a row; room left on each page lets the new version stay on
# it (a HOT update: no new index entry) and the old one be pruned, instead of the table and its
# index growing by a version per booking until the next vacuum.
STORAGE = {"sqlite_with_rowid": False, "postgresql_with": {"fillfactor": 30}}


class DailySales(Base):
    """Counted bookings and their summed total price per check-in day, kind and currency:
    what the headline figures and the category mix add up."""

    __tablename__ = "analytics_daily_sales"
    __table_args__ = STORAGE

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    check_in: Mapped[date] = mapped_column(primary_key=True)
    listing_kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    bookings: Mapped[int]
    total_minor: Mapped[int] = mapped_column(BigInteger)


class DailyProviderSales(Base):
    """The same per check-in day, provider and currency: what the top providers add up. Apart
    from DailySales because a report of all kinds would otherwise read a row per provider."""

    __tablename__ = "analytics_daily_provider_sales"
    __table_args__ = STORAGE

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    check_in: Mapped[date] = mapped_column(primary_key=True)
    provider_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    bookings: Mapped[int]
    total_minor: Mapped[int] = mapped_column(BigInteger)


class StayDates(Base):
    """Counted PROPERTY bookings per (check-in, check-out) pair: what occupancy adds up."""

    __tablename__ = "analytics_stay_dates"
    __table_args__ = STORAGE

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    check_in: Mapped[date] = mapped_column(primary_key=True)
    check_out: Mapped[date] = mapped_column(primary_key=True)
    stays: Mapped[int]
