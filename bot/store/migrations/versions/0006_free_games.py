"""plays of games the bot does not run: their name as written

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_name", sa.String(length=60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_column("game_name")
