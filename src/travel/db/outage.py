"""Telling a database outage from a fault: a stopped, restarting or saturated database is the
caller's to retry (503 SERVICE_UNAVAILABLE), anything else stays a masked 500
(docs/decisions/0080-database-outages-answer-503.md).

The errors arrive in several shapes: raw from asyncpg on the compiled read path (decision 0071),
wrapped by SQLAlchemy (`DBAPIError.orig`) elsewhere, or as the socket's own `OSError` when a
connection cannot even be opened; so the whole chain of causes is examined.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import exc as sa_exc

# SQLSTATE classes and codes of an unreachable server: 08 connection exception; 57P01-57P03
# admin/crash shutdown and "cannot connect now" (starting up, shutting down, recovering);
# 53300 too many connections; 25006 a write refused by a server in recovery — the primary's
# address reached a standby during a failover (the old primary restarting before promotion,
# scripts/failover-drill.sh --mode postmaster): nothing was written, and a retry reaches the
# new primary. TRMOV: the workspace's write gate, closed while it moves to another database
# (revision 0013, travel.db.moves): nothing was written, and writes resume within seconds.
MOVING = "TRMOV"
_UNAVAILABLE_STATES = ("08", "57P01", "57P02", "57P03", "53300", "25006", MOVING)


def unreachable(error: BaseException) -> bool:
    """Whether `error` (or one of its causes) says the database cannot be used right now."""
    return any(_says_unreachable(e) for e in _chain(error))


def moving(error: BaseException) -> bool:
    """Whether `error` is a write refused because its workspace is moving (revision 0013)."""
    return any(
        isinstance(e, asyncpg.PostgresError) and getattr(e, "sqlstate", None) == MOVING
        for e in _chain(error)
    )


def _chain(error: BaseException) -> Iterator[BaseException]:
    """`error` and its causes (SQLAlchemy's wrapped driver error, `__cause__`, `__context__`)."""
    seen: set[int] = set()
    pending: list[BaseException] = [error]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        orig = getattr(current, "orig", None)  # SQLAlchemy's wrapper of the driver's error
        for cause in (orig, current.__cause__, current.__context__):
            if isinstance(cause, BaseException):
                pending.append(cause)


def _says_unreachable(error: BaseException) -> bool:
    if isinstance(error, sa_exc.DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, sa_exc.TimeoutError):  # no pooled connection came free in time
        return True
    if isinstance(error, OSError):  # refused, reset, unresolvable: no connection at all
        return True
    if isinstance(error, asyncpg.PostgresError):
        state = getattr(error, "sqlstate", None) or ""
        return state.startswith(_UNAVAILABLE_STATES)
    if isinstance(error, asyncpg.InterfaceError):  # the server closed the connection under us
        return "connection is closed" in str(error) or "connection was closed" in str(error)
    if isinstance(error, sqlite3.OperationalError):  # the writer stayed busy past busy_timeout
        return "database is locked" in str(error)
    return False
