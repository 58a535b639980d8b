"""The pages' routes as an outsider meets them: status codes, headers, tokens (unknown,
malformed, revoked, of a server that turned pages off), who may have a game's link, a server
challenge's attempt before and after the close, German, steps, previews, rate limits."""

from __future__ import annotations

import hashlib
import io
import re

import pytest
from PIL import Image
from sqlalchemy import select, text

from bot.core.errors import NotAllowed, RuleError
from bot.core.reply import Ctx
from bot.store.models import WebLinkRow
from bot.table.contests import Contests
from bot.table.pages import TOKEN_SHAPE, new_token
from bot.web.guard import HEADERS
from tests.looks import looking
from tests.web.conftest import CONSOLE, GWT, HOST, end, game_link


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    """These tests end a Great Western Trail attempt at once to see it ranked: what completes
    a game is tested in tests/challenges/test_complete_games.py."""
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def gah_game(service, ctx: Ctx = CONSOLE, turns: int = 1) -> None:
    await service.start(ctx, "gah", GAH, 7)
    for _ in range(turns):
        await service.act(ctx, "gah", TURN)


def check_headers(response) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]


async def test_a_game_page_shows_its_header_replay_and_board_and_says_noindex(service, client):
    await gah_game(service)
    path = await game_link(service)
    response = await client.get(path)
    assert response.status == 200
    check_headers(response)
    page = await response.text()
    assert '<meta name="robots" content="noindex, nofollow">' in page
    assert "Grand Austria Hotel · game #1" in page
    assert "Step 2 of 2" in page and "Leopold" in page
    assert "I draw Leopold&#39;s card" in page  # the opponent's reasoning at this step
    assert f'src="{path}/board.png?step=2&amp;v=2"' in page
    assert re.search(
        r'<meta property="og:image" content="http://pages.test/g/[\w-]+/preview\.png'
        r'\?step=2&amp;lang=en&amp;v=2">',
        page,
    )
    assert "summary_large_image" in page
    scripts = re.findall(r"<script[^>]*>", page)  # only the pages' own, from this origin
    assert scripts == [  # only the pages' own, from this origin: dates, arrow-key stepping,
        '<script src="/static/time.js" defer>',  # and a running game followed live
        '<script src="/static/steps.js" defer>',
        f'<script src="/static/live.js" defer data-stream="{path}/live?step=2">',
    ], scripts
    live = await client.get("/static/live.js")
    assert live.status == 200 and live.content_type == "text/javascript"
    steps = await client.get("/static/steps.js")
    assert steps.status == 200 and steps.content_type == "text/javascript"
    assert "ArrowRight" in await steps.text()
    assert "http" not in page.replace("http://pages.test", "")  # nothing from other sites


async def test_each_step_has_its_own_page_and_the_board_at_that_step(service, client):
    await gah_game(service, turns=2)
    path = await game_link(service)
    first = await (await client.get(f"{path}?step=1")).text()
    assert "Step 1 of 3" in first and "/gah start" in first
    assert 'rel="next"' in first and f'href="{path}?step=2#step-2"' in first
    assert 'rel="prev"' not in first
    second = await (await client.get(f"{path}?step=2")).text()
    assert f'href="{path}?step=1#step-1"' in second and f'href="{path}?step=3#step-3"' in second
    board = await client.get(f"{path}/board.png?step=1")
    assert board.status == 200 and board.content_type == "image/png"
    check_headers(board)
    later = await (await client.get(f"{path}/board.png?step=3")).read()
    assert later != await board.read()  # Leopold's rooms after two turns, not at the start
    for bad in ("0", "4", "abc", "-1", "99999999", "1e3", "１"):
        assert (await client.get(f"{path}?step={bad}")).status == 404, bad


async def test_the_replay_rebuilds_a_step_undone_later_from_the_log(service, client):
    await gah_game(service, turns=2)
    await service.undo(CONSOLE, 1)
    await service.act(CONSOLE, "gah", {"command": "turn", "queue": "B5 R1 Y0 G2 R4"})
    path = await game_link(service)
    undone = await (await client.get(f"{path}?step=3")).text()  # the turn taken back later
    assert "Step 3 of 5" in undone and "I draw Leopold&#39;s card" in undone
    assert "Undone 1 step" in await (await client.get(f"{path}?step=4")).text()
    assert (await client.get(f"{path}/board.png?step=3")).status == 200


async def test_an_unknown_malformed_or_revoked_token_is_the_same_404_everywhere(service, client):
    await gah_game(service)
    path = await game_link(service)
    token = path.rsplit("/", 1)[1]
    guessed = "/g/" + new_token()
    near = "/g/" + token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (guessed, near, "/g/short", "/g/" + "A" * 200, "/g/%00", "/p/" + token):
        response = await client.get(bad)
        assert response.status == 404, bad
        check_headers(response)
    revoked = await service.revoke_game_pages(CONSOLE)
    assert "Revoked every web link to game #1 (1)" in revoked.text
    body = None
    for suffix in ("", "/board.png", "/preview.png", "?step=1"):
        response = await client.get(path + suffix)
        assert response.status == 404, suffix
        if suffix == "":
            body = await response.text()
    assert body == await (await client.get(guessed)).text()  # a revoked link says no more
    fresh = await game_link(service)
    assert fresh != path and (await client.get(fresh)).status == 200


