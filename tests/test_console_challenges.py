"""Server challenges through the console (the same command tree as Discord): in each of the five
games, two players who join the same challenge and type the same lines meet the very same
opponent, line for line; where the opponent depends on the player's own table, different tables
still meet the same draws. Nothing shows the seed before the close."""

from __future__ import annotations

import re

import pytest

from bot.console import Console, render_text
from bot.core.errors import RuleError
from bot.core.secrecy import SECRET_FLOOR
from bot.store.models import ChallengeRow
from tests.looks import looking
from tests.test_console import DICE, QUEUES, Transcript, make_console
from tests.test_console_glasgow import ROWS, SPECIALS, free_cell
from tests.test_console_gwt import CATTLE, JOBS, TABLE
from tests.test_console_waterdeep import IDS, PREFERENCE

OPTIONS = {
    "gah": "difficulty:hard emperor_table:S2",
    "gwt": "difficulty:hard",
    "glasgow": "freddy:II",
    "alea": "mode:virtual",
    "waterdeep": "lord:Durnan",
}
PARTNER = 2  # Fifth Avenue's second player, at both tables


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """The challenge's secret seed, fixed: the same games on every run."""
    monkeypatch.setattr("bot.table.contests.secret_seed", lambda: SECRET_FLOOR + 2026)


async def players(db, game: str, count: int = 2) -> list[Transcript]:
    """A host opens a challenge of `game`; `count` players, each at a table of their own."""
    host = await make_console(db)
    opened = await host.execute(
        f'/challenge open game:{game} name:"Same for all" days:7 options:{OPTIONS[game]}'
    )
    assert opened.ok, opened.text
    return [
        Transcript(Console(host.bot, user_id=11 + i, channel_id=101 + i, admin=False))
        for i in range(count)
    ]


def same_text(outputs: list[str]) -> list[str]:
    """What a player read, with the numbers that only name their own game taken out."""
    return [re.sub(r"game #\d+|-\d+-v\d+|, \d+ bytes", "#", out) for out in outputs]


async def join(t: Transcript, game: str):
    partner = f" partner:{PARTNER}" if game == "alea" else ""
    return await t.run(f"/challenge join challenge:1{partner}")


# ---------------------------------------------------------------- one player per game
async def play_gah(t: Transcript, shift: int = 0):
    reply = await join(t, "gah")
    i = shift
    while reply.state["phase"] == "play":
        if reply.state["pending_card"] is not None:
            reply = await t.run(f"/gah turn queue:{QUEUES[i % 4]}")
        elif reply.state["turns_this_round"] < 2:
            reply = await t.run(f"/gah turn queue:{QUEUES[i % 4]} dice:{DICE}")
        else:
            reply = await t.run("/gah round-end")
        i += 1
    return await t.run("/gah final player_score:95 player_staff:none")


async def play_gwt(t: Transcript, shift: int = 0):
    reply = await join(t, "gwt")
    i = shift
    while reply.state["turn"] < 20 or reply.state["waiting_for"] is not None:
        i += 1
        waiting = reply.state["waiting_for"]
        if waiting is None:  # a challenge: his card comes with your table, after your turn
            reply = await t.run("/gwt turn table:same")
        elif waiting in ("pick", "herder"):
            reply = await t.run("press 1")
        elif waiting == "jobs":
            reply = await t.run(f"/gwt turn jobs:{JOBS[i % 3]} token:4")
        elif waiting == "cattle":
            reply = await t.run(f"/gwt turn cattle:{CATTLE[i % 4]}")
        else:
            reply = await t.run(f"/gwt turn {waiting}:{TABLE[waiting]}")
    return await t.run("/gwt end you:80 cities:12 objectives:9 job_token:you")


async def play_glasgow(t: Transcript, first_cell: bool = False):
    """As tests/test_console_glasgow.py plays; `first_cell`: your buildings elsewhere."""
    reply = await join(t, "glasgow")
    rows, actions = list(ROWS), 0
    while reply.state["status"] == "active":
        waiting = reply.state["waiting"]
        if waiting == "action":
            reply = await t.run(SPECIALS[actions % len(SPECIALS)])
            actions += 1
        elif waiting == "row":
            reply = await t.run(f"/glasgow row buildings:{rows.pop(0)}")
        elif waiting == "build" and not reply.state["built"]:
            cell = reply.state["legal"][0] if first_cell and reply.state["legal"] else None
            reply = await t.run(f"/glasgow build building:1 at:{cell or free_cell(reply)}")
        elif waiting == "build":
            reply = await t.run("press 1")
        elif waiting in ("pick", "room"):
            reply = await t.run(f"press {len(reply.next_steps)}")
        else:
            reply = await t.run("/glasgow final stone:2 steel:1 gold:0")
    return reply


