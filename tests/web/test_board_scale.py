"""Boards drawn at the screen's pixel ratio: every game's board route draws at `?scale=1`
(the default) and `?scale=2`, twice the pixels each way and the same picture; any other scale
is the same 404 as a bad link; each scale is kept apart; the page's `<img>` offers both
(`srcset`) at the 1× size in CSS px, so the browser never upscales; and the smallest text on
every board is at least 11 px at 1×."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops

from bot.core.drawing import smallest_font
from tests.web.conftest import CONSOLE, GWT, game_link

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
GAMES = {
    "alea": (
        {"mode": "virtual"},
        [{"command": "auction", "district": "Times Square", "high_bid": 5}],
        {"players": [2]},
    ),
    "gah": (
        GAH,
        [{"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}],
        {},
    ),
    "glasgow": (
        {"freddy": "I"},
        [
            {"command": "action", "chosen": "other"},
            {"command": "action", "chosen": "other"},
            {"command": "row", "buildings": "park:1 shop:3 tenement:2"},
            {"command": "build", "building": 2, "at": "E5"},
            {"command": "done"},
        ],
        {},
    ),
    "gwt": (GWT, [], {}),
    "waterdeep": ({"lord": "Durnan"}, [{"command": "place", "space": "Blackstaff Tower"}], {}),
}
SMALLEST = 11  # CSS px: the least text size on a board, at a 390 px viewport too
BAD = ["0", "3", "2x", "", "02", "1.5", "-1", "２", "1 ", "10"]


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


async def _board_tag(service, client, game: str) -> tuple[str, str]:
    options, actions, extra = GAMES[game]
    await service.start(CONSOLE, game, options, 3, **extra)
    for action in actions:
        await service.act(CONSOLE, game, action)
    path = await game_link(service)
    page = await (await client.get(path)).text()
    tags = re.findall(r"<img [^>]*/board\.png[^>]*>", page)
    assert len(tags) == 1, (game, tags)
    return path, tags[0]


def _attr(tag: str, name: str) -> str:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    assert found is not None, (name, tag)
    return found.group(1).replace("&amp;", "&")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_board_at_1x_and_2x(service, client, site, game):
    _, tag = await _board_tag(service, client, game)
    src = _attr(tag, "src")
    one, two = _attr(tag, "srcset").split(", ")
    assert one == f"{src} 1x" and two == f"{src}&scale=2 2x", tag
    responses = [await client.get(src), await client.get(f"{src}&scale=1")]
    responses.append(await client.get(two.removesuffix(" 2x")))
    assert all(r.status == 200 and r.content_type == "image/png" for r in responses)
    plain, named, double = [await r.read() for r in responses]
    assert named == plain  # scale=1 is the default
    small, large = _image(plain), _image(double)
    assert large.size == (2 * small.width, 2 * small.height), (small.size, large.size)
    # the <img> is the 1× size in CSS px: never shown larger than the 1× picture was drawn
    assert (int(_attr(tag, "width")), int(_attr(tag, "height"))) == small.size
    # the same picture: the 2× one brought down to 1× differs from it by anti-aliasing only
    down = large.convert("RGB").resize(small.size, Image.Resampling.BOX)
    diff = ImageChops.difference(down, small.convert("RGB")).convert("L")
    close = sum(1 for v in diff.tobytes() if v <= 48) / (small.width * small.height)
    assert close > 0.95, f"{game}: only {close:.1%} of the 2× board matches the 1× one"
    # both kept, apart
    kept = [k for k in site.pictures.entries if k[0] == "board"]
    assert {k[-1] for k in kept} == {1, 2}, kept
    # its text: at least 11 px at 1× (the page shows it at 1× on a phone), and 2× says so too
    assert smallest_font(plain) is not None and smallest_font(plain) >= SMALLEST, game
    assert smallest_font(double) == smallest_font(plain)


async def test_a_bad_scale_is_the_same_404_as_a_bad_link(service, client):
    path, tag = await _board_tag(service, client, "gwt")
    src = _attr(tag, "src")
    unknown = src.replace(path, "/g/nosuchtoken0000000000")
    for bad in BAD:
        query = f"&scale={bad}"
        response = await client.get(f"{src}{query}")
        assert response.status == 404, bad
        expected = await client.get(f"{unknown}{query}")  # what a bad link answers
        assert expected.status == 404
        assert await response.text() == await expected.text(), bad
    assert (await client.get(f"{path}/board.png?scale=2")).status == 200  # no step: the last


@pytest.mark.parametrize("game", ["gah", "gwt", "waterdeep"])
def test_discord_and_the_console_still_draw_the_1x_board(game):
    """Discord shows a picture in the chat at most 400 × 300 px and opens it whole on a tap:
    its reply keeps the 1× board (the web's `?scale=1`), not the 2× one."""
    from bot.core.reply import Reply
    from bot.games.registry import spec_for
    from bot.table.pictures import _draw
    from bot.web.build import board_png
    from bot.web.game_page import board_picture

    options, _, _ = GAMES[game]
    state, _ = spec_for(game).rules.new_game(options, 3)
    picture = board_picture(game, state)
    assert picture is not None
    [(_, sent)] = _draw(Reply(title="", picture=picture, locale="de", game_id=1))
    assert sent == board_png(game, state, "de", 1)
    assert _image(board_png(game, state, "de", 2)).width == 2 * _image(sent).width
