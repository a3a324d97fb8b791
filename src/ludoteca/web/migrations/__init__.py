"""Alembic's revisions of the servers' database (`ludoteca db upgrade`; `web/schema.py` runs them)."""
