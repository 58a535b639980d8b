"""Game reminders and campaigns in the service: armed by `/game remind`, answered by any
command, never for ended games, found by one indexed query, sent once even by two schedulers."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from bot.core.errors import InputError, NotAllowed
from bot.core.reply import Ctx
from bot.store import models
from bot.store.database import Database
from bot.store.models import ActionRow, GameRow
from bot.table import reminders
from bot.table.service import campaign_name
from tests.looks import edit, looking

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
QUEUE = "Y3 B0 R2 G4 Y0"
DICE = "1:2 2:2 3:1 4:3 5:2"
STRANGER = Ctx(guild_id=10, channel_id=100, user_id=99)
PLAYER = Ctx(guild_id=10, channel_id=100, user_id=2)
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Iterator[Clock]:
    clock = Clock()
    models.NOW[0] = clock
    yield clock
    models.NOW[0] = models._system_now


def aware(value: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their (UTC) zone."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


async def game_row(db: Database) -> GameRow:
    async with looking(db) as session:
        return (await session.execute(select(GameRow))).scalar_one()


class Posts:
    """A scheduler's post function that records what it was asked to send."""

    def __init__(self) -> None:
        self.sent: list[int] = []

    async def __call__(self, due: reminders.Due) -> None:
        self.sent.append(due.game_id)


async def tick(db: Database, clock: Clock, posts: Posts | None = None) -> list[int]:
    posts = posts or Posts()
    await reminders.send_due(db, clock.now, posts)
    return posts.sent


async def test_remind_arms_one_reminder_after_the_hours_given(service, owner, db, clock):
    start = await service.start(owner, "gah", OPTS, seed=7)
    reply = await service.remind(owner, 24)
    assert reply.version == 2
    assert reply.facts[0] == (
        "Reminder on: after 24 hours without a move, I ping this game's players here."
    )
    due = int((START + timedelta(hours=24)).timestamp())
    assert f"<t:{due}:f>" in reply.facts[1]
    row = await game_row(db)
    assert (row.remind_after, aware(row.remind_at)) == (24, START + timedelta(hours=24))
    clock.advance(hours=23, minutes=59)
    assert await tick(db, clock) == []
    clock.advance(minutes=1)
    assert await tick(db, clock) == [start.game_id]


async def test_the_next_command_answers_the_reminder_and_starts_the_wait_again(
    service, owner, db, clock
):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 12)
    clock.advance(hours=11)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    clock.advance(hours=2)  # past the first due time: nothing is due any more
    assert await tick(db, clock) == []
    row = await game_row(db)
    assert aware(row.remind_at) == START + timedelta(hours=11 + 12)
    clock.advance(hours=10)
    assert len(await tick(db, clock)) == 1


async def test_off_clears_the_setting_and_the_pending_reminder(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 1)
    reply = await service.remind(owner, None)
    assert reply.facts == ["Reminders off: nobody will be pinged about this game."]
    row = await game_row(db)
    assert (row.remind_after, row.remind_at) == (None, None)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    clock.advance(hours=48)
    assert await tick(db, clock) == []
    again = await service.remind(owner, None)  # already off: said, nothing written
    assert again.facts == ["Reminders are already off for this game."]
    assert (await game_row(db)).version == row.version + 1


async def test_only_the_owner_and_players_may_set_reminders(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7, players=[PLAYER.user_id])
    with pytest.raises(NotAllowed):
        await service.remind(STRANGER, 24)
    assert (await game_row(db)).remind_after is None
    await service.remind(PLAYER, 48)
    assert (await game_row(db)).remind_after == 48


@pytest.mark.parametrize("typed", ["0", "721", "-5", "1.5", "tomorrow", "", "٢٤", "24 days"])
def test_hours_outside_1_to_720_are_refused_in_one_line(typed):
    with pytest.raises(InputError) as refused:
        reminders.parse_after(typed)
    assert "\n" not in str(refused.value) and "`off`" in str(refused.value)


@pytest.mark.parametrize(
    ("typed", "hours"), [("24", 24), (" 48h ", 48), ("1 hour", 1), ("720", 720), ("OFF", None)]
)
def test_hours_are_typed_as_a_number_of_hours_or_off(typed, hours):
    assert reminders.parse_after(typed) == hours


