"""The living status message: one per game, pinned where the bot may, edited through the channel
after every command and button press, posted again when deleted, final when the game ends."""

import asyncio
import dataclasses
import logging

import discord
from sqlalchemy import select

from bot.core.reply import Ctx
from bot.store.database import Database
from bot.store.models import GameRow
from bot.table.service import TableService
from tests.cogs.test_grand_austria_discord import embed_text
from tests.looks import looking

STANDS = "Where the game stands"
NO_CONTRACT = "action:chosen=other:ignored=other"  # Glasgow's contract question: a select


def statuses(channel) -> list[discord.Message]:
    return [m for m in channel.history() if m.embeds and m.embeds[0].author.name == STANDS]


def the_status(channel) -> discord.Message:
    [status] = statuses(channel)
    return status


def fields(message) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


def buttons(message) -> list[str]:
    return [item.custom_id for row in message.components for item in row.children]


def answers(message) -> list[str]:
    """The values of a message's select menu (the next steps, where more than five)."""
    return [o.value for row in message.components for i in row.children for o in i.options]


async def stored_id(db, game_id: int = 1) -> int | None:
    async with looking(db) as session:
        return await session.scalar(select(GameRow.status_message_id).where(GameRow.id == game_id))


def notices(channel) -> list[str]:
    return [m.content for m in channel.history() if m.content.startswith("I could not pin")]


async def test_a_start_posts_the_status_message_and_pins_it(table, db):
    _, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    status = the_status(channel)
    assert status.pinned and channel.pinned_messages() == [status]
    assert await stored_id(db) == status.id
    shown = fields(status)
    assert shown["Board"].startswith("Round 1/2 · turn 1/4 · actions 0/2 · 0/20 buildings")
    assert shown["Next"].startswith("Round 1, turn 1, action 1 of 2")
    assert shown["Waiting for"] == alice.mention
    assert shown["Last updated"].startswith("<t:") and ":R>)" in shown["Last updated"]
    assert status.embeds[0].footer.text == "game #1 · step 1"
    assert buttons(status) == ["soloist-pick:1:1:next_step:choose"]
    assert answers(status)[0] == NO_CONTRACT
    assert notices(channel) == []


async def test_a_command_and_a_button_press_edit_the_same_status_message(table, db):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    first = the_status(channel)
    moved = await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    after_command = the_status(channel)
    assert after_command.id == first.id
    assert after_command.embeds[0].footer.text == "game #1 · step 2"
    assert fields(after_command)["Next"].startswith("Round 1, turn 1, action 2 of 2")
    assert buttons(after_command) == ["soloist-pick:1:2:next_step:choose"]
    assert answers(after_command)[0] == NO_CONTRACT
    # the start's reply is the status message itself: one post, not two alike; the only
    # buttons showing are the current ones, there and on the command's own reply
    assert started.response.id == first.id
    live = [m.id for m in channel.history() if buttons(m)]
    assert live == [first.id, moved.response.id]
    assert {button_version(message_in(channel, m)) for m in live} == {2}
    # a button of the status message itself: the game moves on, the message follows
    pressed = await alice.select(after_command, [NO_CONTRACT])
    assert "Which 3 buildings" in embed_text(pressed)
    after_press = the_status(channel)
    assert after_press.id == first.id and await stored_id(db) == first.id
    assert after_press.embeds[0].footer.text == "game #1 · step 3"
    assert "Which 3 buildings" in fields(after_press)["Next"]
    # the command's reply lost its buttons when the game moved on
    assert buttons(message_in(channel, moved.response.id)) == []


def message_in(channel, message_id: int) -> discord.Message:
    [message] = [m for m in channel.history() if m.id == message_id]
    return message


def button_version(message) -> int:
    """The game version a message's buttons are for (soloist:game:version:step)."""
    [version] = {int(custom.split(":")[2]) for custom in buttons(message)}
    return version


async def test_a_deleted_status_message_is_posted_again(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3)
    gone = the_status(channel)
    mods = channel.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    moderator = channel.guild.add_member(env.create_user("moderator"), roles=[mods])
    await moderator.delete(gone)
    assert statuses(channel) == []
    await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    again = the_status(channel)
    assert again.id != gone.id and again.pinned
    assert again.embeds[0].footer.text == "game #1 · step 2"
    assert await stored_id(db) == again.id


async def test_a_game_from_before_status_messages_gets_one_on_its_next_command(table, db):
    env, channel, alice, _ = table
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    await env.bot.service.start(ctx, "glasgow", {"freddy": "I"}, 3)  # no Discord, no post
    assert statuses(channel) == [] and await stored_id(db) is None
    await alice.slash(channel, "game status")
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 1"
    assert await stored_id(db) == the_status(channel).id


