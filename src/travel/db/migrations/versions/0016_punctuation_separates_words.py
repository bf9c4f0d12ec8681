"""Punctuation separates words in PostgreSQL's search documents, as it does everywhere else.

`travel_fold` (0008) lower-cases and removes accents; what it returns goes to PostgreSQL's
text parser, which keeps some punctuated runs whole: "No.5", "3.5", "airbnb.com",
"host@example.com" or "/a/b" were each one lexeme of a listing's document. A traveler's words
are cut at every character that is not a letter or a digit (travel.search.words), and so is
SQLite's FTS5 index: typed "no.5" is the words `no` and `5`, which SQLite found and PostgreSQL
did not. `travel_fold` now also turns each run of ASCII punctuation into a space, so the parser
is given the words ours are. (Other punctuation already separated words for the parser, under the
UTF-8 LC_CTYPE our clusters are made with: docs/deploy.md.)

The generated `search_document` and the names' index expression (0014) call `travel_fold`;
PostgreSQL recomputes them only when a row is written. The revision rewrites the listings whose
stored document differs from what the new function makes of their text, so that they are
indexed as new rows will be; the others keep theirs. It reads every listing, and writes to
listings wait from its start to its commit (a listing written meanwhile would otherwise keep the
old folding): measured in docs/decisions/0101.

The same function for both releases (the one before this calls it through the same
signature): expand-only. See docs/decisions/0101-punctuation-separates-words.md.

Revision ID: 0016
Revises: 0015
"""

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_FUNCTION = """CREATE OR REPLACE FUNCTION travel_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN """
_UNACCENTED = "lower(public.unaccent('public.unaccent'::regdictionary, $1))"
_FOLD_BEFORE = _FUNCTION + _UNACCENTED  # as 0008 wrote it
# ASCII punctuation spelled out, not [[:punct:]], whose extent depends on the database's locale.
_FOLD = _FUNCTION + f"regexp_replace({_UNACCENTED}, '[!-/:-@[-`{{-~]+', ' ', 'g')"

# Writing a row recomputes its generated document and its index entries. The rows rewritten are
# those whose stored document is not what the function now makes of their text (0008's
# expression): any punctuation may have changed a lexeme ("Bo-Kaap" had `bo-kaap`, "-5" the
# integer `-5`), and no pattern short of the parser's own says which.
_DOCUMENT = """setweight(to_tsvector('simple'::regconfig, travel_fold(name)), 'A')
  || setweight(to_tsvector('simple'::regconfig,
       travel_fold(location || ' ' || coalesce(destination, ''))), 'B')
  || setweight(to_tsvector('simple'::regconfig, travel_fold(amenities::text)), 'C')
  || setweight(to_tsvector('simple'::regconfig, travel_fold(coalesce(description, ''))), 'D')"""
_REWRITE = f"UPDATE listings SET name = name WHERE search_document IS DISTINCT FROM ({_DOCUMENT})"


# Writes to listings wait from before the function changes until the revision commits: the new
# function is seen by no other session before then, and a listing written meanwhile would be
# folded the old way after the rewrite had passed it. Reads go on.
_HOLD_WRITES = "LOCK TABLE listings IN SHARE ROW EXCLUSIVE MODE"


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 tokenizer separates words at punctuation already (0008)
    for statement in (_HOLD_WRITES, _FOLD, _REWRITE):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in (_HOLD_WRITES, _FOLD_BEFORE, _REWRITE):
        op.execute(statement)
