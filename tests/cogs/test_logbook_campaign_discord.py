"""Campaign view and streak reminders through discord.py's real command tree, in SimCord:
a finished game's result card in its thread and the server's results channel, /stats and
/history filtered to a campaign or a thread, and the streak reminder DM after a restart."""

from datetime import timedelta

import discord
import pytest
from simcord.builders import ChannelHandle
from sqlalchemy import select, update

from bot.on_discord.client import SoloistBot
from bot.store import models
from bot.store.models import GameRow, UserSettingsRow
from bot.table.service import TableService
from tests.looks import looking


def text_of(message: discord.Message) -> str:
    if not message.embeds:
        return message.content
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""])


def shown(result) -> str:
    return text_of(result.response)


def open_thread(env, channel, owner, name: str) -> ChannelHandle:
    return ChannelHandle(env, channel.guild, env.backend.create_thread(channel.id, name, owner.id))


async def set_results_channel(env, channel, target) -> None:
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    carol = channel.guild.add_member(env.create_user("carol"), roles=[admins])
    await carol.slash(channel, "settings results-channel", channel=target)


async def finish_alea(db, thread, alice, bob, *, campaign: str | None = None) -> None:
    """Alice (40) and Bob (42) play Fifth Avenue in the thread; Bob ends it."""
    await alice.slash(thread, "alea start", partner=bob, seed=2)
    if campaign is not None:  # what `/game campaign name:` stores
        async with looking(db) as session:
            await session.execute(
                update(GameRow).where(GameRow.channel_id == thread.id).values(campaign=campaign)
            )
    await alice.slash(thread, "alea supply-empty")
    return await bob.slash(thread, "alea end", score=40, partner_score=42)


async def test_a_finished_game_posts_its_result_card_in_the_thread_and_the_results_channel(
    table, db
):
    env, channel, alice, bob = table
    results = channel.guild.create_text_channel("results")
    await set_results_channel(env, channel, results)
    thread = open_thread(env, channel, alice, "Broadway")
    ended = await finish_alea(db, thread, alice, bob, campaign="Broadway Winter")
    assert "The result is in your logbook" in shown(ended)
    card = thread.history()[-1]
    assert text_of(card) == "\n".join(
        [
            "Result · Fifth Avenue · game #1",
            f"<@{alice.id}> vs <@{bob.id}> (with Alea): **loss** 40–42 (margin -2)",
            "Play streak: **1** day(s) · win streak: **0**",
            "Campaign **Broadway Winter**: 1 play(s), 0 win(s)",
            f"<@{bob.id}> vs <@{alice.id}> (with Alea): **win** 42–40 (margin +2)",
            "Play streak: **1** day(s) · win streak: **1**",
            "Campaign **Broadway Winter**: 1 play(s), 1 win(s)",
            f"Played in <#{thread.id}>",
        ]
    )
    assert [a.filename for a in card.attachments] == ["result-1.png"]
    # the game's score sheet is its result card: the same fields as the final reply's
    final = [(f.name, f.value) for f in ended.response.embeds[0].fields]
    on_card = [(f.name, f.value) for f in card.embeds[0].fields]
    assert on_card and all(field in final for field in on_card), (on_card, final)
    assert any("40" in value and "42" in value for _, value in on_card), on_card
    [posted] = results.history()
    assert text_of(posted) == text_of(card) and len(posted.attachments) == 1
    assert [(f.name, f.value) for f in posted.embeds[0].fields] == [
        (f.name, f.value) for f in card.embeds[0].fields
    ]
    assert not any(text_of(m).startswith("Result") for m in channel.history())  # not the parent


