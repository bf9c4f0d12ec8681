"""Photos of listings, and the uploads they come from (docs/decisions/0091-photos.md)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKeyConstraint, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin


class PhotoUpload(TenantMixin, Base):
    """A place to upload one photo of a listing, made by `createTravelPhotoUpload`: its id is
    the capability (128 random bits in the upload URL). Once the file arrived and passed the
    checks, `key` and the sizes are set; `addTravelListingPhoto` then makes it a photo."""

    __tablename__ = "photo_uploads"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "listing_id"], ["listings.workspace_id", "listings.id"]
        ),
    )

    listing_id: Mapped[uuid.UUID]
    member_id: Mapped[uuid.UUID]
    expires_at: Mapped[datetime]
    key: Mapped[str | None] = mapped_column(String(100), default=None)  # without "-<width>.webp"
    widths: Mapped[list[int] | None] = mapped_column(default=None)
    width: Mapped[int | None] = mapped_column(default=None)
    height: Mapped[int | None] = mapped_column(default=None)


class ListingPhoto(TenantMixin, Base):
    """A photo of a listing: `position` 0 is the cover; `alt` describes it for those who cannot
    see it."""

    __tablename__ = "listing_photos"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "listing_id"], ["listings.workspace_id", "listings.id"]
        ),
        Index(
            "ix_listing_photos_workspace_id_listing_id_position",
            "workspace_id",
            "listing_id",
            "position",
        ),
    )

    listing_id: Mapped[uuid.UUID]
    position: Mapped[int]
    alt: Mapped[str] = mapped_column(String(300))
    key: Mapped[str] = mapped_column(String(100))
    widths: Mapped[list[int]]
    width: Mapped[int]
    height: Mapped[int]
