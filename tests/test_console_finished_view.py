"""A finished game stays on view: in its channel (status, board, history, its result, and no
buttons) until a new game starts there, and by its id from anywhere (`/game show id:N`,
`/game history id:N`) for the people who played it, or for its server when it is part of a
campaign; anybody else's game is private."""

import re

import pytest
from sqlalchemy import select

from bot.console import Console, render_text
from bot.on_discord.client import SoloistBot
from bot.store.models import ActionRow, GameRow, PlayRow
from bot.table.service import TableService
from tests import test_console_gwt
from tests.looks import looking
from tests.test_console import make_console
from tests.test_console_undo_final import FINISH

BOARD = {  # each game's read-only look at the board (Fifth Avenue's is Alea's odds)
    "gah": "/gah board",
    "gwt": "/gwt board",
    "glasgow": "/glasgow board",
    "alea": "/alea odds",
    "waterdeep": "/waterdeep board",
}
PICTURED = {"gah", "gwt", "glasgow"}  # their board comes with a picture
SAID = {"win": "{player} won against {rival}", "loss": "{player} lost to {rival}"}


async def owners_play(db, game_id: int) -> PlayRow:
    async with looking(db) as session:
        return (
            await session.execute(
                select(PlayRow).where(PlayRow.game_id == game_id, PlayRow.user_id == 1)
            )
        ).scalar_one()


async def last_step(db, game_id: int) -> str:
    async with looking(db) as session:
        seq, command, key = (
            await session.execute(
                select(ActionRow.seq, ActionRow.command, GameRow.game_key)
                .join(GameRow, GameRow.id == ActionRow.game_id)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.seq.desc())
                .limit(1)
            )
        ).one()
    return f"**{seq}.** `/{key} {command}"  # as typed


def result_lines(game_id: int, play: PlayRow) -> list[str]:
    """What the logbook holds, as a finished game's reply must say it first."""
    rival = f"<@{play.rival_id}>" if play.rival_id else play.opponent
    said = SAID[play.outcome].format(player="<@1>", rival=rival)
    return [
        f"Game #{game_id} is over: {said}.",
        f"Final score: {play.score} to {play.opponent_score}.",
    ]


@pytest.mark.parametrize("game", sorted(FINISH))
async def test_a_finished_game_stays_on_view_in_its_channel_and_by_id_until_a_new_game(db, game):
    console = await make_console(db)
    await FINISH[game](console)
    game_id = console.last.game_id
    result = result_lines(game_id, await owners_play(db, game_id))

    status = await console.execute("/game status")
    assert status.ok and status.game_id == game_id and status.state["status"] == "finished"
    assert status.facts[:2] == result, status.text
    assert not status.next_steps and status.ask is None  # nothing left to press
    assert status.prompt.startswith("This game is over; it stays on view here until a new game")

    board = await console.execute(BOARD[game])
    assert board.ok and board.game_id == game_id and board.facts[:2] == result, board.text
    assert not board.next_steps
    if game in PICTURED:
        assert board.files

    history = await console.execute("/game history")
    assert history.ok and history.facts[:2] == result, history.text
    pages = int(re.search(r"history 1/(\d+)", history.title).group(1))
    last = await console.execute(f"/game history page:{pages}")
    assert last.facts[-1].startswith(await last_step(db, game_id))  # the final, last

    console.channel_id = 2  # anywhere else: nothing runs there, but the game is there by id
    assert not (await console.execute("/game status")).ok
    shown = await console.execute(f"/game show id:{game_id}")
    assert shown.ok and shown.game_id == game_id and shown.facts[:2] == result, shown.text
    assert shown.prompt == f"Played in <#1>; `/game history id:{game_id}` shows every step."
    assert not shown.next_steps and shown.state["status"] == "finished"
    if game in PICTURED:
        assert [name.endswith(".png") for name, _ in shown.files] == [True]
    steps = await console.execute(f"/game history id:{game_id}")
    assert (
        steps.ok
        and steps.facts[:2] == result
        and steps.facts[2].startswith(f"**1.** `/{game} start")
    )

    console.channel_id = 1  # a new game here hides the finished one from this channel
    started = await console.execute("/gwt start seed:3")
    assert started.ok and started.game_id != game_id
    now = await console.execute("/game status")
    assert now.game_id == started.game_id and now.state["status"] == "active"
    assert not any("is over" in fact for fact in now.facts)
    if game != "gwt":
        refused = await console.execute(BOARD[game])
        assert not refused.ok and "The game in this channel is Great Western Trail" in refused.text
    history = await console.execute("/game history")
    assert history.game_id == started.game_id and len(history.facts) == 1
    assert (await console.execute("/game abandon")).ok  # abandoned: nothing on view here
    gone = await console.execute("/game status")
    assert not gone.ok and gone.text.startswith("No game is running in this channel")
    assert not (await console.execute("/game history")).ok
    again = await console.execute(f"/game show id:{game_id}")
    assert again.ok and again.facts[:2] == result


