"""The pages' pictures: the player's chart shows every opponent they played; every game with a
board has a board picture on its page."""

from __future__ import annotations

import io
import re

from PIL import Image

from bot.logbook.charts import SERIES_COLOURS
from bot.logbook.service import LogbookService
from tests.web.conftest import CONSOLE, game_link


def _pixels_near(image: Image.Image, colour: str, box: tuple[int, int, int, int]) -> int:
    want = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    data = image.convert("RGB").crop(box).tobytes()
    return sum(
        1 for i in range(0, len(data), 3) if max(abs(data[i + k] - want[k]) for k in range(3)) <= 24
    )


async def test_the_player_chart_shows_each_opponent_they_played(service, client):
    logbook = LogbookService(service.db)
    await logbook.log_play(
        CONSOLE, "gah", "Leopold", difficulty="hard", score=100, opponent_score=90
    )
    await logbook.log_play(CONSOLE, "gwt", "Sam", difficulty="hard", score=80, opponent_score=90)
    player = await service.player_page(CONSOLE, {1: "Ada"})
    response = await client.get(f"/p/{player.token}/chart.png")
    assert response.status == 200
    image = Image.open(io.BytesIO(await response.read()))
    width, height = image.size
    # the score and margin panels: below the legend, above the win rates
    panels = (0, height // 10, width, height * 37 // 100)
    for colour in SERIES_COLOURS[:2]:  # Leopold's win and Sam's loss
        assert _pixels_near(image, colour, panels) > 20, colour


async def test_a_fifth_avenue_game_page_shows_its_board_picture(service, client):
    await service.start(CONSOLE, "alea", {"mode": "virtual"}, 3, players=[2])
    auction = {"command": "auction", "district": "Times Square", "high_bid": 5}
    await service.act(CONSOLE, "alea", auction)
    path = await game_link(service)
    page = await (await client.get(path)).text()
    assert f'src="{path}/board.png?step=2&amp;v=2"' in page
    for asked in (f"{path}/board.png?step=2&v=2", f"{path}/board.png?step=1&lang=de&v=2"):
        response = await client.get(asked)
        assert response.status == 200 and response.content_type == "image/png", asked
        assert Image.open(io.BytesIO(await response.read())).format == "PNG"


async def test_a_board_is_never_shown_wider_than_it_was_drawn(service, client):
    """An `<img width>` wider than the PNG makes the browser upscale it: blurry."""
    await service.start(CONSOLE, "alea", {"mode": "virtual"}, 3, players=[2])
    path = await game_link(service)
    page = await (await client.get(path)).text()
    [tag] = re.findall(r'<img src="[^"]*/board\.png[^>]*>', page)
    src = tag.split('src="')[1].split('"')[0].replace("&amp;", "&")
    drawn = Image.open(io.BytesIO(await (await client.get(src)).read())).size[0]
    shown = re.search(r'width="(\d+)"', tag)
    assert shown is None or int(shown.group(1)) <= drawn, (tag, drawn)
