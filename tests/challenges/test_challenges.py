"""Play-count challenges through the service, over the real logbook: plays from every source
(imports, `/log play`, finished bot games) fill them, in the player's own days."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select

from bot.challenges.service import ChallengeService
from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.i18n import tr
from bot.logbook.service import LogbookService
from bot.store import models
from bot.store.models import GameRow, PersonalChallengeRow, PlayRow
from bot.table.service import TableService
from tests.golden import assert_golden
from tests.looks import edit, looking

ME = Ctx(guild_id=10, channel_id=100, user_id=1)
YOU = Ctx(guild_id=10, channel_id=100, user_id=2)
TEN = (
    "gah:Leopold:easy gah:Leopold:medium gah:Leopold:hard gah:Elisabeth:easy "
    "gah:Elisabeth:medium gah:Elisabeth:hard gwt:Sam:easy gwt:Sam:medium gwt:Sam:hard "
    "glasgow:Freddy I"
)
HEADER = "played_at,game,opponent,difficulty,outcome,score,opponent_score\n"


@pytest.fixture
def now():
    """The one clock of logbook, table and challenges, set by hand."""
    moment = [datetime(2026, 10, 1, 12, 0, tzinfo=UTC)]
    models.NOW[0] = lambda: moment[0]
    yield moment
    models.NOW[0] = models._system_now


@pytest.fixture
def logbook(db, now):
    return LogbookService(db)


@pytest.fixture
def challenges(db, now):
    return ChallengeService(db)


def nth_day(n: int) -> str:
    return (datetime(2026, 1, 1) + timedelta(days=n)).date().isoformat()


def csv_of(rows: list[tuple[str, str, str | None, str]]) -> bytes:
    """Plays as `/log import` reads them: (day, game, opponent, difficulty)."""
    lines = [
        f"{day}T18:00:00+00:00,{game},{opponent},{level or ''},win,50,40"
        for day, game, opponent, level in rows
    ]
    return (HEADER + "\n".join(lines) + "\n").encode()


async def finish_a_hard_leopold_game(db) -> None:
    """A Grand Austria Hotel game against Leopold on hard, played to its end in the bot."""
    table = TableService(db)
    start = await table.start(ME, "gah", {"difficulty": "hard", "emperor_vp_variant": "S2"}, 7)
    await table.act(ME, "gah", {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:1"})
    await edit(
        db,
        GameRow,
        start.game_id,
        lambda row: setattr(row, "state", {**row.state, "phase": "final"}),
    )
    await table.act(ME, "gah", {"command": "final", "player_score": 9})


async def test_a_10x10_challenge_fills_from_logged_plays_and_shows_its_picture(
    db, logbook, challenges, now
):
    made = await challenges.new(ME, "10x10 2026", plays=10, pick=TEN)
    assert made.facts[0] == (
        "New challenge **10x10 2026**. `/challenge share` shows it in the channel."
    )
    assert "**0** of 100 plays done, 100 left." in made.facts
    rows = []
    for n, code in enumerate(TEN.split()[:9]):  # the first nine picks, each on its own days
        game, opponent, level = code.split(":")
        count = 9 if code == "gah:Leopold:hard" else 10
        rows += [(nth_day(n * 10 + i), game, opponent, level) for i in range(count)]
    rows.append(("2025-12-31", "gwt", "Sam", "easy"))  # before the period: counts for nothing
    imported = await logbook.import_csv(ME, csv_of(rows))
    assert "Imported 90 plays" in imported.facts[0]
    for day in range(9):
        now[0] = datetime(2026, 9, 1 + day, 12, 0, tzinfo=UTC)
        await logbook.log_play(ME, "glasgow", "Freddy I", score=60, opponent_score=55)
    now[0] = datetime(2026, 10, 1, 12, 0, tzinfo=UTC)
    await logbook.log_play(ME, "glasgow", "Freddy I", outcome="loss", day="2026-09-20")
    almost = await challenges.show(ME, "10x10 2026")
    assert almost.facts[3:] == [
        "✓ Grand Austria Hotel against Leopold (easy): **10**/10",
        "✓ Grand Austria Hotel against Leopold (medium): **10**/10",
        "• Grand Austria Hotel against Leopold (hard): **9**/10",
        "✓ Grand Austria Hotel against Elisabeth (easy): **10**/10",
        "✓ Grand Austria Hotel against Elisabeth (medium): **10**/10",
        "✓ Grand Austria Hotel against Elisabeth (hard): **10**/10",
        "✓ Great Western Trail (2nd edition) against Sam (easy): **10**/10",
        "✓ Great Western Trail (2nd edition) against Sam (medium): **10**/10",
        "✓ Great Western Trail (2nd edition) against Sam (hard): **10**/10",
        "✓ Glasgow against Freddy I: **10**/10",
        "**99** of 100 plays done, 1 left.",
        "To finish by 2026-12-31: **0.1 plays** a week (92 days left).",
    ]
    [(name, png)] = almost.files
    assert name.endswith(".png") and almost.ephemeral
    assert_golden(png, "challenge-10x10-en")
    german = await challenges.show(ME, "10X10  2026", locale="de")  # a name in any case
    assert_golden(german.files[0][1], "challenge-10x10-de")

    await finish_a_hard_leopold_game(db)  # the hundredth play, recorded by the bot
    done = await challenges.show(ME)
    assert "✓ Grand Austria Hotel against Leopold (hard): **10**/10" in done.facts
    assert done.facts[-2:] == [
        "**100** of 100 plays done, 0 left.",
        "Finished on 2026-10-01: all 100 plays done!",
    ]


async def counted(challenges, name: str, ctx: Ctx = ME) -> str:
    """The "done" line of a challenge."""
    shown = await challenges.show(ctx, name)
    return next(line for line in shown.facts if " plays done, " in line)


async def test_the_period_is_counted_in_the_players_own_days(logbook, challenges, now):
    """In Auckland (UTC+13 in summer) 11:30 UTC on 31 December is already New Year's Day."""
    await logbook.set_timezone(ME, "Pacific/Auckland")
    now[0] = datetime(2026, 12, 31, 10, 30, tzinfo=UTC)  # 23:30 on 31 December there
    await logbook.log_play(ME, "gwt", "Sam", outcome="win")
    now[0] = datetime(2026, 12, 31, 11, 30, tzinfo=UTC)  # 00:30 on 1 January there
    await logbook.log_play(ME, "gwt", "Sam", outcome="win")
    made = await challenges.new(ME, "This year", games=1, plays=5)  # this year: 2027 there
    assert made.facts[1] == "**1 game** × **5 plays** each, from 2027-01-01 to 2027-12-31"
    await challenges.new(ME, "Last year", games=1, plays=5, start="2026")
    assert await counted(challenges, "This year") == "**1** of 5 plays done, 4 left."
    assert await counted(challenges, "Last year") == "**1** of 5 plays done, 4 left."
    await logbook.set_timezone(ME, "UTC")  # the plays are re-dated: both on 31 December
    assert await counted(challenges, "This year") == "**0** of 5 plays done, 5 left."
    assert await counted(challenges, "Last year") == "**2** of 5 plays done, 3 left."


