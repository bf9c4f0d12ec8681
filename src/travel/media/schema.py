"""The photos' part of the schema: every listing's `photos` and `coverPhoto`, and the host's
mutations (docs/decisions/0091-photos.md)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence

from travel.catalog.records import ListingRecord
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info, RequestContext
from travel.graphql.dataloader import DataLoader
from travel.graphql.inputs import ErrorPaths
from travel.kernel.kinds import KINDS
from travel.media import repository, service
from travel.media.records import PhotoRecord, UploadRecord
from travel.media.service import MAX_PHOTOS, PhotoInput, PhotoUpdate

_PHOTOS = """  "Its photos, cover first (at most 20), each with alt text and widths for srcset."
  photos: [TravelPhoto!]!
  "The first photo, shown on cards; null until the host adds one."
  coverPhoto: TravelPhoto
"""

TYPE_DEFS = '''
"""A photo of a listing, stored once in a few widths (WebP, metadata stripped)."""
type TravelPhoto {
  "The photo's id (a UUID)."
  id: ID!
  "What it shows, for those who cannot see it (1 to 300 characters)."
  alt: String!
  "Its place among the listing's photos: 0 is the cover."
  position: Int!
  "The largest variant's width in pixels."
  width: Int!
  "The largest variant's height in pixels."
  height: Int!
  "The largest variant, relative to the service's origin; its name changes with its content."
  url: String!
  "Every variant as an <img srcset> value: `<url> <width>w, …`."
  srcset: String!
  "Every variant, narrowest first."
  sources: [TravelPhotoSource!]!
}

"""One width of a photo."""
type TravelPhotoSource {
  "Its width in pixels."
  width: Int!
  "Where it is served (relative to the service's origin), cached for a year (immutable)."
  url: String!
}

"""Where to send one photo of a listing, for an hour."""
type TravelPhotoUpload {
  "The upload's id: give it to addTravelListingPhoto once the file is sent."
  id: ID!
  """
  PUT the file's bytes here (relative to the service's origin; no credential: the path is the
  permission). JPEG, PNG or WebP by content, up to 25 MB and 64 megapixels by default; 201 when
  taken, 400 VALIDATION_ERROR when not a photo, 413 when too large.
  """
  uploadPath: String!
  "When the upload place closes."
  expiresAt: DateTime!
}

"""A photo that was uploaded, to add to its listing."""
input AddTravelListingPhotoInput {
  "The upload it was sent to (TravelPhotoUpload.id)."
  uploadId: ID!
  "What it shows, for those who cannot see it: 1 to 300 characters, required."
  alt: String!
  "true: the new cover (first photo); otherwise it goes last."
  cover: Boolean = false
}

"""Changes to a photo: only the fields given change."""
input UpdateTravelListingPhotoInput {
  "The photo's id."
  id: ID!
  "A new description, 1 to 300 characters."
  alt: String
  "A new place among the listing's photos, 0 (the cover) to their number - 1."
  position: Int
}

extend type Mutation {
  """
  A place to upload one photo of a listing (any kind) under a provider the caller owns
  (admins: any), for an hour. Needs travel:host; another member's listing is FORBIDDEN.
  """
  createTravelPhotoUpload(
    "The listing the photo is for."
    listingId: ID!
  ): TravelPhotoUpload
  """
  Add an uploaded photo to its listing with its alt text (last, or as the cover); at most 20
  per listing. VALIDATION_ERROR if no file arrived at the upload yet.
  """
  addTravelListingPhoto(
    "The upload and the photo's alt text."
    input: AddTravelListingPhotoInput!
  ): TravelPhoto
  "Change a photo's alt text or its place (0: the cover). Needs travel:host (the owner)."
  updateTravelListingPhoto(
    "The photo and what to change."
    input: UpdateTravelListingPhotoInput!
  ): TravelPhoto
  "Take a photo off its listing (the next one becomes the cover); the listing then."
  removeTravelListingPhoto(
    "The photo's id."
    id: ID!
  ): TravelListing
}
''' + "".join(
    f"extend {what} {name} {{\n{_PHOTOS}}}\n"
    for what, name in (
        ("interface", "TravelListing"),
        *(("type", kind.type_name) for kind in KINDS),
    )
)

INPUT = ErrorPaths("input")
mutation = ObjectBinding("Mutation")


class PhotosByListingLoader(DataLoader[uuid.UUID, list[PhotoRecord]]):
    """The photos of a page of listings: one query."""

    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[PhotoRecord]]:
            session = await ctx.session()
            return await repository.photos_of(session, ctx.workspace_id, ids)

        super().__init__(batch)


@mutation.field("createTravelPhotoUpload")
async def resolve_create_upload(_: None, info: Info, listingId: str) -> UploadRecord:
    return await service.create_upload(info.context.writes(), info.context.principal, listingId)


@mutation.field("addTravelListingPhoto")
async def resolve_add_photo(_: None, info: Info, input: PhotoInput) -> PhotoRecord:
    with INPUT:
        return await service.add_photo(info.context.writes(), info.context.principal, input)


@mutation.field("updateTravelListingPhoto")
async def resolve_update_photo(_: None, info: Info, input: PhotoUpdate) -> PhotoRecord:
    with INPUT:
        return await service.update_photo(info.context.writes(), info.context.principal, input)


@mutation.field("removeTravelListingPhoto")
async def resolve_remove_photo(_: None, info: Info, id: str) -> ListingRecord:
    return await service.remove_photo(info.context.writes(), info.context.principal, id)


def _photos(listing: ListingRecord, info: Info) -> asyncio.Future[list[PhotoRecord] | None]:
    return info.context.loader(PhotosByListingLoader).load(listing.id)


async def _cover(listing: ListingRecord, info: Info) -> PhotoRecord | None:
    photos = await info.context.loader(PhotosByListingLoader).load(listing.id)
    return photos[0] if photos else None


def _listing_fields() -> list[ObjectBinding]:
    bindings = []
    for kind in KINDS:
        binding = ObjectBinding(kind.type_name)
        binding.field("photos")(_photos)
        binding.field("coverPhoto")(_cover)
        bindings.append(binding)
    return bindings


MODULE = SchemaModule(
    TYPE_DEFS,
    objects=[mutation, *_listing_fields()],
    inputs={
        "AddTravelListingPhotoInput": PhotoInput,
        "UpdateTravelListingPhotoInput": PhotoUpdate,
    },
)

__all__ = ["MAX_PHOTOS", "MODULE"]