async def test_hours_out_of_range_change_nothing_in_the_service(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(InputError):
        await service.remind(owner, 721)
    assert (await game_row(db)).version == 1


async def test_finished_and_abandoned_games_never_get_a_reminder(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 1)
    await service.abandon(owner)
    assert (await game_row(db)).remind_at is None
    # Even a row left due by hand is never picked once the game has ended.
    async with looking(db) as conn:
        await conn.execute(update(GameRow).values(remind_at=START, status="finished"))
    clock.advance(hours=5)
    assert await tick(db, clock) == []
    async with looking(db) as conn:
        await conn.execute(update(GameRow).values(status="abandoned"))
    assert await tick(db, clock) == []


async def test_finishing_clears_the_pending_reminder(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 1)
    await edit(db, GameRow, 1, lambda row: setattr(row, "state", {**row.state, "phase": "final"}))
    await service.act(owner, "gah", {"command": "final", "player_score": 80})
    row = await game_row(db)
    assert row.status == "finished" and row.remind_at is None
    clock.advance(hours=2)
    assert await tick(db, clock) == []


async def test_a_due_reminder_is_sent_once_and_then_waits_for_a_move(service, owner, db, clock):
    first = await service.start(owner, "gah", OPTS, seed=7)
    other = await service.start(Ctx(10, 200, 1), "gah", OPTS, seed=8)
    await service.start(Ctx(10, 300, 1), "gah", OPTS, seed=9)  # no reminder asked for
    await service.remind(owner, 2)
    await service.remind(Ctx(10, 200, 1), 1)
    clock.advance(hours=3)
    assert await tick(db, clock) == [other.game_id, first.game_id]  # the longest due first
    assert await tick(db, clock) == []
    clock.advance(hours=100)
    assert await tick(db, clock) == []  # one ping per wait: the next move arms the next
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    clock.advance(hours=2)
    assert await tick(db, clock) == [first.game_id]


async def test_a_command_between_the_read_and_the_claim_wins(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 1)
    clock.advance(hours=1)
    [found] = await db.read(lambda conn: reminders.due(conn, clock.now))
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    assert not await db.write(functools.partial(reminders.claim, reminder=found))
    row = await game_row(db)
    assert aware(row.remind_at) == clock.now + timedelta(hours=1)  # the move's new wait


async def test_two_racing_schedulers_send_each_reminder_once(service, owner, db, clock):
    for channel in range(100, 140):
        ctx = Ctx(10, channel, 1)
        await service.start(ctx, "gah", OPTS, seed=channel)
        await service.remind(ctx, 1)
    clock.advance(hours=1)
    # Both read the same due rows before either claims: only one claim of each succeeds.
    [one] = await db.read(lambda conn: reminders.due(conn, clock.now, 1))
    claims = [await db.write(functools.partial(reminders.claim, reminder=one)) for _ in "ab"]
    assert claims == [True, False]
    # Two processes (two engines on one database), ticking at the same moment, small batches.
    second = Database(db.url, schema=db.schema)
    try:
        posts = [Posts(), Posts()]
        await asyncio.gather(
            reminders.send_due(db, clock.now, posts[0], batch=3),
            reminders.send_due(second, clock.now, posts[1], batch=3),
        )
    finally:
        await second.close()
    sent = posts[0].sent + posts[1].sent
    assert len(sent) == len(set(sent)) == 39 and one.game_id not in sent


async def test_a_failed_post_is_logged_and_not_sent_again(service, owner, db, clock, caplog):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 1)
    clock.advance(hours=1)

    async def broken(_due: reminders.Due) -> None:
        raise RuntimeError("channel gone")

    assert await reminders.send_due(db, clock.now, broken) == 1
    assert "could not be posted" in caplog.text
    assert await tick(db, clock) == []


