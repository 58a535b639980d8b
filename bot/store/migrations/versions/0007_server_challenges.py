"""server challenges: a challenge, its players' attempts, the games and plays they tag

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("game_key", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_challenges_closes_at", "challenges", ["status", "closes_at"])
    op.create_index("ix_challenges_guild", "challenges", ["guild_id", "status"])
    op.create_table(
        "challenge_entries",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("opponent_score", sa.Integer(), nullable=True),
        sa.Column("outcome", sa.String(length=16), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenges.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index(
        "uq_challenge_entries_attempt",
        "challenge_entries",
        ["challenge_id", "user_id", "attempt"],
        unique=True,
    )
    op.create_index(
        "uq_challenge_entries_playing",
        "challenge_entries",
        ["challenge_id", "user_id"],
        unique=True,
        sqlite_where=sa.text("status = 'playing'"),
        postgresql_where=sa.text("status = 'playing'"),
    )
    for table in ("games", "plays"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("challenge_id", sa.Integer(), nullable=True))
            batch_op.create_foreign_key(
                f"fk_{table}_challenge_id",
                "challenges",
                ["challenge_id"],
                ["id"],
                ondelete="SET NULL",
            )


def downgrade() -> None:
    for table in ("plays", "games"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(f"fk_{table}_challenge_id", type_="foreignkey")
            batch_op.drop_column("challenge_id")
    op.drop_index("uq_challenge_entries_playing", table_name="challenge_entries")
    op.drop_index("uq_challenge_entries_attempt", table_name="challenge_entries")
    op.drop_table("challenge_entries")
    op.drop_index("ix_challenges_guild", table_name="challenges")
    op.drop_index("ix_challenges_closes_at", table_name="challenges")
    op.drop_table("challenges")
