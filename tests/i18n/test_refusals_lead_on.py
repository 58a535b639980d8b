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


async def test_an_unknown_value_gets_the_nearest_in_the_readers_names(db):
    english = await make_console(db, channel=2)
    await english.execute("/gwt start seed:3")
    refused = await english.execute("/gwt turn herder:tral")
    assert refused.text.startswith("`herder` cannot be `tral`. Nearest: `trail`. Valid: ")
    console = await german(db, "/gwt starten seed:3")
    refused = await console.execute("/gwt zug viehtreiber:unterwgs")
    assert "Am ähnlichsten: `unterwegs`. Gültig: `unterwegs`, " in refused.text, refused.text


def test_none_and_other_are_read_by_their_german_words_wherever_a_value_can_be_one():
    import bot.games.registry  # noqa: F401 - every game's values declared
    from bot.core.values import declared, groups

    found = {(d.what, word) for g in groups() for d in declared(g) for word in ("none", "other")}
    checked = 0
    for group in groups():
        for values in declared(group):
            if "none" in values:
                assert {values.read(w) for w in ("kein", "keine", "nichts")} == {"none"}
                checked += 1
            if "other" in values:
                assert {values.read(w) for w in ("andere", "sonstiges")} == {"other"}
                checked += 1
    assert checked >= 6, found


async def test_a_number_out_of_range_names_the_range(db):
    console = await german(db, "/gah starten seed:3")
    refused = await console.execute("/spiel zurücknehmen schritte:99")
    assert refused.text == "`schritte` muss zwischen `1` und `50` liegen."  # the choices


async def test_an_unknown_name_inside_a_value_is_an_unknown_option(db):
    english = await make_console(db)
    await english.execute("/glasgow start seed:3")
    refused = await english.execute("/glasgow build building:1 at:C5 zzyzx:1")
    assert refused.text.startswith("Unknown option `zzyzx`; options: `building`, "), refused.text


async def test_a_rule_refusal_ends_with_a_line_that_works_now(db):
    english = await make_console(db)
    await english.execute("/gah start seed:3")
    refused = await english.execute("/gah round-end emperor_vp:6")
    said, _, now = refused.text.rpartition(" Now: ")
    assert said and now.startswith("`/gah turn") and now.endswith("`."), refused.text
    ran = await english.execute(now.strip("`."))
    assert ran.ok, ran.text
    console = await german(db, "/gah starten seed:3", channel=3)
    refused = await console.execute("/gwt zug viehtreiber:unterwegs")
    assert refused.text.startswith(
        "Das Spiel in diesem Kanal ist Grand Austria Hotel. Jetzt geht: `/gah zug"
    )


async def test_an_empty_value_says_what_the_option_takes(db):
    console = await german(db, "/gwt starten seed:3")
    refused = await console.execute("/gwt zug viehtreiber:")
    assert refused.text.startswith("Es fehlt die Option `viehtreiber`"), refused.text
    assert refused.text.endswith(": `unterwegs`, `kansas_city`."), refused.text  # the choices


async def test_a_refusal_in_a_channel_with_no_game_ends_with_that_games_start(db):
    english = await make_console(db)
    refused = await english.execute("/gah turn dice:1:2")
    assert refused.text == "No game is running in this channel. Now: `/gah start`."
    refused = await english.execute("/alea start")  # its partner is required
    said, _, now = refused.text.rpartition(" Now: ")
    assert said.startswith("Missing option: `partner`") and now == "`/alea start partner:2`."
    assert (await english.execute("/alea start partner:2")).ok
    console = await make_console(db, channel=2)
    await console.execute("lang de")
    refused = await console.execute("/waterdeep runde")
    assert (
        refused.text
        == "In diesem Kanal läuft kein Spiel. Jetzt geht: `/waterdeep starten lord:Brianne`."
    )
    assert (await console.execute("/waterdeep starten lord:Brianne")).ok


async def test_a_short_queue_is_refused_ending_with_the_queue_line_not_a_step(db):
    english = await make_console(db)
    await english.execute("/gah start seed:3")
    refused = await english.execute("/gah turn queue:Y3 B0")
    assert refused.text == (
        "The queue needs 5 guests, left to right; got 2. Now: `/gah turn queue:Y3 B0 R2 G4 Y0`."
    )
    assert (await english.execute("/gah turn queue:Y3 B0 R2 G4 Y0")).ok


async def test_a_number_out_of_range_names_the_option_as_typed(db):
    """`id` is `nummer` in `/spiel verlauf` but `id` in `/spiel seite`: the refusal, built as a
    message, names the option as the reader typed it, not by its English name."""
    console = await german(db, "/gah starten seed:3")
    refused = await console.execute("/spiel verlauf nummer:0")
    assert refused.text == "`nummer` muss zwischen `1` und `2147483647` liegen."
    english = await make_console(db, channel=2)
    refused = await english.execute("/game history id:0")
    assert refused.text == "`id` must be from `1` to `2147483647`."
