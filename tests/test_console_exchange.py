"""The console imports a BG Stats file or BoardGameGeek's plays XML by its path, and writes
`/log export format:bgstats` into its folder, as every export (issue 43)."""

import io
import json
from pathlib import Path

from bot.console import run_console
from tests.test_console import make_console

FIXTURES = Path(__file__).resolve().parent / "logbook" / "exchange"


async def test_the_console_imports_bg_stats_and_bgg_files_by_their_path(db):
    console = await make_console(db)
    table = await console.execute(f"/log import file:{FIXTURES / 'bgstats_table.json'}")
    assert table.ok and "Imported 5 plays from BG Stats" in table.text
    xml = await console.execute(f"/log import file:{FIXTURES / 'bgg_plays.xml'}")
    assert xml.ok and "Imported 4 plays from BoardGameGeek" in xml.text
    assert "Skipped 1 play marked incomplete." in xml.text
    streak = await console.execute("/streak")
    # Nov 10–14 from BG Stats, 20–22 from BoardGameGeek; its four plays are four wins in a row
    assert streak.ok and "play streak (best 5) · 4 win(s) in a row (best 4)" in streak.text


async def test_the_console_asks_who_you_are_once_and_remembers(db, tmp_path):
    console = await make_console(db)
    data = json.loads((FIXTURES / "bgstats_table.json").read_text())
    del data["userInfo"]
    data["plays"].append(
        {
            "playDate": "2026-11-16 18:00:00",
            "gameRefId": 2,
            "playerScores": [{"score": "70", "playerRefId": 3}, {"score": "71", "playerRefId": 6}],
        }
    )
    path = tmp_path / "export.bgsplay"
    path.write_text(json.dumps(data))
    asked = await console.execute(f"/log import file:{path}")
    assert not asked.ok and "`me` option" in asked.text
    taken = await console.execute(f'/log import file:{path} me:"Zoë Ångström"')
    assert taken.ok and "Imported 5 plays" in taken.text
    again = await console.execute(f"/log import file:{path}")
    assert again.ok and "skipped 5 duplicates" in again.text


async def test_the_console_writes_a_bg_stats_export_into_its_folder(db, tmp_path):
    console = await make_console(db)
    folder = tmp_path / "console"
    lines = io.StringIO(
        "/log play game:gah opponent:Leopold score:142 opponent_score:131 date:2026-11-20\n"
        "/log export format:bgstats\n"
        "/log export format:bgg\n"
    )
    out = io.StringIO()
    done = await run_console(console, lines, out, as_json=False, interactive=False, files=folder)
    assert done == 0, out.getvalue()
    [bgstats] = folder.glob("*.bgsplay")
    document = json.loads(bgstats.read_bytes())
    assert document["games"][0]["bggId"] == 182874
    assert document["plays"][0]["playerScores"][1]["score"] == "131"
    [bgg] = folder.glob("*-bgg.csv")
    assert bgg.read_text().splitlines()[1].startswith("2026-11-20,182874,Grand Austria Hotel,1,")
    assert f"saved to {bgstats}" in out.getvalue()
