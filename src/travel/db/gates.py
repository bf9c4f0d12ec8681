"""The write gates of workspaces moving between databases (revision 0013, travel.db.moves), as
the statements that cross workspaces see them: a gated workspace's rows are not this
database's to work on (its deliveries are the target's to send, its expired rows the target's
to purge)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, column, exists, func, or_, table
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

GATES = table(
    "workspace_gates",
    column("workspace_id"),
    column("state"),
    column("until"),
    schema="travel_private",
)


def not_gated(workspace: InstrumentedAttribute[Any]) -> ColumnElement[bool]:
    """True for the rows of a workspace whose gate in this database is open: no gate, or a
    freeze whose time is up, as travel_write_gate() decides (PostgreSQL only: the gates live
    in the system role's schema `travel_private`)."""
    return ~exists().where(
        GATES.c.workspace_id == workspace,
        or_(GATES.c.state == "closed", GATES.c.until > func.clock_timestamp()),
    )


def open_only(session: AsyncSession, stmt: Any, workspace: InstrumentedAttribute[Any]) -> Any:
    """`stmt` (a select, update or delete) limited to open workspaces on PostgreSQL; SQLite has
    no gates (nothing moves out of one file)."""
    if session.get_bind().dialect.name != "postgresql":
        return stmt
    return stmt.where(not_gated(workspace))
