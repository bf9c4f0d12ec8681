"""Every tenant table's keys and indexes lead with `workspace_id`, in the migrated schema of the
database the suite runs on (SQLite or PostgreSQL): what distributing the tables by workspace
on a Citus-style engine needs (docs/scaling.md, "Distributing by workspace"), and what keeps
each workspace's rows together in every index today."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import create_async_engine

from tests.support.databases import scoped_by_workspace, system_url_of
from travel.db.base import TENANT_TABLES
from travel.db.engine import async_url

# Indexes that serve a statement across every workspace, on purpose: with `workspace_id` first
# they could not serve it. docs/scaling.md says how each would run on a distributed database.
ACROSS_WORKSPACES = {
    "ix_webhook_deliveries_status_next_attempt_at": "the dispatcher's scan of due deliveries",
}
ROOT = "workspaces"  # the tenant root: its `id` is every other table's `workspace_id`
GLOBAL = {ROOT, "alembic_version"}  # tables of no one workspace
# SQLite's full-text index of listings, its shadow tables and the record of what folded its
# words (docs/decisions/0088-discovery.md, 0112): keyed by the listing's rowid, SQLite's alone.
FULL_TEXT = "listings_fts"


def _schema(conn: Connection) -> dict[str, Any]:
    inspector = inspect(conn)
    tables = {}
    for table in inspector.get_table_names():
        tables[table] = {
            "columns": [c["name"] for c in inspector.get_columns(table)],
            "pk": inspector.get_pk_constraint(table)["constrained_columns"],
            "unique": [u["column_names"] for u in inspector.get_unique_constraints(table)],
            "foreign": inspector.get_foreign_keys(table),
            "indexes": inspector.get_indexes(table),
        }
    return tables


@pytest.fixture(scope="module")
def schema(server: object, database_url: str) -> dict[str, Any]:
    """The migrated schema as the database reports it (`server` migrated it)."""

    async def read() -> dict[str, Any]:
        engine = create_async_engine(async_url(system_url_of(database_url) or database_url))
        try:
            async with engine.connect() as conn:
                return await conn.run_sync(_schema)
        finally:
            await engine.dispose()

    return asyncio.run(read())


def test_every_table_with_a_workspace_is_a_tenant_table(schema: dict[str, Any]) -> None:
    with_workspace = {t for t, s in schema.items() if "workspace_id" in s["columns"]}
    assert with_workspace == set(TENANT_TABLES)
    others = {t for t in set(schema) - with_workspace if not t.startswith(FULL_TEXT)}
    assert others == GLOBAL


@pytest.mark.parametrize("table", TENANT_TABLES)
def test_keys_and_indexes_lead_with_the_workspace(schema: dict[str, Any], table: str) -> None:
    found = schema[table]
    wrong = []
    if found["pk"][:1] != ["workspace_id"]:
        wrong.append(f"primary key {found['pk']}")
    wrong += [f"unique {u}" for u in found["unique"] if u[:1] != ["workspace_id"]]
    for key in found["foreign"]:
        # Within the workspace: its own column first, and the referred table's workspace (the
        # root's is its id), so that both rows live on one shard.
        referred = "id" if key["referred_table"] == ROOT else "workspace_id"
        if key["constrained_columns"][:1] != ["workspace_id"] or key["referred_columns"][:1] != [
            referred
        ]:
            wrong.append(
                f"foreign key {key['constrained_columns']} -> "
                f"{key['referred_table']}{key['referred_columns']}"
            )
    for index in found["indexes"]:
        if (
            index["column_names"][:1] != ["workspace_id"]
            and not scoped_by_workspace(index)
            and index["name"] not in ACROSS_WORKSPACES
        ):
            wrong.append(f"index {index['name']} {index['column_names']}")
    assert wrong == [], f"{table}: {wrong}"


def test_the_indexes_across_workspaces_exist(schema: dict[str, Any]) -> None:
    """The exceptions above name real indexes (a renamed one must be looked at again)."""
    names = {i["name"] for s in schema.values() for i in s["indexes"]}
    assert set(ACROSS_WORKSPACES) <= names