async def test_solo_only_leaves_out_plays_with_another_real_player(db, logbook, challenges):
    table = TableService(db)
    await table.start(ME, "alea", {"mode": "virtual"}, 3, players=[YOU.user_id])
    await table.act(YOU, "alea", {"command": "supply_empty"})
    await table.act(ME, "alea", {"command": "end", "score": 40, "partner_score": 42})
    await logbook.log_play(ME, "alea", "Alea", outcome="win")  # by hand: still played by two
    await logbook.log_play(ME, "gwt", "Sam", outcome="win")
    await logbook.log_play(ME, "glasgow", "Freddy I", outcome="loss")

    def shared_gwt_play(conn) -> None:  # a play the logbook marks with the other real player
        start = datetime(2026, 9, 30, 12, tzinfo=UTC)
        conn.execute(
            insert(PlayRow).values(
                user_id=ME.user_id,
                game_key="gwt",
                opponent="Sam",
                rival_id=YOU.user_id,
                outcome="win",
                played_at=start,
                local_day=(start.date() - datetime(1970, 1, 1).date()).days,
                source="bot",
            )
        )

    await db.write(shared_gwt_play)
    await challenges.new(ME, "All", games=3, plays=3)
    await challenges.new(ME, "Solo", games=3, plays=3, solo=True)
    every = (await challenges.show(ME, "All")).facts
    assert [line for line in every if line.startswith("• ")] == [
        "• Great Western Trail (2nd edition): **2**/3",  # the shared play was first
        "• Fifth Avenue: **2**/3",
        "• Glasgow: **1**/3",
    ]
    solo = (await challenges.show(ME, "Solo")).facts
    assert solo[2] == "Solo plays only: a play with another real player does not count."
    assert [line for line in solo if line.startswith("• ")] == [
        "• Great Western Trail (2nd edition): **1**/3",
        "• Glasgow: **1**/3",
    ]
    assert "Still open: 1 game, taken by the next different games you play." in solo


