"""End to end through discord.py's real command tree, in SimCord (no network, no token)."""

from bot.client import SoloistBot
from bot.core.errors import SoloistError
from bot.table.service import TableService

QUEUE = "Y3 B0 R2 G4 Y0"
DICE = "1:2 2:2 3:1 4:3 5:2"


def embed_text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


async def test_start_turn_button_undo_and_an_error(table):
    env, channel, alice, bob = table
    started = await alice.slash(channel, "gah start", difficulty="hard", seed=7, emperor_table="S2")
    assert not started.ephemeral
    assert "Leopold takes the **1/4** turn-order tile" in embed_text(started)

    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    text = embed_text(turned)
    assert "Leopold's card **208**" in text and "occupied blue room on **1.5**" in text

    clicked = await alice.click(turned.response, label="Leopold's turn 4")
    assert "card **200**" in embed_text(clicked)

    undone = await alice.slash(channel, "game undo")
    assert "Undone 1 step(s): turn" in embed_text(undone)

    rejected = await alice.slash(channel, "gah turn", queue="Y3 B0")
    assert rejected.ephemeral
    assert rejected.response.content.startswith("The queue needs 5 guests")

    intruder = await bob.slash(channel, "gah turn")
    assert intruder.ephemeral and "owner" in intruder.response.content
    # both reached the one error handler as our own domain errors, not as crashes
    assert [type(e.original).__name__ for e in env.errors] == ["InputError", "NotAllowed"]
    assert all(isinstance(e.original, SoloistError) for e in env.errors)


async def test_a_stale_button_says_the_game_moved_on(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    await alice.slash(channel, "gah turn")  # the game moves on without the button
    stale = await alice.click(turned.response, label="Leopold's turn 4")
    assert stale.ephemeral and "out of date" in stale.response.content


async def test_buttons_keep_working_after_a_restart(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    await env.restart_bot(SoloistBot(TableService(db), shard_count=1))
    clicked = await alice.click(turned.response, label="Leopold's turn 4")
    assert not clicked.ephemeral and "card **200**" in embed_text(clicked)


async def test_autocomplete_offers_cards_from_the_data(table):
    _, channel, alice, _ = table
    choices = await alice.autocomplete(channel, "gah card", "number", "20")
    assert [c["value"] for c in choices][:3] == [200, 201, 202]


async def test_export_attaches_json(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7)
    exported = await alice.slash(channel, "game export")
    assert exported.response.attachments[0].filename.endswith(".json")


async def test_elisabeth_with_modules_asks_by_buttons_and_attaches_the_board(table):
    _, channel, alice, _ = table
    started = await alice.slash(
        channel,
        "gah start",
        seed=7,
        emperor_table="S2",
        modules="1 2 3 5",
        entrance="nine_stars_inn",
    )
    text = embed_text(started)
    assert "changes for Elisabeth" in text and "Nine Stars Inn" in text
    assert started.response.attachments[0].filename.endswith(".png")
    turned = await alice.slash(
        channel, "gah turn", queue=QUEUE, dice=DICE, coloured="R4 B2", lounge="R3 Y5 B2"
    )
    assert "**Ballroom 1** if it has space" in embed_text(turned)  # card 228: a dancer guest
    clicked = await alice.click(turned.response, label="Ballroom 1 has space")
    assert "places a dancer in **Ballroom 1**" in embed_text(clicked)
    board = await alice.slash(channel, "gah board")
    assert "Dancers: Ballroom 1 1" in embed_text(board)
    assert board.response.attachments[0].filename.endswith(".png")


async def test_module_4_is_refused_in_one_line(table):
    env, channel, alice, _ = table
    refused = await alice.slash(channel, "gah start", modules="4")
    assert refused.ephemeral and "incompatible with the start player module" in (
        refused.response.content
    )
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]
