"""Telling a database outage from a fault: a stopped, restarting or saturated database is the
caller's to retry (503 SERVICE_UNAVAILABLE), anything else stays a masked 500
(docs/decisions/0080-database-outages-answer-503.md).

The errors arrive in several shapes: raw from asyncpg on the compiled read path (decision 0071),
wrapped by SQLAlchemy (`DBAPIError.orig`) elsewhere, or as the socket's own `OSError` when a
connection cannot even be opened; so the whole chain of causes is examined.
"""

from __future__ import annotations

import sqlite3

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import exc as sa_exc

# SQLSTATE classes and codes of an unreachable server: 08 connection exception; 57P01-57P03
# admin/crash shutdown and "cannot connect now" (starting up, shutting down, recovering);
# 53300 too many connections; 25006 a write refused by a server in recovery — the primary's
# address reached a standby during a failover (the old primary restarting before promotion,
# scripts/failover-drill.sh --mode postmaster): nothing was written, and a retry reaches the
# new primary.
_UNAVAILABLE_STATES = ("08", "57P01", "57P02", "57P03", "53300", "25006")


def unreachable(error: BaseException) -> bool:
    """Whether `error` (or one of its causes) says the database cannot be used right now."""
    seen: set[int] = set()
    pending: list[BaseException] = [error]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if _says_unreachable(current):
            return True
        if isinstance(current, sa_exc.DBAPIError) and current.connection_invalidated:
            return True
        orig = getattr(current, "orig", None)  # SQLAlchemy's wrapper of the driver's error
        for cause in (orig, current.__cause__, current.__context__):
            if isinstance(cause, BaseException):
                pending.append(cause)
    return False


def _says_unreachable(error: BaseException) -> bool:
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
