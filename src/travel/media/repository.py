"""SQL of photos and uploads (docs/decisions/0091-photos.md)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.db.base import columns_for, utcnow
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId
from travel.media.models import ListingPhoto, PhotoUpload
from travel.media.records import PhotoRecord, UploadRecord

_PHOTO = columns_for(PhotoRecord, ListingPhoto)
_UPLOAD = columns_for(UploadRecord, PhotoUpload)


async def photos_of(
    session: Reads, workspace_id: WorkspaceId, listing_ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, list[PhotoRecord]]:
    """Each listing's photos, cover first."""
    stmt = (
        select(*_PHOTO)
        .where(ListingPhoto.workspace_id == workspace_id, ListingPhoto.listing_id.in_(listing_ids))
        .order_by(ListingPhoto.listing_id, ListingPhoto.position)
    )
    found: dict[uuid.UUID, list[PhotoRecord]] = {i: [] for i in listing_ids}
    for row in await session.execute(stmt):
        found[row.listing_id].append(PhotoRecord(*row))
    return found


async def photo(
    session: Reads, workspace_id: WorkspaceId, photo_id: uuid.UUID
) -> PhotoRecord | None:
    stmt = select(*_PHOTO).where(
        ListingPhoto.workspace_id == workspace_id, ListingPhoto.id == photo_id
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else PhotoRecord(*row)


async def upload(
    session: Reads, workspace_id: WorkspaceId, upload_id: uuid.UUID
) -> UploadRecord | None:
    stmt = select(*_UPLOAD).where(
        PhotoUpload.workspace_id == workspace_id, PhotoUpload.id == upload_id
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else UploadRecord(*row)


async def insert_upload(session: AsyncSession, values: Mapping[str, Any]) -> None:
    await session.execute(insert(PhotoUpload), {"created_at": utcnow(), **values})


async def fill_upload(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    upload_id: uuid.UUID,
    values: Mapping[str, Any],
) -> bool:
    """Record what arrived for an upload still waiting for its file; False if it was not."""
    stmt = (
        update(PhotoUpload)
        .where(
            PhotoUpload.workspace_id == workspace_id,
            PhotoUpload.id == upload_id,
            PhotoUpload.key.is_(None),
            PhotoUpload.expires_at > utcnow(),
        )
        .values(**values)
    )
    result: Any = await session.execute(stmt)
    return bool(result.rowcount == 1)


async def upload_sizes(
    session: AsyncSession, workspace_id: WorkspaceId, upload_id: uuid.UUID
) -> tuple[list[int], int, int] | None:
    stmt = select(PhotoUpload.widths, PhotoUpload.width, PhotoUpload.height).where(
        PhotoUpload.workspace_id == workspace_id, PhotoUpload.id == upload_id
    )
    row = (await session.execute(stmt)).first()
    if row is None or row[0] is None or row[1] is None or row[2] is None:
        return None
    return (row[0], row[1], row[2])


async def delete_upload(
    session: AsyncSession, workspace_id: WorkspaceId, upload_id: uuid.UUID
) -> None:
    await session.execute(
        delete(PhotoUpload).where(
            PhotoUpload.workspace_id == workspace_id, PhotoUpload.id == upload_id
        )
    )


async def count_photos(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> int:
    stmt = select(func.count()).where(
        ListingPhoto.workspace_id == workspace_id, ListingPhoto.listing_id == listing_id
    )
    return int((await session.execute(stmt)).scalar_one())


async def insert_photo(session: AsyncSession, values: Mapping[str, Any]) -> None:
    await session.execute(insert(ListingPhoto), {"created_at": utcnow(), **values})


async def set_photo(
    session: AsyncSession, workspace_id: WorkspaceId, photo_id: uuid.UUID, values: Mapping[str, Any]
) -> None:
    await session.execute(
        update(ListingPhoto)
        .where(ListingPhoto.workspace_id == workspace_id, ListingPhoto.id == photo_id)
        .values(**values)
    )


async def delete_photo(
    session: AsyncSession, workspace_id: WorkspaceId, photo_id: uuid.UUID
) -> None:
    await session.execute(
        delete(ListingPhoto).where(
            ListingPhoto.workspace_id == workspace_id, ListingPhoto.id == photo_id
        )
    )
