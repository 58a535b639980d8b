"""Each game's replay tells a step as a sentence: the command in words, the card the opponent
drew, the priority it followed and its tie-break, in English and in German, from a real
seeded game (the card is the one the seed draws: a change of the draw or of the game's
record of it fails these)."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from sqlalchemy import select, update

from bot.store.models import ActionRow, GameRow
from tests.web.conftest import CONSOLE, GWT, game_link
from tests.web.test_steps import gah_game

TOLD = re.compile(r'<p class="narration">(.*?)</p>', re.S)
SUM = re.compile(r'<li value="(\d+)"[^>]*>.*?<span class="sum">(.*?)</span>', re.S)


async def told(client, path: str, step: int, lang: str) -> tuple[str, str]:
    """The step's sentence at the step, and its line in the list of steps."""
    page = await (await client.get(f"{path}?step={step}&lang={lang}")).text()
    found = TOLD.search(page)
    assert found is not None, page
    listed = dict(SUM.findall(page))
    return html.unescape(found.group(1)), html.unescape(listed[str(step)])


async def test_grand_austria_hotel_tells_the_card_its_priority_and_the_hand_s_tie_break(
    service, client
):
    await gah_game(service)  # seed 7: Leopold draws card 208, its hand points left
    path = await game_link(service)
    sentence, listed = await told(client, path, 2, "en")
    assert sentence == (
        "@player 1: The opponent's turn: draw the card and resolve it (queue Y3 B0 R2 G4 Y0; "
        "dice 1:2 2:2 3:1 4:3 5:2). Leopold drew card 208; priority: the guest worth most VP; "
        "on a tie, the hand points left, so the rightmost."
    )
    assert listed == (
        "Leopold drew card 208; priority: the guest worth most VP; on a tie, the hand points left, "
        "so the rightmost."
    )
    sentence, listed = await told(client, path, 2, "de")
    assert sentence == (
        "@Spieler 1: Der Zug des Gegners: Karte ziehen und abhandeln (Warteschlange Ge3 Bl0 "
        "Ro2 Gr4 Ge0; Würfel 1:2 2:2 3:1 4:3 5:2). Leopold zog Karte 208; Vorrang: der Gast mit "
        "den meisten SP; bei Gleichstand: die Hand zeigt nach links, also ganz rechts."
    )
    start, _ = await told(client, path, 1, "de")  # a step that draws no card: its command
    assert start == (
        "@Spieler 1: Starte in diesem Kanal eine Partie gegen Leopold oder Elisabeth "
        "(Schwierigkeit schwer; Kaisertabelle S2)."
    )


TABLE = {
    "jobs": "6:CB 6:E 7:-",
    "token": 3,
    "cattle": "C3 C3 L2 S4 H5",
    "engine": "0",
    "outlaws": "none",
    "hazards": "none",
    "buildings": 0,
}


async def test_great_western_trail_tells_sam_s_card_his_path_and_that_ties_are_asked(
    service, client
):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", {"command": "turn", **TABLE})  # seed 3: card #5
    path = await game_link(service)
    sentence, listed = await told(client, path, 2, "en")
    assert sentence.endswith(
        "Sam drew card #5; priority: move 1 step, then move his engine; his herder's path: "
        "shortest path, then the lowest costs, then the least fees Sam pays you; on a tie, ask "
        "the player."
    ), sentence
    assert "jobs 6:CB 6:E 7:-" in sentence and listed.startswith("Sam drew card #5;")
    sentence, _ = await told(client, path, 2, "de")
    assert sentence.endswith(
        "Sam zog Karte #5; Vorrang: 1 Schritt vorwärts, dann seine Lok bewegen; der Weg seines "
        "Viehtreibers: der kürzeste Weg, dann die geringsten Kosten, dann die wenigsten "
        "Gebühren, die Sam dir zahlt; bei Gleichstand: der Spieler entscheidet."
    ), sentence
    assert "(Arbeitsmarkt 6:CH 6:L 7:-; Marker 3;" in sentence


