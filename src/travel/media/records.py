"""Plain read models of photos (what resolvers serialise)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

MEDIA_PATH = "/media/"  # where the service serves stored photos (travel.media.http)
UPLOAD_PATH = "/workspaces/uploads/"  # where a photo is sent: <workspace id>/<upload id>


def media_url(key: str, width: int) -> str:
    """The path a photo variant is served at (relative to the service's origin)."""
    return f"{MEDIA_PATH}{key}-{width}.webp"


@dataclass(slots=True)
class PhotoRecord:
    id: uuid.UUID
    listing_id: uuid.UUID
    position: int
    alt: str
    key: str
    widths: list[int]
    width: int
    height: int

    @property
    def url(self) -> str:
        """The largest variant."""
        return media_url(self.key, max(self.widths))

    @property
    def srcset(self) -> str:
        """`<url> <width>w, …` for an <img srcset>."""
        return ", ".join(f"{media_url(self.key, w)} {w}w" for w in sorted(self.widths))

    @property
    def sources(self) -> list[PhotoSource]:
        return [PhotoSource(w, media_url(self.key, w)) for w in sorted(self.widths)]


@dataclass(frozen=True, slots=True)
class PhotoSource:
    width: int
    url: str


@dataclass(slots=True)
class UploadRecord:
    id: uuid.UUID
    workspace_id: uuid.UUID
    listing_id: uuid.UUID
    expires_at: datetime
    key: str | None

    @property
    def upload_path(self) -> str:
        return f"{UPLOAD_PATH}{self.workspace_id}/{self.id}"
