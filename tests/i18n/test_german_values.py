"""What real play in German found (issue 34): each value a German line shows is the one a German
reader types, and what the reader types back is read; refusals list the values in German."""

from __future__ import annotations

import re

from bot.games.glasgow.suggest import row_entries
from bot.i18n import tr
from tests.test_console import make_console

TABLE = "/gwt zug arbeitsmarkt:6:CB 6:E 7:- marker:3 rinder:C3 C3 L2 S4 H5 lok:0 banditen:keine"


async def german(db):
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    return console


async def test_help_reads_the_german_topic(db):
    console = await german(db)
    shown = await console.execute("/hilfe spiel:gwt thema:zug")
    assert shown.ok, shown.text
    assert "`/gwt zug`" in shown.text
    assert (await console.execute("/hilfe spiel:gwt thema:start")).ok


async def test_gwt_reads_german_hazard_sections_and_shows_them_before_it_refuses(db):
    console = await german(db)
    started = await console.execute("/gwt starten seed:3 plättchen:zufall")
    assert started.ok, started.text
    assert "`/gwt starten schwierigkeit:mittel plättchen:zufall seed:3`" in started.facts[0]
    wrong = await console.execute(f"{TABLE} gefahren:lava:4")
    assert wrong.text == (
        "Gefahrenabschnitt `lava` ist unbekannt. Gültig: `überschwemmung`, `dürre`, `steinschlag`."
    )
    turned = await console.execute(f"{TABLE} gefahren:flut:4 dürre:2")
    assert turned.ok, turned.text
    asked = tr(
        "Which hazard tiles are on the trail? Each section with the VP of its tiles: "
        "`/gwt turn hazards:flood:4:3 drought:2 rockfall:4:4`, or `none`",
        "de",
    )
    assert "`/gwt zug gefahren:überschwemmung:4:3 dürre:2 steinschlag:4:4`, oder `keine`" in asked


async def test_sams_herder_and_markers_are_german_in_german_lines(db):
    console = await german(db)
    await console.execute("/gwt starten seed:3")
    first = await console.execute(f"{TABLE} gefahren:keine")
    # the question's line is German, names and values: no English value inside it
    assert "`/gwt zug viehtreiber:kansas_city arbeitsmarkt:… gefahren:…`" in first.prompt
    assert "trail" not in " ".join(re.findall(r"`[^`]*`", first.prompt))
    moved = await console.execute("/gwt zug viehtreiber:kansas")  # a beginning does
    assert moved.ok, moved.text
    refused = await console.execute("/gwt zug viehtreiber:mond")
    assert refused.text == (
        "`viehtreiber` kann nicht `mond` sein. Gültig: `unterwegs`, `kansas_city`."
    )


async def test_a_refusal_lists_the_valid_values_in_german(db):
    console = await german(db)
    refused = await console.execute("/gwt starten plättchen:xyz")
    assert refused.text == (
        "`plättchen` kann nicht `xyz` sein. Gültig: `cowboy`, `handwerker`, `lokführer`, `zufall`."
    )
    assert (await console.execute("/gwt starten plättchen:handw seed:1")).ok  # a beginning
    assert tr("Valid: `builder`, `engineer`, `c3`.", "de") == (
        "Gültig: `handwerker`, `lokführer`, `c3`."
    )
    assert tr("no", "de") == "nein" and tr("yes", "de") == "ja"


async def test_glasgow_reads_doppel_and_shows_austausch(db):
    console = await german(db)
    await console.execute("/glasgow starten seed:1")
    first = await console.execute("/glasgow aktion gewählt:doppel")
    assert first.ok, first.text
    assert "Doppel" in " ".join(first.facts)
    shown = tr("`/glasgow action chosen:exchange chosen2:… row4:…`", "de")
    assert shown == "`/glasgow aktion gewählt:austausch gewählt2:… reihe4:…`"


def test_glasgows_row_offers_german_names_to_a_german_reader():
    assert [v for _, v in row_entries("park:1 la", "de")] == [
        "park:1 la",
        "park:1 laden:",
        "park:1 wahrzeichen:",
    ]
    assert [v for _, v in row_entries("fabrik:2:", "de")][1:] == [
        "fabrik:2:stein",
        "fabrik:2:stahl",
        "fabrik:2:gold",
        "fabrik:2:whisky",
        "fabrik:2:andere",
    ]


async def test_alea_start_shows_german_mode_and_names_the_partner(db):
    console = await german(db)
    started = await console.execute("/alea starten partner:2 seed:3")
    assert started.ok, started.text
    assert "`/alea starten partner:<@2> modus:virtuell seed:3`" in started.facts[0]
    again = await make_console(db, channel=7)
    await again.execute("lang de")
    replayed = await again.execute("/alea starten partner:<@2> modus:virtuell seed:3")
    assert replayed.ok, replayed.text


async def test_the_console_says_how_it_takes_a_partner(db):
    console = await make_console(db)
    refused = await console.execute("/alea start partner:Anna")
    assert refused.text == (
        "`partner` must be a user: their id or mention, like `partner:2` (user 2); "
        "the console knows users by number only. Now: `/alea start partner:2`."
    )


async def test_gah_colours_are_german_letters_in_german_lines_and_both_are_read(db):
    shown = tr("`/gah turn queue:Y3 B0 R2 G4 Y0`", "de")
    assert shown == "`/gah zug warteschlange:Ge3 Bl0 Ro2 Gr4 Ge0`"
    console = await german(db)
    await console.execute("/gah starten seed:7")
    turned = await console.execute(
        "/gah zug warteschlange:Ge3 Bl0 Ro2 Gr4 y0 würfel:1:2 2:2 3:1 4:3 5:2"
    )
    assert turned.ok, turned.text
    refused = await console.execute("/gah zug warteschlange:X3 Bl0 Ro2 Gr4 Ge0")
    assert "`Ge3` gelb, `Bl3` blau, `Ro3` rot, `Gr3` grün" in refused.text


async def test_a_missing_option_is_said_with_its_meaning_and_values_in_the_readers_language(db):
    console = await german(db)
    await console.execute("/gwt starten seed:3")
    refused = await console.execute("/gwt ende")
    assert refused.text == (
        "Es fehlen die Optionen `du` — deine Gesamtpunktzahl; "
        "`aufträge` — die SP aller Auftragskarten Sams, als erfüllt gezählt (Kategorie 7); "
        "`marker` — wer am Ende den Arbeitsmarkt-Marker genommen hat (2 SP): `sam`, `du`. "
        "Jetzt geht: `/gwt zug`."
    )
    assert (await console.execute("/gwt ende du:95 städte:20 aufträge:12 marker:du")).ok


async def test_a_yes_or_no_option_reads_german(db):
    console = await german(db)
    refused = await console.execute("/gah starten thread:vielleicht")
    assert refused.text == "`thread` kann nicht `vielleicht` sein. Gültig: `ja`, `nein`."
    started = await console.execute("/gah starten thread:nein seed:2")
    assert started.ok, started.text