async def test_glasgow_tells_the_building_freddy_took_the_rule_that_chose_its_cell_and_ties(
    service, client
):
    step = await _glasgow(service)
    path = await game_link(service)
    sentence, listed = await told(client, path, step, "en")
    assert sentence == (
        "@player 1: You are done building: Freddy builds the rest. Freddy I took the shop "
        "(cost 2) from the row; priority: the cell E5: the only cell where the city can grow; "
        "on a tie, ask the player."
    ), sentence
    assert listed == sentence.removeprefix(
        "@player 1: You are done building: Freddy builds the rest. "
    )
    sentence, _ = await told(client, path, step, "de")
    assert sentence.endswith(
        "Freddy I nahm Laden (Kosten 2) aus der Reihe; Vorrang: das Feld E5: das einzige Feld, auf "
        "dem die Stadt wachsen kann; bei Gleichstand: der Spieler entscheidet."
    ), sentence


async def test_fifth_avenue_tells_alea_s_cards_his_bid_and_that_an_equal_bid_is_out(
    service, client
):
    await service.start(CONSOLE, "alea", {"mode": "virtual"}, 3, players=[2])
    auction = {"command": "auction", "district": "Times Square", "high_bid": 5}
    await service.act(CONSOLE, "alea", auction)  # seed 3: he turns 5 5, bids 10
    path = await game_link(service)
    sentence, listed = await told(client, path, 2, "en")
    assert sentence == (
        "@player 1: Alea bids third in an auction (district Times Square; high bid 5). Alea "
        "drew the black cards 5 + 5; priority: their sum as his bid for Times Square, 10; on a "
        "tie, "
        "a bid equal to the high bid is not above it: Alea is out (rule 4.1)."
    ), sentence
    assert listed.startswith("Alea drew the black cards 5 + 5;")
    sentence, _ = await told(client, path, 2, "de")
    assert sentence.endswith(
        "Alea zog die schwarzen Karten 5 + 5; Vorrang: ihre Summe als sein Gebot für Times "
        "Square, 10; bei Gleichstand: ein Gebot gleich dem Höchstgebot liegt nicht darüber: "
        "Alea ist raus (Regel 4.1)."
    ), sentence


async def test_waterdeep_tells_the_space_pseudo_took_his_script_s_reasons_and_the_coin(
    service, client
):
    await service.start(CONSOLE, "waterdeep", {"lord": "Durnan"}, 2026)
    await service.act(CONSOLE, "waterdeep", {"command": "place", "space": "Blackstaff Tower"})
    path = await game_link(service)
    sentence, listed = await told(client, path, 2, "en")
    assert sentence.endswith(
        "Pseudo took the space Field of Triumph; priority: 7B: Ambush Artor Morlin needs 3 "
        "fighter, he has 0; 7C (fighter/value): Field of Triumph 2/4; the only choice; on a "
        "tie, flip a coin."
    ), sentence
    assert "(space Blackstaff Tower)" in sentence and listed.startswith("Pseudo took the space")
    sentence, _ = await told(client, path, 2, "de")
    assert "Pseudo nahm das Feld Field of Triumph; Vorrang: 7B:" in sentence
    assert sentence.endswith("; bei Gleichstand: eine Münze werfen."), sentence


def test_the_tables_own_commands_are_told_by_their_models():
    """`/game undo`, `players`, `remind`, `campaign` in a game's log: said by what their own
    models declare (bot/table/commands.py), in the reader's language."""
    from datetime import UTC, datetime

    from bot.games.registry import spec_for
    from bot.i18n import tr
    from bot.table.commands import CampaignOf, Players, Remind, Undo
    from bot.table.page_reads import Step
    from bot.web.narrate import in_words

    spec = spec_for("gah")
    for model in (Undo, Players, Remind, CampaignOf):
        command = model.model_fields["command"].default
        step = Step(2, 1, datetime.now(UTC), command, {}, [])
        assert in_words(step, spec, "en") == model.about
        assert in_words(step, spec, "de") == tr(model.about, "de") != model.about


