"""The logbook in German, through the console (`lang de`): every line the logbook shows, on
every path (replies and each error), has German in data/locales/de/logbook.yaml."""

import dataclasses
from pathlib import Path

import pytest

import bot.i18n
from bot.console import Console, render_text
from bot.core.vocabulary import DIFFICULTY
from bot.logbook.base import play_line
from bot.on_discord.client import SoloistBot
from bot.store.models import PlayRow
from bot.table.service import TableService

GOOD_CSV = (
    "played_at,game,opponent,difficulty,score,opponent_score,outcome\n"
    "2026-01-02T10:00:00+00:00,gwt,Sam,hard,20,10,win\n"
)
BAD_CSV = GOOD_CSV + "2026-01-03T10:00:00+00:00,gwt,Sam,hard,lots,10,win\n"
WRONG_OUTCOME_CSV = GOOD_CSV.replace("20,10,win", "10,20,win")
NO_COLUMNS_CSV = "when,what\n2026-01-02,gwt\n"


def every_logbook_line(files: Path) -> list[str]:
    """Each /log, /stats, /streak, /history and /leaderboard reply and refusal."""
    for name, text in (
        ("good.csv", GOOD_CSV),
        ("bad.csv", BAD_CSV),
        ("wrong.csv", WRONG_OUTCOME_CSV),
        ("columns.csv", NO_COLUMNS_CSV),
        ("empty.csv", GOOD_CSV.splitlines()[0] + "\n"),
    ):
        (files / name).write_text(text, encoding="utf-8")
    (files / "latin1.csv").write_bytes("played_at,game\nBéla,gwt\n".encode("latin-1"))
    return [
        "/log timezone name:Europe/Vienna",
        "/log timezone name:Mars/Base",
        "/log remind at:7",
        "/log play game:gwt opponent:Sam difficulty:hard score:12 opponent_score:10",
        "/log play game:gah opponent:Leopold difficulty:easy outcome:win",
        "/log play game:glasgow opponent:Freddy II score:50 opponent_score:40",
        *["/log play game:alea opponent:Alea outcome:loss"] * 10,
        "/log play game:xyz opponent:Sam outcome:win difficulty:hard",
        "/log play game:gwt opponent:Bob outcome:win",
        "/log play game:gwt opponent:Sam score:3",  # your score alone: a play without outcome
        "/log play game:gwt opponent:Sam outcome:win score:1 opponent_score:5",
        "/log play game:gah opponent:Leopold outcome:win modules:9",
        "/log play game:gwt opponent:Sam outcome:win modules:2",
        "/log play game:glasgow opponent:Freddy I outcome:win difficulty:hard",
        "/log play game:gah opponent:Leopold outcome:win date:2099-01-01",
        "/log play game:gah opponent:Leopold outcome:win date:yesterday",
        "/log play game:gah opponent:Leopold outcome:win date:1969-12-31",
        "/log edit play:99 score:1",
        "/log edit play:1",
        "/log edit play:1 score:9 date:2026-01-01",
        "/log delete play:2",
        "/log remind at:99",
        "/log remind at:off",
        "/stats",
        "/stats game:gwt opponent:Sam difficulty:hard",
        "/stats opponent:Sam",
        "/stats campaign:Nope",
        "/stats user:2 campaign:Nope",
        "/stats user:2 thread:<#77>",
        "/stats thread:<#77>",
        "/stats thread:nowhere",
        "/streak",
        "/history",
        "/history thread:<#1>",
        "/history page:9",
        "/history user:2",
        "/leaderboard",
        "/leaderboard game:gwt period:week",
        "/log export",
        f"/log import file:{files / 'good.csv'}",
        f"/log import file:{files / 'bad.csv'}",
        f"/log import file:{files / 'wrong.csv'}",
        f"/log import file:{files / 'columns.csv'}",
        f"/log import file:{files / 'empty.csv'}",
        f"/log import file:{files / 'latin1.csv'}",
    ]


async def console_for(db, guild_id: int = 5) -> Console:
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    return Console(bot, user_id=1, channel_id=1, guild_id=guild_id)


