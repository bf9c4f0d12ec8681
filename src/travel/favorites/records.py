"""Plain read models of favorites."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class FavoriteRecord:
    id: uuid.UUID
    target_type: str
    target_id: uuid.UUID
    created_at: datetime
