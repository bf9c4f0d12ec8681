"""book a listing in one statement on PostgreSQL (decision 0027); drop an unused index

`ix_bookings_workspace_id_status_check_in` served the analytics queries before they read
running totals (decision 0053); no query uses it since, and every booking paid for it.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

from travel.bookings.procedure import create_function, drop_function

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


_UNUSED = "ix_bookings_workspace_id_status_check_in"


def upgrade() -> None:
    create_function()
    op.drop_index(_UNUSED, table_name="bookings")


def downgrade() -> None:
    op.create_index(_UNUSED, "bookings", ["workspace_id", "status", "check_in"])
    drop_function()
