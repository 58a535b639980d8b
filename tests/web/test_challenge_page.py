"""A server challenge's page as a reader on the web meets it: each date once (in UTC, marked
up for the page's script to write in the reader's time zone), and actions a web reader can
take (the join line to copy) instead of Discord's own ("use the button", "come here")."""

from __future__ import annotations

import re

import pytest

from bot.core.reply import Ctx
from bot.table.contests import Contests
from bot.web.guard import HEADERS
from tests.web.conftest import GWT, HOST, end

DISCORD_ONLY = ("the button", "come here", "/challenge standings", "Join with")


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


async def test_an_open_challenge_shows_its_date_once_and_a_line_to_copy(service, client):
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    player = Ctx(guild_id=10, channel_id=1005, user_id=5)
    await contests.join(player, 1)
    await service.act(player, "gwt", end(30))
    link = await service.challenge_page(HOST, 1)
    response = await client.get(f"/s/{link.token}")
    page = await response.text()
    dates = re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', page)
    assert len(dates) == 1, dates  # "Closes …" once: not twice in a line, not again below
    assert dates[0][1].endswith(" UTC") and dates[0][0].endswith("Z")
    assert '<script src="/static/time.js" defer></script>' in page
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in HEADERS["Content-Security-Policy"]
    assert '<code id="join-line">/challenge join challenge:1</code>' in page
    assert 'data-copy="join-line"' in page
    for phrase in DISCORD_ONLY:
        assert phrase not in page, phrase
    script = await client.get("/static/time.js")
    assert script.status == 200 and script.content_type == "text/javascript"
    assert "Intl.DateTimeFormat" in await script.text()
    german = await (await client.get(f"/s/{link.token}?lang=de")).text()
    assert '<code id="join-line">/herausforderung mitmachen herausforderung:1</code>' in german
    assert "Kopieren" in german

    await contests.close(HOST, 1)
    closed = await (await client.get(f"/s/{link.token}")).text()
    assert "the final standings are below" in closed and "join-line" not in closed
    for phrase in DISCORD_ONLY:
        assert phrase not in closed, phrase
