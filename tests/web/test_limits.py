"""The limits as Discord's crawler meets them: it fetches every server's links from a few
shared addresses, so misses (stale links, steps past a game's end) are limited on their own
and never keep a good link from opening; a step past the end answers a 404 that links the
game's first and last step."""

from __future__ import annotations

import re

from bot.table.pages import new_token
from tests.web.conftest import CONSOLE, GWT, end, game_link


async def test_stale_links_never_keep_a_good_one_from_opening(service, client, site):
    site.misses.per_second = 0.001  # the burst as served (20); no refill while the test runs
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    path = await game_link(service)
    stale = await service.game_page(CONSOLE)
    await service.revoke_game_pages(CONSOLE)
    path = await game_link(service)  # a new link; the one before is stale now
    answers = []
    for n in range(25):  # unknown, revoked and out-of-range links from one address
        url = ("/g/" + new_token(), f"/g/{stale.token}", f"{path}?step=99")[n % 3]
        answers.append((await client.get(url)).status)
    assert answers[:20] == [404] * 20 and set(answers[20:]) == {429}  # misses: limited...
    assert (await client.get(path)).status == 200  # ...a valid link: never
    assert (await client.get(f"{path}?step=1")).status == 200
    assert (await client.get(f"{path}/preview.png?step=2&lang=en&v=2")).status == 200
    refused = await client.get("/g/" + new_token())
    assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1


async def test_a_step_past_the_end_links_the_first_and_the_last(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    path = await game_link(service)
    for asked in ("99", "0", "abc"):
        response = await client.get(f"{path}?step={asked}&lang=de")
        assert response.status == 404, asked
        page = await response.text()
        assert "Seine Schritte gehen von 1 bis 2" in page
        links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', page)
        assert (f"{path}?step=1&amp;lang=de#step-1", "Erster Schritt") in links, links
        assert (f"{path}?step=2&amp;lang=de#step-2", "Letzter Schritt") in links, links
    assert (await client.get(f"{path}/board.png?step=99")).status == 404
