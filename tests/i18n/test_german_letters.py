"""A colour's letter is read as the reader's language writes it (issue 45): German writes
yellow `Ge` and green `Gr`, so a German `G2` is not silently read as the English G (green);
it is refused with both choices, and changes nothing. English keeps its `G`."""

import re

import pytest

from bot.core.errors import SoloistError
from bot.core.values import ambiguous
from tests.test_console import make_console


def test_a_letter_that_begins_two_german_colours_is_ambiguous_only_in_german():
    assert ambiguous("gah", "G2 Bl0", "de") == "`G2` is ambiguous: `Ge2` (gelb) or `Gr2` (grün)."
    assert ambiguous("gah", "Gr2 Ge0 B3 R1 Y4", "de") is None  # B, R, Y name one colour
    assert ambiguous("gah", "G2 B0", "en") is None


async def test_german_g2_is_refused_with_both_choices_and_gr2_is_read(db):
    console = await make_console(db)
    await console.execute("lang de")
    assert (await console.execute("/gah starten seed:3")).ok
    refused = await console.execute("/gah zug warteschlange:G2 Bl0 Ro2 Gr4 Ge0")
    assert not refused.ok
    assert refused.text == "`G2` ist mehrdeutig: `Ge2` (gelb) oder `Gr2` (grün)."
    played = await console.execute("/gah zug warteschlange:Ge2 Bl0 Ro2 Gr4 Ge0")
    assert played.ok, played.text


async def test_english_g2_stays_green(db):
    console = await make_console(db)
    assert (await console.execute("/gah start seed:3")).ok
    played = await console.execute("/gah turn queue:G2 B0 R2 G4 Y0")
    assert played.ok, played.text


async def test_a_job_market_row_shows_the_german_editions_worker_letters_and_reads_them(db):
    """GWT's job market in German: Cowboy C, Handwerker H, Lokführer L (`6:CB` → `6:CH`),
    typed back as shown."""
    console = await make_console(db)
    await console.execute("lang de")
    started = await console.execute("/gwt starten seed:3")
    assert "`/gwt zug arbeitsmarkt:6:CH 6:L 7:- marker:3 " in started.text, started.text
    refused = await console.execute("/gwt zug arbeitsmarkt:6:CQ")
    example = "z. B. `/gwt zug arbeitsmarkt:6:CH 6:L 7:HH 5:-`. Jetzt geht: `/gwt zug`."
    assert refused.text.endswith(example), refused.text
    played = await console.execute(
        "/gwt zug arbeitsmarkt:6:CH 6:L 7:HH 5:- marker:3 rinder:C3 C3 L2 S4 H5 lok:0 "
        "banditen:keine gefahren:keine gebäude:0"
    )
    assert played.ok, played.text


async def test_every_job_market_example_a_german_reader_is_shown_has_german_letters(db):
    """The examples of a job-market refusal, of the read-back while typing and of the option's
    description were `6:CB 6:E 7:BB 5:-` in German lines too."""
    from bot.core.errors import said_as
    from bot.games.great_western_trail.reports import read_back
    from bot.i18n import tr

    console = await make_console(db)
    await console.execute("lang de")
    await console.execute("/gwt starten seed:3")
    english = re.compile(r"\d:[CBE-]*[BE]")  # a row with an English builder or engineer
    for line in ("/gwt zug arbeitsmarkt:xyz", "/gwt zug arbeitsmarkt:3=CH"):
        refused = await console.execute(line)
        assert not refused.ok and "arbeitsmarkt:6:CH 6:L 7:HH 5:-" in refused.text, refused.text
        assert not english.search(refused.text), refused.text
    with pytest.raises(SoloistError) as typed:
        read_back("jobs", " ")
    assert tr(said_as(typed.value), "de") == "Schreibe es so: `6:CH 6:L 7:HH 5:-`."
    described = tr("job market rows from the top: cost:workers, e.g. 6:CB 6:E 7:BB 5:-", "de")
    assert described.endswith("z. B. 6:CH 6:L 7:HH 5:-"), described
