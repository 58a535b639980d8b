"""The web pages' rate limits as database jobs (`Database.write`): a token bucket per (kind,
client) in `web_limits`, taken by one atomic statement, so that every process over the
database counts one budget. The statement is an upsert both SQLite (3.35+) and PostgreSQL
run as written: a new client's row is inserted with the burst less one; a known client's
bucket is refilled for the time since it was last taken (up to the burst) and taken from
only if a whole token is there. A refused request changes nothing and returns no row."""

from __future__ import annotations

from sqlalchemy import Connection, text

# the bucket as it stands now: its tokens, refilled at :rate a second since `at` (a clock
# that went back refills nothing), at most :burst
_FILLED = (
    "CASE WHEN web_limits.tokens + {since} * CAST(:rate AS FLOAT) >= CAST(:burst AS FLOAT) "
    "THEN CAST(:burst AS FLOAT) ELSE web_limits.tokens + {since} * CAST(:rate AS FLOAT) END"
).format(
    since="(CASE WHEN CAST(:now AS FLOAT) > web_limits.at "
    "THEN CAST(:now AS FLOAT) - web_limits.at ELSE 0 END)"
)
TAKE = text(
    "INSERT INTO web_limits (kind, client, tokens, at) "
    "VALUES (:kind, :client, CAST(:first AS FLOAT), CAST(:now AS FLOAT)) "
    "ON CONFLICT (kind, client) DO UPDATE "
    f"SET tokens = {_FILLED} - 1, at = CAST(:now AS FLOAT) "
    f"WHERE {_FILLED} >= 1 "
    "RETURNING tokens"
)
# a bucket full again says no more than no bucket
PRUNE = text("DELETE FROM web_limits WHERE kind = :kind AND at < CAST(:before AS FLOAT)")


def take(
    conn: Connection,
    kind: str,
    client: str,
    burst: float,
    per_second: float,
    now: float,
    prune: bool = False,
) -> float | None:
    """Take one token from `client`'s bucket of `kind` at `now` (seconds since the epoch):
    the tokens left, or None when there was no whole token (the request is refused).
    `prune`: first drop this kind's buckets that have filled up again. On PostgreSQL the
    commit does not wait for its WAL to reach the disk (a count lost in a crash costs
    nothing; the wait was most of a take's time, docs/performance.md)."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")
    if prune:
        conn.execute(PRUNE, {"kind": kind, "before": now - burst / per_second})
    found = conn.execute(
        TAKE,
        {
            "kind": kind,
            "client": client[:64],
            "first": float(burst) - 1,
            "now": float(now),
            "rate": float(per_second),
            "burst": float(burst),
        },
    ).scalar()
    return None if found is None else float(found)
