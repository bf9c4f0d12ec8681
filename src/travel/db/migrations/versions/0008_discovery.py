"""Discovery: coordinates, each database's full-text index of listings, a search vocabulary.

- `listings.latitude`, `listings.longitude` (WGS84, both or neither) and an index for "near".
- PostgreSQL: `unaccent` and `btree_gin`; `travel_fold(text)`, an IMMUTABLE unaccent + lower
  (unaccent itself is only STABLE, so a generated column cannot call it); the stored column
  `listings.search_document` (name A, place B, amenities C, description D) and a GIN index on
  `(workspace_id, search_document)`; a GIN index of the names alone, for suggestions.
- SQLite: the FTS5 table `listings_fts` (external content: the view `listings_search`, rowid =
  the listing's rowid) and the triggers that keep it.
- `search_terms`: each workspace's words and places with their listing counts, filled here
  from the listings already there, kept by the catalog's writes (travel.search.vocabulary).

See docs/decisions/0088-discovery.md.

Revision ID: 0008
Revises: 0007
"""

import json
import re
import unicodedata
from collections import Counter

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_POLICY = "workspace_id = (SELECT travel_workspace())"

_POSTGRESQL = [
    "CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public",
    "CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public",
    # A SQL-standard body is bound when created: the dictionary is found whatever the caller's
    # search_path, and the function can be IMMUTABLE (unaccent's rules never change under us).
    """CREATE FUNCTION travel_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1))""",
    """ALTER TABLE listings ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, travel_fold(name)), 'A')
  || setweight(to_tsvector('simple'::regconfig,
       travel_fold(location || ' ' || coalesce(destination, ''))), 'B')
  || setweight(to_tsvector('simple'::regconfig, travel_fold(amenities::text)), 'C')
  || setweight(to_tsvector('simple'::regconfig, travel_fold(coalesce(description, ''))), 'D')
) STORED""",
    "CREATE INDEX ix_listings_workspace_id_search_document ON listings "
    "USING gin (workspace_id, search_document)",
    # Names alone, for suggestions: matched without a weight to recheck in the table, and
    # with statistics of names (not of descriptions) for the planner.
    "CREATE INDEX ix_listings_workspace_id_name_document ON listings "
    "USING gin (workspace_id, (to_tsvector('simple'::regconfig, travel_fold(name))))",
    # Row-level security lets an index serve only leakproof operators, and `@@` is not one: under
    # the policy a text search read the workspace's every entry of the GIN index. These run as
    # their owner (no policy: the index serves the words) and answer only the workspace of the
    # caller's signed scope (docs/decisions/0088-discovery.md).
    """CREATE FUNCTION travel_text_search(p_workspace_id uuid, p_query tsquery)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 1000
BEGIN ATOMIC
  SELECT listings.id FROM listings
  WHERE listings.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND listings.search_document @@ p_query;
END""",
    """CREATE FUNCTION travel_name_search(p_workspace_id uuid, p_query tsquery, p_limit integer)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 20
BEGIN ATOMIC
  SELECT listings.id FROM listings
  WHERE listings.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND to_tsvector('simple'::regconfig, travel_fold(listings.name)) @@ p_query
  LIMIT p_limit;
END""",
    """DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  REVOKE ALL ON FUNCTION travel_text_search(uuid, tsquery) FROM PUBLIC;
  REVOKE ALL ON FUNCTION travel_name_search(uuid, tsquery, integer) FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION travel_text_search(uuid, tsquery) TO %I', app);
    EXECUTE format(
      'GRANT EXECUTE ON FUNCTION travel_name_search(uuid, tsquery, integer) TO %I', app);
  END IF;
END $$""",
    "ALTER TABLE search_terms ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE search_terms FORCE ROW LEVEL SECURITY",
    f"CREATE POLICY tenant_isolation ON search_terms USING ({_POLICY}) WITH CHECK ({_POLICY})",
]

