"""initial schema

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# The tenant tables this revision creates (a copy: later revisions must not change it).
TENANT_TABLES = (
    "members",
    "api_keys",
    "providers",
    "listings",
    "bookings",
    "booking_transitions",
    "audit_log",
    "idempotency_keys",
    "favorites",
    "outbox_events",
    "webhook_endpoints",
    "webhook_deliveries",
    "webhook_attempts",
    "analytics_daily_sales",
    "analytics_daily_provider_sales",
    "analytics_stay_dates",
)


def upgrade() -> None:
    op.create_table(
        "workspaces",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("plan", sa.String(length=20), nullable=False),
        sa.Column("database_url", sa.Text(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_workspaces")),
    )
    op.create_table(
        "audit_log",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("actor_member_id", sa.Uuid(), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Uuid(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_audit_log_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_audit_log")),
    )
    op.create_index(
        "ix_audit_log_workspace_id_entity_id",
        "audit_log",
        ["workspace_id", "entity_id"],
        unique=False,
    )

    op.create_table(
        "idempotency_keys",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("member_id", sa.Uuid(), nullable=False),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=True),
        sa.Column("response", sa.Text(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_idempotency_keys_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "workspace_id", "member_id", "key", name=op.f("pk_idempotency_keys")
        ),
    )
    op.create_table(
        "members",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("roles", sa.JSON(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_members_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_members")),
        sa.UniqueConstraint(
            "workspace_id", "subject", name=op.f("uq_members_workspace_id_subject")
        ),
    )
    op.create_table(
        "outbox_events",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("type", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_outbox_events_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_outbox_events")),
    )
    op.create_index(
        "ix_outbox_events_workspace_id_created_at",
        "outbox_events",
        ["workspace_id", "created_at"],
        unique=False,
    )

    op.create_table(
        "webhook_endpoints",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("secret", sa.String(length=128), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("disabled_reason", sa.String(length=200), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_webhook_endpoints_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_webhook_endpoints")),
    )
    op.create_table(
        "api_keys",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("member_id", sa.Uuid(), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("hint", sa.String(length=16), nullable=False),
        sa.Column("permissions", sa.JSON(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "member_id"],
            ["members.workspace_id", "members.id"],
            name=op.f("fk_api_keys_workspace_id_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_api_keys_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_api_keys")),
    )
    op.create_index(
        "ix_api_keys_workspace_id_secret_hash",
        "api_keys",
        ["workspace_id", "secret_hash"],
        unique=True,
    )

    op.create_table(
        "providers",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("owner_member_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("type", sa.String(length=16), nullable=False),
        sa.Column("rating", sa.Double(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "owner_member_id"],
            ["members.workspace_id", "members.id"],
            name=op.f("fk_providers_workspace_id_owner_member_id_members"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_providers_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_providers")),
    )
    op.create_index(
        "ix_providers_workspace_id_created_at_id",
        "providers",
        ["workspace_id", "created_at", "id"],
        unique=False,
    )
    op.create_index(
        "ix_providers_workspace_id_owner_member_id",
        "providers",
        ["workspace_id", "owner_member_id"],
        unique=False,
    )

    op.create_table(
        "webhook_deliveries",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("event_id", sa.Uuid(), nullable=False),
        sa.Column("endpoint_id", sa.Uuid(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempt_count", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_status_code", sa.Integer(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "endpoint_id"],
            ["webhook_endpoints.workspace_id", "webhook_endpoints.id"],
            name=op.f("fk_webhook_deliveries_workspace_id_endpoint_id_webhook_endpoints"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "event_id"],
            ["outbox_events.workspace_id", "outbox_events.id"],
            name=op.f("fk_webhook_deliveries_workspace_id_event_id_outbox_events"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_webhook_deliveries_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_webhook_deliveries")),
    )
    op.create_index(
        "ix_webhook_deliveries_status_next_attempt_at",
        "webhook_deliveries",
        ["status", "next_attempt_at"],
        unique=False,
    )
    op.create_index(
        "ix_webhook_deliveries_workspace_id_status_created_at",
        "webhook_deliveries",
        ["workspace_id", "status", "created_at"],
        unique=False,
    )
    op.create_index(
        "ix_webhook_deliveries_workspace_id_endpoint_id_status",
        "webhook_deliveries",
        ["workspace_id", "endpoint_id", "status"],
        unique=False,
    )

    op.create_table(
        "listings",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("provider_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("location", sa.String(length=200), nullable=False),
        sa.Column("price_minor", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("rating", sa.Double(), nullable=True),
        sa.Column("amenities", sa.JSON(), nullable=False),
        sa.Column("units", sa.Integer(), nullable=False),
        sa.Column("max_guests", sa.Integer(), nullable=True),
        sa.Column("capacity", sa.Integer(), nullable=True),
        sa.Column("duration_minutes", sa.Integer(), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("origin", sa.String(length=200), nullable=True),
        sa.Column("destination", sa.String(length=200), nullable=True),
        sa.Column("departs_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("arrives_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=True),
        sa.Column("occurs_on", sa.Date(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "provider_id"],
            ["providers.workspace_id", "providers.id"],
            name=op.f("fk_listings_workspace_id_provider_id_providers"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_listings_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_listings")),
    )
    op.create_index(
        "ix_listings_workspace_id_kind_created_at_id",
        "listings",
        ["workspace_id", "kind", "created_at", "id"],
        unique=False,
    )
    op.create_index(
        "ix_listings_workspace_id_kind_occurs_on",
        "listings",
        ["workspace_id", "kind", "occurs_on"],
        unique=False,
    )
    op.create_index(
        "ix_listings_workspace_id_kind_price_minor",
        "listings",
        ["workspace_id", "kind", "price_minor"],
        unique=False,
    )
    op.create_index(
        "ix_listings_workspace_id_kind_rating",
        "listings",
        ["workspace_id", "kind", "rating"],
        unique=False,
    )
    op.create_index(
        "ix_listings_workspace_id_provider_id",
        "listings",
        ["workspace_id", "provider_id"],
        unique=False,
    )

    op.create_table(
        "webhook_attempts",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("delivery_id", sa.Uuid(), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "delivery_id"],
            ["webhook_deliveries.workspace_id", "webhook_deliveries.id"],
            name=op.f("fk_webhook_attempts_workspace_id_delivery_id_webhook_deliveries"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_webhook_attempts_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_webhook_attempts")),
    )
    op.create_index(
        "ix_webhook_attempts_workspace_id_delivery_id",
        "webhook_attempts",
        ["workspace_id", "delivery_id"],
        unique=False,
    )

    op.create_table(
        "bookings",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("reference_code", sa.String(length=32), nullable=False),
        sa.Column("listing_id", sa.Uuid(), nullable=False),
        sa.Column("listing_kind", sa.String(length=16), nullable=False),
        sa.Column("member_id", sa.Uuid(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("payment_status", sa.String(length=16), nullable=False),
        sa.Column("check_in", sa.Date(), nullable=False),
        sa.Column("check_out", sa.Date(), nullable=False),
        sa.Column("guests", sa.Integer(), nullable=False),
        sa.Column("total_minor", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "listing_id"],
            ["listings.workspace_id", "listings.id"],
            name=op.f("fk_bookings_workspace_id_listing_id_listings"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "member_id"],
            ["members.workspace_id", "members.id"],
            name=op.f("fk_bookings_workspace_id_member_id_members"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_bookings_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_bookings")),
    )
    op.create_index(
        "ix_bookings_workspace_id_created_at_id",
        "bookings",
        ["workspace_id", "created_at", "id"],
        unique=False,
    )
    op.create_index(
        "ix_bookings_workspace_id_listing_id_status_check_in",
        "bookings",
        ["workspace_id", "listing_id", "status", "check_in"],
        unique=False,
    )
    op.create_index(
        "ix_bookings_workspace_id_member_id_created_at",
        "bookings",
        ["workspace_id", "member_id", "created_at"],
        unique=False,
    )
    op.create_index(
        "ix_bookings_workspace_id_reference_code",
        "bookings",
        ["workspace_id", "reference_code"],
        unique=True,
    )
    op.create_index(
        "ix_bookings_workspace_id_status_check_in",
        "bookings",
        ["workspace_id", "status", "check_in"],
        unique=False,
    )
    # Analytics' running totals, kept by triggers on bookings (docs/decisions/0053).
    op.create_table(
        "analytics_daily_sales",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("check_in", sa.Date(), nullable=False),
        sa.Column("listing_kind", sa.String(length=16), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("bookings", sa.Integer(), nullable=False),
        sa.Column("total_minor", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_analytics_daily_sales_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "workspace_id",
            "check_in",
            "listing_kind",
            "currency",
            name=op.f("pk_analytics_daily_sales"),
        ),
        sqlite_with_rowid=False,
        postgresql_with={"fillfactor": 30},
    )
    op.create_table(
        "analytics_daily_provider_sales",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("check_in", sa.Date(), nullable=False),
        sa.Column("provider_id", sa.Uuid(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("bookings", sa.Integer(), nullable=False),
        sa.Column("total_minor", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_analytics_daily_provider_sales_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "workspace_id",
            "check_in",
            "provider_id",
            "currency",
            name=op.f("pk_analytics_daily_provider_sales"),
        ),
        sqlite_with_rowid=False,
        postgresql_with={"fillfactor": 30},
    )
    op.create_table(
        "analytics_stay_dates",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("check_in", sa.Date(), nullable=False),
        sa.Column("check_out", sa.Date(), nullable=False),
        sa.Column("stays", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_analytics_stay_dates_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "workspace_id", "check_in", "check_out", name=op.f("pk_analytics_stay_dates")
        ),
        sqlite_with_rowid=False,
        postgresql_with={"fillfactor": 30},
    )
    _run(_ANALYTICS_TRIGGERS)

    op.create_table(
        "favorites",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("member_id", sa.Uuid(), nullable=False),
        sa.Column("target_type", sa.String(length=16), nullable=False),
        sa.Column("target_id", sa.Uuid(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "member_id"],
            ["members.workspace_id", "members.id"],
            name=op.f("fk_favorites_workspace_id_member_id_members"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "target_id"],
            ["listings.workspace_id", "listings.id"],
            name=op.f("fk_favorites_workspace_id_target_id_listings"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_favorites_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_favorites")),
        sa.UniqueConstraint(
            "workspace_id",
            "member_id",
            "target_id",
            name=op.f("uq_favorites_workspace_id_member_id_target_id"),
        ),
    )
    op.create_index(
        "ix_favorites_workspace_id_member_id_created_at",
        "favorites",
        ["workspace_id", "member_id", "created_at"],
        unique=False,
    )

    op.create_table(
        "booking_transitions",
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("booking_id", sa.Uuid(), nullable=False),
        sa.Column("from_status", sa.String(length=16), nullable=True),
        sa.Column("to_status", sa.String(length=16), nullable=False),
        sa.Column("actor_member_id", sa.Uuid(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id", "booking_id"],
            ["bookings.workspace_id", "bookings.id"],
            name=op.f("fk_booking_transitions_workspace_id_booking_id_bookings"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f("fk_booking_transitions_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f("pk_booking_transitions")),
    )
    op.create_index(
        "ix_booking_transitions_workspace_id_booking_id",
        "booking_transitions",
        ["workspace_id", "booking_id"],
        unique=False,
    )

    _enable_tenant_rls(*TENANT_TABLES)
    _enable_tenant_rls("workspaces", column="id")


def downgrade() -> None:
    _disable_tenant_rls("workspaces", *TENANT_TABLES)
    op.drop_index(
        "ix_booking_transitions_workspace_id_booking_id", table_name="booking_transitions"
    )

    op.drop_table("booking_transitions")
    op.drop_index("ix_favorites_workspace_id_member_id_created_at", table_name="favorites")

    op.drop_table("favorites")
    _run(_DROP_ANALYTICS_TRIGGERS)
    op.drop_table("analytics_stay_dates")
    op.drop_table("analytics_daily_provider_sales")
    op.drop_table("analytics_daily_sales")
    op.drop_index("ix_bookings_workspace_id_status_check_in", table_name="bookings")
    op.drop_index("ix_bookings_workspace_id_reference_code", table_name="bookings")
    op.drop_index("ix_bookings_workspace_id_member_id_created_at", table_name="bookings")
    op.drop_index("ix_bookings_workspace_id_listing_id_status_check_in", table_name="bookings")
    op.drop_index("ix_bookings_workspace_id_created_at_id", table_name="bookings")

    op.drop_table("bookings")
    op.drop_index("ix_webhook_attempts_workspace_id_delivery_id", table_name="webhook_attempts")

    op.drop_table("webhook_attempts")
    op.drop_index("ix_listings_workspace_id_provider_id", table_name="listings")
    op.drop_index("ix_listings_workspace_id_kind_rating", table_name="listings")
    op.drop_index("ix_listings_workspace_id_kind_price_minor", table_name="listings")
    op.drop_index("ix_listings_workspace_id_kind_occurs_on", table_name="listings")
    op.drop_index("ix_listings_workspace_id_kind_created_at_id", table_name="listings")

    op.drop_table("listings")
    op.drop_index(
        "ix_webhook_deliveries_workspace_id_endpoint_id_status", table_name="webhook_deliveries"
    )
    op.drop_index(
        "ix_webhook_deliveries_workspace_id_status_created_at", table_name="webhook_deliveries"
    )
    op.drop_index("ix_webhook_deliveries_status_next_attempt_at", table_name="webhook_deliveries")

    op.drop_table("webhook_deliveries")
    op.drop_index("ix_providers_workspace_id_owner_member_id", table_name="providers")
    op.drop_index("ix_providers_workspace_id_created_at_id", table_name="providers")

    op.drop_table("providers")
    op.drop_index("ix_api_keys_workspace_id_secret_hash", table_name="api_keys")

    op.drop_table("api_keys")
    op.drop_table("webhook_endpoints")
    op.drop_index("ix_outbox_events_workspace_id_created_at", table_name="outbox_events")

    op.drop_table("outbox_events")
    op.drop_table("members")
    op.drop_table("idempotency_keys")
    op.drop_index("ix_audit_log_workspace_id_entity_id", table_name="audit_log")

    op.drop_table("audit_log")
    op.drop_table("workspaces")


# -- The SQL this revision runs, frozen here: a later change is a new revision. -------------------


def _run(statements: dict[str, tuple[str, ...]]) -> None:
    """Execute the statements written for the database being migrated."""
    for statement in statements[op.get_bind().dialect.name]:
        op.execute(statement)


# Row-level security: every tenant row is visible only inside its workspace (the settings are
# read in scalar subqueries, so PostgreSQL evaluates them once per statement).
_RLS_MATCH = (
    "{column} = (SELECT NULLIF(current_setting('travel.workspace_id', true), '')::uuid) "
    "OR (SELECT current_setting('travel.system', true)) = 'on'"
)


def _enable_tenant_rls(*tables: str, column: str = "workspace_id") -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    match = _RLS_MATCH.format(column=column)
    for table in tables:
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} USING ({match}) WITH CHECK ({match})"
        )


def _disable_tenant_rls(*tables: str) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in tables:
        op.execute(f"DROP POLICY IF EXISTS tenant_isolation ON {table}")
        op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")


# Running totals of confirmed bookings for analytics (decision 0053), kept by triggers.
_ANALYTICS_POSTGRESQL = (
    """
