"""challenge attempts: why one is not ranked (incomplete, voided: the reason), who voided it and
whether it still uses up an attempt, and the Fifth Avenue partner's confirmation

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29 04:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("challenge_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("note", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("voided_by", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("uses_attempt", sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column("confirmed_by", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenge_entries", schema=None) as batch_op:
        batch_op.drop_column("confirmed_by")
        batch_op.drop_column("uses_attempt")
        batch_op.drop_column("voided_by")
        batch_op.drop_column("note")
