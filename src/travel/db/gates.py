"""The write gates of workspaces moving between databases (revision 0013, travel.db.moves), as
the statements that cross workspaces see them: a gated workspace's rows are not this
database's to work on (its deliveries are the target's to send)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, column, exists, table
from sqlalchemy.orm import InstrumentedAttribute

GATES = table("workspace_gates", column("workspace_id"), schema="travel_private")


def not_gated(workspace: InstrumentedAttribute[Any]) -> ColumnElement[bool]:
    """True for the rows of a workspace with no gate in this database (PostgreSQL only: the
    gates live in the system role's schema `travel_private`)."""
    return ~exists().where(GATES.c.workspace_id == workspace)
