"""Photos through the public surface: an upload place from GraphQL, the file PUT to it, the
photo added with its alt text, served in a few widths with immutable caching — checked by
content, stripped of EXIF (GPS), bounded in bytes and pixels; who may do what
(docs/decisions/0091-photos.md)."""

from __future__ import annotations

import io
from typing import Any

import httpx
import pytest
from PIL import ExifTags, Image

from tests.factories import Tenant, api_listing, api_provider, count_rows, create_tenant
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")

CREATE_UPLOAD = (
    "mutation ($id: ID!) { createTravelPhotoUpload(listingId: $id) { id uploadPath expiresAt } }"
)
ADD = (
    "mutation ($input: AddTravelListingPhotoInput!) { addTravelListingPhoto(input: $input) "
    "{ id alt position width height url srcset sources { width url } } }"
)
UPDATE = (
    "mutation ($input: UpdateTravelListingPhotoInput!) "
    "{ updateTravelListingPhoto(input: $input) { id alt position } }"
)
REMOVE = "mutation ($id: ID!) { removeTravelListingPhoto(id: $id) { id } }"
PHOTOS = """query ($id: ID!) { travelProperty(id: $id) {
  photos { id alt position } coverPhoto { id } } }"""


def jpeg(width: int = 1600, height: int = 1200, *, gps: bool = False) -> bytes:
    """A photo as a phone takes it: JPEG, with a GPS position in its EXIF when asked."""
    image = Image.new("RGB", (width, height), (30, 120, 200))
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "PhoneMaker"
    if gps:
        exif[ExifTags.IFD.GPSInfo] = {
            ExifTags.GPS.GPSLatitudeRef: "N",
            ExifTags.GPS.GPSLatitude: (38.0, 42.0, 51.0),
            ExifTags.GPS.GPSLongitudeRef: "W",
            ExifTags.GPS.GPSLongitude: (9.0, 8.0, 10.0),
        }
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, exif=exif)
    return out.getvalue()


def png(width: int = 900, height: int = 600) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (width, height), (200, 50, 50, 128)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def stay(server: LiveServer, tenant: Tenant) -> str:
    return api_listing(
        server, tenant.keys["host"], "PROPERTY", api_provider(server, tenant.keys["host"])
    )


def upload(server: LiveServer, key: str, listing: str, content: bytes, **headers: str) -> Any:
    """A new upload place for the listing, and the answer to the file PUT to it."""
    place = data(server, key, CREATE_UPLOAD, {"id": listing})["createTravelPhotoUpload"]
    sent = httpx.put(server.url + place["uploadPath"], content=content, headers=headers, timeout=60)
    return place, sent


def add_photo(
    server: LiveServer, key: str, listing: str, content: bytes, alt: str, **more: Any
) -> Any:
    place, sent = upload(server, key, listing, content)
    assert sent.status_code == 201, sent.text
    return post(server, key, ADD, {"input": {"uploadId": place["id"], "alt": alt, **more}})