CREATE FUNCTION analytics_track_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'CONFIRMED' THEN
    UPDATE analytics_daily_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND listing_kind = OLD.listing_kind AND currency = OLD.currency;
    UPDATE analytics_daily_provider_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND provider_id = (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = OLD.workspace_id AND listings.id = OLD.listing_id) AND currency = OLD.currency;
    UPDATE analytics_stay_dates SET stays = stays - 1 WHERE OLD.listing_kind = 'PROPERTY' AND workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND check_out = OLD.check_out;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'CONFIRMED' THEN
    INSERT INTO analytics_daily_sales (workspace_id, check_in, listing_kind, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, NEW.listing_kind, NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, listing_kind, currency) DO UPDATE SET bookings = analytics_daily_sales.bookings + 1, total_minor = analytics_daily_sales.total_minor + excluded.total_minor;
    INSERT INTO analytics_daily_provider_sales (workspace_id, check_in, provider_id, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = NEW.workspace_id AND listings.id = NEW.listing_id), NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, provider_id, currency) DO UPDATE SET bookings = analytics_daily_provider_sales.bookings + 1, total_minor = analytics_daily_provider_sales.total_minor + excluded.total_minor;
    INSERT INTO analytics_stay_dates (workspace_id, check_in, check_out, stays) SELECT NEW.workspace_id, NEW.check_in, NEW.check_out, 1 WHERE NEW.listing_kind = 'PROPERTY' ON CONFLICT (workspace_id, check_in, check_out) DO UPDATE SET stays = analytics_stay_dates.stays + 1;
  END IF;
  RETURN NULL;
