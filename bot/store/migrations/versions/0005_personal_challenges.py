"""personal play-count challenges

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "personal_challenges",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("first_day", sa.Integer(), nullable=False),
        sa.Column("last_day", sa.Integer(), nullable=False),
        sa.Column("pick", sa.JSON(), nullable=True),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "uq_personal_challenges_name",
        "personal_challenges",
        ["user_id", "name_key"],
        unique=True,
        sqlite_where=sa.text("deleted_at IS NULL"),
        postgresql_where=sa.text("deleted_at IS NULL"),
    )
    op.create_index("ix_personal_challenges_user", "personal_challenges", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_personal_challenges_user", table_name="personal_challenges")
    op.drop_index("uq_personal_challenges_name", table_name="personal_challenges")
    op.drop_table("personal_challenges")
