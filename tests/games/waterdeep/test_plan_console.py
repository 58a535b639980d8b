"""Issue 25, Pseudo's round plan through the console: one press for the round, undo across it
restores everything, his 7F cards answered with the round, refusals that name what works, and
all of it in German."""

from tests.test_console import make_console


async def status(console):
    return (await console.execute("/game status")).state


async def test_undo_across_a_confirmed_round_restores_everything(db):
    console = await make_console(db)
    await console.execute("/waterdeep start lord:Durnan seed:2025")
    first = await console.execute("/waterdeep round")  # round 1 as planned
    assert first.ok and first.state["round"] == 2, first.facts
    await console.execute("/waterdeep place space:Waterdeep Harbor card:Ambush")
    before = await status(console)
    assert before["round"] == 2 and before["plan"]["steps"]
    confirmed = await console.execute("/waterdeep round space:Castle Waterdeep")
    assert confirmed.ok, confirmed.facts
    after = await status(console)
    assert after["round"] == 3 and after["marker"] == "you" and after != before
    undone = await console.execute("/game undo")
    assert undone.ok and await status(console) == before  # his agents, tavern, plan, all
    again = await console.execute("/waterdeep round space:Castle Waterdeep")
    assert again.facts == confirmed.facts  # the same round again, the same coin and cards


async def test_his_cards_wait_for_the_round_and_one_press_answers_them(db):
    """The plan cannot count his intrigue cards before he draws them (issue 41, N1): the
    round's end asks, and one press answers."""
    console = await make_console(db)
    reply = await console.execute("/waterdeep start lord:Durnan seed:1")
    for _ in range(8):
        plan = reply.state["plan"]
        assert plan["owed"] == len(reply.state["owed"])  # only cards he has played
        reply = await console.execute("/waterdeep round")
        if reply.ask is not None and reply.ask.option == "missing":
            break
    owed = len(reply.ask.choices) - 1
    labels = [s.label for s in reply.next_steps[: owed + 1]]
    assert labels[0] == "Every cube returned"
    assert labels[1] == "1 without the cube (−2 VP)"
    lost = reply.state["ledger"].get("Pseudo's intrigue (7F)", 0)
    pressed = await console.execute("press 2")
    assert "Without the cube for 1 of his intrigue cards: −2 VP (7F)." in pressed.facts
    assert pressed.state["ledger"]["Pseudo's intrigue (7F)"] == lost - 2


async def test_a_refused_report_names_what_works_and_changes_nothing(db):
    console = await make_console(db)
    await console.execute("/waterdeep start lord:Durnan seed:2025")
    before = await status(console)
    refused = await console.execute("/waterdeep place space:The Plinth agent:5")
    assert not refused.ok and refused.text == "You have 4 agents this round: `agent:` 1–4."
    refused = await console.execute("/waterdeep round castle:yes")
    assert "`/waterdeep place space:Castle Waterdeep agent:…`" in refused.text
    assert await status(console) == before


async def test_the_plan_and_its_round_read_in_german(db):
    console = await make_console(db)
    await console.execute("lang de")
    started = await console.execute("/waterdeep start lord:Durnan seed:7")
    assert "Pseudos Plan für den Rest von Runde 1:" in started.facts
    assert started.next_steps[0].label == "Wie geplant, bis zu seinem Zug vom Stapel"
    assert any(line.startswith("Melde nur, was vom Plan abweicht") for line in started.facts)
    refused = await console.execute("/waterdeep einsetzen feld:The Plinth agent:5")
    assert refused.text == "Du hast in dieser Runde 4 Agenten: `agent:` 1–4."
    refused = await console.execute("/waterdeep runde fehlend:0")
    assert refused.text.startswith("Keine seiner Intrigenkarten wartet")
    jumped = await console.execute("/waterdeep runde agent:3")
    # his first placement draws: from there on the round shows in full, not "as planned"
    assert jumped.ok and jumped.facts[0].startswith("Pseudo → **The Grinning Lion Tavern**.")
    told = await console.execute("/waterdeep einsetzen feld:Cliffwatch Inn (left) agent:1")
    assert told.ok, told.facts
    done = await console.execute("/waterdeep runde burg:ja")
    assert done.ok, done.facts
    assert "Du hast Castle Waterdeep genommen: der Startspielermarker gehört dir." in done.facts