END
$$
""",
    """CREATE CONSTRAINT TRIGGER analytics_track_booking AFTER INSERT OR DELETE OR UPDATE OF status, check_in, check_out, listing_id, listing_kind, currency, total_minor ON bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_track_booking()""",
)
_ANALYTICS_SQLITE = (
    """CREATE TRIGGER analytics_booking_inserted AFTER INSERT ON bookings WHEN NEW.status = 'CONFIRMED'
BEGIN
  INSERT INTO analytics_daily_sales (workspace_id, check_in, listing_kind, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, NEW.listing_kind, NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, listing_kind, currency) DO UPDATE SET bookings = analytics_daily_sales.bookings + 1, total_minor = analytics_daily_sales.total_minor + excluded.total_minor;
  INSERT INTO analytics_daily_provider_sales (workspace_id, check_in, provider_id, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = NEW.workspace_id AND listings.id = NEW.listing_id), NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, provider_id, currency) DO UPDATE SET bookings = analytics_daily_provider_sales.bookings + 1, total_minor = analytics_daily_provider_sales.total_minor + excluded.total_minor;
  INSERT INTO analytics_stay_dates (workspace_id, check_in, check_out, stays) SELECT NEW.workspace_id, NEW.check_in, NEW.check_out, 1 WHERE NEW.listing_kind = 'PROPERTY' ON CONFLICT (workspace_id, check_in, check_out) DO UPDATE SET stays = analytics_stay_dates.stays + 1;
