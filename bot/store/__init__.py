"""Persistence: SQLAlchemy 2 async models, the database handle, Alembic migrations."""
