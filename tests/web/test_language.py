"""The pages' language: Accept-Language read as RFC 9110 says (weights, `q=0` as "not this",
regional tags), and every page in German says nothing in English (a list of the words and
phrases the English pages use, looked for in each German page's text and attributes)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from bot.core.reply import Ctx
from bot.table.contests import Contests
from bot.web.site import accepted
from tests.web.conftest import CONSOLE, GWT, HOST, end, game_link


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de;q=0, en", "en"),  # q=0: not German
        ("de", "de"),
        ("de-AT", "de"),
        ("de-CH, en;q=0.5", "de"),
        ("de-DE,de;q=0.9,en;q=0.5", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr, de;q=0.1", "de"),
        ("de;q=0.5, en;q=0.5", "de"),  # equal weights: the first listed
        ("en;q=0.5, de;q=0.5", "en"),
        ("*;q=0, de", "de"),
        ("de;q=0, *", "en"),
        ("de-AT;q=0, de", "de"),  # its own range speaks for German
        ("de;q=0", None),
        ("de;q=1.5, en;q=0.1", "en"),  # not a weight: that part is left out
        ("de;q=0.0001, en;q=0.1", "en"),
        ("fr", None),
        ("", None),
    ],
)
def test_accept_language_follows_rfc_9110(header, expected):
    assert accepted(header) == expected


async def test_q_zero_and_regional_tags_choose_the_page_s_language(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    path = await game_link(service)
    for header, lang in (("de;q=0, en", "en"), ("de-AT", "de"), ("de-CH,fr;q=0.9", "de")):
        page = await (await client.get(path, headers={"Accept-Language": header})).text()
        assert f'<html lang="{lang}">' in page, header


class Text(HTMLParser):
    """A page's words as a reader meets them: its text and the attributes read aloud."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("code", "pre", "style", "script"):
            self.skip += 1  # command lines and text boards: typed as the bot reads them
        for name, value in attrs:
            if name in ("alt", "aria-label", "title") and value:
                self.parts.append(value)
            if name == "content" and value and not value.startswith("http"):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("code", "pre", "style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def words_of(page: str) -> str:
    reader = Text()
    reader.feed(page)
    return " ".join(" ".join(reader.parts).split())


# What the English pages say (their own words, and the bot's result lines), as whole words:
# none of it may stay in a German page. Names (games, opponents, cards) are not on the list.
ENGLISH = [
    r"Skip to the page",
    r"Language",
    r"Opponent",
    r"Players?",
    r"Started",
    r"Finished",
    r"Status",
    r"Steps?",
    r"Previous",
    r"Next",
    r"By",
    r"What the opponent did",
    r"The board after",
    r"Category",
    r"cards seen",
    r"Since",
    r"last move",
    r"nothing since",
    r"Every step",
    r"game page",
    r"plays and stats",
    r"Recent plays",
    r"Stats",
    r"Challenges",
    r"Campaign",
    r"Terms",
    r"Standings",
    r"Every ranked attempt",
    r"The seed",
    r"side by side",
    r"Back to",
    r"No page here",
    r"This link opens nothing",
    r"player \d",
    r"is over",
    r"won",
    r"lost",
    r"against",
    r"Final score",
    r"Game #\d",
    r"hard",
    r"Running",
    r"hidden",
    r"the",
    r"and",
    r"with",
    r"your",
    r"you",
    r"of",
    r"at",
    r"is",
    r"on",
    r"anyone",
    r"Copy",
    r"join",
    r"Download",
]
FOUND = re.compile(r"(?<![\w/#@])(" + "|".join(ENGLISH) + r")(?![\w])")


async def test_every_page_in_german_says_nothing_in_english(service, client, site):
    site.limits.burst = 10_000
    contests = Contests(service)
    await service.set_web_pages(HOST, "on")
    await contests.open(HOST, "gwt", GWT, name="Frühling", days=3)
    players = [Ctx(guild_id=10, channel_id=1000 + u, user_id=u) for u in (5, 6)]
    for ctx, you in zip(players, (30, 20), strict=True):
        await contests.join(ctx, 1)
        await service.act(ctx, "gwt", end(you))
    early = await service.challenge_page(HOST, 1)
    closed_game = await service.game_page(players[0], 1)
    pages = [f"/s/{early.token}", f"/g/{closed_game.token}"]  # before the close
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    before = [(url, await (await client.get(url, headers=german)).text()) for url in pages]
    await contests.close(HOST, 1)
    cup = Ctx(guild_id=10, channel_id=2005, user_id=5)
    await service.start(cup, "gwt", GWT, 3)
    await service.campaign(cup, "Pokal")
    await service.act(cup, "gwt", end(30))  # game #3
    game = await service.game_page(cup, 3)
    player = await service.player_page(players[0], {5: "Ada"})
    campaign = await service.campaign_page(cup, "Pokal")
    urls = [
        f"/g/{game.token}",
        f"/g/{game.token}?step=1",
        f"/g/{game.token}?step=9",  # past its end: the 404 with its first and last step
        f"/p/{player.token}",
        f"/p/{player.token}/g/1",
        f"/c/{campaign.token}",
        f"/c/{campaign.token}/g/3?step=2",
        f"/s/{early.token}",
        f"/s/{early.token}/g/2",
        f"/s/{early.token}/side?step=1",
        "/g/" + "x" * 24,  # the 404
    ]
    shown = list(before)
    for url in urls:
        response = await client.get(url, headers=german)
        assert response.status in (200, 404), url
        shown.append((url, await response.text()))
    english_page = await (await client.get(f"/g/{game.token}?lang=en")).text()
    assert len({m.group(1) for m in FOUND.finditer(words_of(english_page))}) > 10  # it looks
    for url, page in shown:
        assert '<html lang="de">' in page, url
        text = words_of(page)
        english = sorted({m.group(1) for m in FOUND.finditer(text)})
        assert not english, (url, english, text)
