"""The classic yearly 10×10 over any games: ten different games ten times each, counted from
`/log play` of the bot's games and of any other game by its name (a name in any case is one
game), solo unless a play names another real player."""

from datetime import UTC, datetime

import pytest

from bot.challenges.service import ChallengeService
from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.store import models
from tests.golden import assert_golden

ME = Ctx(guild_id=10, channel_id=100, user_id=1)
FRIEND = 2
KNOWN = [("gah", "Leopold"), ("gwt", "Sam"), ("glasgow", "Freddy II"), ("waterdeep", "Pseudo")]
OTHERS = [
    "Spirit Island",
    "Mage Knight",
    "Under Falling Skies",
    "Arkham Horror: The Card Game",
    "Marvel Champions",
    "Final Girl",
]


@pytest.fixture
def now():
    moment = [datetime(2026, 3, 1, 12, 0, tzinfo=UTC)]
    models.NOW[0] = lambda: moment[0]
    yield moment
    models.NOW[0] = models._system_now


@pytest.fixture
def logbook(db, now):
    return LogbookService(db)


@pytest.fixture
def challenges(db, now):
    return ChallengeService(db)


def day(n: int) -> str:
    return f"2026-01-{n + 1:02d}" if n < 31 else f"2026-02-{n - 30:02d}"


async def test_a_10x10_of_any_games_fills_from_logged_plays_of_ten_games_some_free_named(
    logbook, challenges
):
    made = await challenges.new(ME, "10x10 2026", games=10, plays=10)
    assert "Still open: 10 games, taken by the next different games you play." in made.facts
    for n in range(10):
        for game, opponent in KNOWN:
            await logbook.log_play(ME, game, opponent, outcome="win", day=day(n))
        for i, name in enumerate(OTHERS):
            typed = name.upper() if n % 2 and i % 2 else name  # the same game in any case
            if not (name == "Final Girl" and n == 9):  # one play short
                await logbook.log_play(ME, typed, outcome="win", score=30 + n, day=day(n))
    await logbook.log_play(ME, "Cascadia", outcome="win", day=day(20))  # an eleventh game
    shown = await challenges.show(ME, "10x10 2026")
    assert shown.facts == [
        "**10 games** × **10 plays** each, from 2026-01-01 to 2026-12-31",
        "Any games: the first 10 different games you play count.",
        "All plays count, solo or with others.",
        "✓ Grand Austria Hotel: **10**/10",
        "✓ Great Western Trail (2nd edition): **10**/10",
        "✓ Glasgow: **10**/10",
        "✓ Lords of Waterdeep: **10**/10",
        "✓ Spirit Island: **10**/10",
        "✓ Mage Knight: **10**/10",
        "✓ Under Falling Skies: **10**/10",
        "✓ Arkham Horror: The Card Game: **10**/10",
        "✓ Marvel Champions: **10**/10",
        "• Final Girl: **9**/10",
        "**99** of 100 plays done, 1 left.",
        "To finish by 2026-12-31: **0.1 plays** a week (306 days left).",
    ]
    [(name, png)] = shown.files
    assert name.endswith(".png")
    assert_golden(png, "challenge-10x10-any-games-en")
    await logbook.log_play(ME, "final girl", outcome="loss", day="2026-02-20")
    done = await challenges.show(ME)
    assert "✓ Final Girl: **10**/10" in done.facts
    assert done.facts[-1] == "Finished on 2026-02-20: all 100 plays done!"


async def test_a_game_outside_the_bot_is_solo_unless_its_opponent_mentions_another_player(
    logbook, challenges
):
    await challenges.new(ME, "Solo", games=3, plays=2, solo=True)
    await challenges.new(ME, "All", games=3, plays=2)
    await logbook.log_play(ME, "Spirit Island", "Level 3", outcome="win")  # solo
    await logbook.log_play(ME, "Spirit Island", f"with <@{FRIEND}>", outcome="win")
    await logbook.log_play(ME, "Azul", f"<@{FRIEND}>", outcome="loss")  # never solo
    await logbook.log_play(ME, "Onirim", f"<@{ME.user_id}>", outcome="win")  # only me: solo
    solo = (await challenges.show(ME, "Solo")).facts
    assert [line for line in solo if line[0] in "•✓"] == [
        "• Spirit Island: **1**/2",
        "• Onirim: **1**/2",
    ]
    every = (await challenges.show(ME, "All")).facts
    assert [line for line in every if line[0] in "•✓"] == [
        "✓ Spirit Island: **2**/2",
        "• Azul: **1**/2",
        "• Onirim: **1**/2",
    ]


async def test_a_hundred_games_list_what_fits_and_the_picture_shows_them_all(logbook, challenges):
    await challenges.new(ME, "Hundred", games=100, plays=1)
    for n in range(100):
        name = f"A rather long name of a solo game, number {n:03d}"
        await logbook.log_play(ME, name, outcome="win")
    shown = await challenges.show(ME, "Hundred")
    text = "\n".join(shown.facts)
    assert len(text) < 4000  # an embed's description keeps the totals and the pace
    assert shown.facts[-3].startswith("… and ") and shown.facts[-3].endswith(
        " more games: the picture shows them all."
    )
    assert shown.facts[-2:] == [
        "**100** of 100 plays done, 0 left.",
        "Finished on 2026-03-01: all 100 plays done!",
    ]