async def test_with_manage_messages_but_not_pin_messages_it_says_once_and_keeps_editing(
    table, caplog
):
    env, _, alice, _ = table
    me = env.guild.me
    rights = discord.PermissionOverwrite(manage_messages=True, pin_messages=False)
    channel = env.guild.create_text_channel("no-pins", overwrites={me: rights})
    with caplog.at_level(logging.INFO, logger="soloist.status"):
        await alice.slash(channel, "glasgow start", seed=3)
    status = the_status(channel)
    assert not status.pinned and channel.pinned_messages() == []
    assert notices(channel) == [
        "I could not pin this game's status message: I need the Pin Messages permission "
        f"here. It stays up to date at {status.jump_url}"
    ]
    [logged] = [r for r in caplog.records if "not pinned" in r.getMessage()]
    assert logged.levelno == logging.INFO and logged.getMessage().startswith("game 1:")
    mods = channel.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    moderator = channel.guild.add_member(env.create_user("moderator"), roles=[mods])
    await moderator.delete(status)  # its next status message cannot be pinned either…
    await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    await alice.slash(channel, "game status")
    assert len(notices(channel)) == 1  # …and that is said once a game, not after every command
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 2"


async def test_a_channel_whose_pins_are_full_is_told_so_not_asked_for_a_permission(table):
    env, channel, alice, _ = table
    env.inject_error(
        "PUT",
        "/channels/*/messages/pins/*",
        status=400,
        code=30003,
        message="Maximum number of pins reached (50)",
    )
    await alice.slash(channel, "glasgow start", seed=3)
    status = the_status(channel)
    assert not status.pinned
    assert notices(channel) == [
        "I could not pin this game's status message: this channel has all the pins it can "
        f"hold. It stays up to date at {status.jump_url}"
    ]


async def test_where_the_bot_may_not_post_the_game_still_plays_without_a_status_message(table, db):
    env, _, alice, _ = table
    me = env.guild.me
    channel = env.guild.create_text_channel(
        "answers-only", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    await alice.slash(channel, "glasgow start", seed=3)
    moved = await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    assert "Action 1: you resolve your contract." in embed_text(moved)
    assert statuses(channel) == [] and await stored_id(db) is None
    assert not [r for r in env.http_requests if r.method == "POST" and "/messages" in r.path]


async def test_abandoning_edits_the_status_message_a_last_time_without_buttons(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3)
    await alice.slash(channel, "game abandon")
    final = the_status(channel)
    assert buttons(final) == []
    assert final.embeds[0].description.startswith("Game #1 abandoned (logged as abandoned")
    assert list(fields(final)) == ["Board", "Result"]  # no next step, nobody waited for
    assert fields(final)["Result"].startswith("Abandoned <t:")
    assert fields(final)["Result"].endswith("; not scored.")
    assert not final.pinned  # the pins are for games still running
    await alice.slash(channel, "glasgow start", seed=4)  # the next game gets its own
    assert len(statuses(channel)) == 2 and statuses(channel)[1].pinned


async def test_finishing_edits_the_status_message_to_the_result(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob.user)
    ended = await alice.slash(channel, "alea end", score=50, confirm="yes")
    final = the_status(channel)
    assert buttons(final) == [] and not final.pinned
    assert final.embeds[0].description == ended.response.embeds[0].description  # the result
    shown = list(fields(final))  # the score sheet, the board, the result
    assert shown[0] == "Score sheet" and shown[-3:] == ["Total", "Board", "Result"]
    assert fields(final)["Result"].startswith("Finished <t:")
    assert final.embeds[0].footer.text == ended.response.embeds[0].footer.text


async def test_an_edit_from_an_older_state_never_lands_after_a_newer_one(table, monkeypatch):
    """A status edit reads its state, then is slow (a rate-limited request, say) while the next
    command moves the game on and wants its own edit: under the game's lock that edit waits,
    and shows the state its command wrote (without reading the game again), so the newer state
    is what stays on screen."""
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3)
    service = env.bot.service
    read = service.game_status
    versions: list[int] = []

    def on_screen() -> str:
        return the_status(channel).embeds[0].footer.text

    async def slow_first_read(game_id):
        row, reply = await read(game_id)
        versions.append(row.version)
        if len(versions) == 1:  # the slow one: wait until the game has moved on…
            while (await read(game_id))[0].version == row.version:
                await asyncio.sleep(0)
            for _ in range(200):  # …and give the next edit every chance to land first
                if len(versions) > 1 and on_screen() == "game #1 · step 2":
                    break
                await asyncio.sleep(0)
        return row, reply

    monkeypatch.setattr(service, "game_status", slow_first_read)
    slow = asyncio.create_task(env.bot.get_cog("StatusMessages").refresh(1))
    await asyncio.sleep(0)
    await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    await slow
    assert versions == [1]  # only the refresh without a command in hand read the game
    assert on_screen() == "game #1 · step 2"