async def test_several_challenges_count_the_same_plays_each_by_its_own_terms(logbook, challenges):
    await challenges.new(ME, "Five by five", games=5, plays=5)
    await challenges.new(ME, "Hard Sam", plays=20, pick="gwt:Sam:hard")
    await challenges.new(ME, "Next year", games=2, plays=2, start="2027-01-01")
    for _ in range(3):
        await logbook.log_play(ME, "gwt", "Sam", difficulty="hard", outcome="win")
    await logbook.log_play(ME, "gwt", "Sam", difficulty="easy", outcome="win")
    await logbook.log_play(YOU, "gwt", "Sam", difficulty="hard", outcome="win")  # not mine
    listed = await challenges.list_all(ME)
    assert listed.facts == [
        "**Five by five** · 5×5 · 4/25 plays, until 2026-12-31",
        "**Hard Sam** · 1×20 · 3/20 plays, until 2026-12-31",
        "**Next year** · 2×2 · starts on 2027-01-01",
    ]
    waiting = await challenges.show(ME, "next year")
    assert waiting.facts[-1] == "Starts on 2027-01-01; then **0.1 plays** a week finish it."
    assert "**0** of 4 plays done, 4 left." in waiting.facts
    assert (await challenges.list_all(YOU)).facts == [
        "You have no challenges yet: `/challenge new` makes one."
    ]


async def test_an_ended_challenge_says_how_many_plays_it_was_short(logbook, challenges, now):
    await challenges.new(ME, "Autumn", games=1, plays=5, end="2026-10-31")
    await logbook.log_play(ME, "glasgow", "Freddy II", outcome="win")
    now[0] = datetime(2026, 11, 2, 12, tzinfo=UTC)
    await logbook.log_play(ME, "glasgow", "Freddy II", outcome="win")  # after its end
    shown = await challenges.show(ME, "Autumn")
    assert shown.facts[-2:] == [
        "**1** of 5 plays done, 4 left.",
        "Ended on 2026-10-31, 4 plays short.",
    ]
    assert (await challenges.list_all(ME)).facts == [
        "**Autumn** · 1×5 · 1/5 plays, ended on 2026-10-31"
    ]


async def stored(db) -> list[tuple[str, bool]]:
    async with looking(db) as session:
        rows = await session.execute(
            select(
                PersonalChallengeRow.name, PersonalChallengeRow.deleted_at.is_not(None)
            ).order_by(PersonalChallengeRow.id)
        )
        return [(name, bool(gone)) for name, gone in rows]


async def test_a_deleted_challenge_comes_back_with_restore_until_another_is_deleted(db, challenges):
    await challenges.new(ME, "One", games=1, plays=1)
    await challenges.new(ME, "Two", games=1, plays=1)
    deleted = await challenges.delete(ME, "one")
    assert deleted.facts == ["Deleted the challenge **One**. `/challenge restore` brings it back."]
    assert (await challenges.list_all(ME)).facts[0].startswith("**Two**")
    assert (await challenges.restore(ME)).facts == ["The challenge **One** is back."]
    with pytest.raises(InputError, match="no deleted challenge to bring back"):
        await challenges.restore(ME)
    await challenges.delete(ME, "One")
    await challenges.delete(ME, "Two")  # the first deletion can no longer be undone
    assert await stored(db) == [("Two", True)]
    await challenges.restore(ME)
    assert await stored(db) == [("Two", False)]
    await challenges.delete(ME)  # the only one needs no name
    await challenges.new(ME, "two", games=2, plays=1)  # its name taken again: gone for good
    assert await stored(db) == [("two", False)]


