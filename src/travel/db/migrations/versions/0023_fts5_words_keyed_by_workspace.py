"""SQLite's full-text index holds each word keyed by its workspace (SQLite).

`listings_fts` (revision 0008) indexed the words of every workspace together, with the
workspace as one more column each query named: a search for "lisbon" read the entries of every
listing with the word in any workspace, and the workspace's own million, and intersected them
(10.5 ms to count one city's listings at the benchmark's million, 75 ms to rank them). Here each
token is the workspace's id (32 hexadecimal digits) followed by the word, already folded by
the application as the queries are (`travel_scoped_words`, a function each connection of the
application registers: travel.db.engine.sqlite_functions), so a word's entries are one
workspace's: counting the same listings takes 0.6 ms, ranking them 20 ms. Folding in Python
also folds what FTS5's `unicode61` kept (ø, ß, Greek accents, ё), so "tromso" finds "Tromsø"
on SQLite as on PostgreSQL (decision 0109 is superseded).

The table is external content, as before: its content is the view `listings_search`, which
computes the keyed words from the listing, so nothing is stored twice; the triggers give the
same values to FTS5 on insert, update and delete. Writing a listing needs the function: a
connection without it (the `sqlite3` shell) can read, not write, listings. Each listing's
place is indexed too, as PostgreSQL's (revision 0020): its grid cells, in a fifth column. A
change to how travel.search.words folds ships with a revision that rebuilds the table; a
process whose Python has other Unicode data rebuilds it when it starts (`listings_fts_folding`).
Building it reads every listing (64-78 s at 1.2 million). PostgreSQL is unchanged.
See docs/decisions/0112-fts5-words-keyed-by-workspace.md.

Revision ID: 0023
Revises: 0022
"""

import importlib.util
import unicodedata
from pathlib import Path

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

_COLUMNS = "name, location, amenities, description, place"
_TEXTS = {
    "name": "travel_scoped_words({row}workspace_id, {row}name)",
    "location": "travel_scoped_words({row}workspace_id, "
    "{row}location || ' ' || coalesce({row}destination, ''))",
    "amenities": "travel_scoped_words({row}workspace_id, {row}amenities)",
    "description": "travel_scoped_words({row}workspace_id, {row}description)",
    "place": "travel_place_cells({row}workspace_id, {row}latitude, {row}longitude)",
}


def _keyed(row: str) -> list[str]:
    """The four texts and the place of the listing `row` names (`new.`, `old.` or none),
    keyed."""
    return [text.format(row=row) for text in _TEXTS.values()]


def _values(row: str) -> str:
    return ", ".join(_keyed(row))


# The words come folded and cut by Python; FTS5's `ascii` tokenizer keeps every character but
# ASCII punctuation and spaces in a token, so each word, letters and digits, is one token
# whatever its script (`unicode61` split words at letters its tables call otherwise: New Tai
# Lue's vowels); a place's cells hold "_", which no word holds. A prefix index for the
# workspace's id and the first two and three characters of a word, as 0008's for two and three.
# `listings_fts_folding` records what folded the words: Python's Unicode data, and the folding
# of travel.search.words as of this revision; a process folding otherwise rebuilds the index
# when it starts (travel.search.engine.FOLDING).
_FOLDING = f"unicode {unicodedata.unidata_version}, revision 0023"
_UPGRADE = [
    "DROP TRIGGER listings_fts_insert",
    "DROP TRIGGER listings_fts_delete",
    "DROP TRIGGER listings_fts_update",
    "DROP TABLE listings_fts",
    "DROP VIEW listings_search",
    "CREATE VIEW listings_search AS SELECT rowid, "
    + ", ".join(f"{keyed} AS {name}" for keyed, name in zip(_keyed(""), _TEXTS, strict=True))
    + " FROM listings",
    f"""CREATE VIRTUAL TABLE listings_fts USING fts5({_COLUMNS},
  content = 'listings_search', content_rowid = 'rowid',
  tokenize = "ascii tokenchars '_'", prefix = '34 35')""",
    f"""CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
  INSERT INTO listings_fts (rowid, {_COLUMNS}) VALUES (new.rowid, {_values("new.")});
END""",
    f"""CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, {_COLUMNS})
  VALUES ('delete', old.rowid, {_values("old.")});
END""",
    f"""CREATE TRIGGER listings_fts_update AFTER UPDATE OF workspace_id, name, location,
  destination, amenities, description, latitude, longitude ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, {_COLUMNS})
  VALUES ('delete', old.rowid, {_values("old.")});
  INSERT INTO listings_fts (rowid, {_COLUMNS}) VALUES (new.rowid, {_values("new.")});
END""",
    "INSERT INTO listings_fts (listings_fts) VALUES ('rebuild')",
    # One segment instead of the many the rebuild wrote as it went (8 s at 1.2 million).
    "INSERT INTO listings_fts (listings_fts) VALUES ('optimize')",
    "CREATE TABLE listings_fts_folding (folding TEXT NOT NULL)",
    f"INSERT INTO listings_fts_folding (folding) VALUES ('{_FOLDING}')",
]


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        return  # its words are keyed by the workspace in the index already (revision 0014)
    for statement in _UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        return
    for statement in [*_UPGRADE[:5], "DROP TABLE listings_fts_folding"]:
        op.execute(statement)
    path = Path(__file__).with_name("0008_discovery.py")
    spec = importlib.util.spec_from_file_location("0008_discovery", path)
    assert spec is not None
    assert spec.loader is not None
    discovery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(discovery)
    for statement in discovery._SQLITE:  # 0008's table, triggers and rebuild
        op.execute(statement)
