"""web pages: links (the SHA-256 of each secret token, what it opens) and a server's opt-in

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_links",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("campaign", sa.String(length=60), nullable=True),
        sa.Column("challenge_id", sa.Integer(), nullable=True),
        sa.Column("made_by", sa.BigInteger(), nullable=False),
        sa.Column("console", sa.Boolean(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenges.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("uq_web_links_token_hash", "web_links", ["token_hash"], unique=True)
    op.create_index("ix_web_links_game", "web_links", ["game_id"])
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("web_pages", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("web_pages")
    op.drop_index("ix_web_links_game", table_name="web_links")
    op.drop_index("uq_web_links_token_hash", table_name="web_links")
    op.drop_table("web_links")
