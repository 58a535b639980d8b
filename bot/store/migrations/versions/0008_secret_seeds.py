"""secret seeds: games' and challenges' seeds as decimal text, for a challenge's 128-bit secret

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    for table in ("games", "challenges"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "seed",
                existing_type=sa.BigInteger(),
                type_=sa.String(length=48),
                existing_nullable=False,
                postgresql_using="seed::varchar",
            )


def downgrade() -> None:
    # Only seeds that fit a BIGINT go back; a challenge's 128-bit secret does not.
    for table in ("challenges", "games"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "seed",
                existing_type=sa.String(length=48),
                type_=sa.BigInteger(),
                existing_nullable=False,
                postgresql_using="seed::bigint",
            )