_FTS_COLUMNS = "name, location, amenities, description, workspace"
_NEW = (
    "new.name, new.location || ' ' || coalesce(new.destination, ''), new.amenities, "
    "coalesce(new.description, ''), new.workspace_id"
)
_OLD = _NEW.replace("new.", "old.")
_SQLITE = [
    """CREATE VIEW listings_search AS SELECT rowid, name,
  location || ' ' || coalesce(destination, '') AS location, amenities,
  coalesce(description, '') AS description, workspace_id AS workspace FROM listings""",
    f"""CREATE VIRTUAL TABLE listings_fts USING fts5({_FTS_COLUMNS},
  content = 'listings_search', content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')""",
    f"""CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
  INSERT INTO listings_fts (rowid, {_FTS_COLUMNS}) VALUES (new.rowid, {_NEW});
END""",
    f"""CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, {_FTS_COLUMNS})
  VALUES ('delete', old.rowid, {_OLD});
END""",
    f"""CREATE TRIGGER listings_fts_update
AFTER UPDATE OF name, location, destination, amenities, description ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, {_FTS_COLUMNS})
  VALUES ('delete', old.rowid, {_OLD});
  INSERT INTO listings_fts (rowid, {_FTS_COLUMNS}) VALUES (new.rowid, {_NEW});
END""",
    "INSERT INTO listings_fts (listings_fts) VALUES ('rebuild')",
]


# How travel.search.words folded and cut text when this revision was written (a revision
# carries its own copy: editing live code never changes what an old revision does).
_WORD = re.compile(r"[^\W_]+")
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ß": "ss", "þ": "th"})


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_LETTERS)


def _vocabulary() -> None:
    """The words and places of the listings already there (the catalog keeps them from now)."""
    bind = op.get_bind()
    listings = bind.execute(
        sa.text(
            "SELECT workspace_id, name, location, destination, amenities, description FROM listings"
        )
    )
    counts: Counter[tuple[object, str, str]] = Counter()
    shown: dict[tuple[object, str, str], str] = {}
    for workspace_id, name, location, destination, amenities, description in listings:
        found = json.loads(amenities) if isinstance(amenities, str) else amenities
        texts = [name, location, destination, *(found or []), description]
        words = {w[:40] for text in texts if text for w in _WORD.findall(_fold(text))}
        counts.update((workspace_id, "WORD", word) for word in words)
        for place in {location, destination} - {None}:
            key = (workspace_id, "PLACE", _fold(place).strip())
            if key[2]:
                counts[key] += 1
                shown.setdefault(key, place.strip())
    terms = sa.table(
        "search_terms",
        sa.column("workspace_id"),
        sa.column("field"),
        sa.column("term"),
        sa.column("display"),
        sa.column("listings"),
    )
    rows = [
        {
            "workspace_id": workspace_id,
            "field": field,
            "term": term,
            "display": shown.get((workspace_id, field, term), term),
            "listings": n,
        }
        for (workspace_id, field, term), n in counts.items()
    ]
    for start in range(0, len(rows), 1_000):
        bind.execute(terms.insert(), rows[start : start + 1_000])


def upgrade() -> None:
    op.add_column("listings", sa.Column("latitude", sa.Double(), nullable=True))
    op.add_column("listings", sa.Column("longitude", sa.Double(), nullable=True))
    op.create_index(
        "ix_listings_workspace_id_latitude_longitude",
        "listings",
        ["workspace_id", "latitude", "longitude"],
    )
    op.create_table(
        "search_terms",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("field", sa.String(length=8), nullable=False),
        sa.Column("term", sa.String(length=200), nullable=False),
        sa.Column("display", sa.String(length=200), nullable=False),
        sa.Column("listings", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_search_terms_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "field", "term", name=op.f("pk_search_terms")),
    )
    for statement in _POSTGRESQL if op.get_bind().dialect.name == "postgresql" else _SQLITE:
        op.execute(statement)
    _vocabulary()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION travel_name_search(uuid, tsquery, integer)")
        op.execute("DROP FUNCTION travel_text_search(uuid, tsquery)")
        op.execute("DROP INDEX ix_listings_workspace_id_name_document")
        op.execute("DROP INDEX ix_listings_workspace_id_search_document")
        op.execute("ALTER TABLE listings DROP COLUMN search_document")
        op.execute("DROP FUNCTION travel_fold(text)")
        # Their functions belong to the extensions, which earlier revisions' downgrades cannot
        # take over (0005 hands every routine of the schema back).
        op.execute("DROP EXTENSION IF EXISTS btree_gin")
        op.execute("DROP EXTENSION IF EXISTS unaccent")
    else:
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER listings_fts_{trigger}")
        op.execute("DROP TABLE listings_fts")
        op.execute("DROP VIEW listings_search")
    op.drop_table("search_terms")
    op.drop_index("ix_listings_workspace_id_latitude_longitude", table_name="listings")
    # Both databases drop a column in place (SQLite since 3.35); a batch copy of the table
    # would trip over the analytics triggers that name it.
    op.execute("ALTER TABLE listings DROP COLUMN longitude")
    op.execute("ALTER TABLE listings DROP COLUMN latitude")
