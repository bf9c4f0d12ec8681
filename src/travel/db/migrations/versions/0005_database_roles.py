"""two database roles: the system role (which runs this) owns every table; the application role
only reads and writes rows, inside the workspace its transaction names

Row-level security used to end in `OR current_setting('travel.system') = 'on'`: the application
role could set that itself and read every workspace, and the OR kept PostgreSQL from using
indexes for policy-only queries. Now the policy is the workspace match alone; migrations, operator
commands and the dispatcher connect as a role with BYPASSRLS (TRAVEL_SYSTEM_DATABASE_URL), and
the application role, which owns nothing, cannot alter a table or its policies.
See docs/decisions/0072-database-roles.md.

Revision ID: 0005
Revises: 0004
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# The tables under row-level security when this revision was written (and their workspace column).
_POLICED = {
    "members": "workspace_id",
    "api_keys": "workspace_id",
    "providers": "workspace_id",
    "listings": "workspace_id",
    "bookings": "workspace_id",
    "booking_transitions": "workspace_id",
    "audit_log": "workspace_id",
    "idempotency_keys": "workspace_id",
    "favorites": "workspace_id",
    "outbox_events": "workspace_id",
    "webhook_endpoints": "workspace_id",
    "webhook_deliveries": "workspace_id",
    "webhook_attempts": "workspace_id",
    "analytics_daily_sales": "workspace_id",
    "analytics_daily_provider_sales": "workspace_id",
    "analytics_stay_dates": "workspace_id",
    "workspaces": "id",
}

_PLAIN = "{column} = (SELECT NULLIF(current_setting('travel.workspace_id', true), '')::uuid)"
_WITH_ESCAPE = (
    "{column} = (SELECT NULLIF(current_setting('travel.workspace_id', true), '')::uuid) "
    "OR (SELECT current_setting('travel.system', true)) = 'on'"
)

# Every table, sequence, view and routine of the schema comes to be owned by `owner`; the
# application role (travel.app_role, set by travel.db.migrate from TRAVEL_DATABASE_URL) is granted
# row access only — and nothing when it is the migrating role itself (one role for both).
_OWN_AND_GRANT = """
DO $$
DECLARE
  owner text := {owner};
  app text := NULLIF(current_setting('travel.app_role', true), '');
  item record;
BEGIN
  FOR item IN
    SELECT c.relname AS name,
           CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                          WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'S', 'v', 'm')
      AND pg_get_userbyid(c.relowner) <> owner
  LOOP
    EXECUTE format('ALTER %s %I OWNER TO %I', item.kind, item.name, owner);
  END LOOP;
  FOR item IN
    SELECT p.oid::regprocedure AS signature
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND pg_get_userbyid(p.proowner) <> owner
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.signature, owner);
  END LOOP;
  IF app IS NOT NULL AND app <> owner THEN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), app);
    EXECUTE format(
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', current_schema(), app);
    EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON alembic_version FROM %I', app);
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO %I', current_schema(), app);
    EXECUTE format('GRANT EXECUTE ON ALL ROUTINES IN SCHEMA %I TO %I', current_schema(), app);
    -- What later revisions create (as this role) is granted the same way.
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE '
                   'ON TABLES TO %I', current_schema(), app);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO %I',
                   current_schema(), app);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT EXECUTE ON ROUTINES TO %I',
                   current_schema(), app);
  END IF;
END $$
"""


def _policies(match: str) -> None:
    for table, column in _POLICED.items():
        condition = match.format(column=column)
        op.execute(f"DROP POLICY IF EXISTS tenant_isolation ON {table}")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} USING ({condition}) "
            f"WITH CHECK ({condition})"
        )


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _policies(_PLAIN)
    op.execute(_OWN_AND_GRANT.format(owner="current_user"))


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _policies(_WITH_ESCAPE)
    # Back to one role: the application role owns the schema's objects again.
    op.execute(
        _OWN_AND_GRANT.format(
            owner="COALESCE(NULLIF(current_setting('travel.app_role', true), ''), current_user)"
        )
    )