async def test_bad_input_is_refused_in_one_line_and_changes_nothing(db, challenges):
    await challenges.new(ME, "10x10 2026", games=5, plays=10)
    before = await stored(db)
    refusals = {
        "You already have a challenge called **10X10 2026**; choose another name.": dict(
            name="10X10 2026", games=1, plays=1
        ),
        "You picked 2 games but asked for 3: leave `games` out, or pick as many.": dict(
            name="x", games=3, plays=1, pick="gah gwt"
        ),
        "The challenge would end before it starts: 2026-01-31 is before 2026-02-01.": dict(
            name="x", games=1, plays=1, start="2026-02-01", end="2026-01-31"
        ),
    }
    for said, options in refusals.items():
        with pytest.raises(InputError) as refused:
            await challenges.new(ME, options.pop("name"), **options)
        assert str(refused.value) == said
    with pytest.raises(InputError) as refused:
        await challenges.show(ME, "Nine")
    assert str(refused.value) == "You have no challenge called **Nine**; yours: **10x10 2026**."
    await challenges.new(ME, "Other", games=1, plays=1)
    with pytest.raises(InputError) as refused:
        await challenges.delete(ME)
    assert str(refused.value) == "Name one of your challenges: **10x10 2026**, **Other**."
    assert await stored(db) == [*before, ("Other", False)]


async def test_a_player_has_at_most_25_challenges_at_once(db, challenges):
    for n in range(25):
        await challenges.new(ME, f"c{n}", games=1, plays=1)
    with pytest.raises(InputError, match="You have 25 challenges, the most at once"):
        await challenges.new(ME, "one more", games=1, plays=1)
    await challenges.delete(ME, "c0")
    await challenges.new(ME, "one more", games=1, plays=1)
    assert len(await challenges.names(ME.user_id)) == 25


async def test_a_german_reader_sees_german_lines_and_german_numbers(logbook, challenges):
    await logbook.log_play(ME, "gwt", "Sam", difficulty="hard", outcome="win")
    shown = await challenges.new(
        ME, "Schwer", plays=3, pick="gah:Leopold:hard gwt:Sam:hard glasgow:Freddy II", locale="de"
    )
    german = [tr(line, "de") for line in shown.facts]
    assert german[1:] == [
        "**3 Spiele** × je **3 Partien**, vom 2026-01-01 bis 2026-12-31",
        "Vorab gewählte Spiele.",
        "Alle Partien zählen, solo oder mit anderen.",
        "• Grand Austria Hotel gegen Leopold (schwer): **0**/3",
        "• Great Western Trail (2nd edition) gegen Sam (schwer): **1**/3",
        "• Glasgow gegen Freddy II: **0**/3",
        "**1** von 9 Partien geschafft, 8 offen.",
        "Um bis 2026-12-31 fertig zu werden: **0,7 Partien** pro Woche (noch 92 Tage).",
    ]
    assert tr(shown.facts[0], "de") == (
        "Neue Herausforderung **Schwer**. `/herausforderung teilen` zeigt sie im Kanal."
    )


async def test_the_same_name_made_twice_at_once_is_one_challenge_and_one_refusal(db, challenges):
    """A second process could pass the name check at the same moment: the unique index of
    live names refuses it (PostgreSQL); SQLite's one writer queues them."""
    other = ChallengeService(db)
    made = await asyncio.gather(
        challenges.new(ME, "Twice", games=1, plays=1),
        other.new(ME, "twice", games=2, plays=2),
        return_exceptions=True,
    )
    refused = [r for r in made if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], InputError)
    assert "You already have a challenge called" in str(refused[0])
    assert len(await stored(db)) == 1
