"""Only the player ends their attempt (issue 41, N2): every command that can change an attempt,
tried by every role: the player, another player, a member with Manage Server, the challenge's
host and the server owner (the console says who owns the server). The player alone plays and
abandons it; the host or the server owner alone voids it, with a reason that the standings
show with who voided it, and the attempt is given back unless the host says it is used up;
undo and adding players are nobody's."""

from __future__ import annotations

import pytest

from bot.console import Console
from tests.challenges.test_secret_kept import entries
from tests.test_console import make_console

PLAYER, OTHER, MANAGER, HOST, OWNER = 11, 12, 13, 1, 99
ROLES = {"player": PLAYER, "another player": OTHER, "Manage Server": MANAGER}
ROLES |= {"host": HOST, "server owner": OWNER}
MAY = {  # who may, per command
    "/gwt turn table:same jobs:6:CB 6:E 7:- token:3": {"player"},
    "/game abandon": {"player"},
    "/game undo": set(),
    "/game players add:12": set(),
}
VOID = "/challenge void player:11 attempt:1 reason:played on a wrong table"
MAY[VOID] = {"host", "server owner"}


def console(bot, role: str, channel: int) -> Console:
    user = ROLES[role]
    admin = role in ("Manage Server", "host")  # the host opened it with Manage Server
    return Console(bot, user_id=user, channel_id=channel, admin=admin, server_owner=OWNER)


async def joined(db):
    host = await make_console(db)
    host.server_owner = OWNER
    opened = await host.execute(
        "/challenge open game:gwt name:Spring days:7 options:difficulty:hard attempts:2"
    )
    assert opened.ok, opened.text
    player = console(host.bot, "player", 111)
    assert (await player.execute("/challenge join")).ok
    return host.bot


@pytest.mark.parametrize("line", list(MAY))
@pytest.mark.parametrize("role", list(ROLES))
async def test_who_may_change_an_attempt(db, role, line):
    bot = await joined(db)
    reply = await console(bot, role, 111).execute(line)  # in the player's thread
    [entry] = await entries(db)
    if role in MAY[line]:
        assert reply.ok, reply.text
        expected = {"/game abandon": "abandoned", "/challenge void": "void"}
        assert entry.status == next(
            (v for k, v in expected.items() if line.startswith(k)), "playing"
        )
    else:
        assert not reply.ok
        assert entry.status == "playing"


async def test_a_void_is_shown_with_its_reason_and_who_voided_it_and_gives_the_attempt_back(db):
    bot = await joined(db)
    owner = console(bot, "server owner", 5)
    voided = await owner.execute(
        "/challenge void player:11 attempt:1 reason:played on a wrong table"
    )
    assert "<@99> voided <@11>'s attempt 1: played on a wrong table" in voided.text
    assert "The attempt is given back." in voided.text
    board = await console(bot, "player", 7).execute("/challenge standings")
    line = (
        "· <@11> attempt 1: voided by <@99>: played on a wrong table (the attempt is given back)."
    )
    assert line in board.text
    info = await console(bot, "player", 7).execute("/challenge info")
    assert "Your attempts: 1 used, 1 left." in info.text  # the count of rows; one is given back
    again = await console(bot, "player", 112).execute("/challenge join")
    assert again.ok  # the void released the running attempt and gave it back
    third = await console(bot, "player", 113).execute("/challenge join")
    assert not third.ok and "still running" in third.text


async def test_a_void_that_uses_up_the_attempt_says_so_and_a_reason_is_required(db):
    bot = await joined(db)
    host = console(bot, "host", 5)
    bare = await host.execute("/challenge void player:11 attempt:1 reason: ")
    assert not bare.ok
    used = await host.execute(
        "/challenge void player:11 attempt:1 reason:two tables uses_attempt:yes"
    )
    assert "It still uses up the attempt." in used.text
    twice = await host.execute("/challenge void player:11 attempt:1 reason:again")
    assert not twice.ok and "already void" in twice.text
    none = await host.execute("/challenge void player:11 attempt:2 reason:nothing")
    assert not none.ok and "has no attempt 2" in none.text
    [entry] = await entries(db)
    assert (entry.status, entry.voided_by, entry.uses_attempt) == ("void", HOST, True)
