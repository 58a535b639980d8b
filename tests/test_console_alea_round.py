"""A round of Alea's auctions in the console: his hidden bids are never printed in clear,
`reveal N` opens one at a time, undo gives the same cards again; in German too."""

import re

from bot.console import Console, render_text
from tests.test_console import make_console

ROUND = "/alea round districts:Times Square, 42nd St East"


def bids(reply) -> list[str]:
    return [m.strip("\u2007") for f in reply.facts for m in re.findall(r"\|\|(.+?)\|\|", f)]


async def test_the_round_prints_no_bid_in_clear_and_reveal_opens_one_at_a_time(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:3")
    opened = await console.execute(ROUND)
    hidden = bids(opened)
    assert len(hidden) == 3
    text = render_text(opened)
    assert "||" not in text and "Alea bids [hidden: reveal 1]" in text
    assert "3. **Central Park**: Alea bids [hidden: reveal 3]" in text
    second = await console.execute("reveal 2")
    assert second.ok and second.facts == [f"2. **42nd St East**: Alea bids {hidden[1]:\u2007>2}"]
    assert render_text(second).count("||") == 0
    assert (await console.execute("reveal 1")).ok  # reveal is no move: the round stays last
    refused = await console.execute("reveal 4")
    assert not refused.ok and refused.facts == ["Reveal 1 to 3."]
    status = await console.execute("/game status")  # the bids again, still hidden
    assert bids(status) == hidden and "[hidden: reveal 1]" in render_text(status)


async def test_nothing_hidden_to_reveal_is_said_in_one_line(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:3")
    refused = await console.execute("reveal 1")
    assert not refused.ok and refused.facts == ["There is nothing hidden to reveal."]


async def test_undo_of_the_round_result_turns_the_same_cards_again(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:3")
    opened = await console.execute(ROUND)
    first = await console.execute("/alea round won:Times Square=a:2 b:0")
    assert first.ok and first.state["auctions"] == 3 and first.state["round"] is None
    undone = await console.execute("/game undo")
    assert undone.ok and undone.state["stack_bottom"] == [] and undone.state["auctions"] == 0
    assert undone.state["round"] == ["Times Square", "42nd St East", "Central Park"]
    assert bids(await console.execute("/game status")) == bids(opened)
    again = await console.execute("/alea round won:Times Square=a:2 b:0")
    assert again.facts == first.facts and again.state == first.state


async def test_the_partner_presses_alea_won_nothing(db):
    owner = await make_console(db)
    await owner.execute("/alea start partner:2 seed:3")
    opened = await owner.execute(ROUND)
    assert [s.label for s in opened.next_steps] == ["Alea won nothing"]
    assert "edit and send: `/alea round won:Times Square=a:2 b:0 stop:…`" in render_text(opened)
    partner = Console(owner.bot, user_id=2, channel_id=1, admin=False)
    assert (await partner.execute("/game status")).next_steps == opened.next_steps
    done = await partner.execute("press 1")
    assert done.ok and done.state["auctions"] == 3 and done.state["alea_wins"] == 0


async def test_a_german_round_hides_the_bids_and_reads_the_german_options(db):
    console = await make_console(db)
    await console.execute("lang de")
    await console.execute("/alea start partner:2 seed:3")
    opened = await console.execute("/alea runde bezirke:Times Square, 42nd St East")
    assert opened.ok, opened.text
    assert (
        opened.facts[0] == "Versteigerungsrunde: Times Square, 42nd St East, danach Central Park."
    )
    text = render_text(opened)
    assert "1. **Times Square**: Alea bietet [verdeckt: aufdecken 1]" in text
    assert "`/alea runde gewonnen:Times Square=a:2 b:0; Central Park`" in text
    shown = await console.execute("aufdecken 1")  # as the German line says
    assert shown.facts[0].startswith("1. **Times Square**: Alea bietet ")
    done = await console.execute("/alea runde gewonnen:Times Square=a:2 b:0; central park")
    assert done.ok, done.text
    assert done.state["alea_wins"] == 2
    assert any(f.startswith("**Central Park**: Alea bot ") for f in done.facts)
