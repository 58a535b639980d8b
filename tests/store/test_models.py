"""The schema the models create (the tests' databases are made by `create_all`)."""

from sqlalchemy import text

from bot.store.models import Base
from tests.looks import looking

PARTIAL = {
    "uq_games_active_channel": "status",
    "uq_personal_challenges_name": "deleted_at IS NULL",
    "uq_challenge_entries_playing": "status",
}


async def test_the_partial_unique_indexes_are_partial_on_both_databases(db):
    named = {i.name for t in Base.metadata.tables.values() for i in t.indexes if "where" in i.info}
    assert named == set(PARTIAL)
    async with looking(db) as conn:
        if db.is_sqlite:
            query = "SELECT name, sql FROM sqlite_master WHERE type = 'index'"
        else:
            query = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
        made = dict((await conn.execute(text(query))).all())
    for name, condition in PARTIAL.items():
        assert "UNIQUE" in made[name] and " WHERE " in made[name], made[name]
        assert condition in made[name].split(" WHERE ", 1)[1], made[name]
