"""Listing names in order, for suggestions (PostgreSQL).

A suggestion of a listing was found through the names' GIN index (revision 0014): the listings
whose name has the words typed, the last completed from the vocabulary. GIN answers only with a
bitmap, so even for the first eight it reads every listing of the workspace with those words —
13,000 names with "lisbon" in a million listings, three common words ORed for a two-letter
prefix — before the first row comes back.

Here the active listings' names are kept in a btree too, as a key of their words (folded as the
search documents are, one space between them: `travel_name_key`) after the workspace.
`travel_names_starting(workspace, typed, limit)` keys what is typed the same way and walks the
index: the first key starting with it, then the next key after that, each one probe (a loose
index scan), so each distinct key is read once however many listings share it, and the walk
stops at `limit`. The names whose words begin with what is typed come first in suggestions; the
GIN match fills the rest (decision 0105).

As the other search functions: SECURITY DEFINER with the caller's workspace checked against
its signed scope, the search path pinned with `pg_temp` last, and only the application role may
execute it. Building the index reads every listing; writes to listings wait meanwhile (as
revision 0014's). Expand-only: the release before this one never calls the function.
See docs/decisions/0105-names-starting.md.

Revision ID: 0019
Revises: 0018
"""

from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

_SIGNATURE = "travel_names_starting(uuid, text, integer)"

# A name's words, one space apart: folded by travel_fold (unaccent, lower case, ASCII
# punctuation: revision 0016), every other run of characters that are not letters or digits
# under the database's UTF-8 LC_CTYPE (docs/deploy.md) a space. What is typed is keyed by the
# same function, inside travel_names_starting, so both are folded alike.
_KEY = """CREATE FUNCTION travel_name_key(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN btrim(regexp_replace(travel_fold($1), '[^[:alnum:]]+', ' ', 'g'))"""

# Byte order ("C"): a key starting with the prefix sorts from the prefix itself to the prefix
# followed by the last code point. Only active listings are suggested, and only they are kept.
_INDEX = """CREATE INDEX ix_listings_workspace_id_name_key ON listings
  (workspace_id, (travel_name_key(name)) COLLATE "C") WHERE status = 'ACTIVE'"""

# One probe for the first key in range, then one for each next key above the last: the
# recursion stops when the caller's LIMIT has its rows. The workspace is checked against the
# signed scope before the first probe (a wrong one finds nothing, so nothing recurses), and so
# is a typed text with no word in it (its key, '', would start every name).
_FUNCTION = """CREATE FUNCTION travel_names_starting(
  p_workspace_id uuid, p_typed text, p_limit integer)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 20
BEGIN ATOMIC
  WITH RECURSIVE named(key, id) AS (
    (SELECT travel_name_key(listings.name), listings.id FROM listings
      WHERE listings.workspace_id = p_workspace_id AND listings.status = 'ACTIVE'
        AND p_workspace_id = (SELECT travel_workspace()) AND travel_name_key(p_typed) <> ''
        AND travel_name_key(listings.name) COLLATE "C" >= travel_name_key(p_typed)
        AND travel_name_key(listings.name) COLLATE "C" < travel_name_key(p_typed) || chr(1114111)
      ORDER BY travel_name_key(listings.name) COLLATE "C" LIMIT 1)
    UNION ALL
    SELECT next.key, next.id FROM named CROSS JOIN LATERAL (
      SELECT travel_name_key(listings.name) AS key, listings.id FROM listings
      WHERE listings.workspace_id = p_workspace_id AND listings.status = 'ACTIVE'
        AND travel_name_key(listings.name) COLLATE "C" > named.key
        AND travel_name_key(listings.name) COLLATE "C" < travel_name_key(p_typed) || chr(1114111)
      ORDER BY travel_name_key(listings.name) COLLATE "C" LIMIT 1) AS next
  )
  SELECT named.id FROM named LIMIT p_limit;
END"""

# As revision 0018's (a revision never imports another's text: each stays as it ran).
_PATH_AND_GRANT = f"""DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  EXECUTE format('ALTER FUNCTION {_SIGNATURE} SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION {_SIGNATURE} FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION {_SIGNATURE} TO %I', app);
  END IF;
END $$"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 finds a name's first words itself (`^`, decision 0105)
    for statement in (_KEY, _INDEX, _FUNCTION, _PATH_AND_GRANT):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"DROP FUNCTION {_SIGNATURE}")
    op.execute("DROP INDEX ix_listings_workspace_id_name_key")
    op.execute("DROP FUNCTION travel_name_key(text)")