async def console_in(db, bot=None, *, user: int, channel: int, guild: int) -> Console:
    if bot is None:
        bot = SoloistBot(TableService(db))
        await bot.setup_hook()
    return Console(bot, user_id=user, channel_id=channel, guild_id=guild)


async def test_a_game_by_id_is_its_players_own_or_its_servers_when_in_a_campaign(db):
    owner = await console_in(db, user=1, channel=1, guild=10)
    await test_console_gwt.play_whole_game(owner, "easy", seed=5, turns=2)
    private = owner.last.game_id
    owner.channel_id = 7  # a second game, put into a campaign
    assert (await owner.execute("/gwt start seed:3")).ok
    assert (await owner.execute('/game campaign name:"Vienna winter"')).ok
    campaign = owner.last.game_id
    assert (await owner.execute("/gwt end you:80 cities:12 objectives:9 job_token:you")).ok
    owner.channel_id = 8
    assert (await owner.execute("/alea start partner:2 seed:4")).ok
    running = owner.last.game_id

    member = await console_in(db, owner.bot, user=3, channel=5, guild=10)
    for line in (f"/game show id:{private}", f"/game history id:{private}"):
        refused = await member.execute(line)
        assert not refused.ok and refused.text == (
            f"Game #{private} is private to its players; a game in a campaign is open to its "
            "whole server."
        )
    assert (await member.execute(f"/game show id:{campaign}")).ok  # the server's campaign
    elsewhere = await console_in(db, owner.bot, user=3, channel=6, guild=11)
    assert not (await elsewhere.execute(f"/game show id:{campaign}")).ok  # not another's

    for line, refusal in (
        (f"/game show id:{running}", f"Game #{running} is still running: `/game status` in <#8>"),
        ("/game show id:999", "Game #999 does not exist."),
    ):
        refused = await owner.execute(line)
        assert not refused.ok and refusal in refused.text
    assert (await owner.execute("/alea end score:50 partner_score:47")).ok
    assert (await owner.execute("press 1")).state["status"] == "finished"
    partner = await console_in(db, owner.bot, user=2, channel=9, guild=0)  # in a DM
    assert (await partner.execute(f"/game show id:{running}")).facts[0] == (
        f"Game #{running} is over: <@1> won against <@2>."
    )
    owner.channel_id = 1
    assert (await owner.execute("/gwt start seed:4")).ok
    assert (await owner.execute("/game abandon")).ok
    abandoned = owner.last.game_id
    refused = await owner.execute(f"/game show id:{abandoned}")
    assert not refused.ok and f"Game #{abandoned} was abandoned" in refused.text


async def test_a_finished_game_reads_in_german(db):
    console = await make_console(db)
    await FINISH["gwt"](console)
    assert (await console.execute("lang de")).ok
    shown = await console.execute("/spiel stand")
    assert shown.ok, shown.text
    text = render_text(shown)
    assert "Spiel #1 ist vorbei: <@1> hat gegen Sam gewonnen." in text
    assert "Endstand: 80 zu 25." in text
    assert "`/spiel verlauf` zeigt jeden Schritt" in text
