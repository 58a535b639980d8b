"""The replay's list of steps as a reader meets it: each step's text is never cut mid-word
(a long one ends at a whole word with "…"), undone steps are struck through and marked
undone, and each step has first, previous, next and last links landing at the step."""

from __future__ import annotations

import html
import re

from bot.core.reply import Ctx
from bot.table.contests import Contests
from bot.web.markup import clip
from tests.web.conftest import CONSOLE, GWT, HOST, end, game_link

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}
SUMMARY = re.compile(r'<span class="sum">(.*?)</span>', re.S)


async def gah_game(service, ctx: Ctx = CONSOLE, turns: int = 1) -> None:
    await service.start(ctx, "gah", GAH, 7)
    for _ in range(turns):
        await service.act(ctx, "gah", TURN)


def test_a_long_text_ends_at_a_whole_word_with_an_ellipsis():
    assert clip("short enough", 20) == "short enough"
    assert clip("one two three", 8) == "one two…"  # the limit falls between words
    assert clip("one two three", 10) == "one two…"  # "three" would be cut: it goes whole
    assert clip("one two, three", 10) == "one two…"  # no dangling comma
    assert clip("abcdefghijkl", 6) == "abcde…"  # one word longer than the room: no other way
    for limit in range(5, 60):
        text = "I draw Leopold's card: Y3 and then B0, a room of his in the yellow row."
        cut = clip(text, limit)
        assert len(cut) <= limit
        if cut != text:
            kept = cut.removesuffix("…")
            assert cut.endswith("…") and text.startswith(kept)
            assert text[len(kept)] in " ,:", (limit, cut)  # it ends where a word ends


async def test_a_step_s_summary_is_its_sentence_never_cut_mid_word(service, client):
    """The list gives each step's sentence (what the opponent drew and followed, else the
    command in words): the one its step shows, whole, or up to a whole word with "…"."""
    await gah_game(service, turns=2)
    path = await game_link(service)
    for lang in ("en", "de"):
        first = await (await client.get(f"{path}?lang={lang}&step=1")).text()
        summaries = [html.unescape(t) for t in SUMMARY.findall(first)]
        assert len(summaries) == 3
        for n, summary in enumerate(summaries, 1):
            page = await (await client.get(f"{path}?lang={lang}&step={n}")).text()
            told = re.search(r'<p class="narration">(.*?)</p>', page, re.S)
            assert told is not None
            whole = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", told.group(1))).split())
            kept = summary.removesuffix("…")
            assert len(summary) <= 140 and kept in whole, (summary, whole)
            if kept != summary:  # cut: where a word ends
                assert whole[whole.index(kept) + len(kept)] in " ,;:", summary


def listed(page: str) -> dict[int, str]:
    """The list of steps' items by step number, as the page writes them."""
    items = re.findall(r'<li value="(\d+)"([^>]*)>(.*?)</li>', page, re.S)
    return {int(n): attrs + ">" + body for n, attrs, body in items}


async def test_undone_steps_are_struck_through_and_marked_undone_never_as_played(service, client):
    await gah_game(service, turns=2)
    await service.undo(CONSOLE, 1)  # step 4 takes back step 3's turn
    await service.act(CONSOLE, "gah", {"command": "turn", "queue": "B5 R1 Y0 G2 R4"})
    path = await game_link(service)
    page = await (await client.get(path)).text()
    items = listed(page)
    assert sorted(items) == [1, 2, 3, 4, 5]
    undone = items[3]
    assert 'class="undone"' in undone and "<del>" in undone and "</del>" in undone
    assert '<span class="tag">undone</span>' in undone
    for played in (1, 2, 4, 5):  # the undo itself, and the turn made after it, were played
        assert "undone" not in items[played] and "<del>" not in items[played], played
    assert "A later undo took this step back" not in page  # step 5 is shown: it stands
    third = await (await client.get(f"{path}?step=3")).text()
    assert "A later undo took this step back: it is not part of the game as played." in third
    assert 'class="current undone"' in listed(third)[3]
    german = await (await client.get(f"{path}?step=3&lang=de")).text()
    assert '<span class="tag">zurückgenommen</span>' in listed(german)[3]
    assert "Dieser Schritt wurde später zurückgenommen" in german


def stepper(page: str) -> dict[str, str]:
    """The stepper's links by their rel (first, prev, next, last) and where they go."""
    nav = re.search(r'<nav class="stepper"[^>]*>(.*?)</nav>', page, re.S)
    assert nav is not None
    return dict(re.findall(r'<a rel="(\w+)"[^>]*href="([^"]+)"', nav.group(1)))


async def test_each_step_has_first_previous_next_and_last_links_landing_at_the_step(
    service, client
):
    await gah_game(service, turns=3)  # steps 1 to 4
    path = await game_link(service)
    middle = await (await client.get(f"{path}?step=2")).text()
    assert stepper(middle) == {
        "first": f"{path}?step=1#step-1",
        "prev": f"{path}?step=1#step-1",
        "next": f"{path}?step=3#step-3",
        "last": f"{path}?step=4#step-4",
    }
    assert '<section class="replay" id="step-2"' in middle  # where its link lands
    for n in range(1, 5):  # each step's own link in the list of steps lands at it
        assert f'href="{path}?step={n}#step-{n}"' in middle
    first = await (await client.get(f"{path}?step=1&lang=de")).text()
    assert stepper(first) == {
        "next": f"{path}?step=2&amp;lang=de#step-2",
        "last": f"{path}?step=4&amp;lang=de#step-4",
    }
    assert '<span class="off">« Erster Schritt</span>' in first  # no link to the step shown
    assert 'id="step-1"' in first
    last = await (await client.get(path)).text()
    assert stepper(last) == {"first": f"{path}?step=1#step-1", "prev": f"{path}?step=3#step-3"}
    assert '<span class="off">Last step »</span>' in last and 'id="step-4"' in last


async def test_the_side_by_side_page_has_first_and_last_links_too(service, client, monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)  # ranked at once
    await service.set_web_pages(HOST, "on")
    contests = Contests(service)
    await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
    for user, you in ((5, 30), (6, 20)):
        ctx = Ctx(guild_id=10, channel_id=1000 + user, user_id=user)
        await contests.join(ctx, 1)
        await service.act(ctx, "gwt", end(you))
    page = await service.challenge_page(HOST, 1)
    await contests.close(HOST, 1)
    side = f"/s/{page.token}/side"
    response = await client.get(f"{side}?step=1")
    first = await response.text()
    assert response.status == 200, first[-600:]
    assert stepper(first) == {"next": "?step=2", "last": "?step=2"}
    assert '<span class="off">« First step</span>' in first
    last = await (await client.get(f"{side}?step=2&lang=de")).text()
    assert stepper(last) == {"first": "?step=1&amp;lang=de", "prev": "?step=1&amp;lang=de"}
    assert '<span class="off">Letzter Schritt »</span>' in last
