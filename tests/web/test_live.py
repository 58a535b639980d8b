"""A running game's page followed live (bot/web/live.py): its stream says when a command
through the table service moves the game, in every web process over the database; it is
refused and closed as the page is (revoke); one read per watched game per process, however
many streams follow it; the limits per client and per process."""

from __future__ import annotations

import asyncio
import dataclasses
import json

from aiohttp.test_utils import TestClient, TestServer

from bot.core.reply import Ctx
from bot.web.app import LIVE, make_app
from bot.web.live import Live
from bot.web.site import Site
from bot.web.workers import InProcesses
from tests.web.conftest import CONSOLE, GWT, HOST, end, game_link

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}
WAIT = 10.0  # seconds an event may take on a loaded machine (a poll is 0.05 s here)


async def event(response) -> tuple[str, dict | str]:
    """The next event of a stream (a comment as ("", text)); ("eof", "") when it closed."""
    raw = await asyncio.wait_for(response.content.readuntil(b"\n\n"), WAIT)
    if not raw.endswith(b"\n\n"):
        return "eof", ""
    kind, data = "message", ""
    for line in raw.decode().splitlines():
        if line.startswith(":"):
            return "", line[1:].strip()
        name, _, value = line.partition(":")
        if name == "event":
            kind = value.strip()
        elif name == "data":
            data = value.strip()
        elif name == "retry":
            return "retry", value.strip()
    return kind, json.loads(data) if data else ""


async def opened(client: TestClient, path: str):
    response = await client.get(path)
    assert response.status == 200, await response.text()
    assert await event(response) == ("retry", "5000")
    return response


def quick(client: TestClient) -> Live:
    live = client.app[LIVE]
    live.poll = 0.05
    return live


async def running(service, ctx: Ctx = CONSOLE) -> str:
    await service.start(ctx, "gah", GAH, 7)
    return await game_link(service, ctx)


async def test_a_command_through_the_table_reaches_the_stream_of_its_page(service, client):
    quick(client)
    path = await running(service)
    page = await (await client.get(path)).text()
    assert f'data-stream="{path}/live?step=1"' in page  # the page's script follows it
    response = await opened(client, f"{path}/live?step=1")
    assert response.headers["Content-Type"] == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Accel-Buffering"] == "no"
    assert "connect-src 'self'" in response.headers["Content-Security-Policy"]
    await service.act(CONSOLE, "gah", TURN)
    kind, data = await event(response)
    assert kind == "step", (kind, data)
    assert data["step"] == data["version"] == 2 and data["running"] is True
    assert data["page"] == f"{path}?step=2" and data["url"] == f"{path}?step=2#step-2"
    assert data["played"] == "Step 2 was played."
    shown = await (await client.get(data["page"])).text()  # what the script swaps in
    assert 'id="step-2"' in shown and "Step 2 of 2" in shown
    response.close()


async def test_a_stream_behind_on_steps_hears_of_the_newest_at_once_in_its_language(
    service, client
):
    quick(client)
    path = await running(service)
    await service.act(CONSOLE, "gah", TURN)
    response = await opened(client, f"{path}/live?step=1&lang=de")
    kind, data = await event(response)
    assert kind == "step" and data["step"] == 2
    assert data["played"] == "Schritt 2 wurde gespielt." and data["show"] == "Zeigen"
    assert data["page"] == f"{path}?step=2&lang=de"
    response.close()


async def test_two_web_processes_over_one_database_both_follow_the_game(service, client, pool):
    """As two `python -m bot web` processes behind a proxy: nothing shared but the
    database, and the command made by neither."""
    quick(client)
    other_site = Site(service.db, lambda: "http://pages.test", InProcesses(service.db, pool))
    other = TestClient(TestServer(make_app(other_site), host="127.0.0.1", port=0))
    await other.start_server()
    try:
        quick(other)
        path = await running(service)
        streams = [await opened(c, f"{path}/live") for c in (client, other)]
        await service.act(CONSOLE, "gah", TURN)
        for response in streams:
            kind, data = await event(response)
            assert (kind, data["step"]) == ("step", 2)
        await service.act(CONSOLE, "gah", {**TURN, "queue": "B5 R1 Y0 G2 R4"})
        for response in streams:
            kind, data = await event(response)
            assert (kind, data["step"]) == ("step", 3)
            response.close()
    finally:
        await other.close()
        await other_site.close()


async def test_a_revoke_closes_the_stream_and_refuses_a_new_one(service, client):
    quick(client)
    path = await running(service)
    response = await opened(client, f"{path}/live")
    await service.revoke_game_pages(CONSOLE)
    assert await event(response) == ("gone", {})
    assert await event(response) == ("eof", "")
    assert (await client.get(f"{path}/live")).status == 404


