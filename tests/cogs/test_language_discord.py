"""A locale switch: a user's own choice, a server's choice, and Discord's language by default."""

from types import SimpleNamespace

import discord

from bot.on_discord.client import SoloistBot


def shown(result) -> str:
    if result.response.embeds:
        embed = result.response.embeds[0]
        return "\n".join([embed.title or "", embed.description or ""])
    return result.response.content or ""


async def test_a_user_who_chooses_german_gets_german_replies_and_errors_and_others_do_not(table):
    env, channel, alice, bob = table
    chosen = await alice.slash(channel, "settings language", choice="de")
    assert "Soloist antwortet dir jetzt auf Deutsch." in shown(chosen)
    refused = await alice.slash(channel, "game status")
    assert refused.ephemeral
    assert shown(refused).startswith("In diesem Kanal läuft kein Spiel. Starte eines:")
    english = await bob.slash(channel, "game status")
    assert shown(english).startswith("No game is running in this channel.")
    back = await alice.slash(channel, "settings language", choice="auto")
    assert "Soloist answers you in your server's or Discord's language" not in shown(back)
    assert shown(await alice.slash(channel, "game status")).startswith("No game is running")
    assert [type(e.original).__name__ for e in env.errors] == ["NoGame"] * 3


async def test_a_server_language_applies_to_members_without_their_own_choice(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("hotel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    carol = guild.add_member(env.create_user("carol"), roles=[admins])
    refused = await bob.slash(channel, "settings server-language", choice="de")
    assert refused.ephemeral and "Manage Server" in shown(refused)
    await carol.slash(channel, "settings server-language", choice="de")
    assert shown(await bob.slash(channel, "game status")).startswith("In diesem Kanal läuft kein")
    await alice.slash(channel, "settings language", choice="en")  # her own choice wins
    assert shown(await alice.slash(channel, "game status")).startswith("No game is running")
    names = [type(e.original).__name__ for e in env.errors]
    assert names == ["NotAllowed", "NoGame", "NoGame"]


async def test_without_any_choice_discord_s_language_decides(simcord_bot):
    bot: SoloistBot = simcord_bot
    german = SimpleNamespace(guild_id=5, user=SimpleNamespace(id=77), locale=discord.Locale.german)
    french = SimpleNamespace(guild_id=5, user=SimpleNamespace(id=78), locale=discord.Locale.french)
    assert await bot.locale_for(german) == "de"  # type: ignore[arg-type]
    assert await bot.locale_for(french) == "en"  # type: ignore[arg-type]
