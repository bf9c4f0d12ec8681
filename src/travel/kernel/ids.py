"""Typed ids, and reading an id sent by a caller."""

from __future__ import annotations

import uuid
from typing import NewType

from travel.errors import NotFound

# Only authentication (and trusted operator tooling) mints these: every repository function
# takes one, so a query that forgets the tenant does not type-check.
WorkspaceId = NewType("WorkspaceId", uuid.UUID)
MemberId = NewType("MemberId", uuid.UUID)


def try_parse_id(raw: object) -> uuid.UUID | None:
    """The UUID of an id sent by a caller, None when it cannot be one."""
    if isinstance(raw, uuid.UUID):
        return raw
    try:
        return uuid.UUID(str(raw))
    except (ValueError, AttributeError, TypeError):
        return None


def parse_id(raw: object, not_found: str) -> uuid.UUID:
    """The UUID of an id sent by a caller. One that cannot exist is simply not found (NOT_FOUND
    with the message `not_found`), so an id's form reveals nothing."""
    parsed = try_parse_id(raw)
    if parsed is None:
        raise NotFound(not_found)
    return parsed
