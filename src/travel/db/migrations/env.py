"""Alembic environment: migrations run on a connection handed over by travel.db.migrate."""

from alembic import context

from travel.db.models import Base

target_metadata = Base.metadata
connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with `travel db upgrade`")

context.configure(
    connection=connection,
    target_metadata=target_metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
