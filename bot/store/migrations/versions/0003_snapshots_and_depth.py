"""state snapshots, the depth of the actions in force, the rival of a shared play

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 09:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("depth", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("action_seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "depth"),
    )
    # Existing games get no depth (NULL): their first undo reads the whole log and sets it.
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("depth", sa.Integer(), nullable=True))
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rival_id", sa.BigInteger(), nullable=True))
        batch_op.drop_index("ix_plays_guild_user_day")
        batch_op.create_index(
            "ix_plays_guild_user_day", ["guild_id", "user_id", "local_day", "outcome", "source"]
        )


def downgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_index("ix_plays_guild_user_day")
        batch_op.create_index(
            "ix_plays_guild_user_day", ["guild_id", "user_id", "local_day", "outcome"]
        )
        batch_op.drop_column("rival_id")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("depth")
    op.drop_table("snapshots")
