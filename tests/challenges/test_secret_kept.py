"""A server challenge keeps its promise (issue 33), finding by finding, through the console:
a secret of 128 bits that the reveal prints and replays; no card drawn before you report your
table; no round of Alea's bids at once; corrections and take-backs refused; only the owner
changes an attempt; Fifth Avenue's partner is another member and both scores count; Emperor
tables fixed at the open; a cancelled challenge keeps its seed on every path."""

from __future__ import annotations

import re
import zlib

import pytest

from bot.console import Console, render_text
from bot.core.priority import draw_seed
from bot.core.secrecy import SECRET_CEILING, SECRET_FLOOR, hashed
from bot.games.registry import spec_for
from bot.store.models import ChallengeEntryRow
from bot.table import contests
from bot.table.contest_standings import Entry, standings
from tests.looks import looking
from tests.test_console import DICE, QUEUES, Transcript, make_console
from tests.test_console_gwt import JOBS, TABLE

SECRET = SECRET_FLOOR + 0xC0FFEE_2026
QUEUE = f"queue:{QUEUES[0]} dice:{DICE}"


@pytest.fixture(autouse=True)
def fixed_secret(monkeypatch):
    monkeypatch.setattr("bot.table.contests.secret_seed", lambda: SECRET)


async def challenge(db, game: str, options: str, *, user: int = 11) -> Transcript:
    """A host opens a challenge of `game`; a player joins it at a table of their own."""
    host = await make_console(db)
    opened = await host.execute(f"/challenge open game:{game} name:Spring days:7 options:{options}")
    assert opened.ok, opened.text
    return Transcript(Console(host.bot, user_id=user, channel_id=100 + user, admin=False))


def host_of(t: Transcript) -> Console:
    return Console(t.console.bot, user_id=1, channel_id=1)


async def entries(db) -> list[ChallengeEntryRow]:
    from sqlalchemy import select

    async with looking(db) as session:
        return list((await session.execute(select(ChallengeEntryRow))).scalars())


# ---------------------------------------------------------------- 1. the secret
def test_a_challenge_secret_is_128_random_bits_drawn_with_secrets(monkeypatch):
    asked = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return 12345

    monkeypatch.undo()  # the real secret_seed, with `secrets` watched
    monkeypatch.setattr(contests.secrets, "randbits", randbits)
    assert contests.secret_seed() == SECRET_FLOOR + 12345
    assert asked == [128]
    monkeypatch.undo()
    drawn = {contests.secret_seed() for _ in range(3)}
    assert len(drawn) == 3 and all(SECRET_FLOOR <= s < SECRET_CEILING for s in drawn)


def test_a_secret_flips_its_coins_through_sha256_and_a_typed_seed_keeps_its_checksum():
    """A 31-bit CRC of the secret would let a few seen coin flips find the rest."""
    assert draw_seed(SECRET, "coin", 3, 2, 5) == hashed(f"{SECRET}:coin:3:2:5")
    assert draw_seed(SECRET, "coin", 3, 2, 5) > 2**31
    assert draw_seed(2026, "coin", 3) == zlib.crc32(b"2026:coin:3") & 0x7FFFFFFF  # replays


