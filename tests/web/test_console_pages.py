"""The console, as `make run` starts it: its own server has web pages on, `/game page` prints a
game's link, and the page it names is served."""

from __future__ import annotations

import re

from bot.console import Console, render_text
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from bot.web.links import page_url


async def test_the_console_prints_a_game_link_that_the_pages_serve(db, client):
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    console = Console(bot, user_id=1, channel_id=1)
    await console.execute("/gah start seed:7")
    printed = render_text(await console.execute("/game page"))
    assert printed.startswith("== Web page ==\nThe web page of game #1: http")
    token = re.search(r"/g/([A-Za-z0-9_-]{24})", printed).group(1)
    assert page_url("game", token) in printed
    assert (await client.get(f"/g/{token}")).status == 200
    await console.execute("lang de")
    german = render_text(await console.execute("/spiel seite"))
    assert german.startswith("== Webseite ==\nDie Webseite von Spiel #1: http")
    off = render_text(await console.execute("/einstellungen web auswahl:off"))
    assert "Webseiten sind auf diesem Server aus" in off
    assert (await client.get(f"/g/{token}")).status == 404
