"""End to end through discord.py's real command tree, in SimCord (no network, no token)."""

import re

from bot.core.errors import SoloistError
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService

QUEUE = "Y3 B0 R2 G4 Y0"
DICE = "1:2 2:2 3:1 4:3 5:2"


async def play_round_one(alice, channel, queue: str = QUEUE, **table) -> None:
    """Elisabeth's two turns of round 1 (cards without dancers): no ballroom fills in round 1,
    so the ballroom question comes from round 2 on."""
    for card in (213, 218):
        await alice.slash(channel, "gah turn", card=card, queue=queue, dice=DICE, **table)


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
    assert "Undone 1 step: turn" in embed_text(undone)

    rejected = await alice.slash(channel, "gah turn", queue="Y3 B0")
    assert rejected.ephemeral
    assert rejected.response.content.startswith("The queue needs 5 guests")

    intruder = await bob.slash(channel, "gah turn")
    assert intruder.ephemeral and "owner" in intruder.response.content
    # both reached the one error handler as our own domain errors, not as crashes
    assert [type(e.original).__name__ for e in env.errors] == ["InputError", "NotAllowed"]
    assert all(isinstance(e.original, SoloistError) for e in env.errors)


async def test_a_stale_button_says_the_game_moved_on(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    env.bot.get_cog("StatusMessages")._posts.clear()  # a restart: older replies keep buttons
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


async def test_a_card_and_a_staff_card_are_looked_up_without_a_game(table):
    _, channel, alice, _ = table
    card = await alice.slash(channel, "gah card", number=200)
    assert card.ephemeral and card.response.embeds[0].title == "Leopold card 200"
    assert "**200**: guests any colour" in embed_text(card)
    staff = await alice.slash(channel, "gah staff-card", number=29)
    assert staff.ephemeral and "#29 Secretary" in embed_text(staff)


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
    await play_round_one(alice, channel, coloured="none", lounge="R3 Y5 B2")
    turned = await alice.slash(
        channel, "gah turn", queue=QUEUE, dice=DICE, coloured="R4 B2", lounge="R3 Y5 B2", card=228
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


# ------------------------------------------------------------ choose, don't type (phone play)
def next_field(result) -> str:
    """The embed's "what to do next" field, in English or German."""
    fields = result.response.embeds[0].fields
    return next(f.value for f in fields if f.name in ("Next", "Als Nächstes"))


async def test_start_options_are_named_choices_and_modules_autocomplete(table):
    _, channel, alice, _ = table
    offered = await alice.autocomplete(channel, "gah start", "modules", "1 2")
    assert offered[0] == {"name": "1 2 · Elisabeth: Vienna Ballrooms + Celebrities", "value": "1 2"}
    assert all("1 2" in c["value"] for c in offered)
    started = await alice.slash(
        channel, "gah start", difficulty="easy", modules="3", entrance="toll_bridge_hotel"
    )
    text = embed_text(started)
    assert "hotel entrance: **Toll Bridge Hotel**" in text and "Difficulty: **easy**" in text


async def test_the_card_autocomplete_offers_only_cards_left_in_the_channels_game(table):
    _, channel, alice, _ = table
    before = await alice.autocomplete(channel, "gah turn", "card", "")
    assert len(before) == 25  # no game here: both decks, as many as Discord shows
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)  # card 208, resolved
    offered = [c["value"] for c in await alice.autocomplete(channel, "gah turn", "card", "20")]
    assert 208 not in offered and offered == [200, 201, 202, 203, 204, 205, 206, 207, 209]


async def test_a_phone_player_answers_the_ballroom_question_by_button_or_autocomplete(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2", modules="1")
    await play_round_one(alice, channel)
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE, card=228)
    assert "**Ballroom 1** if it has space" in next_field(turned)
    offered = await alice.autocomplete(channel, "gah turn", "full", "")
    assert [c["value"] for c in offered][:4] == ["none", "1", "2", "3"]
    clicked = await alice.click(turned.response, label="Ballroom 1 is full")
    assert "Ballroom 2" in embed_text(clicked)  # one arrow, ballroom 1 full: the next one
    offered = await alice.autocomplete(channel, "gah turn", "full", "")
    assert "1" not in [c["value"] for c in offered]  # known to be full now


async def test_the_round_end_asks_the_reconstructed_emperor_vp_by_buttons(table):
    _, channel, alice, _ = table
    last = await alice.slash(channel, "gah start", seed=7)  # emperor_table: ask
    for _ in range(12):
        if "Emperor space" in next_field(last):
            break
        if "`/gah round-end`" in next_field(last):
            last = await alice.slash(channel, "gah round-end")
        else:
            last = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    assert "Leopold is scored on Emperor space 8" in next_field(last)
    offered = await alice.autocomplete(channel, "gah round-end", "emperor_vp", "")
    assert offered == [
        {"name": "space 8: 5 VP", "value": 5},
        {"name": "space 8: 6 VP", "value": 6},
    ]
    clicked = await alice.click(last.response, label="Space 8 gives 6 VP")
    assert "**Emperor scoring**: Leopold scores 6 VP for space 8" in embed_text(clicked)


async def test_the_toll_autocomplete_offers_the_spaces_with_cogwheels(table):
    _, channel, alice, _ = table
    await alice.slash(
        channel, "gah start", seed=7, emperor_table="S2", modules="3", entrance="toll_bridge_hotel"
    )
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    assert "Toll Bridge: leave a cogwheel on action space" in embed_text(turned)
    offered = await alice.autocomplete(channel, "gah toll", "space", "")
    assert len(offered) == 1 and offered[0]["name"].endswith("· 1 cogwheel")
    paid = await alice.slash(channel, "gah toll", space=offered[0]["value"], money=3)
    assert "scores **1 VP** (1 per cogwheel)" in embed_text(paid)


async def test_after_choosing_german_the_turn_its_buttons_and_offers_read_in_german(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "settings language", choice="de")
    offered = await alice.autocomplete(channel, "gah start", "modules", "1 2")
    assert offered[0]["name"] == "1 2 · Elisabeth: Vienna Ballrooms + Celebrities"
    started = await alice.slash(channel, "gah start", seed=7, emperor_table="S2", modules="1")
    assert "Baue ein normales Spiel zu zweit auf, mit diesen Änderungen für Elisabeth:" in (
        embed_text(started)
    )
    german = "Ge3 Bl0 Ro2 Gr4 Ge0"  # the queue in her letters (a German `G` is refused)
    await play_round_one(alice, channel, queue=german)
    turned = await alice.slash(channel, "gah turn", queue=german, dice=DICE, card=228)
    assert "Welche Ballsäle sind voll? `/gah zug voll:keine`" in next_field(turned)
    offered = await alice.autocomplete(channel, "gah turn", "full", "")
    assert [c["name"] for c in offered][:2] == [
        "keine · jeder Ballsaal hat Platz",
        "Ballsaal 1 ist voll",
    ]
    clicked = await alice.click(turned.response, label="Ballsaal 1 hat Platz")
    assert (
        "Elisabeth setzt einen Tänzer in den **Ballsaal 1** (ein Pfeil: wird als Nächstes "
        "gewertet), auf ein freies Feld der untersten möglichen Reihe; sie hat dort jetzt 1."
    ) in embed_text(clicked)
    # bob did not choose German: the same game answers him in English
    board = await bob.slash(channel, "gah board")
    assert "Dancers: Ballroom 1 1, Ballroom 2 0" in embed_text(board)


async def test_the_staff_autocomplete_leaves_out_the_cards_already_revealed(table):
    _, channel, alice, _ = table
    last = await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    before = [c["value"] for c in await alice.autocomplete(channel, "gah staff", "card", "")]
    assert before == [27, 28, 29, 30, 31, 32, 34, 37, 40, 41, 46, 47, 48]
    revealed = re.compile(r"reveals the top card of his private staff deck: #(\d+)")
    for _ in range(30):
        if revealed.search(embed_text(last)):
            break
        if "`/gah round-end`" in next_field(last):
            last = await alice.slash(channel, "gah round-end")
        else:
            last = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    found = revealed.search(embed_text(last))
    assert found is not None
    after = [c["value"] for c in await alice.autocomplete(channel, "gah staff", "card", "")]
    assert after == [v for v in before if v != int(found.group(1))]
    any_card = await alice.autocomplete(channel, "gah staff-card", "number", "1")
    assert any_card[0] == {"name": "#1 Breakfast Server (1 strudel)", "value": 1}


async def test_the_queue_is_read_back_while_it_is_typed(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    typing = await alice.autocomplete(channel, "gah turn", "queue", "Y3 B0 R2")
    assert typing == [
        {"name": "… 3 of 5 guests: 3 VP yellow, 0 VP blue, 2 VP red", "value": "Y3 B0 R2"}
    ]
    typed = await alice.autocomplete(channel, "gah turn", "queue", QUEUE)
    assert typed[0]["name"].startswith("✓ queue: 3 VP yellow") and typed[0]["value"] == QUEUE
    wrong = await alice.autocomplete(channel, "gah turn", "dice", "1:2 9:1")
    assert wrong[0]["name"].startswith("`9:1` is not `value:count`")


async def test_a_game_started_with_thread_is_played_in_its_own_thread(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2", thread=True)
    [thread] = channel.threads
    assert thread.name.startswith("Grand Austria Hotel vs Leopold · ")
    turned = await alice.slash(thread, "gah turn", queue=QUEUE, dice=DICE)
    assert "Leopold's card **208**" in embed_text(turned)
    clicked = await alice.click(turned.response, label="Leopold's turn 4")
    assert "card **200**" in embed_text(clicked)
    elsewhere = await alice.slash(channel, "gah turn")
    assert elsewhere.ephemeral and "No game is running in this channel" in (
        elsewhere.response.content
    )
    assert [type(e.original).__name__ for e in env.errors] == ["NoGame"]


async def test_the_german_form_shows_german_colour_letters_and_refuses_an_ambiguous_g(table):
    """Issue 45: the form a German reader opens pre-fills and shows greyed the colours in
    German letters (`Ge3`, never `Y3`), and a `G2` sent in it is refused as gelb or grün."""
    _, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "gah start", seed=3)
    form = await alice.click(started.response, label="Antworten …")
    inputs = [c["component"] for c in form.modal["components"]]
    assert inputs[0].get("placeholder") == "Ge3 Bl0 Ro2 Gr4 Ge0", inputs
    sent = await alice.submit_modal(form, {"queue": "G2 Bl0 Ro2 Gr4 Ge0"})
    said = sent.response.content or embed_text(sent)
    assert "`G2` ist mehrdeutig: `Ge2` (gelb) oder `Gr2` (grün)." in said, said
