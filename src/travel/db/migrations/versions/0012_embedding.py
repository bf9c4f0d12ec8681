"""The workspace app: each workspace's embedding settings, host tokens already exchanged, and
API keys that are workspace-app sessions.

- `embed_settings`: the origins that may frame the workspace, the platform's keys (a JWKS
  document or its URL), the issuer its tokens name, the roles its users may join with.
- `embed_used_tokens`: a host token's `jti` until the token expires (replay refused).
- `api_keys.embed_session`: minted by the token exchange, short-lived, not listed.
- Both tables under row-level security (PostgreSQL).

See docs/decisions/0092-workspace-app.md.

Revision ID: 0012
Revises: 0011
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_POLICY = "workspace_id = (SELECT travel_workspace())"


def _workspace_column(table: str) -> list[Any]:
    return [
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f(f"fk_{table}_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
    ]


def _secure(table: str) -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} USING ({_POLICY}) WITH CHECK ({_POLICY})"
        )


def upgrade() -> None:
    op.create_table(
        "embed_settings",
        *_workspace_column("embed_settings"),
        sa.Column("origins", sa.JSON(), nullable=False),
        sa.Column("jwks", sa.JSON(), nullable=True),
        sa.Column("jwks_url", sa.Text(), nullable=True),
        sa.Column("issuer", sa.Text(), nullable=True),
        sa.Column("join_roles", sa.JSON(), nullable=True),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("workspace_id", name=op.f("pk_embed_settings")),
    )
    _secure("embed_settings")
    op.create_table(
        "embed_used_tokens",
        *_workspace_column("embed_used_tokens"),
        sa.Column("jti", sa.String(length=200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("workspace_id", "jti", name=op.f("pk_embed_used_tokens")),
    )
    _secure("embed_used_tokens")
    op.add_column(
        "api_keys",
        sa.Column("embed_session", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    op.drop_column("api_keys", "embed_session")
    op.drop_table("embed_used_tokens")
    op.drop_table("embed_settings")
