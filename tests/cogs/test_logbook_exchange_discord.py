"""`/log import` of a BG Stats file and `/log export format:bgstats` through discord.py's real
command tree, in SimCord (issue 43)."""

import json
from pathlib import Path

from tests.cogs.test_logbook_discord import embed_text
from tests.cogs.test_slow_commands_discord import shown

FIXTURES = Path(__file__).resolve().parents[1] / "logbook" / "exchange"


async def test_a_bg_stats_file_imports_and_goes_back_out(table):
    env, channel, alice, _ = table
    data = (FIXTURES / "bgstats_nome.json").read_bytes()
    asked = await alice.slash(channel, "log import", file=("plays.bgsplay", data))
    said = [m.content for m in [asked.response, *asked.followups] if m is not None]
    assert "Glasgow (1 vs Freddy I or Freddy II)" in said[-1] and "\n" not in said[-1]
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]
    result = await alice.slash(
        channel, "log import", file=("plays.bgsplay", data), opponent="Freddy I"
    )
    assert result.ephemeral
    assert "Imported 3 plays from BG Stats; skipped 0 duplicates." in embed_text(shown(result))
    streak = await alice.slash(channel, "streak")
    assert "(best 3)" in embed_text(streak.response)  # the imported days, counted at once
    exported = await alice.slash(channel, "log export", format="bgstats")
    [attachment] = shown(exported).attachments
    assert attachment.filename.endswith(".bgsplay")
    document = json.loads(await attachment.read())
    assert [g["bggId"] for g in document["games"]] == [341169, 182874, 0]
    assert {p["name"] for p in document["players"]} == {
        "Me",
        "Sam (Soloist)",
        "Elisabeth (Soloist)",
        "Freddy I (Soloist)",
    }
    bgg = await alice.slash(channel, "log export", format="bgg")
    assert shown(bgg).attachments[0].filename.endswith("-bgg.csv")


async def test_a_too_large_file_is_refused_before_it_is_read(table):
    env, channel, alice, _ = table
    huge = b"{" + b" " * 9_000_000 + b"}"
    refused = await alice.slash(channel, "log import", file=("plays.json", huge))
    said = [m.content for m in [refused.response, *refused.followups] if m is not None]
    assert said[-1].endswith("The file is larger than 8 MB; nothing was imported.")
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]
