"""The demo catalog's photos: every listing gets a cover, an illustration of its kind and city
(illustrations.py), made once per kind, city and mode, through the same pipeline as a host's
upload (travel.media.images) and stored where the service keeps photos."""

from __future__ import annotations

import asyncio
import secrets
import uuid

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.models import Listing
from travel.demo.illustrations import alt_text, illustration
from travel.kernel.ids import WorkspaceId
from travel.media import repository
from travel.media.images import process
from travel.media.storage import Storage

_Drawing = tuple[str, str, str | None]  # kind, city, mode


async def seed_photos(session: AsyncSession, workspace_id: WorkspaceId, storage: Storage) -> None:
    """A cover photo for each listing of the workspace."""
    stmt = select(Listing.id, Listing.kind, Listing.location, Listing.mode).where(
        Listing.workspace_id == workspace_id
    )
    listings = [(row[0], (row[1], _city(row[2]), row[3])) for row in await session.execute(stmt)]
    stored: dict[_Drawing, tuple[str, list[int], int, int]] = {}
    for drawing in dict.fromkeys(d for _, d in listings):
        stored[drawing] = await _store(workspace_id, storage, drawing)
    for listing_id, drawing in listings:
        key, widths, width, height = stored[drawing]
        await repository.insert_photo(
            session,
            {
                "workspace_id": workspace_id,
                "id": uuid.uuid4(),
                "listing_id": listing_id,
                "position": 0,
                "alt": alt_text(*drawing),
                "key": key,
                "widths": widths,
                "width": width,
                "height": height,
            },
        )


def _city(location: str) -> str:
    """The city a listing's location starts with (a trip's: where it departs)."""
    return location.split(",")[0].split(" → ")[0].strip()


async def _store(
    workspace_id: WorkspaceId, storage: Storage, drawing: _Drawing
) -> tuple[str, list[int], int, int]:
    processed = await asyncio.to_thread(process, illustration(*drawing), max_pixels=2_000_000)
    key = f"{workspace_id}/{secrets.token_hex(16)}-{processed.digest[:16]}"
    for width, variant in processed.variants.items():
        await storage.put(f"{key}-{width}.webp", variant)
    return key, sorted(processed.variants), processed.width, processed.height
