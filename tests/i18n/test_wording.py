"""Counts said with their noun in the form the count takes, in both languages, and the wording
slips a player met: `left to right: 1.` for one building, `1 spaces`, `card shows 3: most
dice`, `Schritt(e)`."""

from __future__ import annotations

import pytest

from bot.games.grand_austria.choices import choose_die
from bot.games.grand_austria.inputs import parse_dice
from bot.i18n import tr
from bot.i18n.plural import count, form, plural
from tests.games.great_western_trail.helpers import Play, start, with_workers
from tests.test_console import make_console


@pytest.mark.parametrize(
    ("noun", "many"),
    [
        ("space", "spaces"),
        ("die", "dice"),
        ("duplicate", "duplicates"),
        ("day", "days"),
        ("log entry", "log entries"),
        ("business type", "business types"),
        ("match", "matches"),
    ],
)
def test_an_english_noun_takes_its_plural(noun, many):
    assert plural(noun) == many
    assert form(1, noun) == noun and form(0, noun) == many and form(2, noun) == many


def test_a_count_is_said_with_its_noun_in_both_languages():
    assert [count(n, "space") for n in (0, 1, 2)] == ["0 spaces", "1 space", "2 spaces"]
    assert [count(n, "space", "de") for n in (0, 1, 2)] == ["0 Felder", "1 Feld", "2 Felder"]
    assert count(1, "step", "de") == "1 Schritt" and count(3, "step", "de") == "3 Schritte"
    assert count(1234, "play", "de") == "1.234 Partien"
    assert count(2, "cogwheel", "de") == "2 Zahnräder"
    assert count(2, "unheard-of thing", "de") == "2 unheard-of things"  # no German: English
    # a count inside a line a template fills is said in German with the count's form
    assert tr("`at` must be at least 1 character long.", "de") == (
        "`at` muss mindestens 1 Zeichen lang sein."
    )


def test_gwt_engine_moving_one_space_says_one_space():
    st = with_workers(start(tile="cowboy"), cowboy=2, builder=1, engineer=1, spec="cowboy")
    st.board.engine = 4
    play = Play(st)("turn", card=5, engine="0")
    moved = play.fact("Sam's engine")
    assert moved.startswith("Sam's engine moves up to 1 space (1 per engineer) and stops at")
    assert tr(moved, "de").startswith("Sams Lok fährt bis zu 1 Feld (1 pro Lokführer)")


def test_a_single_die_the_card_shows_is_taken_because_the_card_shows_it():
    dice = parse_dice("1:2 2:2 3:1 4:3 5:2")
    assert choose_die(dice, [3], "left").reason == "card shows 3"
    two = choose_die(dice, [3, 6], "left")
    assert (two.option, two.reason) == (3, "card shows 3 or 6: only 3 is left")
    assert tr(two.reason, "de") == "Karte zeigt 3 oder 6: nur 3 ist noch da"
    both = choose_die(dice, [3, 4], "left")
    assert (both.option, both.reason) == (4, "card shows 3 or 4: most dice")


async def test_freddy_building_what_you_left_names_each_building(db):
    console = await make_console(db)
    await console.execute("lang de")
    german = await make_console(db, user=2, channel=2)
    await german.execute("lang de")
    for who in (console, german):
        await who.execute("/glasgow start freddy:I seed:1")
        await who.execute("/glasgow action both:yes")
        await who.execute("/glasgow action both:yes")
        row = await who.execute("/glasgow row buildings:shop:3 tenement:2 park:1")
        assert row.ok, row.text
    one = await console.execute("/glasgow build building:1 at:E5")
    assert one.ok, one.text
    one = await console.execute("/glasgow build building:2 at:E4 done:yes")
    assert one.ok, one.text
    assert "Freddy baut das Gebäude, das du übrig gelassen hast: 3. Park (Kosten 1)." in one.facts
    two = await german.execute("/glasgow build building:1 at:E5 done:yes")
    assert two.ok, two.text
    assert (
        "Freddy baut die 2 Gebäude, die du übrig gelassen hast, von links nach rechts: "
        "2. Wohnhaus (Kosten 2), 3. Park (Kosten 1)."
    ) in two.facts


async def test_nothing_to_undo_says_steps_in_the_form_the_count_takes(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:I seed:7")
    refused = await console.execute("/game undo steps:1")
    assert refused.facts == [
        "There are only 0 steps to undo; to start over, `/game abandon` and start again."
    ]
    await console.execute("lang de")
    refused = await console.execute("/game undo steps:1")
    assert refused.facts == [
        "Es gibt nur 0 Schritte zum Zurücknehmen; um neu anzufangen, "
        "`/spiel aufgeben` und neu starten."
    ]


@pytest.mark.parametrize(
    ("cube", "german"),
    [("rogue", "keinen Schurken"), ("wizard", "keinen Magier"), ("fighter", "keinen Kämpfer")],
)
def test_pseudo_your_still_missing_cube_is_declined_in_german(cube, german):
    """`keinen Schurke` was said for a rogue you still lack (the accusative takes `Schurken`)."""
    from bot.games.waterdeep.mat import with_cube

    line = with_cube("You said you have no {cube} since your last turn.", cube)
    assert line == f"You said you have no {cube} since your last turn."
    assert tr(line, "de") == f"Du hast seit deinem letzten Zug {german}, sagtest du."
