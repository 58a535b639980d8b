"""The score sheet in Discord: the final reply's embed holds it as short fields (a legend
naming the two columns, one field per category, the totals with the verdict), in the reader's
language, within Discord's embed limits; `/game sheet` posts it again."""

from bot.console import Console
from tests.test_console_undo_final import FINISH

YOURS = "track:60 staff:20 rooms:10 krone:3 items:2 cafe:0"


def fields(result) -> list[tuple[str, str, bool]]:
    return [(f.name, f.value, f.inline) for f in result.response.embeds[0].fields]


async def test_the_final_reply_and_game_sheet_show_the_score_sheet_as_fields(table):
    env, channel, alice, _ = table
    player = Console(env.bot, user_id=alice.id, channel_id=channel.id, guild_id=channel.guild.id)
    await FINISH["gah"](player)  # Leopold's whole game, typed; then its final again, in Discord
    await alice.slash(channel, "game undo")
    ended = await alice.slash(channel, "gah final", player_score=95, breakdown=YOURS)
    embed = ended.response.embeds[0]
    shown = fields(ended)
    assert shown[0] == ("Score sheet", "You · Leopold", False)
    assert ("VP track", "60 · 109", True) in shown and ("· Objectives", "Leopold 45", True) in shown
    assert ("Krone (1 VP each)", "3 · –", True) in shown
    total = next(value for name, value, _ in shown if name == "Total")
    assert total.startswith("You **95** · Leopold **204**\nLeopold wins by 109.")
    assert [name for name, *_ in shown][-2:] == ["Board", "Next"]
    assert len(embed.fields) <= 25 and len(embed) <= 6000

    await alice.slash(channel, "settings language", choice="de")
    again = await alice.slash(channel, "game sheet")
    german = fields(again)
    assert again.response.embeds[0].title.endswith("Spiel #1 · Wertungsblatt")
    assert german[0] == ("Wertungsblatt", "Du · Leopold", False)
    assert ("SP-Leiste", "60 · 109", True) in german
    assert ("· Politikkarten", "Leopold 45", True) in german
    total = next(value for name, value, _ in german if name == "Summe")
    assert "Leopold gewinnt mit 109 Punkten Vorsprung." in total


async def test_game_sheet_in_a_channel_whose_game_still_runs_says_so(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "gwt start", seed=3)
    refused = await alice.slash(channel, "game sheet")
    assert refused.response.content.startswith(
        "Game #1 is still running: only a finished game has a score sheet."
    )
    assert [type(e.original).__name__ for e in env.errors] == ["NoGame"]


def test_a_sheet_longer_than_an_embed_holds_shares_its_last_field_and_keeps_the_limits():
    from bot.core.reply import Reply
    from bot.core.scoresheet import FinalSheet, Row
    from bot.on_discord.render import embed_for

    rows = [Row(f"#{n}", n, 2 * n) for n in range(1, 31)]  # names that need no German
    sheet = FinalSheet(("You", "Sam"), rows)
    reply = Reply(title="t", facts=["x" * 4000], board="b" * 1024, prompt="p", sheet=sheet)
    embed = embed_for(reply)
    names = [field.name for field in embed.fields]
    assert (
        len(names) == 24 and names[0] == "Score sheet" and names[-3:] == ["Total", "Board", "Next"]
    )
    assert names[-4] == "…" and embed.fields[-4].value.splitlines()[-1] == "#30: 30 · 60"
    assert len(embed) <= 6000 and embed.fields[-3].value.startswith("You **465** · Sam **930**")