async def test_the_reveal_prints_the_secret_and_every_shuffle_and_a_replay_draws_them(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    closed = await host_of(t).execute("/challenge close")
    assert f"Seed {SECRET}: `/challenge replay challenge:1` starts this game again" in closed.text
    shuffles = re.findall(r"Sam's deck, shuffle (\d), top first: (.+)\.", closed.text)
    assert [n for n, _ in shuffles] == ["1", "2", "3", "4"]
    first_cards = shuffles[0][1].split(", ")
    replay = Transcript(Console(t.console.bot, user_id=11, channel_id=500, admin=False))
    started = await replay.run("/challenge replay")
    assert "A replay of server challenge #1, Spring: an ordinary game, not ranked." in (
        render_text(started)
    )
    drawn = await replay.run("/gwt turn table:same")
    assert f"card **{first_cards[0]}**" in render_text(drawn)  # the secret replays the order
    assert len(await entries(db)) == 1  # a replay is no attempt


async def test_the_reveal_lists_the_hautel_couture_items_drawn_from_the_secret(db):
    t = await challenge(db, "gah", "modules:3 entrance:hautel_couture emperor_table:S2")
    closed = await host_of(t).execute("/challenge close")
    spec = spec_for("gah")
    state, _ = spec.rules.new_game(
        spec.start_options({"modules": "3", "entrance": "hautel_couture", "emperor_table": "S2"}),
        SECRET,
    )
    items = ", ".join(state.hautel.item_pool)
    assert f"Hautel Couture's items, top first: {items}." in closed.text
    assert "Leopold's private staff deck, top first: #" in closed.text


async def test_replay_waits_for_the_close_and_a_cancelled_challenge_keeps_its_seed(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    await t.run("/gwt turn table:same jobs:6:CB 6:E 7:- token:3")
    early = await t.run("/challenge replay", must_pass=False)
    assert not early.ok and "can be replayed after the close" in early.text
    cancelled = await host_of(t).execute("/challenge cancel")
    assert cancelled.ok
    export = await t.run("/game export", must_pass=False)
    assert not export.ok and "its seed stays secret, so it has no export" in export.text
    assert not export.files
    history = await t.run("/game history")
    assert str(SECRET) not in render_text(history) and "seed:" not in render_text(history)
    replay = await t.run("/challenge replay", must_pass=False)
    assert not replay.ok and "was cancelled: its seed stays secret" in replay.text


# ---------------------------------------------------------------- 4. no draw before your turn
async def test_leopolds_card_is_drawn_only_with_the_table_you_report(db):
    t = await challenge(db, "gah", "emperor_table:S2")
    joined = await t.run("/challenge join")
    assert not any(s.command == "turn" and not s.args for s in joined.next_steps)
    bare = await t.run("/gah turn", must_pass=False)
    assert not bare.ok and "drawn together with the table you report after your turn" in bare.text
    assert (await t.run("/game status")).state["cards_played"] == []  # nothing drawn
    first = await t.run(f"/gah turn {QUEUE}")
    assert "I draw Leopold's card" in render_text(first)
    assert "report your table with Leopold's turn" in first.prompt
    labels = [s.label for s in first.next_steps]
    assert not any(label.startswith("Leopold's turn") for label in labels)  # no bare draw
    again = await t.run("/gah turn", must_pass=False)
    assert not again.ok and "after your turn" in again.text
    second = await t.run(f"/gah turn queue:{QUEUES[1]}")
    assert len(second.state["cards_played"]) + bool(second.state["pending_card"]) == 2


async def test_an_ordinary_game_still_draws_leopolds_card_at_a_bare_turn(db):
    t = Transcript(await make_console(db))
    await t.run("/gah start seed:4 emperor_table:S2")
    await t.run(f"/gah turn {QUEUE}")
    drawn = await t.run("/gah turn")
    assert "I draw Leopold's card" in render_text(drawn)


async def test_sams_card_is_drawn_only_with_the_table_you_report(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    bare = await t.run("/gwt turn", must_pass=False)
    assert not bare.ok and "Sam's next card is drawn together with the table" in bare.text
    reply = await t.run("/gwt turn table:same jobs:6:CB 6:E 7:- token:3 cattle:C3 C3 L2 S4 H5")
    while reply.state["waiting_for"] not in (None, "herder"):
        waiting = reply.state["waiting_for"]
        line = {"pick": "press 1", "jobs": f"/gwt turn jobs:{JOBS[0]} token:4"}.get(waiting)
        reply = await t.run(line or f"/gwt turn {waiting}:{TABLE[waiting]}")
    if reply.state["waiting_for"] == "herder":
        labels = [s.label for s in reply.next_steps]
        assert labels == ["He stopped on the trail", "He reached Kansas City"]  # no next card
        reply = await t.run("press 1")
    assert reply.state["card"] is None and reply.state["turn"] == 1
    assert [s.label for s in reply.next_steps] == ["My turn is done · table unchanged"]
    refused = await t.run("/gwt turn", must_pass=False)
    assert not refused.ok and "after your turn" in refused.text
    assert (await t.run("press 1")).state["turn"] == 2


# ---------------------------------------------------------------- 6. the opponent is fixed
async def test_a_correction_of_sams_card_is_refused_in_a_challenge_but_a_look_is_not(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    fix = await t.run(
        "/gwt card number:3 movement:fixed value:1 action:gain_objective", must_pass=False
    )
    assert not fix.ok and "the opponent is fixed when it opens" in fix.text
    looked = await t.run("/gwt card number:3")
    assert "#3" in render_text(looked)


async def test_an_emperor_table_to_choose_at_the_table_is_refused_at_the_open(db):
    host = await make_console(db)
    asked = await host.execute("/challenge open game:gah name:x days:3")
    assert not asked.ok
    assert "A challenge needs `emperor_table:S2` or `emperor_table:S3`" in asked.text
    fixed = await host.execute("/challenge open game:gah name:x days:3 options:emperor_table:S3")
    assert fixed.ok


async def test_pseudo_does_not_place_again_after_his_placement_was_seen(db):
    t = await challenge(db, "waterdeep", "lord:Durnan")
    joined = await t.run("/challenge join")
    second = joined.state["plan"]["steps"][0]["space"]  # his agent 2, after your agent 1
    await t.run("/waterdeep round agent:2")  # your agent 1 went where he does not go
    placed = await t.run("/game status")
    assert placed.state["occupied"][second] == "pseudo"
    name = next(s.label for s in joined.next_steps if s.args == (("space", second),))
    again = await t.run(f'/waterdeep place space:"{name}" agent:1', must_pass=False)
    assert not again.ok and "the opponent's moves are final" in again.text
    ordinary = Transcript(await make_console(db, user=31, channel=131))
    await ordinary.run("/waterdeep start lord:Durnan seed:5")
    status = await ordinary.run("/game status")
    other = status.state["plan"]["steps"][0]["space"]
    label = next(s.label for s in status.next_steps if s.args == (("space", other),))
    await ordinary.run("/waterdeep round agent:2")
    redone = await ordinary.run(f'/waterdeep place space:"{label}" agent:1')
    assert "Pseudo places again" in render_text(redone)  # the ordinary game still may


# ---------------------------------------------------------------- 7. Fifth Avenue's partner
async def test_alea_needs_another_member_as_partner_and_both_scores(db):
    t = await challenge(db, "alea", "mode:virtual")
    alone = await t.run("/challenge join partner:11", must_pass=False)
    assert not alone.ok and "the other member at your table, not you" in alone.text
    await t.run("/challenge join partner:2")
    bids = await t.run("/alea round districts:Times Square", must_pass=False)
    assert not bids.ok and "Alea's bids come one auction at a time" in bids.text
    bid = await t.run("/alea auction district:Times Square high_bid:9")
    if bid.next_steps:  # Alea leads: you two overbid him
        await t.run("press 2")
    partner = Console(t.console.bot, user_id=2, channel_id=t.console.channel_id, admin=False)
    ended = await partner.execute("/alea end score:40 partner_score:60 confirm:yes")
    assert not ended.ok and "only they change it, and only they end it" in ended.text
    half = await t.run("/alea end score:99 confirm:yes")
    assert half.state["phase"] == "play" and "with both scores" in half.prompt
    assert (await entries(db))[0].status == "playing"  # nothing ranked at +99
    done = await t.run("/alea end partner_score:47")
    assert done.state["status"] == "finished"
    [entry] = await entries(db)
    assert (entry.score, entry.opponent_score) == (99, 47)


def test_only_a_result_with_both_scores_is_ranked():
    half = Entry(1, 5, 1, "finished", 99, None, "unscored", None)
    whole = Entry(2, 6, 1, "finished", 40, 38, "win", None)
    assert standings([half, whole]) == [whole]


async def test_nobody_joins_an_attempt(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    added = await t.run("/game players add:12", must_pass=False)
    assert not added.ok and "nobody else joins it" in added.text