END""",
    """CREATE TRIGGER analytics_booking_deleted AFTER DELETE ON bookings WHEN OLD.status = 'CONFIRMED'
BEGIN
  UPDATE analytics_daily_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND listing_kind = OLD.listing_kind AND currency = OLD.currency;
  UPDATE analytics_daily_provider_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND provider_id = (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = OLD.workspace_id AND listings.id = OLD.listing_id) AND currency = OLD.currency;
  UPDATE analytics_stay_dates SET stays = stays - 1 WHERE OLD.listing_kind = 'PROPERTY' AND workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND check_out = OLD.check_out;
END""",
    """CREATE TRIGGER analytics_booking_updated_from AFTER UPDATE OF status, check_in, check_out, listing_id, listing_kind, currency, total_minor ON bookings WHEN OLD.status = 'CONFIRMED'
BEGIN
  UPDATE analytics_daily_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND listing_kind = OLD.listing_kind AND currency = OLD.currency;
  UPDATE analytics_daily_provider_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND provider_id = (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = OLD.workspace_id AND listings.id = OLD.listing_id) AND currency = OLD.currency;
  UPDATE analytics_stay_dates SET stays = stays - 1 WHERE OLD.listing_kind = 'PROPERTY' AND workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND check_out = OLD.check_out;
