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

    nexts = await alice.click(home.response, label="Sam's turn")
    assert "**Sam's turn 2**" in embed_text(nexts)
    await alice.slash(channel, "game undo")  # the card goes back on top of his deck
    again = await alice.click(home.response, label="Sam's turn")
    assert "out of date" in again.response.content

    moved = await alice.slash(channel, "gwt turn", card=10)
    asked = await alice.select(moved.response, ["3"])
    assert "Move Sam's herder **3 steps**" in embed_text(asked)

    stale = await alice.click(bought.response, label="Corriente 3 + Longhorn 3 (3 cowboys, $5)")
    assert "out of date" in stale.response.content

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