AUCTIONS = [
    ("Times Square", 9),
    ("52nd St East", 3),
    ("34th St West", 12),
    ("42nd St East", 6),
    ("52nd St West", 15),
    ("34th St East", 4),
]


async def play_alea(t: Transcript, shift: int = 0):
    await join(t, "alea")
    for district, high in AUCTIONS:
        reply = await t.run(f"/alea auction district:{district} high_bid:{high + shift}")
        if reply.next_steps:  # Alea leads: he was overbid
            await t.run("press 2")
    await t.run("/alea end score:50 partner_score:47")
    return await t.run("press 1")


def free_space(state: dict, shift: int) -> str:
    taken = set(state["occupied"])
    free = [
        name
        for name in PREFERENCE
        if IDS[name] not in taken and not (state["asking"] and name.startswith("Waterdeep"))
    ]
    return free[min(shift, len(free) - 1)]


async def play_waterdeep(t: Transcript, shift: int = 0):
    """Places agents by a plan (`shift` picks another free space each time: another board)."""
    reply = await join(t, "waterdeep")
    held: list[str] = []  # Pseudo's quests, in the order he drew them
    while reply.state["phase"] == "play":
        for quest in reply.state["pseudo_quests"] + reply.state["pseudo_completed"]:
            if quest not in held:
                held.append(quest)
        if reply.ask is not None and reply.ask.command == "answer":
            reply = await t.run("press 1")
        else:
            space = free_space(reply.state, shift)
            reply = await t.run(f'/waterdeep place space:"{space}"')
    reply = await t.run("/waterdeep final track:61 adventurers:3 gold:7 quests:1")
    reply.state["held"] = held
    return reply


PLAY = {
    "gah": play_gah,
    "gwt": play_gwt,
    "glasgow": play_glasgow,
    "alea": play_alea,
    "waterdeep": play_waterdeep,
}


@pytest.mark.parametrize("game", list(PLAY))
async def test_two_players_with_the_same_inputs_meet_the_very_same_opponent(db, game):
    first, second = await players(db, game)
    one = await PLAY[game](first)
    two = await PLAY[game](second)
    assert one.state["status"] == two.state["status"] == "finished"
    assert len(first.outputs) > 5
    assert same_text(first.outputs) == same_text(second.outputs)  # line for line
    async with looking(db) as session:
        seed = (await session.get(ChallengeRow, 1)).seed
    said = "\n".join(first.outputs + second.outputs)
    assert f"{seed}" not in said and "Seed " not in said  # nothing showed the seed


async def test_an_ordinary_game_of_another_seed_meets_another_leopold(db):
    """The comparison above can fail: two different seeds draw different cards."""
    first, _ = await players(db, "gah")
    joined = await play_gah(first)
    other = Transcript(await make_console(db, user=21, channel=121))
    await other.run("/gah start difficulty:hard emperor_table:S2 seed:1")
    assert joined.state["cards_played"] != (await other.run("/game status")).state["cards_played"]


async def test_gah_another_table_meets_the_same_cards_in_the_same_order(db):
    first, second = await players(db, "gah")
    one, two = await play_gah(first), await play_gah(second, shift=1)
    assert first.lines != second.lines  # other guests, other dice
    assert one.state["cards_played"] == two.state["cards_played"]


async def test_gwt_another_table_meets_the_same_cards_in_the_same_order(db):
    first, second = await players(db, "gwt")
    one, two = await play_gwt(first), await play_gwt(second, shift=1)
    assert first.lines != second.lines  # other job markets, other cattle
    assert one.state["discards"] == two.state["discards"]


async def test_waterdeep_another_board_meets_pseudos_quests_in_the_same_order(db):
    first, second = await players(db, "waterdeep")
    one, two = await play_waterdeep(first), await play_waterdeep(second, shift=2)
    assert first.lines != second.lines  # other spaces: another board
    held_one, held_two = one.state["held"], two.state["held"]
    shorter = min(len(held_one), len(held_two))
    assert shorter >= 3 and held_one[:shorter] == held_two[:shorter]


