"""The text indexes take each listing into their tree as it is written (PostgreSQL).

A GIN index made with the default `fastupdate = on` first appends what is written to a pending
list, and moves it into its tree only when a vacuum (or autovacuum's analyze) runs, or once the
list passes `gin_pending_list_limit` (4 MB). Every search reads the whole pending list, one
entry after another, on top of the tree. At 1.2 million listings autovacuum's analyze comes
after about 120,000 writes. The 2,714 listings written since the last vacuum of the
benchmark's workspace made 451 pending pages, read by every search (a word no listing has:
455 pages); the benchmark's search took 44 ms p50 with such a list and 38 ms without
(docs/performance.md). With `fastupdate = off` a write puts its words in the tree at once;
searches read only the tree. The lists written so far are moved into the trees here
(`gin_clean_pending_list`, which the indexes' owner may run).

Changing `fastupdate` locks the index until the revision commits; merging the benchmark's
lists took 0.22 s (text) and 0.09 s (names). See
docs/decisions/0102-text-indexes-without-pending-lists.md.

Revision ID: 0017
Revises: 0016
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

_INDEXES = ("ix_listings_scoped_search_document", "ix_listings_scoped_name_document")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 merges its segments as it writes
    for index in _INDEXES:
        op.execute(f"ALTER INDEX {index} SET (fastupdate = off)")
        op.execute(f"SELECT gin_clean_pending_list('{index}'::regclass)")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for index in _INDEXES:
        op.execute(f"ALTER INDEX {index} RESET (fastupdate)")
