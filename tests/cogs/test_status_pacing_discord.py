"""The status message under a burst of commands: edited at once after a quiet spell, then once
more when the spell ends, showing the last state; the replies the burst superseded lose their
buttons in that same paced edit, off the commands' path. SimCord's clock is simulated: nothing
here waits for real seconds."""

from tests.cogs.test_grand_austria_discord import DICE, QUEUE
from tests.cogs.test_status_message_discord import buttons, fields, the_status

EVERY = 60.0  # longer than a SimCord operation may run, so the paced edit waits for the clock


def status_edits(env, message_id: int) -> int:
    return len(
        [r for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/{message_id}")]
    )


async def test_a_burst_of_commands_ends_with_the_status_message_showing_the_last_state(table):
    env, channel, alice, _ = table
    env.bot.get_cog("StatusMessages").pace.every = EVERY
    await alice.slash(channel, "gah start", difficulty="hard", seed=7, emperor_table="S2")
    status = the_status(channel)
    assert status.embeds[0].footer.text == "game #1 · step 1"
    adopted = status_edits(env, status.id)  # the start's reply became the status message
    replies = [await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)]
    replies.append(await alice.slash(channel, "gah turn", queue=QUEUE))
    replies.append(await alice.slash(channel, "gah round-end"))
    # the burst: no edit yet, the message shows where the spell began, and no work after the
    # replies competed with the commands (the older replies keep their buttons for now)…
    assert status_edits(env, status.id) == adopted
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 1"
    burst = {r.response.id for r in replies}
    assert all(status_edits(env, message_id) == 0 for message_id in burst)
    await env.advance_time(EVERY)
    # …then one edit for the whole burst, with the newest state, and the replies the game moved
    # past lost their buttons in it
    latest = next(m for m in channel.history() if m.id == replies[-1].response.id)
    older = [m for m in channel.history() if m.id in {r.response.id for r in replies[:-1]}]
    assert buttons(latest) and all(buttons(m) == [] for m in older)
    assert status_edits(env, status.id) == adopted + 1
    shown = the_status(channel)
    assert shown.embeds[0].footer.text == "game #1 · step 4"
    assert shown.embeds[0].footer.text == latest.embeds[0].footer.text
    assert fields(shown)["Board"] == fields(latest)["Board"]
    await env.advance_time(EVERY)
    assert status_edits(env, status.id) == adopted + 1  # nothing new: no edit


async def test_the_suites_status_edits_are_not_paced_and_a_real_bots_are(table, monkeypatch):
    """tests/conftest.py sets the pacing to 0 s for every other test: it must reach the cog
    discord.py loaded (a fresh module object, not the imported cogs.status), or every Discord
    test sleeps through real pacing."""
    import cogs.pace

    env, *_ = table
    assert env.bot.get_cog("StatusMessages").pace.every == 0.0
    monkeypatch.undo()
    assert cogs.pace.STATUS_EVERY == 3.0