async def test_glasgow_another_city_meets_a_freddy_building_the_same_rows(db):
    first, second = await players(db, "glasgow")
    await play_glasgow(first)
    await play_glasgow(second, first_cell=True)
    assert first.lines != second.lines  # your buildings elsewhere
    built = re.compile(r"Freddy II builds the ([^:]+?) on ")

    def freddys(outputs: list[str]) -> list[str]:
        return [m.group(1) for out in outputs for m in built.finditer(out)]

    assert len(freddys(first.outputs)) >= 8
    assert freddys(first.outputs) == freddys(second.outputs)


# ---------------------------------------------------------------- what stays secret
async def test_nothing_shows_the_seed_or_the_coming_cards_before_the_close(db):
    [t] = await players(db, "gwt", count=1)
    started = await join(t, "gwt")
    await t.run("/gwt turn jobs:6:CB 6:E 7:- token:3 cattle:C3 C3 L2 S4 H5")
    async with looking(db) as session:
        seed = str((await session.get(ChallengeRow, 1)).seed)
    shown = [
        started,
        await t.run("/game status"),
        await t.run("/game history"),
        await t.run("/gwt board"),
    ]
    text = "\n".join(render_text(reply) for reply in shown)
    assert seed not in text and "Seed " not in text and "seed:" not in text
    assert "(seed hidden until the close)" in render_text(started)  # Sam's tile draw
    export = await t.run("/game export", must_pass=False)
    assert not export.ok and "comes after the close" in export.text and not export.files
    undo = await t.run("/game undo", must_pass=False)
    assert not undo.ok and "its moves are final" in undo.text
    card = await t.run("/gwt turn card:3", must_pass=False)  # naming Sam's card
    assert not card.ok and "the bot makes his draws" in card.text
    assert (await t.run("/game status")).version == 2  # none of them changed anything
    host = Console(t.console.bot, user_id=1, channel_id=1)
    closed = await host.execute("/challenge close")
    assert f"Seed {seed}: `/challenge replay challenge:1` starts this game again" in closed.text
    assert "Sam's deck, shuffle 1, top first: #" in closed.text
    exported = await t.run("/game export")  # the secret is out: the export comes
    assert exported.files and seed in render_text(exported)


async def test_alea_odds_show_only_what_a_normal_game_shows(db):
    [t] = await players(db, "alea", count=1)
    await join(t, "alea")
    await t.run("/alea auction district:Times Square high_bid:9")
    odds = await t.run("/alea odds bid:12")
    normal = Transcript(await make_console(db, user=21, channel=121))
    await normal.run(f"/alea start partner:{PARTNER} seed:5")
    await normal.run("/alea auction district:Times Square high_bid:9")
    ordinary = await normal.run("/alea odds bid:12")
    # the same kind of answer: a distribution over the unseen cards, never their order
    assert "unseen" in odds.text and "unseen" in ordinary.text
    assert [f[0].split("-")[0] for f in odds.files] == [f[0].split("-")[0] for f in ordinary.files]


async def test_a_table_of_its_own_draws_is_refused_at_the_open(db):
    host = await make_console(db)
    for game, options, named in [
        ("alea", "mode:physical", "`mode:virtual`"),
        ("waterdeep", "lord:Durnan pseudo_cards:table", "`pseudo_cards:bot`"),
        ("waterdeep", "lord:Durnan primary:Bolster City Guard", "no `primary`"),
    ]:
        refused = await host.execute(f"/challenge open game:{game} name:x days:3 options:{options}")
        assert not refused.ok, options
        assert "A challenge needs" in refused.text and named.split()[-1] in refused.text
    seeded = await host.execute("/challenge open game:gah name:x days:3 options:seed:4")
    assert not seeded.ok and "the seed is drawn in secret" in seeded.text
    async with looking(db) as session:
        assert await session.get(ChallengeRow, 1) is None  # nothing was opened


def test_the_check_refuses_a_command_naming_the_opponents_draw():
    from bot.games.registry import spec_for

    with pytest.raises(RuleError, match=r"`drawn` is not available here"):
        spec_for("waterdeep").same.check_action({"command": "drawn", "quest": "x"})
    spec_for("waterdeep").same.check_action({"command": "place", "space": "x"})  # fine
