"""A game's end can be corrected: `/game undo` after the final reopens every game at the step
before it, its plays leave the logbook in the same transaction, and finishing it again records
it once; a new game in the channel ends that chance."""

import re

import pytest
from sqlalchemy import func, select

from bot.console import Console
from bot.store.models import GameRow, PlayRow
from tests import test_console, test_console_glasgow, test_console_gwt, test_console_waterdeep
from tests.looks import looking
from tests.test_console import make_console


async def finish_gah(console: Console) -> str:
    lines, _ = await test_console.play_full_game(console)
    return lines[-1]


async def finish_gwt(console: Console) -> str:
    lines, _, _ = await test_console_gwt.play_whole_game(console, "easy", seed=5, turns=2)
    return lines[-1]


async def finish_glasgow(console: Console) -> str:
    lines, _ = await test_console_glasgow.play_full_game(console, "I")
    return lines[-1]


async def finish_alea(console: Console) -> str:
    assert (await console.execute("/alea start partner:2 seed:4")).ok
    assert (await console.execute("/alea end score:50 partner_score:47")).ok
    assert (await console.execute("press 1")).state["status"] == "finished"
    return "press 1"  # the confirmation is the final step, a button


async def finish_waterdeep(console: Console) -> str:
    lines, _ = await test_console_waterdeep.play_full_game(console)
    return lines[-1]


FINISH = {
    "gah": finish_gah,
    "gwt": finish_gwt,
    "glasgow": finish_glasgow,
    "alea": finish_alea,
    "waterdeep": finish_waterdeep,
}


async def plays(db, game_id: int | None = None) -> int:
    async with looking(db) as session:
        query = select(func.count()).select_from(PlayRow)
        if game_id is not None:
            query = query.where(PlayRow.game_id == game_id)
        return int(await session.scalar(query) or 0)


async def stats_plays(console: Console) -> int:
    text = (await console.execute("/stats")).text
    return int(re.search(r"\*\*(\d+)\*\* plays", text).group(1))


@pytest.mark.parametrize("game", sorted(FINISH))
async def test_undo_after_the_final_reopens_the_game_and_keeps_the_logbook_exact(db, game):
    console = await make_console(db)
    final = await FINISH[game](console)
    ended = console.last
    recorded = await plays(db, ended.game_id)
    assert recorded >= 1 and await stats_plays(console) == 1

    reopened = await console.execute("/game undo")
    assert reopened.ok, reopened.text
    assert reopened.game_id == ended.game_id and reopened.state["status"] == "active"
    assert reopened.next_steps or reopened.prompt  # it waits for the final again
    assert f"Game #{ended.game_id} is running again" in reopened.text
    assert await plays(db) == 0 and await stats_plays(console) == 0
    assert (await console.execute("/game status")).state["status"] == "active"
    async with looking(db) as session:
        row = await session.get(GameRow, ended.game_id)
        assert row.status == "active" and row.finished_at is None

    again = await console.execute(final)
    assert again.ok and again.state["status"] == "finished", again.text
    assert again.state == ended.state
    assert await plays(db) == recorded and await stats_plays(console) == 1
    streak = (await console.execute("/streak")).text
    assert "1-day play streak" in streak and not re.search(r"\b[2-9]\d* win\(s\)", streak)


@pytest.mark.parametrize("game", ["gwt", "alea"])
async def test_a_new_game_in_the_channel_ends_the_chance_to_undo_the_last_final(db, game):
    console = await make_console(db)
    await FINISH[game](console)
    first = console.last.game_id
    started = await console.execute("/gwt start seed:3")
    assert started.ok, started.text  # a finished game does not block the channel
    refused = await console.execute("/game undo")
    assert not refused.ok
    assert f"game #{first}'s end can no longer be undone" in refused.text
    assert await plays(db, first) >= 1
    await console.execute("/game abandon")
    refused = await console.execute("/game undo")
    assert not refused.ok and "No game is running in this channel" in refused.text
    assert await plays(db, first) >= 1
