"""`travel_text_listings` dropped (PostgreSQL): the contract step of revision 0021.

Revision 0021 added `travel_text_matches`, which every search has called since, and kept the
nine-argument `travel_text_listings` (0018's signature, made again by 0020) for the release
before it, whose searches called it (expand, then contract: docs/deploy.md). 0021 landed with
the release of 2026-11-28 and 0023-0024 with the one after it, whose searches call
`travel_text_matches` too: a rolling deploy from that release is safe; from one before 0021's,
stop every process first. Nothing calls the function now. It runs as the system role past
row-level security, like the functions searches do call, so it is kept no longer than a
release needs it. The downgrade makes it again as revision 0020 made it, with 0018's search
path and grant. SQLite has no functions of its own: nothing to do.
See docs/decisions/0110-text-matches-ranked.md.

Revision ID: 0025
Revises: 0024
"""

import importlib.util
from pathlib import Path
from types import ModuleType

from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def _revision(name: str) -> ModuleType:
    """An earlier revision's module, whose statements the downgrade runs again."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    narrowed = _revision("0018_text_matches_narrowed")
    op.execute(f"DROP FUNCTION {narrowed._SIGNATURE}")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    narrowed = _revision("0018_text_matches_narrowed")
    placed = _revision("0020_place_cells_in_the_text_index")
    op.execute(placed._TEXT_LISTINGS)
    op.execute(narrowed._PATH_AND_GRANT)