async def test_a_results_channel_the_bot_cannot_post_in_is_said_once_in_the_thread(table, db):
    env, channel, alice, bob = table
    me = env.bot.get_guild(channel.guild.id).me
    closed = channel.guild.create_text_channel(
        "results", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    await set_results_channel(env, channel, closed)
    thread = open_thread(env, channel, alice, "Broadway")
    ended = await finish_alea(db, thread, alice, bob)
    assert not ended.ephemeral and "The result is in your logbook" in shown(ended)
    *_, card, note = thread.history()
    assert text_of(card).startswith("Result · Fifth Avenue · game #1")
    assert note.content == (
        f"I can't post result cards in <#{closed.id}>: give me Send Messages, Embed Links and "
        "Attach Files there, or choose another channel with `/settings results-channel`."
    )
    assert closed.history() == []
    assert env.errors == []


async def test_stats_and_history_of_one_campaign_or_one_thread(table, db):
    env, channel, alice, bob = table
    thread = open_thread(env, channel, alice, "Broadway")
    await finish_alea(db, thread, alice, bob, campaign="Broadway Winter")
    await alice.slash(channel, "log play", game="gwt", opponent="Sam", score=9, opponent_score=3)
    choices = await alice.autocomplete(channel, "stats", "campaign", "broad")
    assert [c["value"] for c in choices] == ["Broadway Winter"]
    stats = await alice.slash(channel, "stats", campaign="Broadway Winter")
    assert f"<@{alice.id}>\nCampaign: **Broadway Winter**\n" in shown(stats)
    assert "**1** plays · **0** wins · 1 losses" in shown(stats)
    history = await alice.slash(channel, "history", thread=thread)
    lines = shown(history).split("\n")
    assert lines[1:3] == [f"<@{alice.id}>", f"Thread: <#{thread.id}>"]
    assert len(lines) == 4 and "Fifth Avenue vs" in lines[3]
    assert history.response.components == []  # one page, no buttons
    unknown = await alice.slash(channel, "stats", campaign="Summer")
    assert unknown.ephemeral
    assert unknown.response.content == (
        "Your logbook has no campaign called `Summer`; "
        "`/game campaign name:` names a game's campaign."
    )
    nothing = await alice.slash(channel, "history", thread=channel.guild.create_text_channel("x"))
    assert nothing.ephemeral and "Your logbook has no plays in <#" in shown(nothing)
    assert [type(e.original).__name__ for e in env.errors] == ["InputError", "InputError"]


async def wait(env, seconds: float) -> None:
    """Let virtual time pass in steps: each step's scheduler ticks settle within SimCord's
    per-step deadline, on PostgreSQL too."""
    while seconds > 0:
        step = min(seconds, 600)
        await env.advance_time(step)
        seconds -= step


@pytest.fixture
def sim_clock(simcord_env):
    """The service's one clock follows SimCord's virtual time (2026-01-01 00:00 UTC on)."""
    models.NOW[0] = simcord_env.now
    yield simcord_env
    models.NOW[0] = models._system_now


async def test_a_streak_reminder_arrives_by_dm_at_the_local_hour_after_a_restart(
    sim_clock, table, db
):
    env, channel, alice, _ = table
    await alice.slash(channel, "log timezone", name="Europe/Vienna")  # 01:00 on 1 January
    await alice.slash(
        channel, "log play", game="gwt", opponent="Sam", outcome="win", date="2025-12-31"
    )
    armed = await alice.slash(channel, "log remind", at="02:00")
    assert armed.ephemeral
    assert "Next reminder: 2026-01-01 02:00." in shown(armed)  # 01:00 UTC
    await env.restart_bot(SoloistBot(TableService(db), shard_count=1))
    await wait(env, timedelta(minutes=59).total_seconds())
    dms = alice.user.dm_channel
    assert dms.history() == []
    await wait(env, 120)
    [dm] = dms.history()
    assert text_of(dm) == "\n".join(
        [
            "Streak reminder",
            "Your 1-day play streak breaks at midnight unless you play today: finish a game "
            "or `/log play`.",
            "Turn these reminders off with `/log remind`.",
        ]
    )
    await wait(env, 3600)
    assert len(dms.history()) == 1  # once
    async with looking(db) as session:
        pending = await session.scalar(select(UserSettingsRow.streak_remind_at))
    assert pending is None  # nothing more until the next play


async def test_a_closed_dm_skips_the_reminder_quietly(sim_clock, table, db):
    env, channel, alice, _ = table
    await alice.slash(
        channel, "log play", game="gwt", opponent="Sam", outcome="win", date="2025-12-31"
    )
    await alice.slash(channel, "log remind", at="1")  # 01:00 UTC today
    dms = alice.user.dm_channel
    env.inject_error("POST", f"/channels/{dms.id}/messages", status=403, code=50007, times=None)
    await wait(env, 3600 + 60)
    assert dms.history() == []
    assert env.errors == []
    async with looking(db) as session:
        pending = await session.scalar(select(UserSettingsRow.streak_remind_at))
    assert pending is None  # not retried every minute


async def test_a_bad_remind_hour_is_one_line(table):
    env, channel, alice, _ = table
    refused = await alice.slash(channel, "log remind", at="25")
    assert refused.ephemeral and refused.response.content == (
        "Give the hour as a number from 0 to 23 (your local time), or `off`."
    )
    choices = await alice.autocomplete(channel, "log remind", "at", "2")
    assert [c["value"] for c in choices][:3] == ["02:00", "12:00", "20:00"]
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


async def test_the_logbook_answers_in_german_after_settings_language_de(sim_clock, table):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    logged = await alice.slash(
        channel,
        "log play",
        game="gwt",
        opponent="Sam",
        difficulty="hard",
        score=12,
        opponent_score=10,
    )
    assert shown(logged) == (
        "Logbuch\nEingetragen: `#1` 2026-01-01 Great Western Trail (2nd edition) gegen Sam "
        "(schwer) — "
        "**Sieg** 12–10"
    )
    stats = await alice.slash(channel, "stats", game="gwt")
    assert shown(stats).split("\n")[:4] == [
        "Statistik",
        f"<@{alice.id}>",
        "Spiel: Great Western Trail (2nd edition)",
        "**1** Partien · **1** Siege · 0 Niederlagen · 0 Unentschieden · Siegquote **100\xa0%**",
    ]
    streak = await alice.slash(channel, "streak")
    assert shown(streak) == (
        f"Serie\n<@{alice.id}>: Spielserie von 1 Tag(en) (Rekord 1) · 1 Sieg(e) in Folge (Rekord 1)"
    )
    history = await alice.slash(channel, "history")
    assert shown(history).startswith(f"Partien · Seite 1/1\n<@{alice.id}>\n`#1` 2026-01-01")
    off = await alice.slash(channel, "log remind", at="aus")
    assert shown(off) == "Serien-Erinnerung\nSerien-Erinnerungen sind aus."
    refused = await alice.slash(channel, "log remind", at="25")
    assert refused.response.content == (
        "Gib die Stunde als Zahl von 0 bis 23 an (deine Ortszeit) oder `aus`."
    )
    choices = await alice.autocomplete(channel, "log remind", "at", "au")
    assert choices == [{"name": "aus", "value": "off"}]
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


async def test_a_result_card_speaks_the_servers_language(table, db):
    env, channel, alice, bob = table
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    carol = channel.guild.add_member(env.create_user("carol"), roles=[admins])
    await carol.slash(channel, "settings server-language", choice="de")
    thread = open_thread(env, channel, alice, "Broadway")
    await finish_alea(db, thread, alice, bob, campaign="Broadway Winter")
    card = thread.history()[-1]
    assert text_of(card).split("\n")[:4] == [
        "Ergebnis · Fifth Avenue · Spiel #1",
        f"<@{alice.id}> gegen <@{bob.id}> (mit Alea): **Niederlage** 40–42 (Abstand -2)",
        "Spielserie: **1** Tag(e) · Siegesserie: **0**",
        "Kampagne **Broadway Winter**: 1 Partie(n), 0 Sieg(e)",
    ]
    assert text_of(card).endswith(f"Gespielt in <#{thread.id}>")