def test_a_phone_photo_is_stored_in_widths_without_its_gps_position(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    photo = add_photo(server, host, stay, jpeg(4000, 3000, gps=True), "The terrace at dusk")
    added = photo.json()["data"]["addTravelListingPhoto"]
    assert (added["alt"], added["position"], added["width"], added["height"]) == (
        "The terrace at dusk",
        0,
        1280,
        960,
    )
    assert [s["width"] for s in added["sources"]] == [320, 640, 1280]
    assert added["srcset"] == ", ".join(f"{s['url']} {s['width']}w" for s in added["sources"])
    for source in added["sources"]:
        served = httpx.get(server.url + source["url"])
        assert served.status_code == 200
        assert served.headers["content-type"] == "image/webp"
        assert "immutable" in served.headers["cache-control"]
        image = Image.open(io.BytesIO(served.content))
        assert (image.format, image.width) == ("WEBP", source["width"])
        assert not image.getexif(), "no EXIF survives, so no GPS position"
        assert "xmp" not in image.info
        assert "exif" not in image.info
    seen = data(server, tenant.keys["traveler"], PHOTOS, {"id": stay})["travelProperty"]
    assert seen["coverPhoto"] == {"id": added["id"]}


def test_the_type_is_read_from_the_content_not_the_name(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    # A PNG sent as "terrace.jpg" with a JPEG content type: it is a PNG, and a photo.
    renamed = add_photo(
        server,
        host,
        stay,
        png(),
        "A red square",
    )
    assert renamed.json()["data"]["addTravelListingPhoto"]["width"] == 640
    # Text named like a photo is refused, and its upload place is not spent.
    place, sent = upload(
        server, host, stay, b"not a photo at all " * 100, **{"content-type": "image/jpeg"}
    )
    assert sent.status_code == 400
    assert sent.json()["errors"][0]["extensions"]["code"] == "VALIDATION_ERROR"
    assert "not a JPEG, PNG or WebP" in sent.json()["errors"][0]["message"]
    early = post(server, host, ADD, {"input": {"uploadId": place["id"], "alt": "x"}})
    assert early.json()["errors"][0]["extensions"]["field"] == "input.uploadId"


def test_a_50_megapixel_photo_is_taken_and_a_decompression_bomb_is_not(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    big = add_photo(server, host, stay, jpeg(8160, 6120), "Fifty megapixels of sea")
    assert big.json()["data"]["addTravelListingPhoto"]["width"] == 1280
    # 20,000 x 20,000 pixels in a few hundred kilobytes: refused before it is decoded.
    bomb = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(bomb, "PNG")
    _, sent = upload(server, host, stay, bomb.getvalue())
    assert sent.status_code == 400
    assert "too many pixels" in sent.json()["errors"][0]["message"]
    # Over the byte limit: refused without reading it all.
    limit = server.services.settings.upload_max_bytes
    _, too_big = upload(server, host, stay, b"\xff" * (limit + 1))
    assert too_big.status_code == 413


def test_an_upload_place_takes_one_file(server: LiveServer, tenant: Tenant, stay: str) -> None:
    host = tenant.keys["host"]
    place, first = upload(server, host, stay, jpeg())
    assert first.status_code == 201
    again = httpx.put(server.url + place["uploadPath"], content=jpeg(), timeout=60)
    assert again.status_code == 409
    made_up = place["uploadPath"].rsplit("/", 1)[0] + "/00000000-0000-4000-8000-000000000000"
    assert httpx.put(server.url + made_up, content=jpeg(), timeout=60).status_code == 404
    traversal = f"/media/{tenant.id}/..%2F..%2Fetc%2Fpasswd"
    assert httpx.get(server.url + traversal).status_code == 404


def test_alt_text_is_required_and_photos_can_be_ordered_and_removed(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    place, _ = upload(server, host, stay, jpeg())
    blank = post(server, host, ADD, {"input": {"uploadId": place["id"], "alt": "  "}})
    assert blank.json()["errors"][0]["extensions"]["field"] == "input.alt"
    first = post(server, host, ADD, {"input": {"uploadId": place["id"], "alt": "Bedroom"}})
    first_id = first.json()["data"]["addTravelListingPhoto"]["id"]
    cover = add_photo(server, host, stay, jpeg(), "The view", cover=True).json()
    cover_id = cover["data"]["addTravelListingPhoto"]["id"]
    third = add_photo(server, host, stay, png(), "Kitchen").json()
    third_id = third["data"]["addTravelListingPhoto"]["id"]
    listed = data(server, host, PHOTOS, {"id": stay})["travelProperty"]
    assert [p["alt"] for p in listed["photos"]] == ["The view", "Bedroom", "Kitchen"]
    data(server, host, UPDATE, {"input": {"id": third_id, "position": 0, "alt": "Kitchen, sunny"}})
    data(server, host, REMOVE, {"id": cover_id})
    listed = data(server, host, PHOTOS, {"id": stay})["travelProperty"]
    assert [(p["alt"], p["position"]) for p in listed["photos"]] == [
        ("Kitchen, sunny", 0),
        ("Bedroom", 1),
    ]
    assert listed["coverPhoto"] == {"id": third_id}
    del first_id
    bad = post(server, host, UPDATE, {"input": {"id": third_id, "position": 5}})
    assert bad.json()["errors"][0]["extensions"]["field"] == "input.position"


@pytest.mark.parametrize("who", ["traveler", "host2"])
def test_only_the_owner_or_an_admin_manages_photos(
    server: LiveServer, tenant: Tenant, stay: str, who: str
) -> None:
    host = tenant.keys["host"]
    photo = add_photo(server, host, stay, jpeg(), "Mine").json()["data"]["addTravelListingPhoto"]
    place = data(server, host, CREATE_UPLOAD, {"id": stay})["createTravelPhotoUpload"]
    httpx.put(server.url + place["uploadPath"], content=jpeg(), timeout=60)
    before = data(server, host, PHOTOS, {"id": stay})
    key = tenant.keys[who]
    assert error_codes(post(server, key, CREATE_UPLOAD, {"id": stay})) == ["FORBIDDEN"]
    adding = post(server, key, ADD, {"input": {"uploadId": place["id"], "alt": "Theirs"}})
    assert error_codes(adding) == ["FORBIDDEN"]
    changing = post(server, key, UPDATE, {"input": {"id": photo["id"], "alt": "Theirs"}})
    assert error_codes(changing) == ["FORBIDDEN"]
    assert error_codes(post(server, key, REMOVE, {"id": photo["id"]})) == ["FORBIDDEN"]
    assert data(server, host, PHOTOS, {"id": stay}) == before
    by_admin = post(
        server, tenant.keys["admin"], UPDATE, {"input": {"id": photo["id"], "alt": "Ours"}}
    )
    assert by_admin.json()["data"]["updateTravelListingPhoto"]["alt"] == "Ours"


def test_another_workspace_sees_and_touches_no_photo(
    server: LiveServer, tenant: Tenant, stay: str
) -> None:
    host = tenant.keys["host"]
    photo = add_photo(server, host, stay, jpeg(), "Mine").json()["data"]["addTravelListingPhoto"]
    place = data(server, host, CREATE_UPLOAD, {"id": stay})["createTravelPhotoUpload"]
    rows = count_rows(server, "listing_photos", tenant.workspace)
    other = create_tenant(server, plan="enterprise")
    for who in ("host", "admin"):
        key = other.keys[who]
        assert error_codes(post(server, key, CREATE_UPLOAD, {"id": stay})) == ["NOT_FOUND"]
        adding = post(server, key, ADD, {"input": {"uploadId": place["id"], "alt": "Theirs"}})
        assert error_codes(adding) == ["NOT_FOUND"]
        assert error_codes(post(server, key, REMOVE, {"id": photo["id"]})) == ["NOT_FOUND"]
    # Its upload path under another workspace's id finds nothing.
    elsewhere = place["uploadPath"].replace(tenant.id, other.id)
    assert httpx.put(server.url + elsewhere, content=jpeg(), timeout=60).status_code == 404
    assert count_rows(server, "listing_photos", tenant.workspace) == rows
    assert photo["url"].startswith(f"/media/{tenant.id}/")
