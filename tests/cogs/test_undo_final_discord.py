"""A game's end can be corrected in Discord: `/game undo` after the final reopens the game, its
status message shows it running again (buttons, pinned), the logbook drops its result, and the
final typed again records it once, with a new result card."""

import pytest
from sqlalchemy import func, select

from bot.console import Console
from bot.store.models import PlayRow
from tests.cogs.test_status_message_discord import buttons, fields, statuses, the_status
from tests.looks import looking
from tests.test_console_undo_final import FINISH

FINAL = {  # each game's final as a slash command, the same as its console line
    "gah": ("gah final", {"player_score": 95, "player_staff": "none"}),
    "gwt": ("gwt end", {"you": 80, "cities": 12, "objectives": 9, "job_token": "you"}),
    "glasgow": ("glasgow final", {"stone": 2, "steel": 1, "gold": 0}),
    "alea": ("alea end", {"score": 50, "partner_score": 47, "confirm": "yes"}),
    "waterdeep": ("waterdeep final", {"track": 61, "adventurers": 3, "gold": 7, "quests": 1}),
}


async def plays(db) -> list[tuple[int, int]]:
    async with looking(db) as session:
        found = await session.execute(
            select(PlayRow.game_id, func.count()).group_by(PlayRow.game_id)
        )
        return sorted(found.all())


def cards(channel) -> list[str]:
    return [
        m.embeds[0].title
        for m in channel.history()
        if m.embeds and "Result ·" in (m.embeds[0].title or "")
    ]


@pytest.mark.parametrize("game", sorted(FINAL))
async def test_undo_after_the_final_in_discord_reopens_the_game_and_its_status_message(
    table, db, game
):
    env, channel, alice, _ = table
    player = Console(env.bot, user_id=alice.id, channel_id=channel.id, guild_id=channel.guild.id)
    await FINISH[game](player)  # the whole game up to its end, typed
    game_id = player.last.game_id
    [(_, recorded)] = await plays(db)

    reopened = await alice.slash(channel, "game undo")
    assert reopened.response.embeds[0].footer.text.startswith(f"game #{game_id}")
    assert f"Game #{game_id} is running again" in reopened.response.embeds[0].description
    assert await plays(db) == []
    status = the_status(channel)
    assert status.pinned and "Waiting for" in fields(status)
    offered = [
        c.get("custom_id") for row in reopened.response.components for c in row["components"]
    ]
    assert buttons(status) == offered  # the final's buttons, if it has any

    command, options = FINAL[game]
    ended = await alice.slash(channel, command, **options)
    assert "The result is in your logbook" in ended.response.embeds[0].description
    assert await plays(db) == [(game_id, recorded)]
    status = the_status(channel)
    assert not status.pinned and buttons(status) == [] and "Result" in fields(status)
    assert len(cards(channel)) == 1  # the console posts none; this end posts one

    again = await alice.slash(channel, "game undo")
    assert "is running again" in again.response.embeds[0].description
    assert the_status(channel).pinned and "Waiting for" in fields(the_status(channel))
    await alice.slash(channel, command, **options)
    assert await plays(db) == [(game_id, recorded)]  # one record, never two
    assert len(statuses(channel)) == 1 and len(cards(channel)) == 2


async def test_undo_after_the_final_of_a_thread_game_reopens_it_in_its_thread(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "gwt start", seed=3, thread=True)
    [thread] = channel.threads
    command, options = FINAL["gwt"]
    await alice.slash(thread, command, **options)
    assert await plays(db) == [(1, 1)]
    refused = await alice.slash(channel, "game undo")  # the parent channel has no game
    assert refused.response.content.startswith("No game is running in this channel")
    reopened = await alice.slash(thread, "game undo")
    assert "Game #1 is running again" in reopened.response.embeds[0].description
    assert await plays(db) == []
    [status] = thread.pinned_messages()
    assert buttons(status)
    await alice.slash(thread, command, **options)
    assert await plays(db) == [(1, 1)]
    await alice.slash(thread, "gwt start", seed=4)  # a new game in the thread
    refused = await alice.slash(thread, "game undo")
    assert "game #1's end can no longer be undone" in refused.response.content
    assert await plays(db) == [(1, 1)]
    assert [type(e.original).__name__ for e in env.errors] == ["NoGame", "RuleError"]
