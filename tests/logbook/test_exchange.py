"""Plays in and out (issue 43): BG Stats and BoardGameGeek files, read and written by the
logbook, with the player's streaks right, duplicates skipped and bad files refused whole."""

import json
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import pytest
from sqlalchemy import func, select

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.games.registry import SPECS, bgg_ids
from bot.logbook import bgstats, queries
from bot.logbook.service import LogbookService
from bot.store.database import orm
from bot.store.models import PlayRow
from tests.looks import looking

HERE = Path(__file__).with_name("exchange")
ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "tests/schemas/bgstats.schema.json").read_text())
NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
ME = Ctx(guild_id=10, channel_id=100, user_id=1)
YOU = Ctx(guild_id=10, channel_id=100, user_id=2)


@pytest.fixture
def logbook(db):
    return LogbookService(db, lambda: NOW, bgg=bgg_ids)


def fixture(name: str) -> bytes:
    return (HERE / name).read_bytes()


async def rows(logbook, ctx=ME) -> list[PlayRow]:
    async with looking(logbook.db) as session:
        return list(
            await session.scalars(
                select(PlayRow).where(PlayRow.user_id == ctx.user_id).order_by(PlayRow.played_at)
            )
        )


def summary(play: PlayRow) -> tuple:
    return (
        play.game_key,
        play.game_name,
        play.opponent,
        play.difficulty,
        play.modules,
        play.score,
        play.opponent_score,
        play.outcome,
        play.local_day,
        play.duration_seconds,
    )


async def streaks(logbook, ctx=ME):
    def job(session):
        today = logbook._today(session, ctx.user_id)
        f = queries.Filters(user_id=ctx.user_id)
        return queries.play_streaks(session, f, today), queries.win_streaks(session, f)

    return await logbook.db.read(orm(job))


async def total(logbook) -> int:
    async with looking(logbook.db) as session:
        return int(await session.scalar(select(func.count()).select_from(PlayRow)) or 0)


# ---------------------------------------------------------------------- ids
def test_every_game_has_a_boardgamegeek_id_with_its_source_or_is_marked_unconfirmed():
    docs = (ROOT / "docs/plays-exchange.md").read_text()
    for key, spec in SPECS.items():
        if spec.bgg_confirmed:
            assert isinstance(spec.bgg_id, int) and spec.bgg_id > 0, key
            assert spec.bgg_source.startswith("https://"), key
            assert str(spec.bgg_id) in docs, key
        else:
            assert spec.bgg_id is None, key  # never a guess
            assert f"{spec.name}: unconfirmed" in docs, key
    assert bgg_ids()["gah"] == 182874


# ---------------------------------------------------------------------- BG Stats in
async def test_a_bg_stats_export_imports_the_players_own_plays(logbook):
    reply = await logbook.import_file(ME, fixture("bgstats_table.json"))
    assert reply.facts[0] == "Imported 5 plays from BG Stats; skipped 0 duplicates."
    assert "1 play without you in it, left out." in reply.facts
    got = [summary(p)[:8] for p in await rows(logbook)]
    assert got == [
        ("gah", None, "Leopold", "hard", "3,5", 142, 131, "win"),
        ("gwt", None, "Sam", None, "", 88, 94, "loss"),  # "Automa": GWT's only opponent
        ("~codenames", "Codenames", "Ólafur, 美咲", None, "", None, None, "win"),  # teams
        ("~pandemic", "Pandemic", "Jürgen", None, "", None, None, "loss"),  # cooperative
        ("~brettspiel strasse", "Brettspiel Straße", "美咲, Ólafur", None, "", 51, 60, "loss"),
    ]
    first = (await rows(logbook))[0]
    assert first.duration_seconds == 95 * 60 and first.source == "imported"
    codenames = (await rows(logbook))[2]
    assert codenames.bgg_id == 178900  # a free game keeps its id for the way back
    # streaks take them at once: five days in a row, the first a win
    (_current, best, _last), (_wins_now, wins_best) = await streaks(logbook)
    assert best == 5 and wins_best == 1
    again = await logbook.import_file(ME, fixture("bgstats_table.json"))
    assert again.facts[0] == "Imported 0 plays from BG Stats; skipped 5 duplicates."


