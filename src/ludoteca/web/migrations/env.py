"""Alembic's environment: the revisions run on the connection `web/schema.py` hands over (or, from
Alembic's own command line, on `sqlalchemy.url`). SQLite alters a table by copying it (batch mode)."""

from alembic import context
from sqlalchemy import create_engine

from ludoteca.web.db import all_models

config = context.config
target_metadata = all_models()


def run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite", compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    with create_engine(config.get_main_option("sqlalchemy.url")).connect() as conn:
        run(conn)