async def test_every_logbook_line_has_german(db, tmp_path, monkeypatch):
    shown_without_german: set[str] = set()
    monkeypatch.setattr(bot.i18n, "AUDIT", shown_without_german)
    console = await console_for(db)
    outputs = [render_text(await console.execute(line)) for line in every_logbook_line(tmp_path)]
    elsewhere = await console_for(db, guild_id=0)
    outputs.append(render_text(await elsewhere.execute("/leaderboard")))
    assert len(outputs) == 55 and sum(o.startswith("✗") for o in outputs) == 26
    assert shown_without_german == set()


@pytest.mark.parametrize(
    ("line", "german"),
    [
        (
            "/log play game:gwt opponent:Sam difficulty:hard score:12 opponent_score:10",
            "== Logbuch ==\nEingetragen: `#1` {today} Great Western Trail (2nd edition) gegen "
            "Sam (schwer) — **Sieg** 12–10",
        ),
        (
            "/log play game:gwt opponent:Sam outcome:win score:1 opponent_score:5",
            "✗ 1–5 gegen Sam zählt als Niederlage, nicht als Sieg.",
        ),
        (
            "/stats opponent:Sam",
            "✗ Nenne auch das Spiel, wenn du nach dem Gegner filterst.",
        ),
        (
            "/history user:1 page:2",
            "✗ Seite 2 gibt es nicht; es gibt 1.",
        ),
        (
            "/log export",
            "== Logbuch-Export ==\n1 Partie als CSV und JSON. `/logbuch importieren` liest "
            "die CSV wieder ein.",
        ),
        ("/log remind at:aus", "== Serien-Erinnerung ==\nSerien-Erinnerungen sind aus."),
        (
            "/log remind at:25",
            "✗ Gib die Stunde als Zahl von 0 bis 23 an (deine Ortszeit) oder `aus`.",
        ),
    ],
)
async def test_lang_de_shows_the_logbook_in_german(db, line, german):
    from bot.store.models import utcnow

    console = await console_for(db)
    await console.execute("lang de")
    if not line.startswith("/log play game:gwt opponent:Sam difficulty"):
        await console.execute("/log play game:gah opponent:Leopold outcome:win")
    reply = await console.execute(line)
    shown = render_text(dataclasses.replace(reply, files=[]))  # the text, not the files
    assert shown == german.format(today=utcnow().date().isoformat())


async def test_a_german_reader_s_stats_picture_is_drawn_in_german(db, monkeypatch):
    """A picture cannot be translated after it is drawn: /stats draws it in the reader's
    language, each game and opponent on its own."""
    import bot.logbook.charts

    drawn = []
    monkeypatch.setattr(
        bot.logbook.charts,
        "stats_png",
        lambda chart, locale: drawn.append((chart, locale)) or b"png",
    )
    console = await console_for(db)
    await console.execute("/log play game:gwt opponent:Sam score:12 opponent_score:10")
    await console.execute("/log play game:gah opponent:Leopold score:90 opponent_score:100")
    await console.execute("/stats")
    await console.execute("lang de")
    await console.execute("/stats")
    assert [locale for _, locale in drawn] == ["en", "de"]
    chart = drawn[-1][0]
    assert [(s.opponent, [p.margin for p in s.scored]) for s in chart.series] == [
        ("Leopold", [-10]),
        ("Sam", [2]),
    ]


@pytest.mark.parametrize("level", list(DIFFICULTY))
def test_a_play_s_difficulty_is_said_in_german_by_its_declaration(level):
    """Every declared difficulty has its catalog key (`{opponent} (easy)`): a level declared
    without one would leave the whole play line English."""
    play = PlayRow(
        id=7, local_day=20455, game_key="gwt", game_name=None, opponent="Sam", rival_id=None,
        difficulty=level, outcome="win", score=20, opponent_score=10, game_id=None,
    )  # fmt: skip
    german = bot.i18n.tr(play_line(play), "de")
    assert f"Sam ({DIFFICULTY.name(level, 'de')})" in german
    assert "**Sieg**" in german, german