async def test_a_finished_game_s_stream_says_so_and_closes(service, client):
    quick(client)
    await service.start(CONSOLE, "gwt", GWT, 3)
    path = await game_link(service)
    assert "/static/live.js" in await (await client.get(path)).text()
    response = await opened(client, f"{path}/live?step=1")
    await service.act(CONSOLE, "gwt", end(30))
    kind, data = await event(response)
    assert kind == "end" and data["running"] is False and data["step"] == 2
    assert await event(response) == ("eof", "")
    assert "/static/live.js" not in await (await client.get(path)).text()  # nothing to follow
    again = await opened(client, f"{path}/live?step=2")
    assert (await event(again))[0] == "end"


async def test_one_read_per_watched_game_however_many_streams_follow_it(service, client):
    live = quick(client)
    live.beat = 0.2
    path = await running(service)
    streams = [await opened(client, f"{path}/live") for _ in range(12)]
    watch = live.watches[1]
    assert list(live.watches) == [1] and watch.streams == 12
    before = watch.reads
    await asyncio.sleep(0.5)
    polls = watch.reads - before
    assert 1 <= polls <= 0.5 / live.poll + 3, polls  # one per poll, not one per stream
    assert await event(streams[0]) == ("", "beat")  # a comment when nothing happens
    for response in streams:
        response.close()
    for _ in range(100):
        if not live.watches:
            break
        await asyncio.sleep(0.05)
    assert live.watches == {} and live.open == 0 and not live.clients  # all let go


async def test_streams_past_the_limits_are_refused(service, client):
    live = quick(client)
    live.per_client, live.most = 2, 3
    path = await running(service)
    first = [await opened(client, f"{path}/live") for _ in range(2)]
    refused = await client.get(f"{path}/live")
    assert refused.status == 429 and refused.headers["Retry-After"]
    live.per_client = 10
    third = await opened(client, f"{path}/live")
    busy = await client.get(f"{path}/live")
    assert busy.status == 503
    for response in [*first, third]:
        response.close()


async def test_stopping_the_server_ends_its_streams(service, client):
    live = quick(client)
    path = await running(service)
    response = await opened(client, f"{path}/live")
    await live.close()
    assert await event(response) == ("eof", "")


async def test_a_campaign_page_s_running_game_streams_too(service, client):
    quick(client)
    await service.start(CONSOLE, "gwt", GWT, 3)  # game #1, the campaign's first play
    await service.campaign(CONSOLE, "Cup")
    await service.act(CONSOLE, "gwt", end(30))
    await running(service)  # game #2, running in the campaign
    await service.campaign(CONSOLE, "Cup")
    link = await service.campaign_page(CONSOLE, "Cup")
    path = f"/c/{link.token}/g/2"
    assert f'data-stream="{path}/live?step=2"' in await (await client.get(path)).text()
    response = await opened(client, f"{path}/live?step=2")
    await service.act(CONSOLE, "gah", TURN)
    kind, data = await event(response)
    assert kind == "step" and data["page"] == f"{path}?step=3"
    response.close()


async def test_a_server_turning_its_pages_off_closes_the_stream(service, client):
    """A link's own access (not its game's) is checked again every `recheck` seconds."""
    live = quick(client)
    live.recheck = 0.2
    await service.set_web_pages(HOST, "on")
    await service.start(HOST, "gah", GAH, 7)
    path = await game_link(service, HOST)
    response = await opened(client, f"{path}/live")
    await service.set_web_pages(HOST, "off")
    assert await event(response) == ("gone", {})
    assert await event(response) == ("eof", "")
    assert (await client.get(f"{path}/live")).status == 404


async def test_one_read_of_the_database_per_poll_for_every_followed_game(service, client):
    """Games followed at once are read together: the polls of the process do not grow with
    the number of games (one `game_versions` read a poll, not one per game)."""
    live = quick(client)
    site = live.site
    reads: list[list[int]] = []
    versions = site.reads.game_versions

    async def counted(game_ids: list[int]):  # type: ignore[no-untyped-def]
        reads.append(sorted(game_ids))
        return await versions(game_ids)

    site.reads.game_versions = counted  # type: ignore[method-assign]
    first = await running(service)
    second = await running(service, dataclasses.replace(CONSOLE, channel_id=CONSOLE.channel_id + 1))
    streams = [await opened(client, f"{path}/live") for path in (first, second, first)]
    reads.clear()
    await asyncio.sleep(5 * live.poll)
    assert reads and all(ids == sorted(live.watches) for ids in reads), reads
    assert len(live.watches) == 2
    assert len(reads) <= 5 + 2  # one a poll (a new game may be read at once)
    for response in streams:
        response.close()
