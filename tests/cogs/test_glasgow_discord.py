"""Glasgow against Freddy end to end through discord.py's real command tree, in SimCord."""

from tests.cogs.test_grand_austria_discord import embed_text
from tests.cogs.test_status_message_discord import NO_CONTRACT


async def test_freddys_placement_ties_are_buttons_and_a_select_with_the_city_picture(table):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="I", seed=9)
    assert "Glasgow against Freddy I." in embed_text(started)
    first = await alice.select(started.response, [NO_CONTRACT])
    second = await alice.select(first.response, [NO_CONTRACT])
    assert "Which 3 buildings" in embed_text(second)
    await alice.slash(channel, "glasgow row", buildings="park:1 shop:3 tenement:2")
    built = await alice.slash(channel, "glasgow build", building=2, at="E5")
    assert "You build the shop (cost 3) on E5" in embed_text(built)
    assert built.response.attachments[0].filename.startswith("glasgow-city-")
    tie = await alice.click(built.response, label="Done: Freddy builds the rest")
    assert "Freddy I builds the park (cost 1): where? (suggested E4)" in embed_text(tie)
    assert tie.response.attachments == []  # he has not built yet: the city is as it was
    placed = await alice.click(tie.response, label="F5")
    text = embed_text(placed)
    assert "Freddy I builds the park (cost 1) on F5" in text
    assert "Freddy I builds the tenement (cost 2): where?" in text  # his first house
    house = await alice.select(placed.response, ["G5"])
    text = embed_text(house)
    assert "Freddy I builds the tenement (cost 2) on G5" in text
    assert "Round 1, turn 2 (architect 2)." in text
    assert " sh PA TE" in text  # the text grid: yours lower case, his in capitals
    # each press answered in the message pressed: one message followed the tie through, and
    # it shows the newest step and its buttons only
    assert built.response.id == tie.response.id == placed.response.id == house.response.id
    [now] = [m for m in channel.history() if m.id == tie.response.id]
    assert "Freddy I builds the tenement (cost 2) on G5" in now.embeds[0].description
    assert now.components and "(suggested E4)" not in now.embeds[0].fields[-1].value
    board = await alice.slash(channel, "glasgow board")  # on request, the city as it stands
    assert board.response.attachments[0].filename.startswith("glasgow-city-")


async def test_more_than_five_equal_cells_come_as_a_select(table):
    env, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", seed=9)
    first = await alice.select(started.response, [NO_CONTRACT])
    await alice.select(first.response, [NO_CONTRACT])
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


ROWS = [
    "shop:3 tenement:2 factory:2:whisky",
    "tenement:2 park:1 bank:3:stone",
    "landmark:4:7 shop:2",
    "tenement:1 station:3",
    "factory:2:steel tenement:2 shop:3",
    "park:1 tenement:2 bank:3:factory",
    "shop:2 tenement:2",
    "landmark:5:9 park:2",
]


def next_prompt(result) -> str:
    fields = result.response.embeds[0].fields
    return next((f.value for f in fields if f.name == "Next"), "")


def first_choice(result) -> tuple[str, str]:
    """The first button's label, or the first select option's value."""
    for row in result.response.components:
        for item in row.get("components", []):
            if item.get("type") == 2:
                return "button", item["label"]
            if item.get("type") == 3:
                return "select", item["options"][0]["value"]
    raise AssertionError("no component")


async def test_a_whole_game_against_freddy_ii_through_discord(table):
    _, channel, alice, _ = table
    result = await alice.slash(channel, "glasgow start", freddy="II", seed=3)
    rows, built_this_turn, steps = list(ROWS), False, 0
    while "Freddy II wins" not in embed_text(result) and "You win" not in embed_text(result):
        steps += 1
        assert steps < 200 and not result.ephemeral, embed_text(result)
        prompt = next_prompt(result)
        if "Which special contract came up?" in prompt:
            result = await alice.select(result.response, [NO_CONTRACT])
            built_this_turn = False
        elif prompt.startswith("Which "):
            result = await alice.slash(channel, "glasgow row", buildings=rows.pop(0))
            built_this_turn = False
        elif prompt.startswith("Build any of") and not built_this_turn:
            board = result.response.embeds[0].fields[0].value
            at = "E5" if "no building yet" in board else free_cell(board)
            result = await alice.slash(channel, "glasgow build", building=1, at=at)
            built_this_turn = True
        elif prompt.startswith("Build any of"):
            result = await alice.click(result.response, label="Done: Freddy builds the rest")
        elif prompt.startswith("The city is complete"):
            result = await alice.slash(channel, "glasgow final", stone=1, steel=1, gold=1)
        else:
            kind, value = first_choice(result)
            if kind == "button":
                result = await alice.click(result.response, label=value)
            else:
                result = await alice.select(result.response, [value])
    text = embed_text(result)
    assert "Scoring used" in text and "logbook" in text
    stats = await alice.slash(channel, "stats")
    assert not stats.ephemeral


def free_cell(board: str) -> str:
    lines = board.split("```")[1].strip("\n").split("\n")
    columns = lines[0].split()
    for line in lines[1:]:
        row, marks = line[:2].strip(), line[3:]
        for i, column in enumerate(columns):
            if marks[i * 3 : i * 3 + 2] == "··":
                return f"{column}{row}"
    raise AssertionError(board)


def values(choices) -> list:
    return [c["value"] for c in choices]