async def test_the_database_keeps_only_each_tokens_sha256(service, db):
    await gah_game(service)
    token = (await game_link(service)).rsplit("/", 1)[1]
    assert TOKEN_SHAPE.fullmatch(token) and len(token) * 6 >= 128
    async with looking(db) as conn:
        stored = (await conn.execute(select(WebLinkRow.token_hash))).scalars().all()
        dump = " ".join(str(row) for row in (await conn.execute(text("SELECT * FROM web_links"))))
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]
    assert token not in dump


async def test_pages_are_off_on_discord_until_a_manager_turns_them_on(service, client):
    ctx = Ctx(guild_id=10, channel_id=100, user_id=1)
    await gah_game(service, ctx)
    with pytest.raises(RuleError, match="Web pages are off in this server"):
        await service.game_page(ctx)
    with pytest.raises(NotAllowed, match="Manage Server"):
        await service.set_web_pages(ctx, "on")
    await service.set_web_pages(HOST, "on")
    path = await game_link(service, ctx)
    assert (await client.get(path)).status == 200
    await service.set_web_pages(HOST, "off")  # every link of the server stops at once
    assert (await client.get(path)).status == 404
    assert (await client.get(path + "/preview.png")).status == 404


async def test_the_console_can_turn_its_own_pages_off(service, client):
    await gah_game(service)
    path = await game_link(service)
    await service.set_web_pages(CONSOLE, "off")
    assert (await client.get(path)).status == 404
    with pytest.raises(RuleError, match="Web pages are off"):
        await service.game_page(CONSOLE)


async def test_a_private_game_by_its_number_is_its_players_alone(service, client):
    await service.set_web_pages(HOST, "on")
    owner = Ctx(guild_id=10, channel_id=100, user_id=1)
    await gah_game(service, owner)
    stranger = Ctx(guild_id=10, channel_id=200, user_id=9)
    with pytest.raises(NotAllowed, match="private to its players"):
        await service.game_page(stranger, 1)
    with pytest.raises(NotAllowed):
        await service.revoke_game_pages(stranger, 1)
    await service.players(owner, add=9)
    assert (await client.get(await game_link(service, stranger, 1))).status == 200


async def test_a_challenge_attempt_stays_closed_until_the_close(service, client):
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    players = [Ctx(guild_id=10, channel_id=1000 + u, user_id=u) for u in (5, 6)]
    for ctx, you in zip(players, (30, 20), strict=True):
        await contests.join(ctx, 1)
        await service.act(ctx, "gwt", end(you))
    link = await service.game_page(players[0])
    assert "its page opens after the close" in " ".join(link.notes)
    path = f"/g/{link.token}"
    response = await client.get(path)
    assert response.status == 404
    assert "opens after the challenge closes" in await response.text()
    for suffix in ("/board.png", "/preview.png", "?step=1"):
        assert (await client.get(path + suffix)).status == 404, suffix
    page = await service.challenge_page(HOST, 1)
    board = f"/s/{page.token}"
    before = await (await client.get(board)).text()
    assert "Standings" in before and "+22" in before  # the standings, as on Discord
    assert "/g/" not in before and "side" not in before  # nothing of any attempt's game
    assert (await client.get(f"{board}/g/1")).status == 404
    assert (await client.get(f"{board}/side")).status == 404
    assert (await client.get(f"{board}/chart.png")).status == 200

    await contests.close(HOST, 1)
    assert (await client.get(path)).status == 200
    after = await (await client.get(board)).text()
    assert f'href="{board}/g/1"' in after and f'href="{board}/g/2"' in after
    assert "The seed" in after
    attempt = await client.get(f"{board}/g/2")
    assert attempt.status == 200 and "game #2" in await attempt.text()
    side = await client.get(f"{board}/side?step=1")
    assert side.status == 200
    assert (await side.text()).count('<article aria-labelledby="col-') == 2


async def test_a_game_outside_the_page_that_links_it_is_not_found(service, client):
    await service.set_web_pages(HOST, "on")
    contests = Contests(service)
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    ctx = Ctx(guild_id=10, channel_id=1005, user_id=5)
    await contests.join(ctx, 1)
    await service.act(ctx, "gwt", end(30))
    await contests.close(HOST, 1)
    await gah_game(service, HOST)  # game #2: no attempt
    page = await service.challenge_page(HOST, 1)
    assert (await client.get(f"/s/{page.token}/g/1")).status == 200
    assert (await client.get(f"/s/{page.token}/g/2")).status == 404
    mine = await service.player_page(ctx)
    assert (await client.get(f"/p/{mine.token}/g/1")).status == 200
    assert (await client.get(f"/p/{mine.token}/g/2")).status == 404  # not their game