async def test_without_me_ref_the_solo_player_is_the_importer_and_an_unnamed_opponent_is_asked(
    logbook,
):
    with pytest.raises(InputError) as asked:
        await logbook.import_file(ME, fixture("bgstats_nome.json"))
    assert "Glasgow (1 vs Freddy I or Freddy II)" in str(asked.value)
    assert "`opponent` option" in str(asked.value)
    assert await total(logbook) == 0  # asked: nothing written
    reply = await logbook.import_file(ME, fixture("bgstats_nome.json"), opponent="Freddy II")
    assert reply.facts[0].startswith("Imported 3 plays")
    got = [summary(p)[:8] for p in await rows(logbook)]
    assert got == [
        ("gwt", None, "Sam", None, "", 75, 70, "win"),  # by its BoardGameGeek id
        ("gah", None, "Elisabeth", None, "", 120, 125, "loss"),  # by name, any case
        ("glasgow", None, "Freddy II", None, "", 60, 55, "win"),
    ]
    await logbook.import_file(YOU, fixture("bgstats_nome.json"), opponent="keine")  # German
    assert [p.opponent for p in await rows(logbook, YOU)] == ["Sam", "Elisabeth", ""]


async def test_a_file_that_does_not_say_who_you_are_asks_once_then_remembers(logbook):
    data = json.loads(fixture("bgstats_table.json"))
    del data["userInfo"]
    solo = {"playDate": "2026-11-16 18:00:00", "gameRefId": 2, "playerScores": []}
    solo["playerScores"] = [{"score": "70", "playerRefId": 3}, {"score": "71", "playerRefId": 6}]
    data["plays"].append(solo)  # two players of solo plays: the file no longer says
    blob = json.dumps(data).encode()
    with pytest.raises(InputError) as asked:
        await logbook.import_file(ME, blob)
    assert "`me` option" in str(asked.value) and "Zoë Ångström" in str(asked.value)
    with pytest.raises(InputError, match="Nobody in the file is called Zoe"):
        await logbook.import_file(ME, blob, me="Zoe")
    assert await total(logbook) == 0
    first = await logbook.import_file(ME, blob, me="zoë ångström")
    assert first.facts[0].startswith("Imported 5 plays")
    jurgen = await logbook.import_file(YOU, blob, me="Jürgen")
    assert jurgen.facts[0].startswith("Imported 4 plays")  # his own, the solo one too
    again = await logbook.import_file(ME, blob)  # remembered: not asked again
    assert again.facts[0].startswith("Imported 0 plays")
    exported = json.loads((await logbook.export(ME, "bgstats")).files[0][1])
    assert exported["players"][0]["name"] == "zoë ångström"  # the export names you so


# ---------------------------------------------------------------------- BoardGameGeek in
async def test_a_boardgamegeek_plays_xml_imports_with_quantity_and_incomplete(logbook):
    reply = await logbook.import_file(ME, fixture("bgg_plays.xml"))
    assert reply.facts[0] == "Imported 4 plays from BoardGameGeek; skipped 0 duplicates."
    assert "Skipped 1 play marked incomplete." in reply.facts
    assert "1 play without you in it, left out." in reply.facts
    got = [summary(p)[:8] for p in await rows(logbook)]
    assert got == [
        ("gah", None, "Elisabeth", None, "", 130, 122, "win"),
        ("glasgow", None, "Freddy I", None, "", 71, 64, "win"),  # quantity 2: two plays
        ("glasgow", None, "Freddy I", None, "", 71, 64, "win"),
        ("~spirit island", "Spirit Island", "Jürgen", None, "", None, None, "win"),
    ]
    again = await logbook.import_file(ME, fixture("bgg_plays.xml"))
    assert again.facts[0] == "Imported 0 plays from BoardGameGeek; skipped 4 duplicates."


