"""Plain read models of favorites.

Made per row and never changed, but not frozen: building a frozen one costs ten times as much
(travel/catalog/records.py).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime


@dataclass(slots=True)
class FavoriteRecord:
    id: uuid.UUID
    target_type: str
    target_id: uuid.UUID
    created_at: datetime