END""",
    """CREATE TRIGGER analytics_booking_updated_to AFTER UPDATE OF status, check_in, check_out, listing_id, listing_kind, currency, total_minor ON bookings WHEN NEW.status = 'CONFIRMED'
BEGIN
  INSERT INTO analytics_daily_sales (workspace_id, check_in, listing_kind, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, NEW.listing_kind, NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, listing_kind, currency) DO UPDATE SET bookings = analytics_daily_sales.bookings + 1, total_minor = analytics_daily_sales.total_minor + excluded.total_minor;
  INSERT INTO analytics_daily_provider_sales (workspace_id, check_in, provider_id, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = NEW.workspace_id AND listings.id = NEW.listing_id), NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, provider_id, currency) DO UPDATE SET bookings = analytics_daily_provider_sales.bookings + 1, total_minor = analytics_daily_provider_sales.total_minor + excluded.total_minor;
  INSERT INTO analytics_stay_dates (workspace_id, check_in, check_out, stays) SELECT NEW.workspace_id, NEW.check_in, NEW.check_out, 1 WHERE NEW.listing_kind = 'PROPERTY' ON CONFLICT (workspace_id, check_in, check_out) DO UPDATE SET stays = analytics_stay_dates.stays + 1;
END""",
)
_ANALYTICS_TRIGGERS = {"postgresql": _ANALYTICS_POSTGRESQL, "sqlite": _ANALYTICS_SQLITE}
_DROP_ANALYTICS_TRIGGERS = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS analytics_track_booking ON bookings",
        "DROP FUNCTION IF EXISTS analytics_track_booking()",
    ),
    "sqlite": (
        "DROP TRIGGER IF EXISTS analytics_booking_inserted",
        "DROP TRIGGER IF EXISTS analytics_booking_deleted",
        "DROP TRIGGER IF EXISTS analytics_booking_updated_from",
        "DROP TRIGGER IF EXISTS analytics_booking_updated_to",
    ),
}