# ---------------------------------------------------------------------- out and back
async def log_some(logbook) -> None:
    await logbook.set_timezone(ME, "Europe/Vienna")
    await logbook.log_play(
        ME, "gah", "Leopold", difficulty="hard", score=142, opponent_score=131,
        modules="3 5", day="2026-11-20",
    )  # fmt: skip
    await logbook.log_play(ME, "gwt", "Sam", score=80, opponent_score=80, day="2026-11-21")
    await logbook.log_play(ME, "glasgow", "Freddy II", outcome="loss", day="2026-11-22")
    await logbook.log_play(ME, "Spirit Island", "Level 3", score=12, day="2026-11-23")
    await logbook.log_play(ME, "waterdeep", "Pseudo", score=5, opponent_score=-3, day="2026-11-24")
    await logbook.log_play(ME, "alea", "Alea", outcome="win", day="2026-11-25")


async def test_a_bg_stats_export_validates_and_round_trips_into_a_fresh_logbook(logbook):
    await log_some(logbook)
    reply = await logbook.export(ME, "bgstats")
    name, data = reply.files[0]
    assert name.endswith(".bgsplay")
    document = json.loads(data)
    jsonschema.validate(document, SCHEMA, format_checker=jsonschema.FormatChecker())
    games = {g["id"]: g for g in document["games"]}
    people = {p["id"]: p for p in document["players"]}
    assert all(p["gameRefId"] in games for p in document["plays"])
    assert all(s["playerRefId"] in people for p in document["plays"] for s in p["playerScores"])
    assert {g["name"]: g["bggId"] for g in games.values()}["Grand Austria Hotel"] == 182874
    assert {g["name"]: g["bggId"] for g in games.values()}["Glasgow"] == 0  # unconfirmed
    assert "Leopold (Soloist)" in {p["name"] for p in people.values()}
    first = document["plays"][0]
    assert first["playDate"] == "2026-11-20 12:00:00"  # the player's day, in their zone
    assert "Against Leopold (Soloist), difficulty hard, modules 3,5." in first["comments"]
    await logbook.set_timezone(YOU, "Europe/Vienna")
    back = await logbook.import_file(YOU, data)
    assert back.facts[0] == "Imported 6 plays from BG Stats; skipped 0 duplicates."
    assert [summary(p) for p in await rows(logbook, YOU)] == [
        summary(p) for p in await rows(logbook, ME)
    ]
    assert await streaks(logbook, YOU) == await streaks(logbook, ME)
    mine = await logbook.stats(ME, chart=False)
    yours = await logbook.stats(YOU, chart=False)
    assert mine.facts[1:] == yours.facts[1:]


def test_a_challenge_play_and_an_abandoned_one_say_so_in_their_comments():
    play = PlayRow(
        game_key="gah", opponent="Leopold", difficulty=None, modules="", outcome="abandoned",
        challenge_id=4,
    )  # fmt: skip
    said = bgstats.comments(play, "https://example.invalid/g/1")
    assert "Server challenge #4 (a challenge play)." in said
    assert "Abandoned" in said and "Game page: https://example.invalid/g/1" in said


async def test_a_boardgamegeek_csv_has_one_play_a_line(logbook):
    await log_some(logbook)
    name, data = (await logbook.export(ME, "bgg")).files[0]
    lines = data.decode().splitlines()
    assert name.endswith("-bgg.csv") and len(lines) == 7
    assert lines[0] == (
        "date,objectid,name,quantity,length,incomplete,nowinstats,location,comments,players"
    )
    assert lines[1].startswith("2026-11-20,182874,Grand Austria Hotel,1,0,0,0,")
    assert lines[1].endswith("Me|142|1;Leopold (Soloist)|131|0")
    with pytest.raises(InputError, match="`format` is one of csv, bgstats, bgg"):
        await logbook.export(ME, "xlsx")