# ---------------------------------------------------------------- said from messages (issue 45)
async def _gah(service) -> int:
    await gah_game(service, turns=2)
    return 3


async def _gwt(service) -> int:
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", {"command": "turn", **TABLE})
    return 2


async def _glasgow(service) -> int:
    await service.start(CONSOLE, "glasgow", {}, 11)
    for action in (
        {"command": "action"},
        {"command": "action"},
        {"command": "row", "buildings": "shop:2 park:1 park:1"},
        {"command": "done"},
    ):
        await service.act(CONSOLE, "glasgow", action)
    return 5


async def _alea(service) -> int:
    await service.start(CONSOLE, "alea", {"mode": "virtual"}, 3, players=[2])
    await service.act(
        CONSOLE, "alea", {"command": "auction", "district": "Times Square", "high_bid": 5}
    )
    return 2


async def _waterdeep(service) -> int:
    await service.start(CONSOLE, "waterdeep", {"lord": "Durnan"}, 2026)
    await service.act(CONSOLE, "waterdeep", {"command": "place", "space": "Blackstaff Tower"})
    return 2


GAMES = {"gah": _gah, "gwt": _gwt, "glasgow": _glasgow, "alea": _alea, "waterdeep": _waterdeep}


async def _game_id(service) -> int:
    return await service.db.read(lambda conn: conn.scalar(select(GameRow.id)))  # type: ignore[no-any-return]


async def _sentences(service, locale: str) -> tuple[list[str], Counter]:
    """Every step's sentence (and its line in the list) of the channel's game, counted."""
    from bot.games.registry import spec_for
    from bot.i18n import messages
    from bot.table.threads import opponent_name
    from bot.web.build import Builder
    from bot.web.narrate import opponents_part, sentence

    log = await Builder(service.db, inline=True).game_log(await _game_id(service))
    spec, row = spec_for(log.row.game_key), log.row
    opponent = opponent_name(spec, row.options, {}) or spec.opponent
    messages.TALLY = Counter()
    try:
        told = [sentence(s, spec, row.options, opponent, "<@1>", locale) for s in log.steps]
        told += [opponents_part(s, spec, row.options, opponent, locale) for s in log.steps]
    finally:
        tally, messages.TALLY = messages.TALLY, None
    return told, tally


@pytest.mark.parametrize("game", list(GAMES))
async def test_each_step_s_sentence_is_said_from_messages_and_an_old_row_is_matched(service, game):
    """The replay's sentences of a German game: each said from a message built from the
    step's stored facts (none matched), the English text as before; the same rows kept as
    English text (before messages were) still give the same German, through the matcher."""
    from bot.core.said import Said
    from bot.web.narrate import drew, narration

    drawn = await GAMES[game](service)
    german, tally = await _sentences(service, "de")
    assert tally["matched"] == 0, [k for k in tally if isinstance(k, tuple)]
    assert tally["said"] >= drawn + 1, tally  # every step's sentence, the drawn one's part
    english, _ = await _sentences(service, "en")
    assert all(e != g for e, g in zip(english, german, strict=True) if e)
    assert not [line for line in german if re.search(r"\b(drew|took|priority|on a tie)\b", line)]

    from bot.games.registry import spec_for
    from bot.web.build import Builder

    log = await Builder(service.db, inline=True).game_log(await _game_id(service))
    spec = spec_for(game)
    found = narration(log.steps[drawn - 1], spec, log.row.options)
    assert found is not None and isinstance(drew(found, "X"), Said)

    def as_before(conn) -> None:  # every fact as English text, as kept before
        for row_id, facts in conn.execute(select(ActionRow.id, ActionRow.facts)).all():
            conn.execute(
                update(ActionRow)
                .where(ActionRow.id == row_id)
                .values(facts=[str(f) for f in facts])
            )

    await service.db.write(as_before)
    old, counted = await _sentences(service, "de")
    assert old == german  # said the same, now matched where a game reads the fact's text
    if game != "gah":  # GAH's part is made from the card's data, whatever the row keeps
        assert counted["matched"] >= 1, counted
    assert await _sentences(service, "en") == (english, Counter())
