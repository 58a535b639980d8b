"""plays exchange (issue 43): a free game's BoardGameGeek id on its play, and the name the
player goes by in the BG Stats or BoardGameGeek files they import (asked once, remembered)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29 08:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("plays") as batch:
        batch.add_column(sa.Column("bgg_id", sa.Integer(), nullable=True))
    with op.batch_alter_table("user_settings") as batch:
        batch.add_column(sa.Column("import_name", sa.String(length=100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_settings") as batch:
        batch.drop_column("import_name")
    with op.batch_alter_table("plays") as batch:
        batch.drop_column("bgg_id")