async def test_remind_is_logged_but_never_replayed_or_undone(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    turned = await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    await service.remind(owner, 24)
    await service.campaign(owner, "Vienna winter")
    undone = await service.undo(owner)  # takes back the turn, not the settings
    assert undone.state and undone.state["cards_left"] == 20
    row = await game_row(db)
    assert (row.remind_after, row.campaign, row.depth) == (24, "Vienna winter", 0)
    history = await service.history(owner)
    assert [line.split(" ")[2] for line in history.facts] == [
        "start",
        "turn",
        "remind",
        "campaign",
        "undo",
    ]
    again = await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    assert again.state == turned.state


async def fill(db: Database, games: int, due_every: int) -> None:
    """Many games as a busy server has them: most active without a reminder, some ended,
    every `due_every`-th with one pending; then the planner's statistics."""
    rows = [
        {
            "guild_id": 1,
            "channel_id": n,
            "game_key": "gah",
            "options": {},
            "seed": n,
            "owner_id": 1,
            "players": [],
            "status": "finished" if n % 7 == 0 else "active",
            "state": {},
            "version": 1,
            "remind_after": 24 if n % due_every == 0 else None,
            "remind_at": START + timedelta(minutes=n) if n % due_every == 0 else None,
        }
        for n in range(games)
    ]
    async with looking(db) as conn:
        await conn.execute(GameRow.__table__.insert(), rows)
        # The games table only: the whole database's ANALYZE also locks the other test
        # workers' schemas, and deadlocked with a worker's TRUNCATE (a flaky setup error).
        await conn.exec_driver_sql("ANALYZE games")


async def explain(db: Database, prefix: str) -> str:
    """The database's plan for the scheduler's due query, as it is sent."""
    compiled = reminders.DUE.compile(dialect=db.dialect)
    values = compiled.construct_params({"now": START, "limit": reminders.BATCH})
    params = tuple(values[name] for name in compiled.positiontup or [])
    if db.is_sqlite:
        params = tuple(p.isoformat(" ") if isinstance(p, datetime) else p for p in params)
    async with looking(db) as conn:
        rows = await conn.exec_driver_sql(f"{prefix} {compiled}", params)
        return "\n".join(str(row[-1]) for row in rows)


async def test_the_due_query_uses_its_index_on_sqlite(db):
    if not db.is_sqlite:
        pytest.skip("the SQLite plan; PostgreSQL's is checked below")
    await fill(db, 5000, due_every=100)
    plan = await explain(db, "EXPLAIN QUERY PLAN")
    # A range search of the index, in its order: no scan of the table, no sort.
    assert plan == "SEARCH games USING INDEX ix_games_remind_at (remind_at<?)", plan


async def test_the_due_query_uses_its_index_on_postgresql(db):
    if db.is_sqlite:
        pytest.skip("PostgreSQL's plan")
    await fill(db, 5000, due_every=100)
    plan = await explain(db, "EXPLAIN")
    assert "Index Scan using ix_games_remind_at" in plan and "Sort" not in plan, plan


async def test_the_reminder_text_says_what_waits_and_the_next_step(service, owner, db, clock):
    start = await service.start(owner, "gah", OPTS, seed=7, players=[5, 1])
    await service.remind(owner, 48)
    row, reply = await service.game_status(start.game_id)
    assert reminders.pinged(row) == [1, 5]
    lines = reminders.reminder_lines(row, reply)
    assert (
        lines[0] == f"Grand Austria Hotel · game #{start.game_id} has waited 48 hours for a move."
    )
    assert lines[1] == "Next step:" and lines[2] == reply.prompt and len(lines) == 4
    assert lines[-1] == "`/game remind after:off` turns these reminders off."


# ------------------------------------------------------------------------------ campaigns
async def test_campaign_puts_the_game_into_a_trimmed_name_and_off_takes_it_out(
    service, owner, db, clock
):
    await service.start(owner, "gah", OPTS, seed=7)
    reply = await service.campaign(owner, "   Vienna   winter  ")
    assert reply.facts == [
        f"Game #{reply.game_id} is now part of the campaign “Vienna winter”; "
        "its result counts there when it ends."
    ]
    assert (await game_row(db)).campaign == "Vienna winter"
    same = await service.campaign(owner, "Vienna winter")
    assert same.version is None and "already" in same.facts[0]
    await service.campaign(owner, "off")
    row = await game_row(db)
    assert row.campaign is None and row.version == 3


@pytest.mark.parametrize(
    "name", ["", "   ", "x" * 61, "**bold**", "<@1>", "@everyone", "`code`", "||s||", "\x00"]
)
def test_campaign_names_are_one_plain_line_of_1_to_60_characters(name):
    with pytest.raises(InputError) as refused:
        campaign_name(name)
    assert "\n" not in str(refused.value)


def test_campaign_names_keep_letters_digits_and_simple_punctuation():
    assert campaign_name("Käthe's #2 (Vienna) - 2026!") == "Käthe's #2 (Vienna) - 2026!"
    assert campaign_name("x" * 60) == "x" * 60
    assert campaign_name(" Off ") is None
    assert campaign_name("Vienna\n  winter ") == "Vienna winter"  # spaces trimmed to one


async def test_only_players_may_set_the_campaign_and_a_refusal_changes_nothing(
    service, owner, db, clock
):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(NotAllowed):
        await service.campaign(STRANGER, "Mine")
    with pytest.raises(InputError):
        await service.campaign(owner, "**bold**")
    row = await game_row(db)
    assert (row.campaign, row.version) == (None, 1)
    async with looking(db) as session:
        assert len((await session.execute(select(ActionRow))).all()) == 1


async def test_campaign_autocomplete_offers_this_servers_campaigns(service, owner, db, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.campaign(owner, "Vienna winter")
    await service.start(Ctx(10, 200, 1), "gah", OPTS, seed=8)
    await service.campaign(Ctx(10, 200, 1), "Summer in Wien")
    await service.start(Ctx(11, 300, 1), "gah", OPTS, seed=9)
    await service.campaign(Ctx(11, 300, 1), "Elsewhere")
    assert await service.campaign_names(10, "") == ["Summer in Wien", "Vienna winter"]
    assert await service.campaign_names(10, "vi") == ["Vienna winter"]
    assert await service.campaign_names(10, "win") == ["Vienna winter"]


async def test_an_export_with_reminder_and_campaign_entries_imports(service, owner, clock):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.remind(owner, 24)
    await service.campaign(owner, "Vienna winter")
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    exported = (await service.export(owner)).files[0][1]
    await service.abandon(owner)
    imported = await service.import_game(owner, exported)
    assert imported.facts[0] == "Imported: 1 step replayed from seed 7."
