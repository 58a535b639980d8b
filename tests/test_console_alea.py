"""A Fifth Avenue auction flow with Alea, driven through the console in both stack modes."""

import re

import pytest

from bot.console import render_text
from tests.kit import english_left
from tests.test_console import make_console


async def test_physical_auction_flow_and_an_illegal_sequence(db):
    console = await make_console(db)
    start = await console.execute("/alea start partner:2 mode:physical seed:4")
    assert start.ok and start.state["mode"] == "physical"
    bad = await console.execute("/alea auction district:Times Square high_bid:9 cards:5 4 4 5")
    assert not bad.ok and "first repeat" in bad.text
    assert (await console.execute("/game status")).version == 1  # nothing changed
    lead = await console.execute("/alea auction district:Times Square high_bid:9 cards:5 4 5")
    assert lead.state["auction"]["bid"] == 14
    won = await console.execute("/alea result outcome:passed plots:a:2 b:2 c:1")
    assert won.state["alea_skyscrapers"]["Times Square"] == 2
    assert won.state["stack_bottom"] == [5, 4, 5]
    odds = await console.execute("/alea odds bid:13")
    assert odds.ok and odds.files[0][1].startswith(b"\x89PNG")
    assert "47 unseen" in odds.text


async def test_virtual_auction_flow_and_the_partner_may_act(db):
    owner = await make_console(db)
    await owner.execute("/alea start partner:2 seed:4")
    from bot.console import Console

    partner = Console(owner.bot, user_id=2, channel_id=1, admin=False)
    reply = await partner.execute("/alea auction district:52nd St East high_bid:0")
    assert reply.ok and reply.state["auctions"] == 1
    stranger = Console(owner.bot, user_id=3, channel_id=1, admin=False)
    assert not (await stranger.execute("/alea supply-empty")).ok


@pytest.mark.parametrize("line", ["/alea start partner:1", "/alea start"])
async def test_alea_needs_two_real_players(db, line):
    console = await make_console(db)
    assert not (await console.execute(line)).ok


@pytest.mark.parametrize(
    "line",
    [
        "/alea auction district:Times Square high_bid:9 cards:5 ² 5",
        "/alea auction district:Times Square high_bid:9 cards:²",
        "/alea result outcome:passed plots:a:² b:1",
        "/alea build plots:²",
    ],
)
async def test_superscript_digits_are_one_line_input_errors(db, line):
    console = await make_console(db)
    await console.execute("/alea start partner:2 mode:physical seed:4")
    if "auction" not in line:
        await console.execute("/alea auction district:Times Square high_bid:9 cards:5 4 5")
    if "build" in line:
        await console.execute("/alea result outcome:passed")
    version = (await console.execute("/game status")).version
    reply = await console.execute(line)
    assert not reply.ok and "Something went wrong" not in reply.text, reply.text
    assert "\n" not in reply.text.strip()
    assert (await console.execute("/game status")).version == version


async def test_console_end_confirmation_is_a_button_to_press(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:4")
    asked = await console.execute("/alea end score:50 partner_score:47")
    assert asked.ok and asked.state["status"] == "active"
    assert [s.label for s in asked.next_steps] == ["End the game now"]
    over = await console.execute("press 1")
    assert over.ok and over.state["status"] == "finished" and "you win" in over.text


async def test_a_seeded_auction_in_german_after_lang_de(db):
    """`lang de`: Alea's bid, the contest, his build and the early end read in German, the
    commands in the hints with their German names."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    start = await console.execute("/alea start partner:2 seed:4")
    assert "Stapelmodus **virtuell**: Ich führe Aleas eigenen gemischten schwarzen Stapel" in (
        start.text
    )
    assert "`/alea versteigerung bezirk:<Name> höchstgebot:<bisher höchstes Gebot>`" in start.prompt
    out = await console.execute("/alea auction district:Times Square high_bid:30")
    assert out.facts[1].startswith("Das liegt nicht über dem Höchstgebot von 30: Alea ist raus")
    lead = await console.execute("/alea auction district:Times Square high_bid:0")
    assert (
        lead.facts[0]
        == "Versteigerung um **Times Square**: Alea deckt 5 + 4 + 6 + 5 auf und bietet **20**."
    )
    assert [s.label for s in lead.next_steps] == [
        "Beide gepasst: Alea gewinnt",
        "Alea wurde überboten",
    ]
    won = await console.execute("press 1")
    assert "Alea gewinnt Times Square mit 20." in won.facts
    assert won.prompt.endswith(
        "`/alea bauen bauplätze:a:2 b:0 c:2`, oder `/alea bauen bauplätze:keine`."
    )
    built = await console.execute("/alea build plots:a:2 b:2 c:1")
    assert built.facts[0] == (
        "Alea baut **je 1 Wolkenkratzer** auf die Bauplätze a, b: die wertvollsten leeren "
        "Bauplätze (gleichauf), je 2 Geschäftsarten daneben, 3 SP wert. Er hat jetzt 2 in "
        "Times Square."
    )
    assert "Alea in Times Square: 2" in built.board
    again = await console.execute("/alea build plots:a:2")
    assert (
        not again.ok
        and again.text
        == "Alea hat keinen Bezirk gewonnen, in dem er noch bauen muss. "
        "Jetzt geht: `/alea auslage-leer`."
    )
    early = await console.execute("/alea end score:40 partner_score:41")
    assert early.prompt.endswith("(`/alea ende bestätigen:ja`; jeder andere Befehl spielt weiter)")
    over = await console.execute("press 1")
    assert "Endstand 40 zu 41: dein Partner gewinnt." in over.facts


ENGLISH = re.compile(r"\b(the|your|you|bids?|with|and|is|of|to|his|he|on|auction|plots?)\b")
GAME_LINES = [
    "/alea start partner:2 seed:4",
    "/alea auction district:Times Square high_bid:30",
    "/alea auction district:Times Square high_bid:0",
    "/alea building-stop district:34th St West",  # refused: the auction first
    "press 1",
    "/alea build plots:a:2 b:2 c:1",
    "/alea auction district:Central Park high_bid:0",
    "press 2",  # overbid
    "/alea auction district:52nd St East high_bid:0",
    "press 1",
    "/alea build plots:none",
    "/alea odds bid:12",
    "/alea building-stop district:34th St West",
    "/alea auction district:Times Square high_bid:0",  # refused: the game has ended
    "/alea end score:50 partner_score:50",
    "/alea end cards_left:4 partner_cards_left:2",
]


async def test_a_game_in_german_has_no_english_line_left(db):
    """Auctions Alea loses, wins, is overbid in and builds after, a building stop of his and
    one of yours, the odds, refusals and a tie-break, after `lang de`: no line outside the
    backticks reads English (a line another catalog's template half-translates shows up)."""
    console = await make_console(db)
    await console.execute("lang de")
    outputs = [render_text(await console.execute(line)) for line in GAME_LINES]
    assert "Endstand 50 zu 50" in outputs[-1]
    assert english_left(outputs, ENGLISH) == []
