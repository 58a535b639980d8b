"""One living post per game, with exactly the permissions the README tells hosts to grant: the
start's post is the status message (pinned), the parent channel of a thread game gets one
line, and when the game moves on no older reply keeps buttons that look live."""

import re
from pathlib import Path

import discord

from tests.cogs.test_status_message_discord import NO_CONTRACT, buttons, fields, message_in

README = Path(__file__).parents[2] / "README.md"
STANDS = "Where the game stands"


def readme_permissions() -> discord.Permissions:
    """The permissions README's invite step names (*Send Messages*, …), as Discord's flags."""
    text = README.read_text()
    step = text[text.index("Invite the bot:") : text.index("pick your server")]
    names = [n.lower().replace(" ", "_") for n in re.findall(r"\*([A-Z][A-Za-z ]+)\*", step)]
    assert names and all(n in discord.Permissions.VALID_FLAGS for n in names)
    return discord.Permissions(**dict.fromkeys(names, True))


def grant_only(env, guild, rights: discord.Permissions) -> None:
    """The bot's own role holds exactly `rights` (the server's @everyone keeps its defaults)."""
    [role] = [r for r in env.backend.guilds[guild.id].roles.values() if r.managed]
    env.backend.edit_role(guild.id, role.id, {"permissions": rights.value})


def versions(message) -> set[int]:
    return {int(custom.split(":")[2]) for custom in buttons(message)}


def live(channel) -> list[discord.Message]:
    return [m for m in channel.history() if buttons(m)]


async def test_with_the_readmes_permissions_a_thread_game_has_one_pinned_living_post(table):
    env, channel, alice, _ = table
    rights = readme_permissions()
    assert rights.pin_messages and not rights.manage_messages
    grant_only(env, channel.guild, rights)
    started = await alice.slash(channel, "glasgow start", freddy="II", seed=3, thread=True)
    [thread] = channel.threads
    # the parent channel: the one linking line, nothing else from the game
    assert [m.content for m in channel.history() if m.author.bot and not m.is_system()] == [
        started.response.content
    ]
    # the thread: one post, the start itself, which is the pinned status message
    [post] = [m for m in thread.history() if m.embeds]
    assert post.embeds[0].author.name == STANDS and "Glasgow against Freddy II." in (
        post.embeds[0].description
    )
    assert thread.pinned_messages() == [post]
    assert not [m for m in thread.history() if m.content.startswith("I could not pin")]
    # a command: its reply and the status message show the same, current buttons
    moved = await alice.slash(thread, "glasgow action", chosen="other", ignored="other")
    assert [m.id for m in live(thread)] == [post.id, moved.response.id]
    assert all(versions(m) == {2} for m in live(thread))
    # a press on the status message: the command's reply loses its buttons
    pressed = await alice.select(message_in(thread, post.id), [NO_CONTRACT])
    assert buttons(message_in(thread, moved.response.id)) == []
    assert "Which 3 buildings" in fields(message_in(thread, post.id))["Next"]
    assert all(versions(m) == {3} for m in live(thread)), pressed


async def test_a_channel_game_opens_with_one_post_that_is_its_status_message(table, db):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "gwt start", seed=1)
    [post] = [m for m in channel.history() if m.embeds]
    assert post.id == started.response.id and post.pinned
    assert post.embeds[0].author.name == STANDS
    assert "Sam's side:" in post.embeds[0].description  # the setup stays until the game moves on
    await alice.slash(channel, "gwt turn")
    await alice.slash(channel, "game undo")
    # every post still showing buttons shows the current ones
    current = {versions(m).pop() for m in live(channel)}
    assert len(current) == 1 and len(live(channel)) == 2
    assert live(channel)[0].id == post.id
