"""Campaign view: a finished game's play carries its campaign; /stats and /history filter by
campaign or thread; the result card of a finished game."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import select, update

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.store.models import GameRow, PlayRow
from bot.table.service import TableService
from tests.looks import looking

THREAD = Ctx(guild_id=10, channel_id=555, user_id=1)
PARTNER = Ctx(guild_id=10, channel_id=555, user_id=2)
ELSEWHERE = Ctx(guild_id=10, channel_id=100, user_id=1)


@pytest.fixture
def logbook(db):
    return LogbookService(db, lambda: datetime(2026, 11, 21, 12, 0, tzinfo=UTC))


async def alea_game(db, ctx: Ctx, score: int, other: int, campaign: str | None) -> int:
    """A Fifth Avenue game of `ctx`'s owner (`score`) and partner 2 (`other`), ended by the
    partner (so both took part and both plays are recorded)."""
    table = TableService(db)
    started = await table.start(ctx, "alea", {"mode": "virtual"}, 3, players=[2])
    async with looking(db) as session:
        await session.execute(
            update(GameRow).where(GameRow.id == started.game_id).values(campaign=campaign)
        )
    await table.act(ctx, "alea", {"command": "supply_empty"})
    partner = Ctx(ctx.guild_id, ctx.channel_id, 2)
    await table.act(partner, "alea", {"command": "end", "score": score, "partner_score": other})
    assert started.game_id is not None
    return started.game_id


async def test_a_finished_games_plays_carry_its_campaign(db):
    await alea_game(db, THREAD, 40, 42, "Broadway Winter")
    async with looking(db) as session:
        plays = (await session.execute(select(PlayRow.user_id, PlayRow.campaign))).all()
    assert sorted(plays) == [(1, "Broadway Winter"), (2, "Broadway Winter")]


async def test_stats_and_history_filter_by_campaign(db, logbook):
    await alea_game(db, THREAD, 42, 40, "Broadway Winter")
    await alea_game(db, ELSEWHERE, 50, 30, None)
    await logbook.log_play(ELSEWHERE, "gwt", "Sam", score=10, opponent_score=20)
    everything = await logbook.stats(ELSEWHERE, chart=False)
    assert "**3** plays · **2** wins · 1 losses" in everything.facts[1]
    campaign = await logbook.stats(ELSEWHERE, campaign="Broadway Winter", chart=False)
    assert campaign.facts[0] == "<@1>\nCampaign: **Broadway Winter**"
    assert "**1** plays · **1** wins · 0 losses" in campaign.facts[1]
    history = await logbook.history(ELSEWHERE, campaign="Broadway Winter")
    assert len(history.facts) == 2 and "— **win** 42–40 · game #1 in <#555>" in history.facts[1]
    assert await logbook.campaigns(1, "broad") == ["Broadway Winter"]
    assert await logbook.campaigns(1, "summer") == []


async def test_stats_and_history_filter_by_thread(db, logbook):
    await alea_game(db, THREAD, 40, 42, None)
    await logbook.log_play(ELSEWHERE, "gwt", "Sam", score=10, opponent_score=20)
    here = await logbook.history(ELSEWHERE, thread=555)
    assert here.facts[0] == "<@1>\nThread: <#555>"
    assert len(here.facts) == 2 and "Fifth Avenue vs <@2> (with Alea)" in here.facts[1]
    stats = await logbook.stats(ELSEWHERE, thread=100, chart=False)
    assert "**1** plays · **0** wins · 1 losses" in stats.facts[1]


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        ({"campaign": "Nowhere"}, "Your logbook has no campaign called `Nowhere`; "),
        ({"thread": 999}, "Your logbook has no plays in <#999>."),
    ],
)
async def test_a_filter_naming_nothing_is_one_clear_line(db, logbook, filters, message):
    await logbook.log_play(ELSEWHERE, "gwt", "Sam", score=10, opponent_score=20)
    for call in (logbook.stats, logbook.history, logbook.check_filters):
        with pytest.raises(InputError) as refused:
            await call(ELSEWHERE, **filters)
        assert str(refused.value).startswith(message) and "\n" not in str(refused.value)
    with pytest.raises(InputError, match=r"^That player's logbook has no "):
        await logbook.history(ELSEWHERE, 2, **filters)


async def test_an_opponent_filter_needs_its_game(db, logbook):
    for call in (logbook.stats, logbook.check_filters):
        with pytest.raises(InputError, match=r"^Name the game too when you filter by opponent\.$"):
            await call(ELSEWHERE, opponent="Sam")


async def test_a_long_filtered_history_names_the_next_page_instead_of_buttons(db, logbook):
    for _ in range(11):
        await logbook.log_play(ELSEWHERE, "gwt", "Sam", score=10, opponent_score=20)
    first = await logbook.history(ELSEWHERE, thread=100)
    assert first.pager is None and first.title == "Plays · page 1/2"
    assert first.facts[-1] == "Older plays: `/history page:2` with the same filters."
    last = await logbook.history(ELSEWHERE, 1, 2, thread=100)
    assert len(last.facts) == 2


async def test_result_card_shows_each_players_score_margin_streaks_campaign_and_a_chart(
    db, logbook
):
    await alea_game(db, THREAD, 35, 30, "Broadway Winter")
    game = await alea_game(db, THREAD, 42, 40, "Broadway Winter")
    card = await logbook.result_card(game)
    assert card is not None
    assert card.title == "Result · Fifth Avenue · game #2"
    assert card.facts == [
        "<@1> vs <@2> (with Alea): **win** 42–40 (margin +2)",
        "Play streak: **1** day(s) · win streak: **2**",
        "Campaign **Broadway Winter**: 2 play(s), 2 win(s)",
        "<@2> vs <@1> (with Alea): **loss** 40–42 (margin -2)",
        "Play streak: **1** day(s) · win streak: **0**",
        "Campaign **Broadway Winter**: 2 play(s), 0 win(s)",
        "Played in <#555>",
    ]
    [(name, png)] = card.files
    assert name == "result-2.png" and png.startswith(b"\x89PNG")


async def test_no_result_card_for_an_abandoned_or_imported_game(db, logbook):
    table = TableService(db)
    started = await table.start(THREAD, "gah", {"difficulty": "easy"}, 3)
    await table.abandon(THREAD)
    assert started.game_id is not None
    assert await logbook.result_card(started.game_id) is None
