"""A game's page lists the opponent's cards seen so far, game by game: Alea's black cards
auction by auction (a round's hidden bids only once its result is in), Pseudo's quests and
the intrigue cards he drew (an undone draw is not seen), in English and German; Freddy draws
no cards, and Glasgow's page says nothing of any. A challenge attempt's cards wait for the
close with the rest of its page."""

from __future__ import annotations

import re

from bot.core.reply import Ctx
from bot.table.contests import Contests
from tests.web.conftest import CONSOLE, HOST, game_link

SECTION = "The opponent&#39;s cards seen so far"
DURNAN = {"lord": "Durnan"}


def seen(page: str) -> str:
    """The section's text, tags dropped."""
    found = re.search(r'<section aria-labelledby="cards-title">(.*?)</section>', page, re.S)
    assert found is not None, "no cards section"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(1))).strip()


async def test_alea_s_black_cards_are_listed_auction_by_auction(service, client):
    await service.start(CONSOLE, "alea", {"mode": "virtual"}, 3, players=[2])
    path = await game_link(service)
    assert "Alea has turned no black card yet." in seen(await (await client.get(path)).text())
    auction = {"command": "auction", "district": "Times Square", "high_bid": 5}
    await service.act(CONSOLE, "alea", auction)  # he turns 5 5, bids 10
    await service.act(CONSOLE, "alea", {"command": "result", "outcome": "overbid"})
    opened = await service.act(
        CONSOLE, "alea", {"command": "round", "districts": "Times Square, 42nd St East"}
    )
    assert "1. **Times Square**: Alea bids ||14||" in opened.facts  # hidden, not turned yet
    text = seen(await (await client.get(path)).text())
    assert "Auction 1, Times Square: Alea turned 5 5, bid 10." in text
    assert "Auction 2" not in text and "6 4 4" not in text  # the round's bids wait
    assert "In all: 0× 4, 2× 5, 0× 6." in text

    await service.act(CONSOLE, "alea", {"command": "round", "won": "none"})
    text = seen(await (await client.get(path)).text())
    for line in (
        "Auction 1, Times Square: Alea turned 5 5, bid 10.",
        "Auction 2, Times Square: Alea turned 6 4 4, bid 14.",
        "Auction 3, 42nd St East: Alea turned 4 4, bid 8.",
        "Auction 4, Central Park: Alea turned 6 6, bid 12.",
        "In all: 4× 4, 2× 5, 3× 6.",
    ):
        assert line in text, line
    earlier = seen(await (await client.get(f"{path}?step=2")).text())  # after the first bid
    assert "Auction 1, Times Square" in earlier and "Auction 2" not in earlier

    german = seen(await (await client.get(f"{path}?lang=de")).text())
    assert "Die bisher gesehenen Karten des Gegners" in german
    assert "Versteigerung 2, Times Square: Alea deckte 6 4 4 auf, Gebot 14." in german
    assert "Insgesamt: 4× 4, 2× 5, 3× 6." in german


async def test_pseudo_s_quests_and_the_intrigue_cards_he_drew_and_an_undone_draw_is_unseen(
    service, client
):
    await service.start(CONSOLE, "waterdeep", DURNAN, 2026)
    path = await game_link(service)
    text = seen(await (await client.get(path)).text())
    assert "He has drawn no intrigue card yet." in text  # his two quests, as the start said
    assert "Quests Pseudo holds: Ambush Artor Morlin, Expose Red Wizards&#39; Spies." in text
    assert "He has completed no quest yet." in text
    assert "Left in his intrigue deck:" in text

    await service.act(CONSOLE, "waterdeep", {"command": "place", "space": "Blackstaff Tower"})
    drew = await service.act(
        CONSOLE, "waterdeep", {"command": "place", "space": "The Grinning Lion Tavern"}
    )
    assert "7F (Castle Waterdeep): Pseudo draws and plays **Crime Wave**." in drew.facts
    text = seen(await (await client.get(path)).text())
    assert "Intrigue cards he has drawn, in order: Crime Wave." in text
    german = seen(await (await client.get(path, headers={"Accept-Language": "de"})).text())
    assert "Intrigenkarten, die er gezogen hat, der Reihe nach: Crime Wave." in german
    assert "Aufträge, die Pseudo hält:" in german and "In seinem Intrigenstapel übrig:" in german

    drawn_at = (await service.status(CONSOLE)).version
    await service.undo(CONSOLE)
    now = seen(await (await client.get(path)).text())
    assert "He has drawn no intrigue card yet." in now  # taken back with its placement
    then = seen(await (await client.get(f"{path}?step={drawn_at}")).text())
    assert "Crime Wave" in then  # the step that drew it still shows it


async def test_freddy_draws_no_cards_and_glasgow_s_page_lists_none(service, client):
    await service.start(CONSOLE, "glasgow", {"freddy": "I"}, 3)
    page = await (await client.get(await game_link(service))).text()
    assert "Glasgow" in page
    assert SECTION not in page and "cards-title" not in page
    assert "left in the deck" not in page and "Since the last shuffle" not in page


async def test_a_challenge_attempt_s_cards_show_only_after_the_close(service, client):
    await service.set_web_pages(HOST, "on")
    contests = Contests(service)
    await contests.open(HOST, "waterdeep", DURNAN, name="Deep", days=3)
    ctx = Ctx(guild_id=10, channel_id=1005, user_id=5)
    await contests.join(ctx, 1)  # Pseudo has drawn his quests and placed his first agent
    path = f"/g/{(await service.game_page(ctx)).token}"
    before = await client.get(path)
    assert before.status == 404
    assert "cards-title" not in await before.text()  # no quest, no card before the close
    await contests.close(HOST, 1)
    after = await (await client.get(path)).text()
    assert "Quests Pseudo holds:" in seen(after)
