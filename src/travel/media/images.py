"""What an uploaded photo becomes: checked by its content (JPEG, PNG or WebP, whatever its name
says), bounded in bytes and pixels before it is decoded, turned upright, stripped of every
piece of metadata (EXIF with its GPS position, XMP, ICC comments), and encoded once as WebP in
a few widths — with Pillow, never a codec of ours (docs/decisions/0091-photos.md)."""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from travel.errors import ValidationError

FORMATS = frozenset({"JPEG", "PNG", "WEBP"})
WIDTHS = (320, 640, 1280)  # what `srcset` offers: a phone's card, a desktop's card, a gallery
QUALITY = 80


class Refused(ValidationError):
    """An upload that is not a photo we take; the message says why, for a person."""


@dataclass(frozen=True, slots=True)
class Processed:
    """A photo ready to store: its variants by width (WebP bytes), its size as shown (the
    largest variant's), and a digest of its pixels' encoding (for content-addressed names)."""

    variants: dict[int, bytes]
    width: int
    height: int
    digest: str


def process(data: bytes, *, max_pixels: int) -> Processed:
    """The variants of an uploaded photo, or Refused. CPU-bound: call it off the event loop."""
    image = _opened(data, max_pixels)
    try:
        image = ImageOps.exif_transpose(image)  # upright as the camera held it
    except Exception:  # a broken orientation tag is no reason to refuse a photo
        image = image.copy()
    image = image.convert("RGBA" if _has_alpha(image) else "RGB")  # drops palette and profile
    variants = {width: _encoded(image, width) for width in _widths(image.width)}
    largest = max(variants)
    height = round(image.height * largest / image.width)
    digest = hashlib.sha256(variants[largest]).hexdigest()
    return Processed(variants, largest, height, digest)


def _opened(data: bytes, max_pixels: int) -> Image.Image:
    """The image of `data` by its content, its size checked before its pixels are decoded (a
    small file can declare a huge image: a decompression bomb)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=sorted(FORMATS))
            if image.width * image.height > max_pixels:
                raise Refused(
                    f"The photo has {image.width} x {image.height} pixels: at most "
                    f"{max_pixels // 1_000_000} million are taken"
                )
            if image.format == "JPEG":  # decoded at the smallest scale still wide enough
                scale = max(WIDTHS) / image.width
                image.draft("RGB", (round(image.width * scale), round(image.height * scale)))
            image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused(
            f"The photo has too many pixels: at most {max_pixels // 1_000_000} million are taken"
        ) from None
    except UnidentifiedImageError:
        raise Refused("The file is not a JPEG, PNG or WebP photo") from None
    except (OSError, SyntaxError, ValueError):
        raise Refused("The photo could not be read: it may be damaged or cut short") from None
    if image.format not in FORMATS:
        raise Refused("The file is not a JPEG, PNG or WebP photo")
    return image


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


def _widths(width: int) -> list[int]:
    """The widths to make: each of WIDTHS the photo reaches (never enlarged), or its own width
    when it is narrower than the smallest."""
    return [w for w in WIDTHS if w <= width] or [width]


def _encoded(image: Image.Image, width: int) -> bytes:
    if width != image.width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    # No exif=, icc_profile= or xmp=: nothing of the upload's metadata is written.
    image.save(out, "WEBP", quality=QUALITY, method=4)
    return out.getvalue()
