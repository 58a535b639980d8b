"""A game's page links its log as the file `/game import` reads (the one `/game export`
writes), to whoever the page opens for: gone with a revoke, closed with a challenge's
secret."""

from __future__ import annotations

import json

import pytest

from bot.core.reply import Ctx
from bot.table.contests import Contests
from tests.web.conftest import CONSOLE, GWT, HOST, end, game_link

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


async def test_the_game_page_links_the_export_that_game_import_replays(service, client):
    await service.start(CONSOLE, "gah", GAH, 7)
    await service.act(CONSOLE, "gah", TURN)
    path = await game_link(service)
    page = await (await client.get(path)).text()
    assert f'<a href="{path}/export.json" download>Download the game&#39;s log</a>' in page
    german = await (await client.get(f"{path}?lang=de")).text()
    assert "<code>/spiel importieren</code>" in german
    response = await client.get(f"{path}/export.json")
    assert response.status == 200 and response.content_type == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition == 'attachment; filename="soloist-game-1.json"'
    data = await response.read()
    exported = await service.export(CONSOLE)
    assert data == exported.files[0][1]  # the table's own export, byte for byte
    assert json.loads(data)["log"][-1]["command"] == "turn"
    elsewhere = Ctx(guild_id=0, channel_id=77, user_id=1, console=True)
    imported = await service.import_game(elsewhere, data)
    assert imported.title.endswith("game #2") and "Imported: 1 step replayed" in imported.text
    await service.revoke_game_pages(CONSOLE, 1)
    assert (await client.get(f"{path}/export.json")).status == 404


async def test_a_challenge_attempt_s_export_waits_for_the_close(service, client):
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    player = Ctx(guild_id=10, channel_id=1005, user_id=5)
    await contests.join(player, 1)
    await service.act(player, "gwt", end(30))
    link = await service.game_page(player, 1)
    assert (await client.get(f"/g/{link.token}/export.json")).status == 404  # its seed
    page = await service.challenge_page(HOST, 1)
    assert (await client.get(f"/s/{page.token}/g/1/export.json")).status == 404
    await contests.close(HOST, 1)
    assert (await client.get(f"/g/{link.token}/export.json")).status == 200
    assert (await client.get(f"/s/{page.token}/g/1/export.json")).status == 200
