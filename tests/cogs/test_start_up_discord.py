"""`python -m bot run` logs in before its commands are loaded and its database is open
(docs/performance.md, issue 22): what Discord sends meanwhile waits, in order, and is answered
once the bot serves."""

from bot.on_discord.client import SoloistBot
from bot.table.service import TableService


async def test_commands_sent_before_the_bot_serves_are_answered_once_it_does(simcord_env, db):
    await simcord_env.bot.tree.sync()  # the commands as a former start registered them
    bot = SoloistBot(shard_count=1)  # as `python -m bot run` makes it
    await simcord_env.restart_bot(bot)
    guild = simcord_env.create_guild()
    hotel, city = guild.create_text_channel("hotel"), guild.create_text_channel("city")
    alice = guild.add_member(simcord_env.create_user("alice"))
    hotel_start = await alice.slash(hotel, "gah start", seed=3)
    city_start = await alice.slash(city, "glasgow start", seed=3)
    assert not bot.serving and not bot.is_ready() and bot.tree.get_command("gah") is None
    # held, not refused; and the watchdog deferred them at 2 s ("thinking…"), in Discord's 3 s
    assert hotel_start.deferred and city_start.deferred

    async def opener() -> TableService:
        return TableService(db)

    await bot.open_database(opener)
    await simcord_env.settle()
    assert bot.serving and bot.is_ready()
    assert "Grand Austria Hotel" in hotel_start.response.embeds[0].title
    assert "Glasgow" in city_start.response.embeds[0].title
