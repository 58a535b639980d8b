"""Refusals that lead on (issue 45): a name typed without umlauts or as German says `none`
is read; a slip in an option's name is named as an unknown option with the option meant; an
unknown quest or space is refused with the nearest ones."""

from bot.core.tokens import nearest
from tests.test_console import make_console


async def german(db, start: str, channel: int = 1):
    console = await make_console(db, channel=channel)
    await console.execute("lang de")
    started = await console.execute(start)
    assert started.ok, started.text
    return console


async def test_option_names_typed_without_umlauts_are_read(db):
    console = await german(db, "/gah starten seed:3")
    played = await console.execute("/gah zug wuerfel:1:2 2:2 3:1 4:3 5:2")
    assert played.ok, played.text


async def test_a_slip_in_an_option_name_is_an_unknown_option_not_part_of_the_value(db):
    console = await german(db, "/gah starten seed:3")
    refused = await console.execute("/gah zug warteschlange:Ge3 Bl0 Ro2 Gr4 Ge0 wurfel:1:2")
    meant = "/gah zug warteschlange:Ge3 Bl0 Ro2 Gr4 Ge0 würfel:1:2"
    assert refused.text == f"Unbekannte Option `wurfel`; meintest du `{meant}`?"
    english = await make_console(db, channel=2)
    await english.execute("/gah start seed:3")
    refused = await english.execute("/gah turn queue:Y3 B0 R2 G4 Y0 dicee:1:2")
    meant = "/gah turn queue:Y3 B0 R2 G4 Y0 dice:1:2"
    assert refused.text == f"Unknown option `dicee`; did you mean `{meant}`?"
    refused = await english.execute("/gah turn dicee:1:2 queue:Y3 B0 R2 G4 Y0")
    meant = "/gah turn dice:1:2 queue:Y3 B0 R2 G4 Y0"
    assert refused.text == f"Unknown option `dicee`; did you mean `{meant}`?"


async def test_no_special_contract_is_typed_as_none_in_either_language(db):
    console = await german(db, "/glasgow starten seed:3")
    answered = await console.execute("/glasgow aktion gewählt:kein")
    assert answered.ok and "Aktion 2 von 2" in answered.text, answered.text
    english = await make_console(db, channel=2)
    await english.execute("/glasgow start seed:3")
    answered = await english.execute("/glasgow action chosen:none")
    assert answered.ok and "action 2 of 2" in answered.text, answered.text


async def test_the_harbor_is_typed_in_german_and_an_unknown_name_gets_the_nearest(db):
    console = await german(db, "/waterdeep starten lord:Durnan seed:2")
    placed = await console.execute("/waterdeep einsetzen feld:hafen")
    assert placed.ok and "Waterdeep Harbor" in placed.text, placed.text
    refused = await console.execute("/waterdeep erfüllen auftrag:Banditen")
    assert refused.text.startswith("`Banditen` ist kein Auftrag des Grundspiels; am ähnlichsten: ")
    assert "Fend Off Bandits" in refused.text
    refused = await console.execute("/waterdeep einsetzen feld:Klifwatch")
    assert "am ähnlichsten: Cliffwatch Inn (links)" in refused.text, refused.text


def test_the_nearest_names_put_a_name_holding_the_typed_word_first():
    names = ["Raid on Undermountain", "Fend Off Bandits", "Quell Riots"]
    assert nearest("bandits", names, 1) == ["Fend Off Bandits"]
    assert nearest("Quel Riot", names, 1) == ["Quell Riots"]
