"""Which database errors are an outage (503) rather than a fault (500):
docs/decisions/0080-database-outages-answer-503.md."""

from __future__ import annotations

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import exc as sa_exc

from travel.db.outage import unreachable


def _wrapped(error: Exception) -> sa_exc.DBAPIError:
    """As SQLAlchemy's asyncpg dialect raises it: the driver's error as `orig` and cause."""
    try:
        raise sa_exc.DBAPIError("INSERT …", None, error) from error
    except sa_exc.DBAPIError as wrapped:
        return wrapped


def test_a_write_refused_by_a_standby_is_an_outage() -> None:
    # During a failover the primary's address may reach a server still in recovery
    # (scripts/failover-drill.sh --mode postmaster answered this 500 before).
    refused = asyncpg.exceptions.ReadOnlySQLTransactionError(
        "cannot execute INSERT in a read-only transaction"
    )
    assert unreachable(refused)
    assert unreachable(_wrapped(refused))


def test_a_constraint_violation_stays_a_fault() -> None:
    duplicate = asyncpg.exceptions.UniqueViolationError("duplicate key value")
    assert not unreachable(duplicate)
    assert not unreachable(_wrapped(duplicate))
