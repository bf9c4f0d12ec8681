"""${message}

Revision ID: ${up_revision}
Revises: ${down_revision | comma,n}
"""

# A revision carries its own SQL and imports nothing from `travel` (tests/db/test_migrations.py
# checks): times are sa.DateTime(timezone=True), and a new tenant table gets its row-level
# security policy here, written out as revision 0005 writes it.
import sqlalchemy as sa
from alembic import op
${imports if imports else ""}

revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}
branch_labels = ${repr(branch_labels)}
depends_on = ${repr(depends_on)}


def upgrade() -> None:
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    ${downgrades if downgrades else "pass"}
