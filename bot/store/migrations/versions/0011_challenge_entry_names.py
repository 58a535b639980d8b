"""challenge entries: the player's display name as the bot saw it at the join

Any process can then name a challenge's players at its close, even one that does not hold
the guild (shards in several processes).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 05:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("challenge_entries") as batch:
        batch.add_column(sa.Column("name", sa.String(length=100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenge_entries") as batch:
        batch.drop_column("name")