# ---------------------------------------------------------------------- hostile files
BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<plays username="x"><play date="2026-11-20" quantity="1"><item name="&lol3;"/></play></plays>"""


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'{"plays": [', "The file is not valid JSON (line 1). Nothing was imported."),
        (b'{"games": []}', "The JSON is not a BG Stats export (no `plays`)"),
        (b"[1, 2]", "The JSON is not a BG Stats export"),
        (
            b'{"games": [], "players": [], "plays": "many"}',
            "`plays`: Input should be a valid list. Nothing was imported.",
        ),
        (BOMB, "The XML declares a DTD or entities"),
        (b"<plays><play", "The file is not valid XML"),
        (b"<html></html>", "The XML is not BoardGameGeek's play log"),
        (b"{" + b" " * 50_000_000 + b"}", "The file is larger than 8 MB; nothing was imported."),
    ],
    ids=["bad-json", "no-plays", "a-list", "wrong-type", "xml-bomb", "bad-xml", "html", "50mb"],
)
async def test_a_hostile_file_is_refused_in_one_line_and_nothing_is_written(logbook, data, said):
    with pytest.raises(InputError) as refused:
        await logbook.import_file(ME, data)
    assert said in str(refused.value)
    assert "\n" not in str(refused.value)
    assert await total(logbook) == 0


async def test_a_bad_play_is_named_by_its_index_and_nothing_is_imported(logbook):
    data = json.loads(fixture("bgstats_table.json"))
    data["plays"][3]["playerScores"][0]["score"] = "12.5"
    with pytest.raises(InputError) as refused:
        await logbook.import_file(ME, json.dumps(data).encode())
    assert str(refused.value).startswith("Play 4: The score `12.5` is not a whole number.")
    data["plays"][3]["playerScores"][0]["score"] = ""
    data["plays"][4]["playDate"] = "yesterday"
    with pytest.raises(InputError, match=r"^Play 5 `playDate`: Value error, playDate must be"):
        await logbook.import_file(ME, json.dumps(data).encode())
    data["plays"][4]["playDate"] = "2099-01-01 10:00:00"
    with pytest.raises(InputError, match=r"^Play 5: "):
        await logbook.import_file(ME, json.dumps(data).encode())
    xml = fixture("bgg_plays.xml").replace(b'quantity="2"', b'quantity="lots"')
    with pytest.raises(InputError, match=r"^Play 2: `quantity` must be a whole number"):
        await logbook.import_file(ME, xml)
    assert await total(logbook) == 0


async def test_an_import_is_one_transaction(logbook, monkeypatch):
    from bot.logbook import reminders

    def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(reminders, "rearm", broken)
    with pytest.raises(RuntimeError):
        await logbook.import_file(ME, fixture("bgg_plays.xml"))
    assert await total(logbook) == 0  # the plays written before the failure rolled back


async def test_a_free_game_logged_with_its_bgg_id_goes_out_with_it(logbook):
    await logbook.log_play(ME, "Spirit Island", "Level 3", outcome="win", day="2026-11-20")
    await logbook.log_play(ME, "Spirit Island", "Level 4", outcome="loss", bgg_id=162886)
    with pytest.raises(InputError, match="Grand Austria Hotel is one of the bot's games"):
        await logbook.log_play(ME, "gah", "Leopold", outcome="win", bgg_id=182874)
    document = json.loads((await logbook.export(ME, "bgstats")).files[0][1])
    assert [(g["name"], g["bggId"]) for g in document["games"]] == [("Spirit Island", 162886)]
    line = (await logbook.export(ME, "bgg")).files[0][1].decode().splitlines()[2]
    assert line.startswith("2026-11-25,162886,Spirit Island,1,0,0,0,")


async def test_a_bot_game_links_its_page_in_the_bg_stats_comments_when_pages_are_on(db, logbook):
    from bot.table.service import TableService

    table = TableService(db)
    await table.start(ME, "gah", {"difficulty": "easy"}, 3)
    await table.abandon(ME)
    asked = []

    async def pages(game_id: int, guild_id: int) -> str | None:
        asked.append((game_id, guild_id))
        return f"https://pages.invalid/g/{game_id}" if guild_id == ME.guild_id else None

    document = json.loads((await logbook.export(ME, "bgstats", pages)).files[0][1])
    [play] = document["plays"]
    assert asked == [(1, ME.guild_id)]
    assert "Game page: https://pages.invalid/g/1" in play["comments"]
    assert "Abandoned" in play["comments"]
    plain = json.loads((await logbook.export(ME, "bgstats")).files[0][1])
    assert "Game page" not in plain["plays"][0]["comments"]  # pages off: no link
