"""Plain read models of the catalog (what resolvers serialise)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ProviderRecord:
    id: uuid.UUID
    name: str
    type: str
    rating: float | None
    owner_member_id: uuid.UUID
