"""The booking's write on PostgreSQL: one call of the function function.py generates."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings.records import BookableListing
from travel.bookings.write.attempt import Attempt, Outcome, Result
from travel.bookings.write.function import LISTING_COLUMNS, NAME
from travel.catalog.pricing import PriceRange
from travel.db.session import own_driver, workspace_setting
from travel.kernel.ids import WorkspaceId

_CALL = f"SELECT * FROM {NAME}($1, $2, $3, $4, $5)"


async def book(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """Every step in one statement, its own transaction (inside a savepoint: the request's)."""
    driver, _ = await own_driver(session)  # autocommit, or the request's transaction
    seen = rows = None
    if attempt is not None:
        seen = _json({c: getattr(attempt.seen, c) for c in LISTING_COLUMNS})
        rows = _json(
            {
                "booking": attempt.booking,
                "transition": attempt.change.transition,
                "audit": attempt.change.audit,
                "event": attempt.change.event,
            }
        )
    # Straight to the driver: this is the hottest statement of the service, and SQLAlchemy's
    # execution machinery cost more CPU than the call itself (decision 0027).
    # The function scopes its statement with the token the session's transactions use.
    scope = workspace_setting(session)
    row = await driver.fetchrow(_CALL, workspace_id, scope, listing_id, seen, rows)
    outcome = Outcome(row["outcome"])
    if outcome is Outcome.NOT_FOUND:
        return Result(outcome, None)
    listing = BookableListing(listing_id, **{c: row[c] for c in LISTING_COLUMNS})
    return Result(outcome, listing, _ranges(row["prices"]))


def _ranges(found: Any) -> tuple[PriceRange, ...]:
    """The function's `prices`: JSON [[starts_on, ends_on, price_minor], ...] or null (the
    driver decodes JSON itself where the engine registered a codec: travel.db.engine)."""
    seasons = orjson.loads(found) if isinstance(found, str | bytes) else found or []
    return tuple(
        PriceRange(date.fromisoformat(first), date.fromisoformat(last), int(price))
        for first, last, price in seasons
    )


def _json(value: Any) -> str:
    # `default=str`: ids may come from the driver as its own UUID type
    return orjson.dumps(value, default=str).decode()