async def test_pages_speak_german_by_accept_language_or_by_lang(service, client):
    await gah_game(service)
    path = await game_link(service)
    german = await (
        await client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    ).text()
    assert '<html lang="de">' in german and "Gegner" in german and "Schritt 2 von 2" in german
    assert "ich ziehe Leopolds Karte" in german
    chosen = await (await client.get(f"{path}?lang=de&step=1")).text()
    assert "Schritt 1 von 2" in chosen and "lang=de" in chosen  # its links keep the language
    english = await (await client.get(path, headers={"Accept-Language": "fr, en;q=0.1"})).text()
    assert '<html lang="en">' in english and "Opponent" in english


async def test_the_link_preview_is_a_1200_by_630_png_of_the_game(service, client):
    await gah_game(service)
    path = await game_link(service)
    response = await client.get(f"{path}/preview.png?v=2")
    assert response.status == 200 and response.content_type == "image/png"
    assert Image.open(io.BytesIO(await response.read())).size == (1200, 630)


async def test_player_and_campaign_pages_show_their_plays_linked_to_their_games(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.campaign(CONSOLE, "Tom & Jerry's cup")
    await service.act(CONSOLE, "gwt", end(30))
    player = await service.player_page(CONSOLE, {1: "Ada <script>"})
    page = await (await client.get(f"/p/{player.token}")).text()
    assert "Ada &lt;script&gt;" in page and "<script>" not in page
    assert f'href="/p/{player.token}/g/1"' in page
    assert (await client.get(f"/p/{player.token}/chart.png")).status == 200
    campaign = await service.campaign_page(CONSOLE, "tom & JERRY'S cup")
    shown = await (await client.get(f"/c/{campaign.token}")).text()
    assert "Tom &amp; Jerry&#39;s cup" in shown
    assert f'href="/c/{campaign.token}/g/1"' in shown
    assert (await client.get(f"/c/{campaign.token}/g/1")).status == 200


async def test_a_player_s_link_preview_is_drawn_again_only_when_their_plays_change(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    player = await service.player_page(CONSOLE, {1: "Ada"})
    first = await client.get(f"/p/{player.token}/preview.png")
    assert first.status == 200 and first.content_type == "image/png"
    before = await first.read()
    assert Image.open(io.BytesIO(before)).size == (1200, 630)
    assert await (await client.get(f"/p/{player.token}/preview.png")).read() == before
    await service.start(CONSOLE, "gwt", GWT, 4)
    await service.act(CONSOLE, "gwt", end(10))  # a second play: a loss
    assert await (await client.get(f"/p/{player.token}/preview.png")).read() != before


async def test_guessing_tokens_is_refused_for_a_while(service, client, site):
    site.misses.burst, site.misses.per_second = 5, 0.01
    for _ in range(5):
        assert (await client.get("/g/" + new_token())).status == 404
    refused = await client.get("/g/" + new_token())
    assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
    check_headers(refused)
    await gah_game(service)
    path = await game_link(service)
    assert (await client.get(path)).status == 200  # a good token opens all the same
    assert (await client.get("/g/" + new_token())).status == 429  # the misses stay refused


async def test_health_answers_without_a_token(client):
    response = await client.get("/healthz")
    assert response.status == 200 and await response.text() == "ok\n"


async def test_a_game_not_in_a_server_with_pages_has_no_post_link(service):
    ctx = Ctx(guild_id=10, channel_id=100, user_id=1)
    await gah_game(service, ctx)
    assert await service.post_page(1) is None
    await service.set_web_pages(HOST, "on")
    first = await service.post_page(1)
    assert first is not None and first[1] is not None
    assert await service.post_page(1, first[0]) == (first[0], None)  # still live: kept
    await service.revoke_game_pages(ctx)
    assert await service.post_page(1, first[0]) is None  # revoked: no post links it...
    await service.game_page(ctx)  # ...until a player asks for a page again
    again = await service.post_page(1, first[0])
    assert again is not None and again[0] != first[0] and again[1] is not None


async def test_a_cancelled_challenges_attempt_stays_closed_for_good(service, client):
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    ctx = Ctx(guild_id=10, channel_id=1005, user_id=5)
    await contests.join(ctx, 1)
    await service.act(ctx, "gwt", end(30))
    link = await service.game_page(ctx)
    await contests.cancel(HOST, 1)
    response = await client.get(f"/g/{link.token}")
    assert response.status == 404 and "its page stays closed" in await response.text()
    page = await service.challenge_page(HOST, 1)
    shown = await (await client.get(f"/s/{page.token}")).text()
    assert "/g/" not in shown and "The seed" not in shown
    assert (await client.get(f"/s/{page.token}/g/1")).status == 404
    assert (await client.get(f"/s/{page.token}/side")).status == 404
