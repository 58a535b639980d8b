"""Display names on the pages: text, never markup. A name is escaped, and neither Markdown
nor Discord's marks in it (`<t:0:R>`, `<@1>`, `**`, `||`) are rendered; it is isolated for
right-to-left scripts (`<bdi>`)."""

from __future__ import annotations

import pytest

from tests.web.conftest import CONSOLE, GWT, end

NAME = "<t:0:R> **Ada** <@2> <#3> ||x|| `c` אדה"
SHOWN = "<bdi>&lt;t:0:R&gt; **Ada** &lt;@2&gt; &lt;#3&gt; ||x|| `c` אדה</bdi>"


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


def no_mark_rendered(page: str) -> None:
    assert "1970-01-01" not in page  # <t:0:R> is not a time stamp here
    for tag in ("<strong>Ada", "<details", "<code>c</code>"):
        assert tag not in page, tag
    assert "@player" not in page  # <@2> in the name names nobody


async def test_a_name_is_text_isolated_on_every_page_that_shows_it(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.campaign(CONSOLE, "Cup")
    await service.act(CONSOLE, "gwt", end(30))
    link = await service.game_page(CONSOLE, 1, {1: NAME})
    game = await (await client.get(f"/g/{link.token}")).text()
    assert f"<dd>{SHOWN}</dd>" in game  # the players
    assert f'<span class="who">@{SHOWN}</span> won' in game  # a mention in the result
    assert f'<p class="meta">Command by <span class="who">@{SHOWN}</span>' in game
    no_mark_rendered(game)
    player = await service.player_page(CONSOLE, {1: NAME})
    page = await (await client.get(f"/p/{player.token}")).text()
    assert f"<h1>{SHOWN} · plays and stats</h1>" in page
    assert "<title>&lt;t:0:R&gt; **Ada**" in page  # the title: plain text, escaped
    no_mark_rendered(page)
    campaign = await service.campaign_page(CONSOLE, "Cup", {1: NAME})
    shown = await (await client.get(f"/c/{campaign.token}")).text()
    assert f'<span class="who">@{SHOWN}</span> played' in shown
    no_mark_rendered(shown)
