"""web limits (issue 42): the web pages' rate limits, one token bucket per (kind, client),
kept in the database so that every `web` process behind one proxy counts one budget

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 11:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_limits",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "client"),
    )


def downgrade() -> None:
    op.drop_table("web_limits")
