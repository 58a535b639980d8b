"""Every game's final reply is its score sheet, both sides category by category with the
totals and the margin; `/game sheet` shows it again, in the reader's language, and says in one
line why a running or abandoned game has none."""

import pytest

from bot.console import render_text
from bot.store.models import PlayRow
from tests.looks import looking
from tests.test_console import make_console
from tests.test_console_undo_final import FINISH

HEADS = {
    "gah": "Leopold",
    "gwt": "Sam",
    "glasgow": "Freddy I",
    "alea": "Your partner",
    "waterdeep": "Pseudo",
}


async def logged(db, game_id: int) -> tuple[int, int]:
    from sqlalchemy import select

    async with looking(db) as session:
        play = (
            (await session.execute(select(PlayRow).where(PlayRow.game_id == game_id)))
            .scalars()
            .first()
        )
        return play.score, play.opponent_score


@pytest.mark.parametrize("game", sorted(FINISH))
async def test_the_final_reply_is_the_score_sheet_and_game_sheet_shows_it_again(db, game):
    console = await make_console(db)
    await FINISH[game](console)
    ended = console.last
    sheet = ended.sheet
    assert sheet is not None and ended.as_json()["sheet"] == sheet.as_json()
    text = render_text(ended)
    head = next(line for line in text.splitlines() if line.startswith("Score sheet"))
    assert head.split()[-1] == HEADS[game].split()[-1] and " You " in head
    total = next(line for line in text.splitlines() if line.startswith("Total "))
    mine, theirs = sheet.total("player"), sheet.total("opponent")
    assert total.split()[-2:] == [str(mine), str(theirs)]
    assert await logged(db, ended.game_id) == (mine, theirs)  # both real scores, every game
    assert sheet.verdict() in text and len(sheet.rows) >= 4

    again = await console.execute("/game sheet")
    assert again.ok and again.title.endswith(f"game #{ended.game_id} · score sheet")
    assert again.sheet.as_json() == sheet.as_json() and again.next_steps == []
    assert render_text(again).splitlines()[1:] == sheet.text().splitlines()

    assert (await console.execute("lang de")).ok
    german = render_text(await console.execute("/spiel wertungsblatt"))
    assert german.splitlines()[0].endswith(f"Spiel #{ended.game_id} · Wertungsblatt ==")
    assert german.splitlines()[1].startswith("Wertungsblatt") and "Summe" in german


async def test_game_sheet_of_a_running_or_abandoned_game_or_an_empty_channel_is_one_line(db):
    console = await make_console(db)
    empty = await console.execute("/game sheet")
    assert not empty.ok and empty.text.startswith("No game is running in this channel.")
    await console.execute("/gwt start seed:3")
    running = await console.execute("/game sheet")
    assert not running.ok
    assert running.text == "Game #1 is still running: only a finished game has a score sheet."
    await console.execute("/game abandon")
    gone = await console.execute("/game sheet")  # an abandoned game is not in view
    assert not gone.ok and gone.text.startswith("No game is running in this channel.")


async def test_your_categories_typed_with_the_end_fill_your_column(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:4")
    await console.execute(
        '/alea end score:50 partner_score:47 breakdown:"stop1:12 stop2:8 districts:25 park:5"'
    )
    ended = await console.execute("press 1")
    rows = {line.name: (line.player, line.opponent) for line in ended.sheet.lines()}
    assert rows["First building stop"] == ("12", "?") and rows["Total"] == ("50", "47")
    assert (await console.execute("/gwt start seed:1")).ok  # the finished game blocks nothing
    wrong = await console.execute(
        '/gwt end you:40 cities:5 objectives:6 job_token:sam breakdown:"cattle:x"'
    )
    assert not wrong.ok and "\n" not in wrong.text and "`x` is not a number of points" in wrong.text


@pytest.mark.parametrize("game", sorted(FINISH))
async def test_game_sheet_by_id_from_another_channel_and_after_a_new_game(db, game):
    """`/game sheet id:N` reaches a finished game from anywhere, through the same rule as
    `/game show`; in its own channel the sheet stays until a new game starts there."""
    console = await make_console(db)
    await FINISH[game](console)
    ended = console.last
    elsewhere = await make_console(db, channel=2)
    by_id = await elsewhere.execute(f"/game sheet id:{ended.game_id}")
    assert by_id.ok and by_id.sheet.as_json() == ended.sheet.as_json()
    await console.execute("/gwt start seed:4")
    assert not (await console.execute("/game sheet")).ok  # the new game is running
    assert (await console.execute(f"/game sheet id:{ended.game_id}")).sheet is not None
    stranger = await make_console(db, user=99, channel=3)
    refused = await stranger.execute(f"/game sheet id:{ended.game_id}")
    assert not refused.ok and "private" in refused.text
