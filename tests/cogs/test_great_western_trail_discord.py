"""Sam through discord.py's real command tree, in SimCord: typed table reports, buttons for the
questions, a select for your building count, the board picture."""


def embed_text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


async def test_a_turn_with_buttons_a_select_and_the_board_picture(table):
    env, channel, alice, bob = table
    started = await alice.slash(channel, "gwt start", difficulty="hard", tile="cowboy", seed=11)
    text = embed_text(started)
    assert "**Difficulty hard.**" in text and "**Peoria**" in text and "reconstructed" in text
    assert "specialization **cowboys**" in text
    assert started.response.attachments[0].filename.endswith(".png")

    drawn = await alice.slash(channel, "gwt turn", card=13)
    assert "Move Sam's herder **3 steps**" in embed_text(drawn)
    bought = await alice.slash(channel, "gwt turn", cattle="A3 L3 C3")  # three equal pairs
    tie = embed_text(bought)
    assert "Sam's purchases are tied" in tie
    label = "Black Angus 3 + Corriente 3 (3 cowboys, $5)"
    picked = await alice.click(bought.response, label=label)
    assert f"Sam buys **{label}**" in embed_text(picked)
    home = await alice.click(picked.response, label="He reached Kansas City")
    assert "Sam delivers to **Peoria**" in embed_text(home)

    env.bot.get_cog("StatusMessages")._posts.clear()  # a restart: older replies keep buttons
    nexts = await alice.click(home.response, label="Sam's turn")
    assert "**Sam's turn 2**" in embed_text(nexts)
    assert nexts.response.id == home.response.id  # the press answered in the pressed message
    shown = nexts.response.components[0]["components"][0]["custom_id"]
    env.bot.get_cog("StatusMessages")._posts.clear()  # restarted again: its buttons stay
    await alice.slash(channel, "game undo")  # the card goes back on top of his deck
    again = await alice.click(nexts.response, custom_id=shown)
    assert "out of date" in again.response.content

    moved = await alice.slash(channel, "gwt turn", card=10)
    asked = await alice.select(moved.response, ["3"])
    assert "Move Sam's herder **3 steps**" in embed_text(asked)

    # the tie's message followed the presses; once the game moved on, no button of an
    # older step looks live anywhere (the status message shows the current ones)
    live = {
        item.custom_id.split(":")[2]
        for message in channel.history()
        if message.id != nexts.response.id  # kept its buttons over the restart
        for row in message.components
        for item in row.children
        if item.custom_id and item.custom_id.startswith("soloist")
    }
    assert live == {str(asked.response.embeds[0].footer.text.rsplit(" ", 1)[-1])}

    board = await alice.slash(channel, "gwt board")
    assert board.response.attachments[0].filename.endswith(".png")
    assert "Cattle: Black Angus 3, Corriente 3" in embed_text(board)

    intruder = await bob.slash(channel, "gwt turn", cattle="none")
    assert intruder.ephemeral and "owner" in intruder.response.content

    card = await alice.slash(channel, "gwt card", number=14)
    assert "Card #14: move 1 step per worker of his specialization" in card.response.content + (
        embed_text(card) if card.response.embeds else ""
    )
    # the stranger's turn reached the one error handler as our own domain error
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed"]


def buttons(result) -> list[str]:
    return [
        item["label"]
        for row in result.response.components
        for item in row.get("components", [])
        if item.get("label")
    ]


async def test_a_phone_player_answers_sams_questions_by_buttons_and_autocomplete(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "gwt start", difficulty="easy", tile="builder", seed=3)

    # his card by autocomplete: the cards still in his deck, #13-15 gone at easy
    offered = await alice.autocomplete(channel, "gwt turn", "card", "1")
    assert [c["value"] for c in offered] == [1, 10, 11, 12]
    assert offered[0]["name"] == "#1: move 1 step, then hire the cheapest worker"

    # a typed market report is read back while it is typed, or its mistake is named
    drawn = await alice.slash(channel, "gwt turn", card=1)
    assert "Which workers are in the job market?" in embed_text(drawn)
    good = await alice.autocomplete(channel, "gwt turn", "jobs", "6:CB 7:E 5:-")
    assert good[0] == {
        "name": "✓ row 1 ($6): CB · row 2 ($7): E · row 3 ($5): -",
        "value": "6:CB 7:E 5:-",
    }
    bad = await alice.autocomplete(channel, "gwt turn", "jobs", "6:CX")
    assert (
        bad[0]["name"] == "✗ `CX`: workers are C, B or E, like `/gwt turn jobs:6:CB 6:E 7:BB 5:-`."
    )

    # the token's row is a button per row reported (and autocomplete offers the same rows)
    rows = await alice.slash(channel, "gwt turn", jobs="6:CB 7:E 5:-")
    assert buttons(rows) == ["Row 1 ($6)", "Row 2 ($7)", "Row 3 ($5)"]
    token = await alice.autocomplete(channel, "gwt turn", "token", "")
    assert [c["value"] for c in token] == [1, 2, 3]
    hired = await alice.click(rows.response, label="Row 3 ($5)")
    assert "Sam hires the **builder in row 1, place 2 ($6)**" in embed_text(hired)
    assert buttons(hired) == [
        "On the trail · after your turn: Sam's next, table unchanged",
        "He reached Kansas City",
        "He stopped on the trail",
    ]
    await alice.click(hired.response, label="He stopped on the trail")

    # outlaws and hazards: 'none' is a button, not a word to type
    outlaws = await alice.slash(channel, "gwt turn", card=8)
    none = await alice.click(outlaws.response, label="No outlaw on a numbered space")
    assert "Sam collects no bounty" in embed_text(none)
    await alice.click(none.response, label="He stopped on the trail")
    hazards = await alice.slash(channel, "gwt turn", card=9)
    cleared = await alice.click(hazards.response, label="No hazard on the trail")
    assert "No hazard is on the trail: Sam removes none." in embed_text(cleared)
    await alice.click(cleared.response, label="He stopped on the trail")

    # his engine: the start space is a button; the player's building count a select
    engine = await alice.slash(channel, "gwt turn", card=12)
    counted = await alice.select(engine.response, ["2"])
    assert "Move Sam's herder **2 steps**" in embed_text(counted)
    started = await alice.click(counted.response, label="Yours is on the start space (0)")
    assert "Sam's engine" in embed_text(started)


