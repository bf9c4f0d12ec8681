"""A host's photos: an upload place per photo, the photo attached with its alt text, moved,
re-described or removed (docs/decisions/0091-photos.md). Each change is the listing's: it needs
the listing's owner (or an admin), bumps its version and leaves an audit entry."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog import editing
from travel.catalog.records import ListingRecord
from travel.catalog.rules import text
from travel.db.base import utcnow
from travel.errors import Checks, InvalidInput, NotFound
from travel.kernel.ids import parse_id
from travel.kernel.unset import UNSET
from travel.media import repository
from travel.media.records import PhotoRecord, UploadRecord

MAX_PHOTOS = 20  # per listing
MAX_ALT = 300
UPLOAD_LIFETIME = timedelta(hours=1)


@dataclass(frozen=True, slots=True, kw_only=True)
class PhotoInput:
    """`AddTravelListingPhotoInput`."""

    upload_id: str
    alt: str
    cover: bool | None = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PhotoUpdate:
    """`UpdateTravelListingPhotoInput`: the fields to change, the others UNSET."""

    id: str
    alt: str | None = UNSET
    position: int | None = UNSET


async def create_upload(session: AsyncSession, principal: Principal, raw_id: str) -> UploadRecord:
    """A place to send one photo of a listing the caller may change, for an hour."""
    listing = await editing.listing_to_change(session, principal, raw_id, None)
    await _check_room(session, principal, listing)
    upload_id = uuid.uuid4()
    values = {
        "workspace_id": principal.workspace_id,
        "id": upload_id,
        "listing_id": listing.id,
        "member_id": principal.member_id,
        "expires_at": utcnow() + UPLOAD_LIFETIME,
    }
    await repository.insert_upload(session, values)
    found = await repository.upload(session, principal.workspace_id, upload_id)
    assert found is not None
    return found


async def add_photo(session: AsyncSession, principal: Principal, given: PhotoInput) -> PhotoRecord:
    """The upload's photo, attached to its listing last (or as the cover)."""
    upload_id = parse_id(given.upload_id, "Upload not found")
    upload = await repository.upload(session, principal.workspace_id, upload_id)
    if upload is None:
        principal.require(Permission.HOST)
        raise NotFound("Upload not found")
    listing = await editing.listing_to_change(session, principal, str(upload.listing_id), None)
    check = Checks()
    alt = check(lambda: text(given.alt, "alt", max_length=MAX_ALT))
    sizes = await repository.upload_sizes(session, principal.workspace_id, upload_id)
    if sizes is None or upload.key is None:
        check(lambda: _not_arrived())
    check.done()
    assert sizes is not None
    assert upload.key is not None
    await _check_room(session, principal, listing)
    photos = (await repository.photos_of(session, principal.workspace_id, [listing.id]))[listing.id]
    widths, width, height = sizes
    photo_id = uuid.uuid4()
    await repository.insert_photo(
        session,
        {
            "workspace_id": principal.workspace_id,
            "id": photo_id,
            "listing_id": listing.id,
            "position": len(photos),
            "alt": alt,
            "key": upload.key,
            "widths": widths,
            "width": width,
            "height": height,
        },
    )
    await repository.delete_upload(session, principal.workspace_id, upload_id)
    order = [p.id for p in photos] + [photo_id]
    if given.cover:
        order = [photo_id, *order[:-1]]
    await _renumber(session, principal, order)
    await editing.touched(session, principal, listing, "listing.photo_added", {"photo": photo_id})
    return await _photo(session, principal, photo_id)


async def update_photo(
    session: AsyncSession, principal: Principal, given: PhotoUpdate
) -> PhotoRecord:
    """A new alt text, or a new place among the listing's photos (0: the cover)."""
    photo, listing = await _photo_to_change(session, principal, given.id)
    check = Checks()
    values: dict[str, Any] = {}
    if given.alt is not UNSET:
        values["alt"] = check(lambda: text(given.alt, "alt", max_length=MAX_ALT))
    photos = (await repository.photos_of(session, principal.workspace_id, [listing.id]))[listing.id]
    position = given.position
    if position is not UNSET:
        check(lambda: _position(position, len(photos)))
    check.done()
    if values:
        await repository.set_photo(session, principal.workspace_id, photo.id, values)
    if isinstance(position, int):
        order = [p.id for p in photos if p.id != photo.id]
        order.insert(position, photo.id)
        await _renumber(session, principal, order)
    await editing.touched(session, principal, listing, "listing.photo_changed", {"photo": photo.id})
    return await _photo(session, principal, photo.id)


async def remove_photo(session: AsyncSession, principal: Principal, raw_id: str) -> ListingRecord:
    """Take a photo off its listing (the next becomes the cover); the listing then."""
    photo, listing = await _photo_to_change(session, principal, raw_id)
    await repository.delete_photo(session, principal.workspace_id, photo.id)
    photos = (await repository.photos_of(session, principal.workspace_id, [listing.id]))[listing.id]
    await _renumber(session, principal, [p.id for p in photos])
    return await editing.touched(
        session, principal, listing, "listing.photo_removed", {"photo": photo.id}
    )


async def _photo_to_change(
    session: AsyncSession, principal: Principal, raw_id: str
) -> tuple[PhotoRecord, ListingRecord]:
    photo_id = parse_id(raw_id, "Photo not found")
    photo = await repository.photo(session, principal.workspace_id, photo_id)
    if photo is None:
        principal.require(Permission.HOST)
        raise NotFound("Photo not found")
    listing = await editing.listing_to_change(session, principal, str(photo.listing_id), None)
    return photo, listing


async def _photo(session: AsyncSession, principal: Principal, photo_id: uuid.UUID) -> PhotoRecord:
    found = await repository.photo(session, principal.workspace_id, photo_id)
    assert found is not None
    return found


async def _check_room(session: AsyncSession, principal: Principal, listing: ListingRecord) -> None:
    if await repository.count_photos(session, principal.workspace_id, listing.id) >= MAX_PHOTOS:
        raise InvalidInput("listing_id", f"a listing has at most {MAX_PHOTOS} photos")


def _not_arrived() -> None:
    raise InvalidInput(
        "upload_id", "$upload_id has no photo yet: send the file to its uploadPath first"
    )


def _position(position: int | None, count: int) -> None:
    if position is None or not 0 <= position < count:
        raise InvalidInput("position", f"$position must be between 0 and {count - 1}")


async def _renumber(session: AsyncSession, principal: Principal, order: list[uuid.UUID]) -> None:
    """Positions 0, 1, … in `order` (at most MAX_PHOTOS rows)."""
    for position, photo_id in enumerate(order):
        await repository.set_photo(
            session, principal.workspace_id, photo_id, {"position": position}
        )
