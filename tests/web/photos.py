"""Photos and calendar prices the browser tests set up through the API, as a host's own app
would: an upload place, the file PUT to it on the web app's origin, the photo added."""

from __future__ import annotations

import io
from typing import Any

import httpx
from PIL import ExifTags, Image

from tests.web.api import api
from tests.web.conftest import WebApp

CREATE_UPLOAD = "mutation ($id: ID!) { createTravelPhotoUpload(listingId: $id) { id uploadPath } }"
ADD_PHOTO = (
    "mutation ($i: AddTravelListingPhotoInput!) { addTravelListingPhoto(input: $i) "
    "{ id alt position url srcset } }"
)
SET_PRICE = (
    "mutation ($i: SetTravelSeasonalPriceInput!) { setTravelSeasonalPrice(input: $i) { id } }"
)


def jpeg(
    width: int = 1600, height: int = 1200, colour: tuple[int, int, int] = (30, 120, 200)
) -> bytes:
    """A photo as a phone takes it: a JPEG with the place it was taken in its EXIF (GPS)."""
    image = Image.new("RGB", (width, height), colour)
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "PhoneMaker"
    exif[ExifTags.IFD.GPSInfo] = {
        ExifTags.GPS.GPSLatitudeRef: "N",
        ExifTags.GPS.GPSLatitude: (38.0, 42.0, 51.0),
        ExifTags.GPS.GPSLongitudeRef: "W",
        ExifTags.GPS.GPSLongitude: (9.0, 8.0, 10.0),
    }
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, exif=exif)
    return out.getvalue()


def add_photo(web: WebApp, listing_id: str, alt: str, content: bytes) -> dict[str, Any]:
    """A photo of the demo host's listing (the cover when it is the first)."""
    place = api(web, web.keys["host"], CREATE_UPLOAD, {"id": listing_id})
    path = place["createTravelPhotoUpload"]["uploadPath"]
    sent = httpx.put(web.url + path, content=content, timeout=60)
    assert sent.status_code == 201, sent.text
    upload_id = place["createTravelPhotoUpload"]["id"]
    added = api(web, web.keys["host"], ADD_PHOTO, {"i": {"uploadId": upload_id, "alt": alt}})
    photo: dict[str, Any] = added["addTravelListingPhoto"]
    return photo


def set_seasonal_price(
    web: WebApp, listing_id: str, starts_on: str, ends_on: str, price: str
) -> None:
    fields = {"listingId": listing_id, "startsOn": starts_on, "endsOn": ends_on, "price": price}
    api(web, web.keys["host"], SET_PRICE, {"i": fields})