async def test_the_status_message_speaks_the_language_the_game_was_started_in(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    await alice.slash(channel, "glasgow start", seed=3)
    await alice.slash(channel, "settings language", choice="en")  # the reader's, not the game's
    await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    status = the_status_in(channel, "Stand des Spiels")
    assert list(fields(status)) == [
        "Spielplan",
        "Als Nächstes",
        "Wartet auf",
        "Zuletzt aktualisiert",
    ]
    assert status.embeds[0].footer.text == "Spiel #1 · Schritt 2"


def the_status_in(channel, heading: str) -> discord.Message:
    [status] = [m for m in channel.history() if m.embeds and m.embeds[0].author.name == heading]
    return status


async def test_a_server_language_is_the_status_messages_language(table):
    env, channel, alice, _ = table
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = channel.guild.add_member(env.create_user("admin"), roles=[admins])
    await alice.slash(channel, "glasgow start", seed=3)  # alice reads English
    assert the_status_in(channel, STANDS)
    await admin.slash(channel, "settings server-language", choice="de")
    await alice.slash(channel, "settings language", choice="en")
    await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    status = the_status_in(channel, "Stand des Spiels")
    assert fields(status)["Wartet auf"] == alice.mention


def shown_as_status(message) -> tuple:
    """What a game's status is on screen: its board, its next step, its step, its buttons."""
    embed = message.embeds[0]
    return (fields(message).get("Board"), fields(message).get("Next"), embed.footer.text)


async def _truth(alice, channel) -> None:
    status = message_in(channel, (await alice.slash(channel, "game status")).response.id)
    assert shown_as_status(the_status(channel)) == shown_as_status(status)
    assert buttons(the_status(channel)) == buttons(status)


async def test_after_every_command_and_press_the_status_message_shows_what_game_status_shows(
    table,
):
    """Presses are answered in the pressed message (one callback, no new post) and the status
    edit runs off the command's path: after each step it still tells the truth."""
    _, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    await _truth(alice, channel)
    moved = await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    await _truth(alice, channel)
    posts = len(channel.history())
    pressed = await alice.select(moved.response, [NO_CONTRACT])  # a reply's own select
    assert pressed.response.id == moved.response.id  # answered in place
    assert "Which 3 buildings" in embed_text(pressed)
    assert len(channel.history()) == posts  # no post of its own
    await _truth(alice, channel)


async def test_a_press_on_the_status_message_answers_in_it_and_it_still_tells_the_truth(table):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    posts = len(channel.history())
    pressed = await alice.select(the_status(channel), [NO_CONTRACT])
    assert pressed.response.id == started.response.id == the_status(channel).id
    assert len(channel.history()) == posts
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 2"
    await _truth(alice, channel)


async def test_the_status_edit_after_a_command_renders_its_reply_without_reading_the_game(
    table, monkeypatch
):
    """The paced edit after a command shows the state that command wrote (`Reply.standing`):
    no second read of the game competes with the next command, and the message still shows
    what `/game status` shows, the older replies without buttons."""
    env, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    service = env.bot.service
    read = service.game_status
    reads: list[int] = []

    async def counted(game_id):
        reads.append(game_id)
        return await read(game_id)

    monkeypatch.setattr(service, "game_status", counted)
    moved = await alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    assert reads == []
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 2"
    pressed = await alice.select(moved.response, [NO_CONTRACT])
    assert reads == []
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 3"
    # only the current buttons look live: on the status message (the start's own reply) and
    # on the reply that was pressed, which shows the next question
    live = {m.id for m in channel.history() if buttons(m)}
    assert live == {started.response.id, pressed.response.id}
    await _truth(alice, channel)


async def test_a_status_edit_from_a_row_read_before_its_message_was_known_edits_that_message(
    table, db
):
    """A command's row may have been read before this process adopted or posted the game's
    status message: the edit goes to the message the process knows, not a second post."""
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    status = the_status(channel)
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    said = await env.bot.service.act(ctx, "glasgow", {"command": "action", "chosen": "other"})
    assert said.standing is not None and said.standing.row.status_message_id == status.id
    stale = dataclasses.replace(said.standing.row, status_message_id=None)
    said.standing = dataclasses.replace(said.standing, row=stale)
    await env.bot.get_cog("StatusMessages").refresh(1, None, said)
    assert [m.id for m in statuses(channel)] == [status.id]
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 2"
    assert await stored_id(db) == status.id


async def test_the_paced_edit_shows_a_newer_state_another_process_wrote(table, db):
    """Two processes on one game: the state a command left here is older than what another
    process has since written. The status message shows the newer one, read from the database."""
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    said = await env.bot.service.act(ctx, "glasgow", {"command": "action", "chosen": "other"})
    assert said.version == 2
    other = Database(db.url, schema=db.schema)  # the other process, with its own engine
    try:
        later = await TableService(other).act(
            ctx, "glasgow", {"command": "action", "chosen": "other"}
        )
    finally:
        await other.close()
    assert later.version == 3
    await env.bot.get_cog("StatusMessages").refresh(1, None, said)  # the paced edit, said in hand
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 3"
