"""Plays of games the bot does not run: logged by a free name that joins earlier plays of the
same player in any case, with free opponent text, no difficulty or modules, the outcome as the
player gives it; shown in /history and /stats, counted in streaks, exported and imported."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.logbook import queries
from bot.logbook.chart_data import prepare
from bot.logbook.service import LogbookService
from bot.store.database import orm
from bot.store.models import PlayRow
from tests.looks import looking

ME = Ctx(guild_id=10, channel_id=100, user_id=1)
YOU = Ctx(guild_id=10, channel_id=100, user_id=2)
LONG = "The 7th Continent: What Goes Up, Must Come Down (a long name)"[:60]


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock():
    return Clock(datetime(2026, 11, 21, 12, 0, tzinfo=UTC))


@pytest.fixture
def logbook(db, clock):
    return LogbookService(db, clock)


async def history(logbook, ctx=ME) -> list[str]:
    return (await logbook.history(ctx)).facts[1:]


async def test_a_free_name_joins_the_players_earlier_plays_of_it_in_any_case(logbook, db):
    first = await logbook.log_play(ME, "  Spirit   Island ", "Level 3", score=32, opponent_score=20)
    assert first.facts == ["Logged: `#1` 2026-11-21 Spirit Island vs Level 3 — **win** 32–20"]
    again = await logbook.log_play(ME, "spirit island", "LEVEL 3", outcome="loss")
    assert again.facts == ["Logged: `#2` 2026-11-21 Spirit Island vs Level 3 — **loss**"]
    await logbook.log_play(ME, "SPIRIT ISLAND", outcome="win", score=40)
    theirs = await logbook.log_play(YOU, "spirit island", outcome="win")  # their own spelling
    assert theirs.facts == ["Logged: `#4` 2026-11-21 spirit island — **win**"]
    async with looking(db) as session:
        rows = (await session.execute(select(PlayRow).order_by(PlayRow.id))).scalars().all()
    assert {row.game_key for row in rows} == {"~spirit island"}
    assert [row.game_name for row in rows] == ["Spirit Island"] * 3 + ["spirit island"]
    stats = await logbook.stats(ME, game="SPIRIT island", chart=False)
    assert stats.facts[0] == "<@1>\nGame: Spirit Island"
    assert stats.facts[1].startswith("**3** plays · **2** wins · 1 losses")
    level = await logbook.stats(ME, game="Spirit Island", opponent="level 3", chart=False)
    assert level.facts[0] == "<@1>\nGame: Spirit Island\nOpponent: Level 3"
    assert level.facts[1].startswith("**2** plays · **1** wins · 1 losses")


async def test_a_name_of_sixty_characters_gets_a_key_that_fits_its_column(logbook, db):
    from bot.logbook.free import free_key

    await logbook.log_play(ME, LONG, outcome="win")
    await logbook.log_play(ME, LONG.lower(), outcome="win")
    await logbook.log_play(ME, LONG[:-1] + "!", outcome="win")  # another game
    async with looking(db) as session:
        keys = (await session.scalars(select(PlayRow.game_key).order_by(PlayRow.id))).all()
    assert keys[0] == keys[1] != keys[2]
    assert all(len(key) <= 32 for key in keys) and keys[0] == free_key(LONG)
    assert [line.split(" — ")[0][16:] for line in await history(logbook)] == [
        LONG[:-1] + "!",
        LONG,
        LONG,
    ]


async def test_the_outcome_given_stands_and_without_one_the_higher_score_wins(logbook):
    """The bot knows no rule of another game: a low score may win, a tie may go either way."""
    low = await logbook.log_play(ME, "Golf Solo", score=72, opponent_score=80, outcome="loss")
    assert low.facts[0].endswith("Golf Solo — **loss** 72–80")
    tie = await logbook.log_play(ME, "Onirim", score=5, opponent_score=5)
    assert tie.facts[0].endswith("Onirim — **tie** 5–5")
    only_mine = await logbook.log_play(ME, "Cascadia", score=88)
    assert only_mine.facts[0].endswith("Cascadia — **no outcome** 88")
    changed = await logbook.edit_play(ME, 3, opponent_score=90)
    assert changed.facts[0].endswith("Cascadia — **loss** 88–90")
    won = await logbook.edit_play(ME, 3, outcome="win")
    assert won.facts[0].endswith("Cascadia — **win** 88–90")


@pytest.mark.parametrize(
    ("game", "opponent", "more", "refusal"),
    [
        (
            "Spirit Island",
            None,
            {"difficulty": "hard"},
            "Spirit Island is not one of the bot's games, so it has no difficulty here; "
            "put the level in `opponent` (e.g. `opponent:Level 3`).",
        ),
        (
            "Spirit Island",
            None,
            {"modules": "1 3"},
            "Spirit Island is not one of the bot's games, so it has no modules here; "
            "put the expansion in `opponent` (e.g. `opponent:with Jagged Earth`).",
        ),
        ("x" * 61, None, {}, "A game's name has at most 60 characters."),
        ("   ", None, {}, "Name the game you played, e.g. `Spirit Island`."),
        ("*Azul*", None, {}, "A game's name may not contain ` * _ ~ | < > @ or \\."),
        ("Azul", "**me**", {}, "The opponent may not contain"),
        ("Azul", None, {"outcome": "draw"}, "The outcome is win, loss or tie."),
        ("Azul", None, {"outcome": None}, "Give your score, both scores, or the outcome"),
        ("glasgow", None, {}, "Name the opponent you played against: Freddy I, Freddy II."),
    ],
)
async def test_what_a_play_of_another_game_cannot_have_is_refused(
    logbook, game, opponent, more, refusal
):
    with pytest.raises(InputError) as refused:
        await logbook.log_play(ME, game, opponent, **({"outcome": "win"} | more))
    assert str(refused.value).startswith(refusal)
    assert (await history(logbook)) == ["No plays logged yet: `/log play`."]


async def test_a_name_close_to_one_of_the_bots_games_is_logged_with_a_hint(logbook):
    logged = await logbook.log_play(ME, "Glasgo", "Freddy I", outcome="win")
    assert logged.facts[1] == (
        "Glasgo is not one of the bot's games; if you meant Glasgow, "
        "`/log delete play:1` and log it again with `game:glasgow`."
    )
    assert len((await logbook.log_play(ME, "Glass Road", outcome="win")).facts) == 1


async def test_history_and_stats_show_other_games_and_streaks_count_their_days(logbook, clock):
    start = clock.moment
    for n, game in enumerate(["gwt", "Spirit Island", "Mage Knight", "spirit island"]):
        clock.moment = start + timedelta(days=n)
        opponent = "Sam" if game == "gwt" else None
        await logbook.log_play(ME, game, opponent, score=20 + n, opponent_score=10 + 3 * n)
    assert await history(logbook) == [
        "`#4` 2026-11-24 Spirit Island — **win** 23–19",
        "`#3` 2026-11-23 Mage Knight — **win** 22–16",
        "`#2` 2026-11-22 Spirit Island — **win** 21–13",
        "`#1` 2026-11-21 Great Western Trail (2nd edition) vs Sam — **win** 20–10",
    ]
    stats = await logbook.stats(ME)
    assert stats.facts[1].startswith("**4** plays · **4** wins")
    assert stats.facts[3:] == ["Win streak: **4** (best 4)", "Play streak: **4** day(s) (best 4)"]
    assert stats.files and stats.files[0][0].endswith(".png")
    streak = await logbook.streak(ME)
    assert streak.facts == ["<@1>: 4-day play streak (best 4) · 4 win(s) in a row (best 4)"]
    with pytest.raises(InputError) as refused:
        await logbook.stats(ME, game="Azul")
    assert str(refused.value) == (
        "Your logbook has no plays of Azul; `/log play` logs one, and `/history` lists them."
    )


async def test_the_stats_chart_groups_another_game_by_its_name(logbook):
    await logbook.log_play(ME, "Spirit Island", "Level 3", score=30, opponent_score=20)
    await logbook.log_play(ME, "spirit island", "Level 4", score=25, opponent_score=28)
    await logbook.log_play(ME, "Spirit Island", score=35, opponent_score=20)
    await logbook.log_play(ME, "gwt", "Sam", score=50, opponent_score=40)
    await logbook.log_play(ME, "Mage Knight", outcome="win")
    plays = await logbook.db.read(
        orm(lambda session: queries.chart_plays(session, queries.Filters(user_id=1), 0, 30_000))
    )
    chart = prepare(plays, plays[-1].day)
    assert [(s.label, s.plays, len(s.scored)) for s in chart.series] == [
        ("Spirit Island", 3, 3),
        ("Sam", 1, 1),
        ("Mage Knight", 1, 0),
    ]
    assert [(r.series, r.difficulty, r.wins, r.decided) for r in chart.rates] == [
        (0, None, 2, 3),
        (1, None, 1, 1),
        (2, None, 1, 1),
    ]


async def test_another_game_round_trips_through_csv_export_and_import(logbook):
    await logbook.log_play(ME, "Spirit Island", "Level 3", score=32, opponent_score=20)
    await logbook.log_play(ME, "Final Girl", f"<@{YOU.user_id}>", outcome="loss")
    await logbook.log_play(ME, "gah", "Leopold", difficulty="hard", outcome="win")
    exported = await logbook.export(ME)
    csv = dict(exported.files)["soloist-plays-1.csv"].decode()
    assert ",Spirit Island,Level 3,,,32,20,win," in csv
    again = await logbook.import_csv(ME, csv.encode())
    assert again.facts == ["Imported 0 plays; skipped 3 duplicates."]
    theirs = await logbook.import_csv(YOU, csv.replace("Spirit Island", "SPIRIT ISLAND").encode())
    assert theirs.facts == ["Imported 3 plays; skipped 0 duplicates."]
    await logbook.log_play(YOU, "spirit island", "level 3", outcome="win")
    assert await history(logbook, YOU) == [
        "`#7` 2026-11-21 SPIRIT ISLAND vs Level 3 — **win**",
        "`#6` 2026-11-21 Grand Austria Hotel vs Leopold (hard) — **win**",
        "`#5` 2026-11-21 Final Girl vs <@2> — **loss**",
        "`#4` 2026-11-21 SPIRIT ISLAND vs Level 3 — **win** 32–20",
    ]
    async with looking(logbook.db) as session:
        rivals = (
            await session.execute(
                select(PlayRow.user_id, PlayRow.rival_id).where(PlayRow.game_key == "~final girl")
            )
        ).all()
    assert sorted(rivals) == [(1, 2), (2, None)]  # a mention of yourself is no other player
    bad = csv.replace("Spirit Island,Level 3,,", "Spirit Island,Level 3,hard,")
    with pytest.raises(InputError, match=r"^Line 2: Spirit Island is not one of the bot's games"):
        await logbook.import_csv(ME, bad.encode())
