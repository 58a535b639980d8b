"""Glasgow against Freddy end to end through discord.py's real command tree, in SimCord."""

from tests.cogs.test_grand_austria_discord import embed_text


async def test_freddys_placement_ties_are_buttons_and_a_select_with_the_city_picture(table):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="I", seed=9)
    assert "Glasgow against Freddy I." in embed_text(started)
    first = await alice.click(started.response, label="No special contract")
    second = await alice.click(first.response, label="No special contract")
    assert "Which 3 buildings" in embed_text(second)
    await alice.slash(channel, "glasgow row", buildings="park:1 shop:3 tenement:2")
    built = await alice.slash(channel, "glasgow build", building=2, at="E5")
    assert "You build the shop (cost 3) on E5" in embed_text(built)
    assert built.response.attachments[0].filename.startswith("glasgow-city-")
    tie = await alice.click(built.response, label="Done: Freddy builds the rest")
    assert "Freddy I builds the park (cost 1): where? (suggested E4)" in embed_text(tie)
    placed = await alice.click(tie.response, label="F5")
    text = embed_text(placed)
    assert "Freddy I builds the park (cost 1) on F5" in text
    assert "Freddy I builds the tenement (cost 2): where?" in text  # his first house
    house = await alice.select(placed.response, ["G5"])
    text = embed_text(house)
    assert "Freddy I builds the tenement (cost 2) on G5" in text
    assert "Round 1, turn 2 (architect 2)." in text
    assert " sh PA TE" in text  # the text grid: yours lower case, his in capitals
    stale = await alice.click(tie.response, label="E4")
    assert stale.ephemeral and "out of date" in stale.response.content


async def test_more_than_five_equal_cells_come_as_a_select(table):
    env, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", seed=9)
    first = await alice.click(started.response, label="No special contract")
    await alice.click(first.response, label="No special contract")
    await alice.slash(channel, "glasgow row", buildings="park:1 shop:3 tenement:2")
    await alice.slash(channel, "glasgow build", building=2, at="E5")
    await alice.slash(channel, "glasgow build", building=3, at="E6")
    many = await alice.slash(channel, "glasgow done")
    assert "(suggested E4)" in embed_text(many)
    picked = await alice.select(many.response, ["D6"])
    assert "Freddy I builds the park (cost 1) on D6" in embed_text(picked)
    rejected = await alice.slash(channel, "glasgow build", building=1, at="A1")
    assert rejected.ephemeral and "Not now" in rejected.response.content
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError"]
