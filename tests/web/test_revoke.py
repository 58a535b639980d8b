"""Revoking a game's page (`/game page revoke`) hides the game from every route until a new
`/game page`: its own links, and the player's, campaign's and challenge's pages that open
it, which then list it without a link. The walk enumerates the application's routes, so a
route added later is walked too."""

from __future__ import annotations

import re

import pytest

from bot.core.reply import Ctx
from bot.table.contests import Contests
from bot.web.app import make_app
from tests.web.conftest import GWT, HOST, end

PLAYER = Ctx(guild_id=10, channel_id=1005, user_id=5)
CUP = Ctx(guild_id=10, channel_id=2005, user_id=5)


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


def urls(site, tokens: dict[str, str], games: list[int]) -> list[str]:
    """Every address the application's routes make of these tokens and games (each with
    and without `?step=1`)."""
    found = []
    for resource in make_app(site).router.resources():
        info = resource.get_info()  # a plain route's path, or a dynamic one's formatter
        formatter = info.get("formatter") or info.get("path", "")
        names = re.findall(r"\{(\w+)\}", formatter)
        if "token" not in names:
            continue  # the stylesheet, the probes: nothing of a game
        for kind in "gpcs":
            for game in games if "game" in names else [0]:
                values = {"kind": kind, "token": tokens[kind], "game": str(game), "n": "1"}
                path = formatter
                for name in names:
                    path = path.replace("{" + name + "}", values[name])
                if info["pattern"].fullmatch(path) and path.startswith(f"/{kind}/"):
                    found += [path, path + "?step=1"]
    return sorted(set(found))


async def walk(client, site, tokens, games) -> dict[str, tuple[int, bytes]]:
    seen = {}
    for url in urls(site, tokens, games):
        response = await client.get(url)
        seen[url] = (response.status, await response.read())
    return seen


async def test_a_revoked_game_is_reachable_by_no_route_until_a_new_link(service, client, site):
    site.limits.burst = site.misses.burst = 10_000  # the walk asks many pages at once
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    await contests.join(PLAYER, 1)
    await service.act(PLAYER, "gwt", end(30))  # game #1: a challenge's attempt
    await contests.close(HOST, 1)
    await service.start(CUP, "gwt", GWT, 3)
    await service.campaign(CUP, "Cup")
    await service.act(CUP, "gwt", end(30))  # game #2: a campaign's game
    first = await service.game_page(PLAYER, 1)
    tokens = {
        "g": first.token,
        "p": (await service.player_page(PLAYER)).token,
        "c": (await service.campaign_page(CUP, "Cup")).token,
        "s": (await service.challenge_page(HOST, 1)).token,
    }
    await service.game_page(CUP, 2)
    games = [1, 2]

    before = await walk(client, site, tokens, games)
    opened = {url for url, (status, _) in before.items() if status == 200}
    for expected in (f"/g/{tokens['g']}", f"/p/{tokens['p']}/g/1", f"/p/{tokens['p']}/g/2"):
        assert expected in opened
    for expected in (f"/c/{tokens['c']}/g/2/board.png", f"/s/{tokens['s']}/g/1?step=1"):
        assert expected in opened
    assert f"/s/{tokens['s']}/side" in opened
    assert f"/p/{tokens['p']}/g/2/live" in opened  # a finished game's stream: its end, then closed
    assert f'href="/c/{tokens["c"]}/g/2"' in before[f"/c/{tokens['c']}"][1].decode()

    for ctx, game in ((PLAYER, 1), (CUP, 2)):
        reply = await service.revoke_game_pages(ctx, game)
        assert "Revoked every web link" in reply.text
    after = await walk(client, site, tokens, games)
    for url, (status, body) in after.items():
        if "/g/" in url or url.startswith(f"/s/{tokens['s']}/side"):
            assert status == 404, url  # the game, its board, preview and steps: gone
        else:
            assert status == before[url][0], url  # the pages that listed it still open...
            assert not re.search(rb"/g/[12]\b", body), url  # ...and link it no more
    assert after[f"/c/{tokens['c']}"][0] == 200
    listed = after[f"/s/{tokens['s']}"][1].decode()
    assert "+22" in listed or "30" in listed  # the attempt is still listed, without a link
    assert await service.post_page(1) is None  # and no post links it again on its own

    again = await service.game_page(PLAYER, 1)  # a new `/game page`: seen again
    assert (await client.get(f"/g/{again.token}")).status == 200
    assert (await client.get(f"/p/{tokens['p']}/g/1")).status == 200
    assert (await client.get(f"/s/{tokens['s']}/g/1/board.png")).status == 200
    shown = await (await client.get(f"/p/{tokens['p']}")).text()
    assert f'href="/p/{tokens["p"]}/g/1"' in shown and f"/p/{tokens['p']}/g/2" not in shown
