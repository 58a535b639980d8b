"""Pseudo through discord.py's real command tree, in SimCord: a whole game, buttons, lists."""

from sqlalchemy import select

from bot.store.models import PlayRow
from bot.table.reply import Ctx
from tests.test_console_waterdeep import free_space


def embed_text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


def labels(result) -> list[str]:
    from simcord.components import walk_components

    return [c["label"] for c in walk_components(result.response.components) if c.get("label")]


async def test_start_shows_the_house_rules_and_a_7f_question_is_answered_by_a_button(table):
    _, channel, alice, _ = table
    choices = await alice.autocomplete(channel, "waterdeep start", "primary", "halaster")
    assert [c["value"] for c in choices] == ["Infiltrate Halaster's Circle"]
    start = await alice.slash(
        channel, "waterdeep start", lord="Durnan", seed=2026, colourless_intrigue="redraw"
    )
    text = embed_text(start)
    assert "D2 `colourless_intrigue:redraw` (changed)" in text
    assert "Pseudo → **The Plinth**. Why: 7B: Ambush Artor Morlin needs 1 cleric" in text
    await alice.slash(channel, "waterdeep place", space="Blackstaff Tower")
    asked = await alice.slash(channel, "waterdeep place", space="The Grinning Lion Tavern")
    assert "Pseudo → **Castle Waterdeep**" in embed_text(asked)
    assert labels(asked) == ["I return 1 rogue", "No rogue: −2 VP"]
    answered = await alice.click(asked.response, label="No rogue: −2 VP")
    assert "You have no rogue: −2 VP (7F)." in embed_text(answered)
    board = await alice.slash(channel, "waterdeep board")
    assert "Pseudo's intrigue (7F) -2" in embed_text(board)
    spaces = await alice.autocomplete(channel, "waterdeep place", "space", "cliff")
    assert [c["value"] for c in spaces] == [
        "Cliffwatch Inn (left)",
        "Cliffwatch Inn (middle)",
        "Cliffwatch Inn (right)",
    ]


async def test_a_whole_game_against_pseudo_through_discord(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "waterdeep start", lord="Khelben", seed=77, harbor="stay")
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    for _ in range(300):
        state = (await env.bot.service.status(ctx)).state
        if state["phase"] != "play":
            break
        if state["asking"] == "pick":
            await alice.slash(channel, "waterdeep answer", pick="returned")
            continue
        last = await alice.slash(channel, "waterdeep place", space=free_space(state))
        assert last.response.embeds, last.response.content
    assert state["phase"] == "final" and state["round"] == 9
    done = await alice.slash(channel, "waterdeep final", track=70, adventurers=2, gold=5, quests=0)
    assert "Final score: score track: 70" in embed_text(done)
    assert "The result is in your logbook" in embed_text(done)
    async with env.bot.service.db.sessions() as session:
        play = (await session.execute(select(PlayRow))).scalar_one()
    assert (play.game_key, play.opponent, play.modules) == ("waterdeep", "Pseudo", "10")
    assert play.turns == 8 and play.opponent_score == 0
