"""play-by-post: thread parent, status message, reminders, campaigns, languages

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 13:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("parent_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("status_message_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("remind_after", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("campaign", sa.String(length=60), nullable=True))
        batch_op.add_column(sa.Column("locale", sa.String(length=8), nullable=True))
        batch_op.create_index("ix_games_remind_at", ["remind_at"])
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("campaign", sa.String(length=60), nullable=True))
    with op.batch_alter_table("user_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("locale", sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column("streak_remind_hour", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("streak_remind_at", sa.DateTime(timezone=True), nullable=True)
        )
        batch_op.create_index("ix_user_settings_streak_remind_at", ["streak_remind_at"])
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.Column("results_channel_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("guild_id"),
    )


def downgrade() -> None:
    op.drop_table("guild_settings")
    with op.batch_alter_table("user_settings", schema=None) as batch_op:
        batch_op.drop_index("ix_user_settings_streak_remind_at")
        batch_op.drop_column("streak_remind_at")
        batch_op.drop_column("streak_remind_hour")
        batch_op.drop_column("locale")
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_column("campaign")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_remind_at")
        batch_op.drop_column("locale")
        batch_op.drop_column("campaign")
        batch_op.drop_column("remind_at")
        batch_op.drop_column("remind_after")
        batch_op.drop_column("status_message_id")
        batch_op.drop_column("parent_id")
