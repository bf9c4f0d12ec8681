"""Photos: each listing's ordered photos (the first is the cover) and the uploads they come from.

- `photo_uploads`: a place to send one photo of a listing, its id the capability in the upload
  URL, until `expires_at`; once the file passed its checks, its stored `key` and sizes.
- `listing_photos`: `position` (0: the cover), `alt`, the stored `key`, the `widths` made and the
  size of the largest.
- Both under row-level security (PostgreSQL).

See docs/decisions/0091-photos.md.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_POLICY = "workspace_id = (SELECT travel_workspace())"


def _table(name: str, *columns: sa.Column[object]) -> None:
    op.create_table(
        name,
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("listing_id", sa.Uuid(), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(
            ["workspace_id", "listing_id"],
            ["listings.workspace_id", "listings.id"],
            name=op.f(f"fk_{name}_workspace_id_listing_id_listings"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f(f"fk_{name}_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f(f"pk_{name}")),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {name} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {name} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {name} USING ({_POLICY}) WITH CHECK ({_POLICY})"
        )


def upgrade() -> None:
    _table(
        "photo_uploads",
        sa.Column("member_id", sa.Uuid(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=True),
        sa.Column("widths", sa.JSON(), nullable=True),
        sa.Column("width", sa.Integer(), nullable=True),
        sa.Column("height", sa.Integer(), nullable=True),
    )
    _table(
        "listing_photos",
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("alt", sa.String(length=300), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("widths", sa.JSON(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_listing_photos_workspace_id_listing_id_position",
        "listing_photos",
        ["workspace_id", "listing_id", "position"],
    )


def downgrade() -> None:
    op.drop_table("listing_photos")
    op.drop_table("photo_uploads")
