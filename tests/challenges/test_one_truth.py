"""One truth for stats and standings (issue 41, N5 and item 7): a challenge play's result
changes only through its attempt. `/log edit` and `/log delete` of it are refused with a line
pointing to the host's correction; after every kind of correction (a ranked finish, an
incomplete end, a void, a refused edit or delete) the challenge's stats count exactly the
attempts its standings rank, with the same best margin."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from bot.console import Console
from bot.store.models import PlayRow
from tests.challenges.test_secret_kept import challenge, host_of
from tests.looks import looking


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    """A GWT attempt ended at once ranks here (what completes a game: test_complete_games)."""
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


def stats_of(text: str) -> tuple[int, str]:
    """The plays counted and the best margin a `/stats challenge:` reply gives."""
    plays = int(re.search(r"\*\*(\d+)\*\* plays", text).group(1))
    best = re.search(r"best ([^\s\n]+)", text).group(1)
    return plays, best


def standing_of(text: str) -> tuple[int, str]:
    """The ranked players and the best margin the standings give."""
    margins = re.findall(r"^\d+\. <@\d+> \*\*([+-]\d+)\*\*", text, re.M)
    return len(margins), (margins[0] if margins else "—")


async def agree(t) -> tuple[int, str]:
    stats = await t.run("/stats challenge:1", must_pass=False)
    board = await t.run("/challenge standings")
    counted = stats_of(stats.text) if stats.ok else (0, "—")
    assert counted == standing_of(board.text), (stats.text, board.text)
    return counted


async def play_id(db) -> int:
    async with looking(db) as session:
        return (await session.execute(select(PlayRow.id))).scalars().one()


async def test_stats_and_standings_agree_after_every_kind_of_correction(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    t.console = Console(t.console.bot, user_id=11, channel_id=111, admin=False)
    await t.run("/challenge join")
    await t.run("/gwt end you:60 objectives:0 job_token:you")
    plays, best = await agree(t)
    assert plays == 1 and best.startswith("+")
    play = await play_id(db)
    for line in (f"/log edit play:{play} score:600", f"/log delete play:{play}"):
        refused = await t.run(line, must_pass=False)
        assert not refused.ok
        assert f"Play #{play} is an attempt in server challenge #1: its result changes only " in (
            refused.text
        )
        assert "`/challenge void challenge:1 player:… attempt:… reason:…`" in refused.text
        assert await agree(t) == (plays, best)
    voided = await host_of(t).execute("/challenge void player:11 attempt:1 reason:wrong table")
    assert voided.ok, voided.text
    assert await agree(t) == (0, "—")
    history = await t.run("/log history challenge:1", must_pass=False)
    assert "600" not in history.text


async def test_an_incomplete_attempt_counts_in_neither(db, monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 3)
    t = await challenge(db, "gwt", "difficulty:hard")
    t.console = Console(t.console.bot, user_id=11, channel_id=111, admin=False)
    await t.run("/challenge join")
    await t.run("/gwt end you:500 objectives:0 job_token:you")
    assert await agree(t) == (0, "—")