async def test_a_tie_is_answered_by_autocomplete_with_the_tied_options_only(table):
    _, channel, alice, _ = table
    nothing = await alice.autocomplete(channel, "gwt answer", "pick", "")
    assert nothing == []  # no game here: nothing to offer
    await alice.slash(channel, "gwt start", difficulty="hard", tile="cowboy", seed=11)
    await alice.slash(channel, "gwt turn", card=13)
    tie = await alice.slash(channel, "gwt turn", cattle="A3 L3 C3")
    offered = await alice.autocomplete(channel, "gwt answer", "pick", "")
    assert [c["name"] for c in offered] == buttons(tie)
    assert sorted(c["name"] for c in offered) == [
        "Black Angus 3 + Corriente 3 (3 cowboys, $5)",
        "Black Angus 3 + Longhorn 3 (3 cowboys, $5)",
        "Corriente 3 + Longhorn 3 (3 cowboys, $5)",
    ]
    narrowed = await alice.autocomplete(channel, "gwt answer", "pick", "longhorn")
    assert len(narrowed) == 2
    (chosen,) = [c for c in narrowed if c["name"].startswith("Corriente")]
    answered = await alice.slash(channel, "gwt answer", pick=chosen["value"])
    assert "Sam buys **Corriente 3 + Longhorn 3 (3 cowboys, $5)**" in embed_text(answered)
    assert await alice.autocomplete(channel, "gwt answer", "pick", "") == []  # nothing asked now


async def test_fixed_answers_are_choices_with_names(table):
    env, _, _, _ = table
    start = env.bot.tree.get_command("gwt").get_command("start")
    difficulty = next(p for p in start.parameters if p.name == "difficulty")
    assert [c.value for c in difficulty.choices] == ["easy", "medium", "hard"]
    card = env.bot.tree.get_command("gwt").get_command("card")
    action = next(p for p in card.parameters if p.name == "action")
    assert action.choices[0].name == "hire the cheapest worker"


async def test_after_choosing_german_sams_turn_its_buttons_and_autocomplete_read_in_german(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "gwt start", difficulty="easy", tile="builder", seed=3)
    assert "**Schwierigkeit leicht.** Die Karten #13, #14, #15 kommen in die Schachtel zurück." in (
        embed_text(started)
    )
    assert buttons(started) == ["Sams Zug"]
    offered = await alice.autocomplete(channel, "gwt turn", "card", "8")
    assert (
        offered[0]["name"]
        == "#8: 1 Schritt vorwärts, dann das Kopfgeld für einen Banditen kassieren"
    )
    outlaws = await alice.slash(channel, "gwt turn", card=8)
    assert "Auf welchen nummerierten Banditenfeldern liegt ein Plättchen?" in embed_text(outlaws)
    assert "`/gwt zug banditen:4:G 7:O`" in embed_text(outlaws)
    read = await alice.autocomplete(channel, "gwt turn", "outlaws", "4:G 7:O")
    assert read[0]["name"] == "✓ Feld 4 grün · Feld 7 orange"
    paid = await alice.slash(channel, "gwt turn", outlaws="4:G 7:O")
    assert "Sam kassiert das Kopfgeld für den **orangen Banditen auf Feld 7**" in embed_text(paid)
    assert buttons(paid) == [
        "Auf dem Trail · nach deinem Zug: Sams nächster, Tisch unverändert",
        "Er erreichte Kansas City",
        "Er hielt auf dem Trail",
    ]
    home = await alice.click(paid.response, label="Er erreichte Kansas City")
    assert "Teilphase 5: Sam liefert nach **Bloomington**" in embed_text(home)
    # bob did not choose German: the same game answers him in English
    board = await bob.slash(channel, "gwt board")
    assert "Deliveries: Bloomington · objectives 1 · outlaws 1 orange · hazards none" in (
        embed_text(board)
    )


async def test_a_game_in_its_own_thread_is_played_and_autocompleted_there(table):
    _, channel, alice, _ = table
    started = await alice.slash(
        channel, "gwt start", difficulty="easy", tile="builder", seed=3, thread=True
    )
    [thread] = channel.threads
    assert f"<#{thread.id}>" in started.response.content
    # the thread's game answers the autocomplete there; the parent channel has none
    in_thread = await alice.autocomplete(thread, "gwt turn", "card", "1")
    assert [c["value"] for c in in_thread] == [1, 10, 11, 12]
    outside = await alice.autocomplete(channel, "gwt turn", "card", "1")
    assert [c["value"] for c in outside] == [1, 10, 11, 12, 13, 14, 15]
    outlaws = await alice.slash(thread, "gwt turn", card=8)
    none = await alice.click(outlaws.response, label="No outlaw on a numbered space")
    assert "Sam collects no bounty" in embed_text(none)
    picks = await alice.autocomplete(thread, "gwt answer", "pick", "")
    assert picks == []  # the question now is the herder's, not a tie
