"""SQLite: a request's compiled reads run in the event loop's thread on a pooled connection
(docs/decisions/0075-sqlite-reads-inline.md). They must never wait for a writer — a read that
waited would hold up every request of the process — and must see each committed write at once
(autocommit: no read transaction is kept open between requests)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from tests.conftest import is_postgres
from tests.factories import Tenant, tenant_listing
from tests.support.api import data
from tests.support.live import LiveServer
from travel.db.engine import sqlite_functions
from travel.db.session import INLINE_SKIP

PAGE = "{ travelProperties(pagination: {skip: 0, take: 50}) { id name provider { name } } }"
ONE = "query($id: ID!) { travelProperty(id: $id) { id name } }"


@pytest.fixture
def database_file(database_url: str) -> str:
    if is_postgres(database_url):
        pytest.skip("the inline reads are SQLite's")
    return database_url.removeprefix("sqlite:///")


@pytest.fixture
def writer(database_file: str) -> Iterator[sqlite3.Connection]:
    """A second process's view of the file: its own connection, as another `travel` would."""
    connection = sqlite3.connect(database_file, isolation_level=None, timeout=15)
    sqlite_functions(connection)  # as another `travel` registers them
    try:
        yield connection
    finally:
        connection.close()


def names(server: LiveServer, tenant: Tenant) -> dict[str, str]:
    page = data(server, tenant.keys["traveler"], PAGE)["travelProperties"]
    return {listing["id"]: listing["name"] for listing in page}


def test_reads_answer_while_a_writer_holds_the_lock(
    server: LiveServer, tenant: Tenant, writer: sqlite3.Connection
) -> None:
    listing = str(tenant_listing(server, tenant, name="Casa Azul"))
    writer.execute("BEGIN IMMEDIATE")
    try:
        writer.execute(
            "UPDATE listings SET name = 'not yet' WHERE id = ?", (listing.replace("-", ""),)
        )
        # changes(): the statement's own rows (the search index's triggers write more).
        assert writer.execute("SELECT changes()").fetchone() == (1,)
        # The page and the single read answer with what is committed, without waiting for
        # the write lock (a read that waited would time out after the 15 s busy timeout).
        assert names(server, tenant) == {listing: "Casa Azul"}
        one = data(server, tenant.keys["traveler"], ONE, {"id": listing})["travelProperty"]
        assert one == {"id": listing, "name": "Casa Azul"}
    finally:
        writer.execute("ROLLBACK")


def test_reads_see_a_commit_at_once(
    server: LiveServer, tenant: Tenant, writer: sqlite3.Connection
) -> None:
    listing = str(tenant_listing(server, tenant, name="Casa Azul"))
    assert names(server, tenant) == {listing: "Casa Azul"}
    for name in ("Casa Verde", "Casa Rosa"):
        writer.execute(
            "UPDATE listings SET name = ? WHERE id = ?", (name, listing.replace("-", ""))
        )
        # Every pooled connection (each request may take another) reads the new name.
        for _ in range(12):
            assert names(server, tenant) == {listing: name}


def test_a_far_page_is_read_in_the_driver_thread_with_the_same_answer(
    server: LiveServer, tenant: Tenant, database_file: str
) -> None:
    """Past `INLINE_SKIP` a page is read in aiosqlite's thread (its index walk is no longer
    short); the answer is the same kind of answer."""
    listing = str(tenant_listing(server, tenant, name="Casa Azul"))
    query = "query($skip: Int!) { travelProperties(pagination: {skip: $skip, take: 5}) { id } }"
    key = tenant.keys["traveler"]
    assert data(server, key, query, {"skip": 0})["travelProperties"] == [{"id": listing}]
    assert data(server, key, query, {"skip": INLINE_SKIP})["travelProperties"] == []
    assert data(server, key, query, {"skip": INLINE_SKIP + 1})["travelProperties"] == []
