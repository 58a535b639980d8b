"""Pseudo's board picture through discord.py's real command tree, in SimCord: it comes with the
start and `/waterdeep board`, not with a reply where only agents moved, and in the reader's
language (a German reader's picture differs from an English one's)."""

from __future__ import annotations


def pictures(result) -> list[str]:
    return [a.filename for a in result.response.attachments if a.filename.endswith(".png")]


async def test_the_board_picture_comes_with_the_start_and_the_board_not_with_every_agent(table):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "waterdeep start", lord="Durnan", seed=2026)
    assert [name.split("-v")[0] for name in pictures(started)] == ["waterdeep-board-1"]
    placed = await alice.slash(channel, "waterdeep place", space="Blackstaff Tower")
    assert "Pseudo → **Field of Triumph**" in placed.response.embeds[0].description
    assert pictures(placed) == []  # you and Pseudo each placed an agent: nothing else moved
    board = await alice.slash(channel, "waterdeep board")
    assert len(pictures(board)) == 1
    english = await board.response.attachments[0].read()
    await alice.slash(channel, "settings language", choice="de")
    german = await (await alice.slash(channel, "waterdeep board")).response.attachments[0].read()
    assert german.startswith(b"\x89PNG") and german != english
