"""Fifth Avenue's pair (issue 41, item 6): both final scores are given on the owner's word, so
in a server challenge the attempt ranks only once the partner named at the join confirms them
(`/challenge confirm`, or the button on the final). Every role tries it: only the partner
may; the owner cannot for them, nor another member, the host or the server owner. Until it is
confirmed the standings list it as waiting, unranked, naming who must confirm; the stats and
the standings agree before and after; the partner's play is written into their own logbook
(in every Fifth Avenue game with a partner; in a challenge once confirmed)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.console import Console
from bot.store.models import PlayRow
from tests.challenges.test_one_truth import agree
from tests.challenges.test_secret_kept import entries
from tests.looks import looking
from tests.test_console import Transcript, make_console

OWNER, PARTNER, OTHER, HOST, SERVER_OWNER = 11, 2, 12, 1, 99
ROLES = {"owner": OWNER, "partner": PARTNER, "another member": OTHER}
ROLES |= {"host": HOST, "server owner": SERVER_OWNER}
THREAD = 111


def console(bot, role: str, channel: int = THREAD) -> Console:
    admin = role == "host"  # the host opened it with Manage Server
    return Console(
        bot, user_id=ROLES[role], channel_id=channel, admin=admin, server_owner=SERVER_OWNER
    )


async def finished(db):
    """A Fifth Avenue challenge; the owner plays to an end condition and gives both scores."""
    host = await make_console(db)
    host.server_owner = SERVER_OWNER
    opened = await host.execute(
        "/challenge open game:alea name:Pairs days:7 options:mode:virtual attempts:2"
    )
    assert opened.ok, opened.text
    owner = Transcript(console(host.bot, "owner"))
    await owner.run(f"/challenge join partner:{PARTNER}")
    await owner.run("/alea supply-empty")
    final = await owner.run("/alea end score:99 partner_score:47")
    assert final.state["status"] == "finished"
    return host.bot, owner, final


async def plays_of(db, user: int) -> list[PlayRow]:
    async with looking(db) as session:
        return list(await session.scalars(select(PlayRow).where(PlayRow.user_id == user)))


async def test_the_final_asks_the_partner_to_confirm_and_the_standings_wait_for_them(db):
    _, owner, final = await finished(db)
    assert final.confirm_for == PARTNER  # the button, on Discord
    assert "Your result ranks once <@2>, your partner, confirms these final scores" in final.text
    assert "issued no command" not in final.text
    [entry] = await entries(db)
    assert (entry.status, entry.score, entry.opponent_score) == ("confirming", 99, 47)
    board = await owner.run("/challenge standings")
    assert "No finished attempt yet." in board.text
    waiting = "· <@11> attempt 1: 99–47, waits for <@2>, the partner, to confirm these final scores"
    assert waiting in board.text
    assert "`/challenge confirm game:1`" in board.text
    assert await agree(owner) == (0, "—")  # the stats wait with the standings
    assert await plays_of(db, PARTNER) == []  # not in the partner's logbook yet


@pytest.mark.parametrize("typed", ["/challenge confirm", "/challenge confirm game:1"])
@pytest.mark.parametrize("role", list(ROLES))
async def test_only_the_partner_confirms(db, role, typed):
    bot, _, _ = await finished(db)
    reply = await console(bot, role).execute(typed)
    [entry] = await entries(db)
    if role == "partner":
        assert reply.ok, reply.text
        assert (entry.status, entry.confirmed_by) == ("finished", PARTNER)
        assert "<@2> confirmed the final scores of <@11>'s attempt 1" in reply.text
        return
    assert not reply.ok
    said = reply.text.replace("\u200b", "")  # an error's mentions do not ping
    assert len(said.splitlines()) == 1 and len(said) < 200  # a short refusal
    assert (entry.status, entry.confirmed_by) == ("confirming", None)
    assert await plays_of(db, PARTNER) == []
    if role == "owner":
        assert "These are your own scores: only <@2>, your partner in game #1" in said
    elif typed.endswith("game:1"):
        assert "Only <@2>, <@11>'s partner in game #1, confirms its scores." in said
    else:
        assert "No attempt here waits for your confirmation" in said


async def test_confirmed_it_ranks_the_stats_agree_and_the_partner_has_the_play(db):
    bot, owner, _ = await finished(db)
    confirmed = await console(bot, "partner", 5).execute("/challenge confirm")
    assert confirmed.ok, confirmed.text
    board = await owner.run("/challenge standings")
    assert "1. <@11> **+52** (99–47, win) · attempt 1" in board.text
    assert "waits for" not in board.text
    assert await agree(owner) == (1, "+52")
    [play] = await plays_of(db, PARTNER)
    assert (play.score, play.opponent_score, play.outcome) == (47, 99, "loss")
    assert (play.rival_id, play.challenge_id, play.game_id) == (OWNER, 1, 1)
    [own] = await plays_of(db, OWNER)
    assert own.played_at == play.played_at  # played when the game ended, not at the confirm
    again = await console(bot, "partner", 5).execute("/challenge confirm game:1")
    assert not again.ok and "has already confirmed the scores of game #1" in again.text
    assert len(await plays_of(db, PARTNER)) == 1
    edit = await console(bot, "partner", 5).execute(f"/log edit play:{play.id} score:120")
    assert not edit.ok and "its result changes only through the attempt" in edit.text


async def test_a_voided_attempt_has_nothing_to_confirm(db):
    bot, owner, _ = await finished(db)
    voided = await console(bot, "host", 5).execute(
        "/challenge void player:11 attempt:1 reason:wrong partner"
    )
    assert voided.ok, voided.text
    refused = await console(bot, "partner", 5).execute("/challenge confirm game:1")
    assert not refused.ok and "Game #1 has no scores waiting for confirmation." in refused.text
    assert await plays_of(db, PARTNER) == []
    assert await agree(owner) == (0, "—")


async def test_the_close_leaves_it_unconfirmed_and_unranked(db):
    bot, _, _ = await finished(db)
    closed = await console(bot, "host", 5).execute("/challenge close")
    assert "· <@11> attempt 1: not confirmed by <@2>, the partner, before the close." in (
        closed.text
    )
    late = await console(bot, "partner", 5).execute("/challenge confirm")
    assert not late.ok and "has closed: its standings are final" in late.text
    [entry] = await entries(db)
    assert entry.status == "confirming"
    assert await plays_of(db, PARTNER) == []


async def test_an_ordinary_game_writes_the_partners_play_at_once(db):
    t = Transcript(await make_console(db, user=OWNER, channel=300))
    await t.run(f"/alea start partner:{PARTNER} seed:5")
    await t.run("/alea supply-empty")
    final = await t.run("/alea end score:40 partner_score:42")
    assert "issued no command" not in final.text
    assert "It is in <@2>'s logbook too, from their seat." in final.text
    assert final.confirm_for is None
    [play] = await plays_of(db, PARTNER)
    assert (play.score, play.opponent_score, play.outcome, play.rival_id) == (42, 40, "win", OWNER)
    stats = await Console(t.console.bot, user_id=PARTNER, channel_id=7).execute("/stats")
    assert "**1** plays · **1** wins" in stats.text


async def test_an_incomplete_attempt_asks_no_confirmation_and_writes_the_partners_play(db):
    """Ended before an end condition: listed as incomplete, never ranked, so nothing waits for
    the partner; their play is written as in an ordinary game (it counts in no standings)."""
    host = await make_console(db)
    await host.execute("/challenge open game:alea name:Pairs days:7 options:mode:virtual")
    owner = Transcript(console(host.bot, "owner"))
    await owner.run(f"/challenge join partner:{PARTNER}")
    ended = await owner.run("/alea end score:99 partner_score:47 confirm:yes")
    assert ended.confirm_for is None and "incomplete" in ended.text
    [entry] = await entries(db)
    assert entry.status == "incomplete"
    [play] = await plays_of(db, PARTNER)
    assert (play.score, play.challenge_id) == (47, 1)
    assert await agree(owner) == (0, "—")