async def test_a_phone_player_chooses_cells_and_buildings_from_what_the_game_allows(table):
    _, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", seed=9)
    first = await alice.select(started.response, [NO_CONTRACT])
    await alice.select(first.response, [NO_CONTRACT])
    typed = await alice.autocomplete(channel, "glasgow row", "buildings", "park:1 sh")
    assert values(typed) == ["park:1 sh", "park:1 shop:"]
    goods = await alice.autocomplete(channel, "glasgow row", "buildings", "bank:3:")
    assert values(goods)[1:] == [f"bank:3:{g}" for g in ("stone", "steel", "gold", "factory")]
    await alice.slash(channel, "glasgow row", buildings="park:1 shop:3 tenement:2")
    row = await alice.autocomplete(channel, "glasgow build", "building", "")
    assert [c["name"] for c in row] == [
        "1 · park (cost 1)",
        "2 · shop (cost 3)",
        "3 · tenement (cost 2)",
    ]
    assert values(await alice.autocomplete(channel, "glasgow build", "at", "")) == ["E5"]
    await alice.slash(channel, "glasgow build", building=2, at="E5")
    assert values(await alice.autocomplete(channel, "glasgow build", "building", "")) == [1, 3]
    cells = await alice.autocomplete(channel, "glasgow build", "at", "")
    assert sorted(values(cells)) == ["D5", "E4", "E6", "F5"]
    assert values(await alice.autocomplete(channel, "glasgow build", "at", "e")) == ["E4", "E6"]
    tie = await alice.slash(channel, "glasgow done")
    buttons = [
        item["label"]
        for row in tie.response.components
        for item in row["components"]
        if item.get("type") == 2
    ]
    tied = await alice.autocomplete(channel, "glasgow pick", "cell", "")
    assert buttons[0].endswith(" (suggested)")  # the suggested cell first, and marked
    buttons = [label.removesuffix(" (suggested)") for label in buttons]
    assert values(tied) == buttons and "F5" in buttons
    placed = await alice.slash(channel, "glasgow pick", cell=values(tied)[1])
    assert f"Freddy I builds the park (cost 1) on {values(tied)[1]}" in embed_text(placed)


async def test_autocomplete_without_a_glasgow_game_offers_only_the_first_cell(table):
    _, channel, alice, bob = table
    assert values(await alice.autocomplete(channel, "glasgow build", "at", "")) == ["E5"]
    assert await alice.autocomplete(channel, "glasgow pick", "cell", "") == []
    await alice.slash(channel, "alea start", partner=bob, seed=1)
    assert await alice.autocomplete(channel, "glasgow build", "building", "") == []


async def test_a_german_player_reads_glasgow_and_answers_by_buttons_and_autocomplete(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "glasgow start", freddy="I", seed=9)
    assert "Glasgow gegen Freddy I." in embed_text(started)
    first = await alice.select(started.response, [NO_CONTRACT])  # „Kein Sonderauftrag“
    second = await alice.select(first.response, [NO_CONTRACT])
    assert "Welche 3 Gebäude liegen rechts neben Architekt 1" in embed_text(second)
    await alice.slash(channel, "glasgow row", buildings="park:1 shop:3 tenement:2")
    row = await alice.autocomplete(channel, "glasgow build", "building", "")
    assert [c["name"] for c in row] == [
        "1 · Park (Kosten 1)",
        "2 · Laden (Kosten 3)",
        "3 · Wohnhaus (Kosten 2)",
    ]
    built = await alice.slash(channel, "glasgow build", building=2, at="E5")
    assert "Du baust auf E5: Laden (Kosten 3) – zahle die Kosten 3" in embed_text(built)
    tie = await alice.click(built.response, label="Fertig: Freddy baut den Rest")
    assert "Freddy I baut Park (Kosten 1): wohin? (Vorschlag E4)" in embed_text(tie)
    wrong = await alice.slash(channel, "glasgow pick", cell="A1")
    assert wrong.ephemeral and "A1 gehört nicht zu Freddys besten Feldern." in (
        wrong.response.content
    )
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError"]
    placed = await alice.click(tie.response, label="F5")
    assert "Freddy I baut auf F5: Park (Kosten 1)" in embed_text(placed)


async def test_a_turns_report_in_one_slash_command_each_against_freddy_ii(table):
    """Both actions and the four rows in one `/glasgow action`, the storage with the last
    `/glasgow build`: no row question and no storage question come."""
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=9)
    rows = dict(zip(("buildings", "row2", "row3", "row4"), ROWS[:4], strict=True))
    acted = await alice.slash(channel, "glasgow action", chosen2="double", **rows)
    text = embed_text(acted)
    assert "Action 2: double contract, your next action counts twice." in text
    assert "Architect 1's row: 1. shop (cost 3), 2. tenement (cost 2), 3. whisky factory" in text
    assert next_prompt(acted).startswith("Build any of")
    assert "`/glasgow done whisky:no`" in next_prompt(acted)  # the row offers a whisky factory
    built = await alice.slash(
        channel, "glasgow build", building=3, at="E5", done="suggested", whisky="yes"
    )
    assert "is your whisky storage full" not in embed_text(built).lower()
    assert "Round 1, turn 2 (architect 2)." in embed_text(built)
    early = await alice.slash(channel, "glasgow action", chosen="whisky", buildings=ROWS[1])
    assert early.ephemeral and "`chosen2:other` for a normal contract" in early.response.content
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError"]
